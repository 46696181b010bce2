"""Imposition, worked by hand for the papers and cards of DESIGN.md section 7 and issue 4."""

import pytest

from printgen.errors import PrintgenError
from printgen.layout.geometry import LayoutError, Rect
from printgen.layout.imposition import (
    back_slot,
    backs,
    default_min_margin,
    impose,
    split_pages,
)
from printgen.layout.sizes import CARD_SIZES, PAPER_SIZES, Size

POKER, TAROT = CARD_SIZES["poker"], CARD_SIZES["tarot"]
A4, LETTER = PAPER_SIZES["a4"], PAPER_SIZES["letter"]


def approx_rect(left: float, bottom: float, right: float, top: float) -> object:
    return pytest.approx(Rect(left, bottom, right, top).__dict__)


def test_poker_on_a4_is_3_by_3_with_a_full_bleed() -> None:
    # Width: 3 * 63.5 = 190.5 in 210 - 2 * 5 = 200 (4 cards need 254). Height: 3 * 88.9 =
    # 266.7 in 297 - 10 = 287. Grid centred: left (210 - 190.5) / 2 = 9.75, bottom
    # (297 - 266.7) / 2 = 15.15. Bleed 3 leaves margins 6.75 and 12.15, both >= 5.
    sheet = impose(POKER, A4)
    assert (sheet.columns, sheet.rows, sheet.capacity) == (3, 3, 9)
    assert sheet.outer_bleed == 3.0
    assert sheet.card_bleed == 3.0
    assert sheet.gutter == 0.0
    assert sheet.min_margin == 5.0
    assert sheet.margins.__dict__ == pytest.approx(
        {"left": 6.75, "right": 6.75, "bottom": 12.15, "top": 12.15}
    )
    assert sheet.grid.__dict__ == approx_rect(9.75, 15.15, 200.25, 281.85)
    assert sheet.printed.__dict__ == approx_rect(6.75, 12.15, 203.25, 284.85)


def test_poker_on_a4_slot_boxes() -> None:
    sheet = impose(POKER, A4)
    # Row 0 is the top row: its trim runs from 281.85 - 88.9 = 192.95 up to 281.85.
    top_left = sheet.slot(0, 0)
    assert top_left.index == 0
    assert top_left.trim.__dict__ == approx_rect(9.75, 192.95, 73.25, 281.85)
    # Bleed only on the grid's outer edges: left and top for the top-left card.
    assert top_left.bleed.__dict__ == approx_rect(6.75, 192.95, 73.25, 284.85)
    # The image is always drawn with its full 3 mm bleed, then clipped to the bleed box.
    assert top_left.image.__dict__ == approx_rect(6.75, 189.95, 76.25, 284.85)
    centre = sheet.slot(1, 1)
    assert centre.index == 4
    assert centre.bleed == centre.trim
    bottom_right = sheet.slot(2, 2)
    assert bottom_right.index == 8
    assert bottom_right.trim.__dict__ == approx_rect(136.75, 15.15, 200.25, 104.05)
    assert bottom_right.bleed.__dict__ == approx_rect(136.75, 12.15, 203.25, 104.05)


def test_butted_neighbours_share_their_cut_lines_exactly() -> None:
    sheet = impose(POKER, A4)
    assert sheet.slot(0, 0).trim.right == sheet.slot(0, 1).trim.left
    assert sheet.slot(0, 1).trim.bottom == sheet.slot(1, 1).trim.top
    # 3 cards a row need 4 vertical cut lines, not 6.
    assert sheet.cut_xs == pytest.approx((9.75, 73.25, 136.75, 200.25))
    assert sheet.cut_ys == pytest.approx((15.15, 104.05, 192.95, 281.85))


def test_poker_on_letter_keeps_9_cards_and_shrinks_the_bleed() -> None:
    # Width: 215.9 - 190.5 = 25.4, 12.7 a side. Height: 279.4 - 266.7 = 12.7, 6.35 a side.
    # The outer 5 mm stay blank on Letter too (issue 16), so the bleed is limited to
    # 6.35 - 5 = 1.35 mm at top and bottom; the bleed is uniform, so 1.35 mm on the sides too.
    sheet = impose(POKER, LETTER)
    assert (sheet.columns, sheet.rows) == (3, 3)
    assert sheet.min_margin == 5.0
    assert sheet.outer_bleed == pytest.approx(1.35)
    assert sheet.margins.__dict__ == pytest.approx(
        {"left": 11.35, "right": 11.35, "bottom": 5.0, "top": 5.0}
    )
    assert sheet.grid.__dict__ == approx_rect(12.7, 6.35, 203.2, 273.05)
    # The images keep their 3 mm bleed; only the printed part shrinks.
    assert sheet.slot(0, 0).image.top == pytest.approx(276.05)
    assert sheet.slot(0, 0).bleed.top == pytest.approx(274.4)


def test_letter_with_4mm_margins_leaves_more_bleed() -> None:
    # 6.35 - 4 = 2.35 mm of bleed, for a printer that reaches closer to the edge.
    sheet = impose(POKER, LETTER, min_margin_mm=4)
    assert (sheet.columns, sheet.rows) == (3, 3)
    assert sheet.outer_bleed == pytest.approx(2.35)


def test_grid_first_then_bleed_even_down_to_zero() -> None:
    # 3 * 89.7 = 269.1 fits Letter's 279.4 - 10 = 269.4: three rows, (269.4 - 269.1) / 2 =
    # 0.15 mm of bleed. 3 * 89.9 = 269.7 does not fit even with no bleed: two rows, full bleed.
    assert impose(Size(63.5, 89.7), LETTER).rows == 3
    assert impose(Size(63.5, 89.7), LETTER).outer_bleed == pytest.approx(0.15)
    two_rows = impose(Size(63.5, 89.9), LETTER)
    assert (two_rows.rows, two_rows.outer_bleed) == (2, 3.0)


def test_an_exact_fit_gets_no_bleed() -> None:
    # 3 * 90 = 270 = 280 - 2 * 5: the cards fill the room; the margin is exactly 5.
    sheet = impose(Size(60, 90), Size(200, 280), min_margin_mm=5)
    assert (sheet.columns, sheet.rows, sheet.outer_bleed) == (3, 3, 0.0)
    assert sheet.margins.bottom == pytest.approx(5.0)
    assert sheet.slot(0, 0).image == sheet.slot(0, 0).trim.outset(3.0)


@pytest.mark.parametrize(
    ("paper", "left", "bottom"),
    [
        # (210 - 2 * 69.85) / 2 = 35.15; (297 - 2 * 120.65) / 2 = 27.85. Three columns need
        # 209.55 > 200 and three rows 361.95 > 287.
        (A4, 35.15, 27.85),
        # (215.9 - 139.7) / 2 = 38.1; (279.4 - 241.3) / 2 = 19.05.
        (LETTER, 38.1, 19.05),
    ],
)
def test_tarot_is_2_by_2(paper: Size, left: float, bottom: float) -> None:
    sheet = impose(TAROT, paper)
    assert (sheet.columns, sheet.rows, sheet.outer_bleed) == (2, 2, 3.0)
    assert sheet.grid.left == pytest.approx(left)
    assert sheet.grid.bottom == pytest.approx(bottom)


@pytest.mark.parametrize(
    ("card", "columns", "rows"),
    [
        ("bridge", 3, 3),  # 200 / 57.15 = 3.5; 287 / 88.9 = 3.2
        ("mini", 4, 4),  # 200 / 44.45 = 4.5; 287 / 63.5 = 4.5
        ("square", 2, 3),  # 200 / 80 = 2.5; 287 / 80 = 3.6
    ],
)
def test_other_cards_on_a4(card: str, columns: int, rows: int) -> None:
    sheet = impose(CARD_SIZES[card], A4)
    assert (sheet.columns, sheet.rows) == (columns, rows)


def test_a_gutter_gives_each_card_its_own_bleed() -> None:
    # Columns: n * 63.5 + (n - 1) * 6 <= 200 gives n = 2 (three need 202.5). Rows: 3 * 88.9 +
    # 2 * 6 = 278.7 <= 287. Grid 133 wide: left (210 - 133) / 2 = 38.5, margin 35.5. Grid
    # 278.7 high: bottom 9.15, bleed limited to 9.15 - 5 = 4.15 > 3: full bleed, margin 6.15.
    sheet = impose(POKER, A4, gutter_mm=6)
    assert (sheet.columns, sheet.rows, sheet.gutter, sheet.outer_bleed) == (2, 3, 6.0, 3.0)
    assert sheet.margins.left == pytest.approx(35.5)
    assert sheet.margins.bottom == pytest.approx(6.15)
    a, b = sheet.slot(0, 0), sheet.slot(0, 1)
    assert b.trim.left - a.trim.right == pytest.approx(6)
    assert a.bleed == a.image == a.trim.outset(3)
    assert a.bleed.right == pytest.approx(b.bleed.left)  # the bleeds meet, never overlap
    assert len(sheet.cut_xs) == 4  # each card keeps its own two cut lines


def test_a_2mm_gutter_keeps_9_poker_cards_on_a4() -> None:
    # 3 * 63.5 + 2 * 2 = 194.5 <= 200 and 3 * 88.9 + 2 * 2 = 270.7 <= 287: nine cards, each
    # bleeding 1 mm into the gutter; outside, (200 - 194.5) / 2 = 2.75 mm of bleed.
    sheet = impose(POKER, A4, gutter_mm=2)
    assert (sheet.columns, sheet.rows, sheet.gutter) == (3, 3, 2.0)
    assert sheet.outer_bleed == pytest.approx(2.75)
    middle = sheet.slot(1, 1)
    assert middle.bleed.__dict__ == approx_rect(*middle.trim.outset(1).__dict__.values())
    assert impose(POKER, A4, gutter_mm=10).capacity == 6


def test_poker_with_a_gutter_on_letter() -> None:
    # Room 215.9 - 10 = 205.9: 3 columns with 6 mm (202.5). Room 269.4: 2 rows (3 need 278.7).
    sheet = impose(POKER, LETTER, gutter_mm=6)
    assert (sheet.columns, sheet.rows) == (3, 2)


def test_min_margin_is_5mm_on_every_paper() -> None:
    assert default_min_margin(A4) == 5.0
    assert default_min_margin(LETTER) == 5.0
    assert default_min_margin(PAPER_SIZES["a3"]) == 5.0


def test_a_card_larger_than_the_paper_is_refused() -> None:
    with pytest.raises(LayoutError, match=r"does not fit on a4 210 x 297 mm paper") as error:
        impose(Size(300, 400), A4)
    assert isinstance(error.value, PrintgenError)


def test_a_gutter_can_cost_a_column() -> None:
    # Two 100 mm cards fill A4's 200 mm of room butted; a 6 mm gutter leaves room for one.
    assert impose(Size(100, 100), A4).columns == 2
    assert impose(Size(100, 100), A4, gutter_mm=6).columns == 1


@pytest.mark.parametrize("option", ["bleed_mm", "gutter_mm", "min_margin_mm"])
def test_negative_lengths_are_refused(option: str) -> None:
    with pytest.raises(LayoutError, match="must be 0 mm or more"):
        impose(POKER, A4, **{option: -1.0})


def test_slot_out_of_the_grid() -> None:
    with pytest.raises(IndexError):
        impose(POKER, A4).slot(3, 0)


def test_back_of_the_top_left_card_is_top_right_mirrored() -> None:
    # Long-edge duplex: the page turns about its vertical axis. Front (0, 0) has trim
    # 9.75..73.25; its back has 210 - 73.25 = 136.75 .. 210 - 9.75 = 200.25, which is
    # exactly the trim of slot (0, 2); its outer bleed moves to the right edge.
    sheet = impose(POKER, A4)
    back = back_slot(sheet, 0, 0)
    assert (back.row, back.column, back.index) == (0, 2, 0)
    assert back.trim.__dict__ == approx_rect(136.75, 192.95, 200.25, 281.85)
    assert back.bleed.__dict__ == approx_rect(136.75, 192.95, 203.25, 284.85)
    assert back.trim.__dict__ == pytest.approx(sheet.slot(0, 2).trim.__dict__)


def test_backs_follow_the_front_order() -> None:
    sheet = impose(POKER, LETTER)
    layout = backs(sheet)
    assert [(b.index, b.row, b.column) for b in layout[:3]] == [(0, 0, 2), (1, 0, 1), (2, 0, 0)]
    assert [b.index for b in layout] == list(range(9))
    # The middle column stays in the middle.
    assert layout[4].trim.__dict__ == pytest.approx(sheet.slot(1, 1).trim.__dict__)


def test_split_pages() -> None:
    # MyWuXing's 54 cards at 9 a sheet make 6 sheets.
    assert [len(p) for p in split_pages(list(range(54)), 9)] == [9] * 6
    assert split_pages(list("abcdefghij"), 9) == [tuple("abcdefghi"), ("j",)]
    assert split_pages([], 9) == []
    with pytest.raises(ValueError, match="at least one"):
        split_pages([1], 0)
