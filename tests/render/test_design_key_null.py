"""A key set to null in a box unsets it, as a box set to null removes the box: a kind's
`title: {backing: null}` drops the backing the front's title has. It was refused ('expected a
colour ... got None'), so a designer could not take a backing off one kind's title and gave
it one the colour of the card instead (found by a designer's trial)."""

from __future__ import annotations

from pathlib import Path

from tests.render.winds import face, winds_game

DESIGN = """\
front:
  boxes:
    title: {backing: "#102030", colour: "#ffffff"}
kinds:
  event:
    boxes:
      title: {backing: null, colour: null}
"""


def test_a_kind_unsets_the_fronts_backing(tmp_path: Path) -> None:
    folder = winds_game(tmp_path, DESIGN)
    assert 'fill="#102030"' in face(folder, "Zephyr Whisper").svg  # a wind: the front's
    event = face(folder, "Dead Calm").svg
    assert "#102030" not in event  # no backing
    assert ">Dead Calm</text>" in event and 'fill="#ffffff">Dead Calm' not in event
