"""Outlines of pieces of any shape: a hexagon's flats are its size and its sides size/sqrt(3),
a circle's diameter its size; bleed and safe zones follow the outline."""

from __future__ import annotations

import math

import pytest

from printgen.layout.geometry import Point, Rect
from printgen.layout.shapes import Outline, Shape

ORIGIN = Point(0.0, 0.0)


@pytest.mark.parametrize("corner_up", [False, True])
@pytest.mark.parametrize("flats", [20.0, 38.1, 60.0])
def test_a_hexagon_measures_its_flats_and_sides(flats: float, corner_up: bool) -> None:
    hexagon = Shape.hexagon(flats, corner_up).outline(Point(50, 70))
    assert len(hexagon.points) == 6
    for side in hexagon.sides:
        assert side.length == pytest.approx(flats / math.sqrt(3), abs=1e-9)
    # opposite sides are `flats` apart: each side's midpoint to the opposite one's
    sides = hexagon.sides
    for i in range(3):
        a, b = sides[i], sides[i + 3]
        mid_a = ((a.x1 + a.x2) / 2, (a.y1 + a.y2) / 2)
        mid_b = ((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2)
        assert math.dist(mid_a, mid_b) == pytest.approx(flats, abs=1e-9)
    box = hexagon.bounds
    corners = 2 * flats / math.sqrt(3)
    wide, high = (flats, corners) if corner_up else (corners, flats)
    assert (box.width, box.height) == pytest.approx((wide, high))


def test_a_flat_top_hexagon_has_flat_top_and_bottom_sides() -> None:
    hexagon = Shape.hexagon(40).outline(ORIGIN)
    flat = [s for s in hexagon.sides if abs(s.y1 - s.y2) < 1e-9]
    assert sorted(round(s.y1, 9) for s in flat) == [-20.0, 20.0]
    upright = Shape.hexagon(40, corner_up=True).outline(ORIGIN)
    assert max(p.y for p in upright.points) == pytest.approx(40 / math.sqrt(3))
    assert [s for s in upright.sides if abs(s.x1 - s.x2) < 1e-9]  # its flats are at the sides


def test_a_grown_hexagon_moves_each_side_out_by_its_amount() -> None:
    shape = Shape.hexagon(40)
    bleed = shape.outline(ORIGIN, 3.0)
    for side in bleed.sides:  # a regular hexagon 46 across
        assert side.length == pytest.approx(46 / math.sqrt(3))
    safe = shape.safe(ORIGIN, 3.0)
    assert safe.bounds.height == pytest.approx(34.0)
    one_side = shape.outline(ORIGIN, [0, 3, 0, 0, 0, 0])  # only the top side (normal 90 deg)
    assert one_side.bounds.top == pytest.approx(23.0)
    assert one_side.bounds.bottom == pytest.approx(-20.0)


def test_a_circle_measures_its_diameter_and_grows_round() -> None:
    token = Shape.circle(25.0)
    assert token.outline(ORIGIN).bounds == Rect(-12.5, -12.5, 12.5, 12.5)
    assert token.outline(ORIGIN, 3).radius == 15.5
    assert token.safe(ORIGIN, 3).radius == 9.5
    assert token.outline(ORIGIN).perimeter == pytest.approx(25 * math.pi)


def test_inside_means_inside_the_shape_not_its_box() -> None:
    circle = Shape.circle(20).outline(ORIGIN)
    assert circle.contains(Point(7, 7))  # 9.9 from the centre
    assert not circle.contains(Point(8, 8))  # 11.3: inside the box, outside the circle
    assert circle.contains_rect(Rect(-7, -7, 7, 7))
    assert not circle.contains_rect(Rect(-9.5, -4, 9.5, 4))  # 10.3 at the corners
    hexagon = Shape.hexagon(40).outline(ORIGIN)  # corners at x = +-23.09, y = 0
    assert hexagon.contains(Point(22, 0))
    assert not hexagon.contains(Point(20, 15))  # inside the box, beyond the slanted side
    rounded = Shape.rounded(30, 30, 5).outline(ORIGIN)
    assert rounded.contains(Point(14, 0))
    assert not rounded.contains(Point(14.5, 14.5))  # cut off by the corner's round


def test_mirrored_outlines_keep_their_shape_and_run_anticlockwise() -> None:
    hexagon = Shape.hexagon(40).outline(Point(30, 100))
    mirror = hexagon.mirrored(210)
    assert mirror.center == Point(180, 100)
    assert sorted((round(p.x, 9), round(p.y, 9)) for p in mirror.points) == sorted(
        (round(210 - p.x, 9), round(p.y, 9)) for p in hexagon.points
    )
    assert mirror.contains(Point(180, 100))  # still anticlockwise: its inside is inside
    assert not mirror.contains(Point(30, 100))


def test_outlines_draw_as_svg_paths() -> None:
    assert Shape.hexagon(40).outline(ORIGIN).svg_path().count("L") == 5
    circle = Outline.circle(Point(10, 10), 5).svg_path()
    assert circle.startswith("M5,10 A5,5") and circle.endswith("Z")
    assert Shape.rounded(30, 20, 3).outline(Point(15, 10)).svg_path().count("A") == 4
