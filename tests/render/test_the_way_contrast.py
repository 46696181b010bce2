"""Issue 36: The Way's own colours failed printgen's 3:1 rule for graphics: the earth gate on
the dark back (brown on night, 1.60:1; the water gate 2.41:1). Read from the back as drawn:
each gate bar and badge is outlined in a tone that stands 3:1 off the night."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.palette import contrast
from printgen.render.faces.render import Renderer
from tests.conftest import edit

CARD_DATA = Path(__file__).resolve().parents[2] / "card_data"
GRAPHICS = 3.0


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(load_game(CARD_DATA / "the-way"), CairoMeasure())


def test_every_gate_on_the_dark_back_stands_off_it(renderer: Renderer) -> None:
    game = renderer.game
    svg = renderer.back(game.components["original"], "back").svg
    night = renderer.stage.colours.named["night"]
    gates = game.rules["board"]["gates"]
    for symbol in gates:
        tones = renderer.stage.colours.tones(symbol)
        bar = re.search(rf'<rect [^>]*fill="{tones["fill"]}" stroke="([^"]+)"', svg)
        assert bar, symbol
        edge = bar.group(1)
        assert contrast(edge, night) >= GRAPHICS, (symbol, edge)
        badge = re.search(rf'<circle [^>]*fill="{tones["fill"]}" stroke="{edge}"', svg)
        assert badge, symbol  # the badge is ringed in the same tone
    earth = renderer.stage.colours.tones("earth")["fill"]
    assert contrast(earth, night) < GRAPHICS  # the brown alone would not do: the ring does


def test_a_palette_may_colour_a_symbol_of_the_game(tmp_path: Path) -> None:
    """The palette refused `wild:` (a symbol of The Way, not an element) and listed the
    cards' suits as Python tuples ("did you mean \"('wild',)\"?"). A symbol is a suit; a
    name that is none is still refused, listed in plain names."""
    import shutil

    folder = tmp_path / "the-way"
    shutil.copytree(CARD_DATA / "the-way", folder)
    water = '    water: {fill: "#1857a2", dark: "#0f2f5c", light: "#d7e4f5", ink: "#ffffff"}\n'
    wild = '    wild: {fill: "#9d9587", dark: "#3b372f", light: "#ece9e2", ink: "#1f1b16"}\n'
    edit(folder / "design.yaml", water, water + wild)
    Renderer(load_game(folder), CairoMeasure())  # a symbol's tones: taken
    edit(folder / "design.yaml", "    wild: {", "    wyld: {")
    with pytest.raises(DataError) as caught:
        Renderer(load_game(folder), CairoMeasure())
    message = str(caught.value)
    assert "palette.suits.wyld: the game has no suit 'wyld'; did you mean 'wild'?" in message
    assert "('" not in message
