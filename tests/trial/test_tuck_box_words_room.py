"""A tuck box's words keep 3 mm from the folds: "Word cards" ran from fold to fold on a 45 mm
back panel, and "Carte parola" kept some 1.5 mm (a designer's trial), where the docs give the
back panel a safe zone 3 mm inside its folds. Sized with the game's text measure, in Lato
Bold and in DejaVu Sans Bold (wider), capitals too; a panel too narrow for 6 pt inside 3 mm
(a 1/2 in counter's) keeps 1 mm."""

from __future__ import annotations

import pytest

from printgen.layout.sizes import SAFE_MM
from printgen.render.parts.tuck import MIN_TEXT_MM, NARROW_MM, _fitted
from printgen.render.text.shaping import ShapedMeasure
from printgen.render.text.textfit import Font

TITLES = ["Word cards", "Carte parola", "Tokens", "Wandering Merchants", "MONUMENTS", "ÉQUIPEMENT"]


@pytest.mark.parametrize("family", ["Lato", "DejaVu Sans"])
@pytest.mark.parametrize("title", TITLES)
def test_the_back_panel_s_title_keeps_to_its_safe_zone(family: str, title: str) -> None:
    measure = ShapedMeasure()

    def ems(text: str, bold: bool) -> float:
        return measure.advance(text, Font(family, bold))

    panel = 45.0
    size = _fitted(panel, title, 8.0, ems)
    assert size * ems(title, True) <= panel - 2 * SAFE_MM + 1e-9, (family, title, size)


def test_a_narrow_panel_keeps_a_millimetre() -> None:
    measure = ShapedMeasure()

    def ems(text: str, bold: bool) -> float:
        return measure.advance(text, Font("Lato", bold))

    panel = 13.7  # a 1/2 in counter's box: 6 pt does not fit inside 3 mm
    size = _fitted(panel, "Counters", 8.0, ems)
    assert size >= MIN_TEXT_MM
    assert size * ems("Counters", True) <= panel - 2 * NARROW_MM + 1e-9
