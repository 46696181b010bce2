"""Pieces on a cutter's sheet keep art past their cut on every side, at the sheet's edge too.

A cutter may land up to half the gap between pieces off (CUT_GAP_MM / 2 = 1 mm of art each
piece keeps towards its neighbours). Where no neighbour is, the same 1 mm must be there, or a
slightly-off cut shows white paper. 40 mm flat-top hexes on A4 once packed with only 0.25 mm
of art beyond the top row's cut: the honeycomb was fitted to the trims alone, and the art
shrank to what room was left inside the marks' clear zone.
"""

from __future__ import annotations

import pytest

from printgen.layout.cutsheet import CUT_GAP_MM, SILHOUETTE_CLEAR_MM, piece_cut_sheet
from printgen.layout.shapes import Shape
from printgen.layout.sizes import PAPER_SIZES

SHAPES = {
    "40 mm flat-top hexes": Shape.hexagon(40.0),
    "40 mm corner-up hexes": Shape.hexagon(40.0, corner_up=True),
    "31 mm flat-top hexes": Shape.hexagon(31.0),
    "45 mm hexes": Shape.hexagon(45.0),
    "38 mm circles": Shape.circle(38.0),
    "25 mm circles": Shape.circle(25.0),
}


@pytest.mark.parametrize("cutter", ["silhouette", "cricut"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", list(SHAPES))
def test_every_piece_keeps_1_mm_of_art_past_its_cut_where_no_neighbour_is(
    name: str, paper: str, cutter: str
) -> None:
    sheet = piece_cut_sheet(SHAPES[name], cutter, PAPER_SIZES[paper]).sheet
    assert sheet.capacity > 0
    for place in sheet.places:
        assert place.outer >= CUT_GAP_MM / 2 - 1e-6, (name, paper, place.index, place.outer)


@pytest.mark.parametrize("name", list(SHAPES))
def test_the_art_stays_inside_the_marks_clear_zone(name: str) -> None:
    sheet = piece_cut_sheet(SHAPES[name], "silhouette", PAPER_SIZES["a4"]).sheet
    page = sheet.page
    printed = sheet.printed
    assert printed.left >= SILHOUETTE_CLEAR_MM - 1e-6
    assert printed.bottom >= SILHOUETTE_CLEAR_MM - 1e-6
    assert page.right - printed.right >= SILHOUETTE_CLEAR_MM - 1e-6
    assert page.top - printed.top >= SILHOUETTE_CLEAR_MM - 1e-6
