"""Parts several up on home paper, or whole on a large sheet, worked by hand."""

import pytest

from printgen.layout.geometry import LayoutError
from printgen.layout.partsheet import GAP_MM, fits, large_sheet, room, up
from printgen.layout.sizes import PAPER_SIZES, Size

A4, LETTER = PAPER_SIZES["a4"], PAPER_SIZES["letter"]


def test_room_on_a4() -> None:
    assert room(A4) == Size(200.0, 278.0)  # 297 - 10 - 9 (caption band)


def test_score_pads_two_up() -> None:
    # 190 x 130: one across (200), two down: 2 * 130 + 6 = 266 <= 278.
    layout = up(Size(190, 130), A4, copies=10)
    assert (layout.columns, layout.rows, layout.turned) == (1, 2, False)
    first, second = layout.slots
    assert (first.x, first.y) == (10.0, 5.0 + (278 - 266) / 2)
    assert second.y - first.y == 130 + GAP_MM


def test_no_more_slots_than_copies() -> None:
    layout = up(Size(60, 60), A4, copies=2)
    assert (layout.columns, layout.rows) == (2, 1)
    assert layout.per_sheet == 2


def test_a_wide_board_turns_to_fit() -> None:
    layout = up(Size(250, 180), A4, copies=1)
    assert layout.turned and (layout.slots[0].w, layout.slots[0].h) == (180, 250)
    assert fits(Size(250, 180), A4)
    assert not fits(Size(250, 250), A4)


def test_too_large_is_refused() -> None:
    with pytest.raises(LayoutError, match="does not fit"):
        up(Size(250, 250), LETTER, copies=1)


def test_large_sheets_smallest_first_turned_for_wide_parts() -> None:
    assert large_sheet(Size(248, 248)).name == "a3"  # 268 x 277 in 297 x 420
    assert large_sheet(Size(500, 500)) == Size(594.0, 841.0, "a1")  # 520 x 529: not A2 (420)
    wide = large_sheet(Size(380, 250))
    assert (wide.name, wide.width, wide.height) == ("a3", 420.0, 297.0)
    assert large_sheet(Size(1200, 1200)) == Size(1220, 1229, "custom")
    assert large_sheet(Size(248, 248), "a2").name == "a2"
    with pytest.raises(LayoutError, match="does not fit"):
        large_sheet(Size(400, 400), "a3")
