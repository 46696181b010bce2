"""A deck's `Value` column, not declared in game.yaml, is the value its pieces print (a
designer's trial: hex reefs with `Reef,Current,Value,Qty` printed no number at all, since the
value role took only a declared whole-number column and the tile's design prints no stats)."""

from __future__ import annotations

from pathlib import Path

from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.render import Renderer, design_of, roles
from tests.pieces_game import write_game

GAME = """\
id: reef
name: Reef
players: {min: 2, max: 4}
elements: [kelp, coral]
components:
  reefs: {file: reefs.csv, shape: hex, size: 40mm}
"""


def reef(tmp_path: Path, header: str = "Value") -> Path:
    rows = f"Name,Suit,{header},Qty\nShoal,kelp,7,2\nAtoll,coral,4,1\n"
    return write_game(tmp_path, GAME, {"reefs.csv": rows})


def test_an_undeclared_value_column_prints_on_the_tile(tmp_path: Path) -> None:
    game = load_game(reef(tmp_path))
    renderer = Renderer(game, CairoMeasure())
    deck = game.components["reefs"]
    shoal, atoll = deck.cards
    assert ">7</text>" in renderer.piece_front(deck, shoal).svg
    assert ">4</text>" in renderer.piece_front(deck, atoll).svg


def test_another_number_column_is_no_value(tmp_path: Path) -> None:
    # only a column named value takes the role unasked; `Points` stays a stat of its own
    game = load_game(reef(tmp_path, "Points"))
    assert roles(game, design_of(game))["value"] is None
