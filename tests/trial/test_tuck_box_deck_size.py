"""A tuck box is sized from the cards it holds: a deck with a size of its own (`shape:
rounded, size: [1.75in, 2.5in]`) gets a box for those cards. A designer's game with no
card_size was refused ("the game has no card_size"), and with `card_size: poker` beside it
got a poker box, 65.5 mm wide, for 44.45 mm cards (a designer's trial)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.model import load_game
from printgen.render.parts import check_parts
from printgen.render.parts.tuck import net_of
from tests.pieces_game import write_game

GAME = """\
id: orchard
name: Orchard
players: {{min: 1, max: 3}}
{card_size}
components:
  orders: {{file: orders.csv, shape: rounded, size: [1.75in, 2.5in]}}
parts:
  order-box: {{tuck_box: orders, thickness: 0.35mm}}
"""


def orchard(tmp_path: Path, card_size: str) -> Path:
    orders = "name,count\nBasket,8\nCrate,7\n"
    return write_game(tmp_path, GAME.format(card_size=card_size), {"orders.csv": orders})


@pytest.mark.parametrize("card_size", ["", "card_size: poker"])
def test_the_box_fits_the_decks_own_cards(tmp_path: Path, card_size: str) -> None:
    game = load_game(orchard(tmp_path, card_size))
    part = game.parts["order-box"]
    net = net_of(game, part)
    front = net.panels["front"]
    # 1.75 in x 2.5 in = 44.45 x 63.5 mm, plus the 1 mm clearance; 15 cards of 0.35 mm
    assert (front.w, front.h) == pytest.approx((45.45, 64.5))
    assert net.spine == pytest.approx(5.25)
    check_parts(game)  # drawn as build draws it, without a DataError
