"""`card_size: [63mm, 88mm]` was refused ("expected a card size name or {width, height}, got
a list") where a deck's `size:` takes the same list (a designer's trial). game.yaml's
card_size now takes a name, [W, H] or {width, height}, and a mistake in it says which: a
misspelt name or key, a unit printgen does not read (the one unit parser, so every length
of every file says the same), a decimal comma."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from printgen.model import load_game
from tests.pieces_game import build_game, write_game

GAME = """\
id: isles
name: Isles
players: {min: 2, max: 4}
card_size: SIZE
components:
  deck: {file: cards.csv}
"""
CARDS = "id,name,count,text\nferry,Ferry,2,Cross to the next isle.\n"
PT = 72 / 25.4


def test_a_list_is_the_cards_size(tmp_path: Path) -> None:
    """As a deck's size: and with a unit in capitals (`88MM`), as designers type it."""
    game = load_game(
        write_game(tmp_path, GAME.replace("SIZE", "[63mm, 88MM]"), {"cards.csv": CARDS})
    )
    assert (game.card_size.width, game.card_size.height) == (63.0, 88.0)


def test_the_cards_print_at_that_size(tmp_path: Path) -> None:
    kit = build_game(tmp_path, GAME.replace("SIZE", "[2.5in, 88]"), {"cards.csv": CARDS})
    page = pypdf.PdfReader(kit / "cards-print.pdf").pages[0]
    trim = page.trimbox
    width, height = float(trim.width) / PT, float(trim.height) / PT
    assert (round(width, 2), round(height, 2)) == (63.5, 88.0)


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("[63mm]", "card_size: expected [width, height], got a list of 1"),
        ("[63mm, 88px]", "got '88px' (unknown unit 'px': printgen reads mm, cm, in and pt)"),
        ("[2.5inch, 88mm]", "(unknown unit 'inch'; did you mean 'in'?"),
        ('{width: "6,3cm", height: 88mm}', "got '6,3cm' (write a decimal point, not a comma)"),
        ("{widht: 63mm, height: 88mm}", "'widht': did you mean 'width'?"),
        ("pokr", "unknown card size 'pokr'; did you mean 'poker'?"),
        ("[10mm, 88mm]", "a card side of 10 mm is outside 20 to 420 mm"),
    ],
)
def test_a_mistake_is_named_at_its_line(cli, tmp_path: Path, written: str, said: str) -> None:
    write_game(tmp_path, GAME.replace("SIZE", written), {"cards.csv": CARDS})
    run = cli("validate", "--data", tmp_path, "isles")
    assert run.code == 2, run.out
    assert "isles/game.yaml:4: card_size: " in run.err, run.err
    assert said in run.err, run.err
