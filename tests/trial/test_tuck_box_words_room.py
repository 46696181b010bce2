"""A tuck box's words keep 3 mm from the folds: "Word cards" ran from fold to fold on a 45 mm
back panel, and "Carte parola" kept some 1.5 mm (a designer's trial), where the docs give the
back panel a safe zone 3 mm inside its folds. Measured here as the cards' text is, in Lato
Bold and in DejaVu Sans Bold (wider), for names of a few lengths."""

from __future__ import annotations

import pytest

from printgen.layout.sizes import SAFE_MM
from printgen.render.parts.tuck import _fitted
from printgen.render.text.shaping import ShapedMeasure
from printgen.render.text.textfit import Font


@pytest.mark.parametrize("family", ["Lato", "DejaVu Sans"])
@pytest.mark.parametrize("title", ["Word cards", "Carte parola", "Tokens", "Wandering Merchants"])
def test_the_back_panel_s_title_keeps_to_its_safe_zone(family: str, title: str) -> None:
    panel = 45.0
    size = _fitted(panel, title, 8.0)
    width = ShapedMeasure().advance(title, Font(family, True)) * size
    assert width <= panel - 2 * SAFE_MM, (family, title, size, width)
