"""Parts several up on home paper, or whole on a large sheet, worked by hand."""

import pytest

from printgen.layout.geometry import LayoutError
from printgen.layout.partsheet import GAP_MM, fits, large_sheet, pack, room
from printgen.layout.sizes import PAPER_SIZES, Size

A4, LETTER = PAPER_SIZES["a4"], PAPER_SIZES["letter"]


def test_room_on_a4() -> None:
    assert room(A4) == Size(200.0, 278.0)  # 297 - 10 - 9 (caption band)


def test_score_pads_two_up() -> None:
    # 190 x 130: one across (200), two down: 2 * 130 + 6 = 266 <= 278; the third on a new sheet.
    sheets = pack([Size(190, 130)] * 3, A4)
    assert [len(s) for s in sheets] == [2, 1]
    first, second = sheets[0]
    assert (first.copy, second.copy, sheets[1][0].copy) == (0, 1, 2)
    assert (first.x, first.y) == (10.0, 5.0 + (278 - 266) / 2)
    assert second.y - first.y == 130 + GAP_MM
    assert not first.turned


def test_small_parts_fill_the_shelves_they_fit() -> None:
    # Four 63.5 x 88.9 aid cards, then four 22 x 82 pawn strips: two aids a shelf
    # (3 * 63.5 + 12 = 202.5 > 200), and the pawns fill the first shelf (133 + 2 * 28 = 189)
    # before the second: two shelves, 88.9 + 6 + 88.9 = 183.8 high, centred.
    sheets = pack([Size(63.5, 88.9)] * 4 + [Size(22, 82)] * 4, A4)
    (sheet,) = sheets
    rows = sorted({round(p.y, 6) for p in sheet})
    assert len(rows) == 2
    top = 5 + (278 - 183.8) / 2
    assert rows[0] == pytest.approx(top)
    first_shelf = [p.copy for p in sheet if p.y == pytest.approx(top)]
    assert first_shelf == [0, 1, 4, 5]
    left = 5 + (200 - 189) / 2
    assert min(p.x for p in sheet) == pytest.approx(left)


def test_a_wide_board_turns_to_fit() -> None:
    ((placed,),) = pack([Size(250, 180)], A4)
    assert placed.turned and (placed.w, placed.h) == (180, 250)
    assert fits(Size(250, 180), A4)
    assert not fits(Size(250, 250), A4)


def test_too_large_is_refused() -> None:
    with pytest.raises(LayoutError, match="does not fit"):
        pack([Size(250, 250)], LETTER)


def test_large_sheets_smallest_first_turned_for_wide_parts() -> None:
    assert large_sheet(Size(248, 248)).name == "a3"  # 268 x 277 in 297 x 420
    assert large_sheet(Size(500, 500)) == Size(594.0, 841.0, "a1")  # 520 x 529: not A2 (420)
    wide = large_sheet(Size(380, 250))
    assert (wide.name, wide.width, wide.height) == ("a3", 420.0, 297.0)
    assert large_sheet(Size(1200, 1200)) == Size(1220, 1229, "custom")
    assert large_sheet(Size(248, 248), "a2").name == "a2"
    with pytest.raises(LayoutError, match="does not fit"):
        large_sheet(Size(400, 400), "a3")
