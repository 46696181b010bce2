"""The one palette: every element of every game has its tones; text on colour is legible."""

from __future__ import annotations

import pytest

from printgen.model import load_all
from printgen.render.palette import contrast, palette_for, relative_luminance
from tests.render.conftest import CARD_DATA

GAMES = {game.id: game for game in load_all(CARD_DATA)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_element_and_symbol_has_legible_tones(game: str) -> None:
    palette = palette_for(game)
    for name in {*GAMES[game].elements, *GAMES[game].symbols}:
        tones = palette.element(name)
        assert contrast(tones.ink, tones.fill) >= 4.5, (game, name, "ink on fill")
        assert contrast(tones.dark, tones.light) >= 4.5, (game, name, "dark on light")
        assert contrast(palette.colours["paper"], tones.fill) >= 1.6, (game, name)


def test_text_colours_on_their_backgrounds() -> None:
    c = palette_for().colours
    for text, background in [
        ("ink", "paper"),
        ("muted", "paper"),
        ("night_ink", "night"),
        ("accent", "night"),
        ("signal_ink", "signal"),
        ("havoc_ink", "havoc"),
        ("accent_dark", "paper"),
    ]:
        assert contrast(c[text], c[background]) >= 4.5, (text, background)


def test_the_way_earth_is_brown_and_wu_xing_earth_ochre() -> None:
    assert (
        palette_for("the-way").element("earth").fill
        != palette_for("mywuxing").element("earth").fill
    )
    assert relative_luminance(palette_for("the-way").element("earth").fill) < 0.15


def test_contrast_is_wcag() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
