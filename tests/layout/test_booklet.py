"""Saddle-stitch order and page placement, worked by hand."""

import pytest

from printgen.layout.booklet import booklet_sheet, padded, saddle_order
from printgen.layout.sizes import PAPER_SIZES, Size

A5 = PAPER_SIZES["a5"]


def test_page_counts_are_padded_to_a_multiple_of_four() -> None:
    assert [padded(n) for n in (1, 4, 5, 12, 14, 16, 17)] == [4, 4, 8, 12, 16, 16, 20]


def test_eight_pages_on_two_sheets() -> None:
    # Outer sheet: 8 | 1 then 2 | 7; inner sheet: 6 | 3 then 4 | 5.
    assert saddle_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_seventeen_pages_get_three_blanks_at_the_end() -> None:
    order = saddle_order(17)
    assert len(order) == 10  # 5 sheets, two sides each
    assert order[0] == (None, 1) and order[1] == (2, None)
    assert order[2] == (None, 3) and order[3] == (4, 17)
    assert order[-2:] == [(12, 9), (10, 11)]  # the middle sheet: 9 | 10 face each other
    printed = sorted(n for side in order for n in side if n is not None)
    assert printed == list(range(1, 18))


# A4 turned is 297 x 210: the height left is 210 - 5 - 5 - 3 = 197, 197 / 210 = 0.9381 (the
# width, 148.5 - 5 = 143.5 of 148, allows more). Letter turned is 279.4 x 215.9: the width
# left, 139.7 - 5 = 134.7 of 148, gives 0.9101.
@pytest.mark.parametrize(("paper", "scale"), [("a4", 0.9381), ("letter", 0.9101)])
def test_pages_fill_their_half_inside_the_margins(paper: str, scale: float) -> None:
    sheet = booklet_sheet(A5, PAPER_SIZES[paper], 3.0)
    assert sheet.paper.width > sheet.paper.height
    assert sheet.scale == pytest.approx(scale, abs=1e-4)
    fold = sheet.paper.width / 2
    assert sheet.left.right == sheet.right.left == fold  # the pages meet at the fold
    for rect in (sheet.left, sheet.right):
        assert rect.width == pytest.approx(A5.width * sheet.scale)
        assert rect.left >= 5 - 1e-9 and rect.right <= sheet.paper.width - 5 + 1e-9
        assert rect.bottom >= 5 + 3 - 1e-9 and rect.top <= sheet.paper.height - 5 + 1e-9


def test_a_small_page_is_never_enlarged() -> None:
    assert booklet_sheet(Size(100, 150), PAPER_SIZES["a4"], 3.0).scale == 1.0
