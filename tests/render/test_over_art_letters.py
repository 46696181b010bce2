"""`over_art: true` says an opaque box over a text is meant, never that another text may
print its letters over it: a title set over the art, on a card with no art, had the rules
text printed through it, and validate said no text was covered (found by a designer's
trial). A shape over such a text is still no warning."""

from __future__ import annotations

from pathlib import Path

from printgen.check.design import design_checks
from printgen.model import load_game
from printgen.rules.engine import Check
from tests.render.winds import winds_game

TITLE = """\
front:
  boxes:
    title: {top: 40mm, height: 8mm, left: 1mm, right: 1mm, over_art: true,
            backing: "#102030", colour: "#ffffff"}
"""


def _hidden(folder: Path) -> Check:
    return next(c for c in design_checks(load_game(folder)) if c.name == "boxes hidden")


def test_rules_text_printed_over_a_title_set_over_the_art_is_reported(tmp_path: Path) -> None:
    check = _hidden(winds_game(tmp_path, TITLE))
    assert not check.ok
    assert "box 'title' (" in check.detail and "design.yaml:3" in check.detail
    assert "has letters or an icon printed over it by box 'text_only'" in check.detail
    assert "on 1 card (first " in check.detail and "winds.csv:4)" in check.detail  # Dead Calm
    assert "never letters over letters" in check.detail


def test_a_shape_over_an_over_art_text_is_meant(tmp_path: Path) -> None:
    design = TITLE.replace("top: 40mm", "top: 30mm") + (
        "    text_only: {}\n"  # the veil goes after it, so after the title too
        "    veil: {shape: rect, top: 29mm, height: 10mm, fill: '#000000'}\n"
    )
    assert _hidden(winds_game(tmp_path, design)).ok
    veiled = design + "    veil_label: {shape: rect, top: 10.5mm, height: 5mm, fill: '#000000'}\n"
    check = _hidden(winds_game(tmp_path / "b", veiled))  # the control: a label is no over_art
    assert "box 'label'" in check.detail and "hidden under box 'veil_label'" in check.detail
    assert "'title'" not in check.detail
