"""Crop marks and crosshairs, worked by hand."""

import pytest

from printgen.layout.geometry import Point, Segment
from printgen.layout.imposition import impose
from printgen.layout.marks import Keep, crop_marks, crosshair
from printgen.layout.sizes import CARD_SIZES, PAPER_SIZES, Size

POKER = CARD_SIZES["poker"]
A4, LETTER = PAPER_SIZES["a4"], PAPER_SIZES["letter"]


def ends(marks: list[Segment] | tuple[Segment, ...]) -> list[float]:
    """Every mark's x1, y1, x2, y2, one after the other."""
    return [v for m in marks for v in (m.x1, m.y1, m.x2, m.y2)]


def test_poker_on_a4_has_two_marks_on_every_cut_line() -> None:
    # 4 vertical and 4 horizontal cut lines (inner shared lines included), two ends each.
    marks = crop_marks(impose(POKER, A4))
    assert len(marks) == 16
    vertical = [m for m in marks if m.x1 == m.x2]
    assert sorted({m.x1 for m in vertical}) == pytest.approx([9.75, 73.25, 136.75, 200.25])


def test_poker_on_a4_mark_ends() -> None:
    # Printed area 6.75..203.25 x 12.15..284.85. Below the grid: from 12.15 - 1 = 11.15 down
    # 5 mm to 6.15. Above: 285.85 up to 290.85 (6.15 from the top edge). Left of the grid,
    # outside the print, only 6.75 - 1 - 5 = 0.75 mm are left before the kept 5 mm: too short
    # to line up, so the mark moves onto the bleed, from 0.3 mm off the trim (9.45) to 5.
    marks = crop_marks(impose(POKER, A4))
    first_x = [m for m in marks if m.x1 == m.x2][:2]
    assert ends(first_x) == pytest.approx([9.75, 11.15, 9.75, 6.15, 9.75, 285.85, 9.75, 290.85])
    first_y = [m for m in marks if m.y1 == m.y2][:2]
    assert ends(first_y) == pytest.approx([9.45, 15.15, 5.0, 15.15, 200.55, 15.15, 205.0, 15.15])


def test_poker_on_letter_has_marks_on_the_bleed_top_and_bottom() -> None:
    # Trim 6.35 mm from the top and bottom edges, 1.35 mm of bleed, 5 mm kept blank: the marks
    # there sit on the bleed from 6.05 to 5 mm from the edge. The sides have 11.35 mm: full
    # 5 mm marks from 10.35 to 5.35.
    marks = crop_marks(impose(POKER, LETTER))
    assert len(marks) == 16
    bottom = next(m for m in marks if m.x1 == m.x2)
    assert (bottom.y1, bottom.y2) == pytest.approx((6.05, 5.0))
    left = next(m for m in marks if m.y1 == m.y2)
    assert (left.x1, left.x2) == pytest.approx((10.35, 5.35))


def test_marks_keep_clear_of_a_footer() -> None:
    marks = crop_marks(impose(POKER, A4), keep=Keep(bottom=9.0))
    bottom = next(m for m in marks if m.x1 == m.x2)
    assert (bottom.y1, bottom.y2) == pytest.approx((11.15, 9.0))


def test_with_a_gutter_every_card_has_its_own_cut_lines() -> None:
    # 2 columns x 3 rows: 4 vertical and 6 horizontal cut lines, two marks each.
    sheet = impose(POKER, A4, gutter_mm=6)
    assert len(crop_marks(sheet)) == (4 + 6) * 2


def test_marks_are_left_out_where_the_margin_has_no_room() -> None:
    # Three 90 mm rows leave (280 - 270) / 2 = 5 mm above and below: with margins of 2.5 mm
    # there is 2.5 mm of bleed, but the trim is just at the 5 mm kept blank, so no mark fits
    # there, on the bleed or off it. The sides ((200 - 180) / 2 = 10 mm) keep their marks:
    # 4 lines x 2.
    sheet = impose(Size(60, 90), Size(200, 280), min_margin_mm=2.5)
    marks = crop_marks(sheet)
    assert len(marks) == 8
    assert all(m.y1 == m.y2 for m in marks)


def test_mark_options() -> None:
    sheet = impose(POKER, A4)
    marks = crop_marks(sheet, offset_mm=2, length_mm=3)
    assert ends(marks[:1]) == pytest.approx([9.75, 10.15, 9.75, 7.15])


def test_crosshair() -> None:
    h, v = crosshair(Point(10, 20), 6)
    assert h == Segment(7, 20, 13, 20)
    assert v == Segment(10, 17, 10, 23)
