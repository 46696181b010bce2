"""The `value` role is the column's own value, as the column's name gives it: a footer
`when: "{{ value is number }}"` prints on the cards that have a value. It was the value
turned into text, so `value is number` was false on every card and the footer never printed,
with nothing said (found by a designer's trial), while `{{ cost is number }}` worked."""

from __future__ import annotations

from pathlib import Path

from tests.render.winds import face, winds_game

DESIGN = """\
value: strength
front:
  boxes:
    footer: {text: "Strength {{ value }} / Cost {{ cost }}", left: 9mm, right: 9mm,
             bottom: 0, height: 6mm, size: 7pt, when: "{{ value is number }}"}
    big: {text: "Gale", bottom: 6mm, height: 3mm, when: "{{ value is number and value > 5 }}"}
"""


def test_a_footer_asks_whether_the_value_is_a_number(tmp_path: Path) -> None:
    folder = winds_game(tmp_path, DESIGN)
    assert "Strength 6 / Cost 0" in face(folder, "Zephyr Whisper").svg
    assert "Strength 4 / Cost 2" in face(folder, "Sirocco Ember").svg
    assert "Strength" not in face(folder, "Dead Calm").svg  # an event has no strength


def test_a_box_compares_the_value_as_a_number(tmp_path: Path) -> None:
    folder = winds_game(tmp_path, DESIGN)
    assert ">Gale<" in face(folder, "Zephyr Whisper").svg  # 6 > 5
    assert ">Gale<" not in face(folder, "Sirocco Ember").svg  # 4
