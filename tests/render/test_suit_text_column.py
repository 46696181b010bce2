"""Issue 36, trap 2: a `suit` column typed `text?` (an older game.yaml's) was silently lost:
every card printed in one colour with no suit mark, the suit printed nowhere, and the default
corner box "used" the column, so validate's unprinted-columns note stayed quiet. A text
column named `suit` now plays the suit role when no element column does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.render import Renderer, design_of, roles, unused_columns

GAME = """\
id: gems
name: Gems
players: {min: 2, max: 4}
card_size: poker
columns:
  suit: SUIT_TYPE
components:
  deck: {file: cards.csv}
"""
CARDS = (
    "id,name,count,suit,text\njade-1,Jade One,1,Jade,Take one.\nruby-1,Ruby One,1,Ruby,Give one.\n"
)


def _game(tmp_path: Path, suit_type: str) -> Path:
    folder = tmp_path / "gems"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME.replace("SUIT_TYPE", f'"{suit_type}"'))
    (folder / "cards.csv").write_text(CARDS)
    return folder


@pytest.mark.parametrize("suit_type", ["text?", "text"])
def test_a_text_suit_column_colours_and_marks_the_cards(tmp_path: Path, suit_type: str) -> None:
    game = load_game(_game(tmp_path, suit_type))
    design = design_of(game)
    assert roles(game, design)["suit"] == "suit"
    assert unused_columns(game, design) == []
    renderer = Renderer(game, CairoMeasure())
    deck = game.components["deck"]
    jade, ruby = (renderer.front(deck, card).svg for card in deck.cards)
    fills = [re.findall(r'fill="(#[0-9a-f]{6})"', svg)[0] for svg in (jade, ruby)]
    assert fills[0] != fills[1]  # each suit its own background colour (was one for all)
    assert renderer.stage.suit_marks.keys() == {"Jade", "Ruby"}  # each a mark in the corner
    assert renderer.stage.colours.tones("Jade") != renderer.stage.colours.neutral()
