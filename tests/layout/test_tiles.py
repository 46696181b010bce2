"""Tiling a board across pages, worked by hand."""

import pytest

from printgen.errors import PrintgenError
from printgen.layout.geometry import LayoutError, Point, Rect
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.layout.tiles import column_letters, on_fewest, tile_drawing, tile_label

A3, A4, LETTER = PAPER_SIZES["a3"], PAPER_SIZES["a4"], PAPER_SIZES["letter"]


def approx_rect(left: float, bottom: float, right: float, top: float) -> object:
    return pytest.approx(Rect(left, bottom, right, top).__dict__)


def test_a_250mm_board_on_a4() -> None:
    # Free area: 210 - 2 * 5 = 200 wide, 297 - 2 * 5 - 8 (label band) = 279 high.
    # Columns: 250 > 200, so ceil((250 - 10) / (200 - 10)) = 2 tiles of (250 + 10) / 2 = 130,
    # 120 apart: 0..130 and 120..250, overlapping by 10. Rows: 250 <= 279, one.
    tiling = tile_drawing(Size(250, 250), A4)
    assert (tiling.rows, tiling.columns) == (1, 2)
    a1, b1 = tiling.tiles
    assert (a1.label, b1.label) == ("A1", "B1")
    assert a1.source == Rect(0, 0, 130, 250)
    assert b1.source == Rect(120, 0, 250, 250)
    # Centred in the free area (centre 105, 13 + 279 / 2 = 152.5): 40..170 x 27.5..277.5.
    assert a1.placement.__dict__ == approx_rect(40, 27.5, 170, 277.5)
    assert b1.placement == a1.placement
    assert a1.offset == Point(40, 27.5)
    assert b1.offset == Point(-80, 27.5)
    # The overlap strip 120..130 shows on the right of A1 and the left of A2.
    assert [s.__dict__ for s in a1.overlaps] == [approx_rect(160, 27.5, 170, 277.5)]
    assert [s.__dict__ for s in b1.overlaps] == [approx_rect(40, 27.5, 50, 277.5)]
    # Marks in the middle of the strip (x 125) at a quarter and three quarters of 250.
    assert tiling.marks == (Point(125, 62.5), Point(125, 187.5))
    assert a1.marks == (Point(165, 90), Point(165, 215))
    assert b1.marks == (Point(45, 90), Point(45, 215))
    assert a1.label_at == Point(105, 9)


def test_an_a3_board_on_a4() -> None:
    # Columns: ceil((297 - 10) / 190) = 2 tiles of (297 + 10) / 2 = 153.5, step 143.5.
    # Rows: ceil((420 - 10) / (279 - 10)) = 2 tiles of (420 + 10) / 2 = 215, step 205.
    # Row 1 is the top one: 205..420.
    tiling = tile_drawing(A3, A4)
    assert (tiling.rows, tiling.columns) == (2, 2)
    assert [t.label for t in tiling.tiles] == ["A1", "B1", "A2", "B2"]
    assert tiling.tile(0, 0).source.__dict__ == approx_rect(0, 205, 153.5, 420)
    assert tiling.tile(0, 1).source.__dict__ == approx_rect(143.5, 205, 297, 420)
    assert tiling.tile(1, 0).source.__dict__ == approx_rect(0, 0, 153.5, 215)
    assert tiling.tile(1, 1).source.__dict__ == approx_rect(143.5, 0, 297, 215)
    # Vertical strip at x = 148.5: along the bottom row's own part 0..205 (y 51.25, 153.75)
    # and the top row's 215..420 (y 266.25, 368.75). Horizontal strip at y = 210: along the
    # left column's 0..143.5 (x 35.875, 107.625) and the right's 153.5..297 (189.375, 261.125).
    vertical_strip = [(148.5, 51.25), (148.5, 153.75), (148.5, 266.25), (148.5, 368.75)]
    horizontal_strip = [(35.875, 210.0), (107.625, 210.0), (189.375, 210.0), (261.125, 210.0)]
    for mark, (x, y) in zip(tiling.marks, vertical_strip + horizontal_strip, strict=True):
        assert (mark.x, mark.y) == pytest.approx((x, y))
    # Each tile has two marks in each of its two strips, and two overlap strips.
    assert all(len(t.marks) == 4 and len(t.overlaps) == 2 for t in tiling.tiles)


def test_letter_keeps_5mm_margins() -> None:
    # Free area 215.9 - 10 = 205.9 by 279.4 - 10 - 8 = 261.4. 250 high needs one row.
    tiling = tile_drawing(Size(250, 250), LETTER)
    assert tiling.margin == 5.0
    assert (tiling.rows, tiling.columns) == (1, 2)


def test_a_drawing_that_fits_is_one_tile() -> None:
    tiling = tile_drawing(Size(100, 120), A4)
    (only,) = tiling.tiles
    assert (only.label, only.source, only.marks, only.overlaps) == (
        "A1",
        Rect(0, 0, 100, 120),
        (),
        (),
    )


def test_a_long_strip_is_shared_out_evenly() -> None:
    # ceil((1000 - 10) / 190) = 6 tiles of (1000 + 5 * 10) / 6 = 175.
    tiling = tile_drawing(Size(1000, 50), A4)
    assert tiling.columns == 6
    assert {round(t.source.width, 9) for t in tiling.tiles} == {175.0}
    assert tiling.tiles[-1].source.right == 1000


def test_options() -> None:
    tiling = tile_drawing(Size(250, 250), A4, overlap_mm=20, margin_mm=10, label_band_mm=0)
    # Free 190 wide: ceil(230 / 170) = 2 tiles of (250 + 20) / 2 = 135.
    assert tiling.tiles[0].source.right == 135
    assert tiling.tiles[1].source.left == 115
    assert tiling.mark_size == 6.0
    assert tile_drawing(Size(250, 250), A4, overlap_mm=4).mark_size == 4.0


def test_too_large_an_overlap_is_refused() -> None:
    # A third of the 200 mm free width is 66.7 mm.
    with pytest.raises(LayoutError, match="under a third") as error:
        tile_drawing(Size(250, 250), A4, overlap_mm=70)
    assert isinstance(error.value, PrintgenError)
    with pytest.raises(LayoutError, match="no room"):
        tile_drawing(Size(250, 250), A4, margin_mm=150)
    with pytest.raises(LayoutError, match="0 mm or more"):
        tile_drawing(Size(250, 250), A4, overlap_mm=-1)


@pytest.mark.parametrize(
    ("row", "letters"),
    [(0, "A"), (1, "B"), (25, "Z"), (26, "AA"), (27, "AB"), (701, "ZZ"), (702, "AAA")],
)
def test_column_letters(row: int, letters: str) -> None:
    assert column_letters(row) == letters


def test_tile_labels() -> None:
    assert tile_label(0, 0) == "A1"
    assert tile_label(1, 2) == "C2"  # row 2, column 3: as a grid's cell C2


def test_tile_out_of_the_grid() -> None:
    with pytest.raises(IndexError):
        tile_drawing(Size(250, 250), A4).tile(1, 0)


def test_a_board_is_tiled_on_the_paper_turned_when_that_takes_fewer_sheets() -> None:
    """A designer's trial: a 440 x 320 mm board came out on 6 upright A4 sheets, each
    holding about 148 x 166 mm of it; 4 turned sheets hold it."""
    tiling = on_fewest(tile_drawing(Size(440, 320), paper) for paper in (A4, A4.turned))
    assert (tiling.paper.width, tiling.paper.height) == (A4.height, A4.width)
    assert (tiling.rows, tiling.columns) == (2, 2)
    assert len(tile_drawing(Size(440, 320), A4).tiles) == 6
    upright = on_fewest(tile_drawing(Size(250, 250), paper) for paper in (A4, A4.turned))
    assert upright.paper == A4 and len(upright.tiles) == 2
