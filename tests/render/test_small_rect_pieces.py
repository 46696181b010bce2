"""Square tokens and small rectangles (a designer's trial: `shape: rect, size: 0.75in`, and
the docs' own `rooms: {shape: rounded, size: [50mm, 30mm]}`) started from the card design,
whose title and text bands need a card's room: a row with a text column was exit 2 naming
printgen's own template line (`box text_only: the box has no room on a 50 x 30 mm rounded
rectangle`). A rectangle smaller than a mini card either way now starts from `shapes: rect`,
a token's design; a mini card's size or larger keeps the card design."""

from __future__ import annotations

import re
from pathlib import Path

from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.pieces import base_of
from printgen.render.faces.render import Renderer

GAME = """\
id: crates
name: Crates
players: {min: 2, max: 4}
elements: [lava, moss]
columns: {value: "int?"}
components:
  crates: {file: crates.csv, shape: rect, size: 0.75in}
  rooms: {file: rooms.csv, shape: rounded, size: [50mm, 30mm]}
  minis: {file: minis.csv, shape: rounded, size: mini}
"""
ROWS = "id,name,count,suit,value,text\n{id},{name},2,lava,3,Rest here.\n"


def _game(tmp_path: Path) -> Path:
    folder = tmp_path / "data" / "crates"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    for deck, name in (("crates", "Ore"), ("rooms", "Great Hall"), ("minis", "Mini")):
        (folder / f"{deck}.csv").write_text(ROWS.format(id=deck, name=name))
    return folder


def test_small_rectangles_validate_with_a_tokens_design(cli, tmp_path: Path) -> None:
    _game(tmp_path)
    run = cli("validate", "--data", tmp_path / "data", "crates")
    assert run.code == 0, run.err + run.out  # was exit 2: 'the box has no room'
    assert "has no room" not in run.err + run.out


def test_the_base_follows_the_rectangles_size(tmp_path: Path) -> None:
    game = load_game(_game(tmp_path))
    bases = {name: base_of(deck) for name, deck in game.components.items()}
    assert bases == {"crates": "rect", "rooms": "rect", "minis": "card"}


def test_a_square_tokens_name_and_text_print_inside_it(tmp_path: Path) -> None:
    game = load_game(_game(tmp_path))
    renderer = Renderer(game, CairoMeasure())
    deck = game.components["crates"]
    svg = renderer.piece_front(deck, deck.cards[0]).svg
    texts = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]+)</text>', svg)
    by_text = {text: (float(x), float(y)) for x, y, text in texts}
    assert {"Ore", "Rest here.", "3"} <= by_text.keys()
    side = 0.75 * 25.4
    for x, y in by_text.values():  # every text starts inside the 19.05 mm square
        assert 0 < x < side and 0 < y < side
    # the value above the name, the name above the text
    assert by_text["3"][1] < by_text["Ore"][1] < by_text["Rest here."][1]
