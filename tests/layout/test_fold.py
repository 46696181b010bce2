"""Fold-over layout, for every card size on A4 and Letter: each back lies behind its front
once the sheet is folded, nothing prints in the outer 5 mm, marks stay on the outer edges."""

import pytest

from printgen.layout.fold import FOLD_GAP_MM, fold_sheet
from printgen.layout.geometry import LayoutError
from printgen.layout.marks import Keep
from printgen.layout.sizes import CARD_SIZES, PAPER_SIZES, Size

TOL = 1e-6
CASES = [(card, paper) for card in CARD_SIZES for paper in ("a4", "letter")]


@pytest.mark.parametrize(("card", "paper"), CASES)
def test_every_back_folds_onto_its_front(card: str, paper: str) -> None:
    fold = fold_sheet(CARD_SIZES[card], PAPER_SIZES[paper])
    assert fold.capacity >= 2
    for slot in fold.fronts.slots:
        back = fold.back(slot)
        # Folding turns the right half about x = fold_x: x goes to 2 * fold_x - x.
        assert 2 * fold.fold_x - back.trim.right == pytest.approx(slot.trim.left, abs=TOL)
        assert 2 * fold.fold_x - back.trim.left == pytest.approx(slot.trim.right, abs=TOL)
        assert (back.trim.bottom, back.trim.top) == (slot.trim.bottom, slot.trim.top)
        # no colour within FOLD_GAP_MM of the fold (5 mm, the margin, unless that cost bleed)
        assert slot.bleed.right <= fold.fold_x - FOLD_GAP_MM + TOL
        assert back.bleed.left >= fold.fold_x + FOLD_GAP_MM - TOL


@pytest.mark.parametrize(("card", "paper"), CASES)
def test_nothing_prints_near_the_paper_edge_and_marks_stay_outside(card: str, paper: str) -> None:
    fold = fold_sheet(CARD_SIZES[card], PAPER_SIZES[paper])
    inside = Keep().inside(fold.page)
    assert inside.contains(fold.printed, TOL)
    marks = fold.marks()
    assert marks
    for mark in marks:
        assert inside.contains(mark.bounds, TOL)
        # Outer edges only: no mark between the grids, where the fold is.
        assert not (
            fold.fronts.grid.right < mark.bounds.right < 2 * fold.fold_x - fold.fronts.grid.right
        )
    line = fold.fold_line()
    assert (line.x1, line.x2) == (fold.fold_x, fold.fold_x)
    assert line.y1 == pytest.approx(5) and line.y2 == pytest.approx(fold.paper.height - 5)


def test_poker_goes_four_a_sheet_on_landscape_paper() -> None:
    # A4 turned: each half is 148.5 x 210: 2 x 2 poker cards (127 x 177.8). Upright, a half is
    # 105 wide: one column of three. Letter turned: 139.7 x 215.9, 2 x 2 (Squib's 8-up).
    for paper in ("a4", "letter"):
        fold = fold_sheet(CARD_SIZES["poker"], PAPER_SIZES[paper])
        assert fold.paper.width > fold.paper.height
        assert (fold.fronts.columns, fold.fronts.rows) == (2, 2)


def test_tarot_stays_upright() -> None:
    fold = fold_sheet(CARD_SIZES["tarot"], PAPER_SIZES["a4"])
    assert fold.paper.width < fold.paper.height
    assert (fold.fronts.columns, fold.fronts.rows) == (1, 2)


def test_a_card_too_wide_for_half_the_paper_is_refused() -> None:
    with pytest.raises(LayoutError, match="side by side"):
        fold_sheet(Size(150, 150), PAPER_SIZES["a4"])
