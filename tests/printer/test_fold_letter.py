"""Fold-over on Letter keeps the full 3 mm bleed outside its outer cut lines (issue 33; it
kept 1.35 mm). Worked by hand: Letter turned landscape is 279.4 x 215.9 mm, its left half
139.7 mm wide; two poker cards across take 127 mm, so 5 mm margin + 3 mm bleed + 127 mm +
3 mm bleed leaves 1.7 mm before the fold: the fronts move toward the fold (1.6 mm of paper
left there, over the 1.5 mm kept) rather than lose bleed."""

from __future__ import annotations

import pytest

from printgen.layout.fold import fold_sheet
from printgen.layout.sizes import PAPER_SIZES, Size

POKER = Size(63.5, 88.9)


def test_poker_fold_over_on_letter_keeps_3_mm_of_bleed_all_round() -> None:
    fold = fold_sheet(POKER, PAPER_SIZES["letter"])
    fronts = fold.fronts
    assert (fold.paper.width, fold.paper.height) == (279.4, 215.9)
    assert fronts.capacity == 4
    grid, printed = fronts.grid, fronts.printed
    for edge in ("left", "bottom", "right", "top"):
        assert abs(getattr(printed, edge) - getattr(grid, edge)) == pytest.approx(3.0)
    assert printed.left == pytest.approx(5.1)  # the paper's 5 mm kept
    assert fold.fold_x - printed.right == pytest.approx(1.6)
    backs = [fold.back(slot).bleed for slot in fronts.slots]
    assert min(b.left for b in backs) - fold.fold_x == pytest.approx(1.6)
    assert fold.paper.width - max(b.right for b in backs) == pytest.approx(5.1)


def test_a4_is_laid_out_as_before() -> None:
    fold = fold_sheet(POKER, PAPER_SIZES["a4"])
    assert fold.fronts.outer_bleed == 3.0
    assert fold.fronts.printed.left == pytest.approx((148.5 - 127) / 2 - 3)  # centred
