"""Pieces keep art past their cut at the sheet's edge, and squares their crop marks: 25 mm
squares filled the 200 mm between A4's 5 mm margins (eight across), so the outer squares
printed no bleed and the rows had no side marks to cut along; 20 mm tokens against the top
margin printed 0.16-0.41 mm past their circle where the others had 1.5 (a designer's trial).
A sheet now takes a column or row fewer rather than leave its pieces less than 1.5 mm.
Card-sized pieces keep the card sheets' rule (their count first)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printgen.layout.packing import pack
from printgen.layout.shapes import Shape
from printgen.layout.sizes import PAPER_SIZES
from printgen.model import load_game
from printgen.render.sheets.piece_sheets import PIECE_OUTER_MM, deck_sheet
from tests.pieces_game import write_game

A4 = PAPER_SIZES["a4"]

GAME = """\
id: harbour
name: Harbour
players: {min: 2, max: 4}
components:
  tiles: {file: tiles.csv, shape: rect, size: 25mm}
  pearls: {file: pearls.csv, shape: circle, size: 20mm}
  orders: {file: orders.csv, shape: rounded, size: poker}
"""
FILES = {
    "tiles.csv": "name,count\nReef,20\n",
    "pearls.csv": "name,count\nWhite,16\n",
    "orders.csv": "name,count\nBasket,9\n",
}


@pytest.fixture
def harbour(tmp_path: Path) -> Path:
    return write_game(tmp_path / "data", GAME, FILES)


def test_squares_that_fill_the_margins_give_up_a_column(harbour: Path) -> None:
    game = load_game(harbour)
    sheet = deck_sheet(game.components["tiles"], "a4", 0.0)
    columns = len({round(p.center.x, 3) for p in sheet.places})
    assert columns == 7  # 8 x 25 mm is the whole 200 mm: no room for bleed or marks
    assert sheet.outer_bleed == pytest.approx(3.0)  # 25 mm spare across, 12 down
    # the count-first rule, which cards keep, would print eight with none
    assert pack(Shape.rect(25, 25), A4).outer_bleed == pytest.approx(0.0)


def test_tokens_print_their_bleed_all_round(harbour: Path) -> None:
    game = load_game(harbour)
    sheet = deck_sheet(game.components["pearls"], "a4", 0.0)
    assert min(place.outer for place in sheet.places) >= PIECE_OUTER_MM - 1e-6
    # each circle printed 1.5 mm out: half the 3 mm gap to its neighbours
    for place in sheet.places:
        grown = place.printed.bounds.width - place.trim.bounds.width
        assert grown / 2 == pytest.approx(PIECE_OUTER_MM, abs=1e-3)


def test_card_sized_pieces_keep_nine_to_a_letter_sheet(harbour: Path) -> None:
    game = load_game(harbour)
    sheet = deck_sheet(game.components["orders"], "letter", 0.0)
    assert sheet.capacity == 9
    assert sheet.outer_bleed == pytest.approx(1.35)


def test_the_square_rows_have_side_marks(cli, harbour: Path, tmp_path: Path) -> None:
    run = cli("build", "harbour", "--data", harbour.parent, "--out", tmp_path / "out")
    assert run.code == 0, run.err
    with pdfplumber.open(tmp_path / "out" / "harbour" / "tiles.pdf") as pdf:
        page = pdf.pages[0]
        width = float(page.width)
        pt = 72 / 25.4
        marks = [
            line
            for line in page.lines
            if abs(line["top"] - line["bottom"]) < 0.01 and line["stroking_color"] == (0, 0, 0)
        ]
        # seven squares across (175 mm) start 17.5 mm in, their art at 14.5 mm: the marks
        # for the three rows' four cut lines sit in the margin on both sides
        left = {round(m["top"], 2) for m in marks if m["x1"] < 14.5 * pt}
        right = {round(m["top"], 2) for m in marks if m["x0"] > width - 14.5 * pt}
        assert len(left) == 4
        assert left <= right  # (the scale bar, upright in the right margin, has its own ends)
