"""A tuck box net for a deck, worked by hand."""

import pytest

from printgen.layout.geometry import LayoutError
from printgen.layout.tuckbox import tuck_box


def test_a_poker_deck_of_fifty_four() -> None:
    # 54 cards of 0.3 mm: a 16.2 mm spine. Inner face 63.5 + 1 by 88.9 + 1. Tucks min(15,
    # 89.9 / 4, 64.5 / 3) = 15; glue min(9, 64.5 / 4) = 9.
    box = tuck_box(63.5, 88.9, 54)
    assert (box.inner_width, box.inner_height) == pytest.approx((64.5, 89.9))
    assert box.spine == pytest.approx(16.2)
    front, side, back = box.panels["front"], box.panels["side"], box.panels["back"]
    assert (front.w, front.h) == pytest.approx((64.5, 89.9))
    assert side.w == pytest.approx(16.2) and side.x == pytest.approx(64.5)
    assert back.x == pytest.approx(64.5 + 16.2)
    assert box.panels["lid"].h == pytest.approx(16.2)  # the lid is as deep as the spine
    assert box.panels["bottom"].h == pytest.approx(16.2)
    assert box.width == pytest.approx(2 * 64.5 + 2 * 16.2 + 9)
    assert box.height == pytest.approx(89.9 + 2 * (16.2 + 15))
    xs = [p.x for p in box.outline]
    ys = [p.y for p in box.outline]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((0.0, box.width, 0.0, box.height))
    # four vertical folds between the body's panels and the glue flap, full height
    vertical = [f for f in box.folds if f.start.x == f.end.x]
    assert sorted(f.start.x for f in vertical) == pytest.approx([64.5, 80.7, 145.2, 161.4])
    assert all(f.end.y - f.start.y == pytest.approx(89.9) for f in vertical)


def test_thickness_and_clearance_are_the_games() -> None:
    box = tuck_box(57.15, 88.9, 100, thickness=0.35, clearance=2.0)
    assert box.inner_width == pytest.approx(59.15)
    assert box.spine == pytest.approx(35.0)


def test_no_cards_is_refused() -> None:
    with pytest.raises(LayoutError, match="at least one card"):
        tuck_box(63.5, 88.9, 0)
