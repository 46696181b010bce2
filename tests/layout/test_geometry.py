"""Rectangles and segments: the few operations imposition, marks and tiles rely on."""

import math

import pytest

from printgen.layout.geometry import Point, Rect, Segment, convex_overlap


def test_rect_sizes_and_centre() -> None:
    r = Rect(10, 20, 40, 80)
    assert (r.width, r.height) == (30, 60)
    assert r.center == Point(25, 50)


def test_rect_refuses_inverted_edges() -> None:
    with pytest.raises(ValueError, match="left <= right"):
        Rect(10, 0, 5, 10)


def test_outset_and_grown() -> None:
    assert Rect(10, 10, 20, 20).outset(3) == Rect(7, 7, 23, 23)
    assert Rect(10, 10, 20, 20).grown(left=1, top=2) == Rect(9, 10, 20, 22)


def test_touching_rects_do_not_overlap() -> None:
    a, b = Rect(0, 0, 10, 10), Rect(10, 0, 20, 10)
    assert not a.overlaps(b)
    assert a.touches(b)
    assert a.intersection(b) == Rect(10, 0, 10, 10)
    assert Rect(0, 0, 10, 10).overlaps(Rect(9, 9, 20, 20))
    assert Rect(0, 0, 1, 1).intersection(Rect(2, 2, 3, 3)) is None


def test_mirrored_about_the_page_centre() -> None:
    # On a 210 mm page, a box 10 mm from the left edge lands 10 mm from the right edge.
    assert Rect(10, 5, 50, 9).mirrored(210) == Rect(160, 5, 200, 9)


def test_contains_with_tolerance() -> None:
    outer = Rect(0, 0, 10, 10)
    assert outer.contains(Rect(0, 0, 10, 10))
    assert outer.contains(Rect(0, 0, 10 + 1e-12, 10))
    assert not outer.contains(Rect(0, 0, 10.001, 10))
    assert outer.contains_point(Point(10, 0))
    assert not outer.contains_point(Point(10.1, 0))


def test_union_and_translated() -> None:
    assert Rect.union([Rect(0, 0, 1, 1), Rect(5, -2, 6, 3)]) == Rect(0, -2, 6, 3)
    assert Rect(0, 0, 1, 1).translated(2, 3) == Rect(2, 3, 3, 4)


def test_segment_length_and_bounds() -> None:
    s = Segment(3, 10, 3, 5)
    assert s.length == 5
    assert s.bounds == Rect(3, 5, 3, 10)


def _square(x: float, y: float, side: float) -> tuple[Point, ...]:
    return (Point(x, y), Point(x + side, y), Point(x + side, y + side), Point(x, y + side))


def test_convex_polygons_overlap_only_past_the_slack() -> None:
    hexagon = tuple(
        Point(10 + 10 * math.cos(math.radians(a)), 10 + 10 * math.sin(math.radians(a)))
        for a in range(0, 360, 60)
    )
    assert convex_overlap(_square(0, 0, 10), _square(5, 5, 10))
    assert not convex_overlap(_square(0, 0, 10), _square(10, 0, 10))  # a shared side
    assert not convex_overlap(_square(0, 0, 10), _square(10.2, 0, 10), 0.3)
    assert not convex_overlap(_square(0, 0, 10), _square(9.8, 0, 10), 0.3)  # within the slack
    assert convex_overlap(_square(0, 0, 10), _square(9, 0, 10), 0.3)
    # the square is inside the hexagon's bounding box, in the corner its slanted side leaves
    assert not convex_overlap(hexagon, _square(-1, -1, 4))
    assert convex_overlap(hexagon, _square(-3, 7, 4.2))  # its left corner at (0, 10)
