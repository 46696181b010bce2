"""A die's label follows its face: a square for a d6, a triangle for a d4, d8 or d20, a kite for
a d10 (a designer's trial printed 14 mm squares for a 16 mm d10 whose faces are kites 9.9 mm
across). The numbers are worked by hand from the kite's angles, not read from the code."""

from __future__ import annotations

import math

import pytest

from printgen.layout.dicesheet import DieKind, label_pages
from printgen.layout.dieface import label_outline, label_side, label_square
from printgen.layout.geometry import Point
from printgen.layout.sizes import PAPER_SIZES

SIN18, COS18 = math.sin(math.radians(18)), math.cos(math.radians(18))
TAN18, TAN54 = math.tan(math.radians(18)), math.tan(math.radians(54))


def corner_angles(outline: tuple[Point, ...]) -> list[float]:
    angles = []
    for k, here in enumerate(outline):
        before, after = outline[k - 1], outline[(k + 1) % len(outline)]
        a = math.atan2(before.y - here.y, before.x - here.x)
        b = math.atan2(after.y - here.y, after.x - here.x)
        angles.append(round(math.degrees(abs(a - b)) % 360, 6))
    return [min(x, 360 - x) for x in angles]


def inside(point: Point, outline: tuple[Point, ...]) -> bool:
    """Left of (or on) every side of an anticlockwise convex outline."""
    for k, a in enumerate(outline):
        b = outline[(k + 1) % len(outline)]
        if (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (
            point.x - a.x
        ) < -1e-6:  # a millionth of a mm
            return False
    return True


def test_a_d10s_label_is_a_kite_holding_the_largest_square() -> None:
    """The d10's kite, long sides 16 mm meeting at 36° at the top, three corners of 108°:
    the short sides are 16 / φ² = 6.111 mm; tip to tip 16·cos 18° + 6.111·cos 54° = 18.809 mm,
    across 2·16·sin 18° = 9.889 mm. Its circle touching every side has r = area / half the
    perimeter = (18.809 · 9.889 / 2) / 22.111 = 4.206 mm; moving every side 1 mm in scales
    the kite by (4.206 - 1) / 4.206, to 14.337 mm tip to tip. A square centred on the axis,
    its bottom corners on the short sides (they open at 54° from the axis) and its top ones
    on the long sides (18°): s/(2·tan 54°) + s + s/(2·tan 18°) = 14.337, so s = 4.940 mm."""
    short = 16 / ((1 + math.sqrt(5)) / 2) ** 2
    height = 16 * COS18 + short * math.cos(math.radians(54))
    width = 2 * 16 * SIN18
    radius = (height * width / 2) / (16 + short)
    inner = height * (radius - 1) / radius
    side = inner / (1 + 1 / (2 * TAN18) + 1 / (2 * TAN54))
    assert (round(height, 3), round(width, 3), round(inner, 3), round(side, 3)) == (
        18.809,
        9.889,
        14.337,
        4.94,
    )
    outline = label_outline(16, 10)
    assert len(outline) == 4
    assert sorted(round(a, 3) for a in corner_angles(outline)) == [36, 108, 108, 108]
    assert max(p.y for p in outline) - min(p.y for p in outline) == pytest.approx(inner)
    assert max(p.x for p in outline) - min(p.x for p in outline) == pytest.approx(
        width * (radius - 1) / radius
    )
    assert label_side(16, 10) == pytest.approx(side, abs=1e-6)
    square = label_square(16, 10)
    for corner in (
        Point(square.left, square.bottom),
        Point(square.right, square.bottom),
        Point(square.right, square.top),
        Point(square.left, square.top),
    ):
        assert inside(corner, outline), corner


@pytest.mark.parametrize("faces", [4, 8, 20])
def test_a_triangle_dies_label_is_the_face_a_millimetre_in(faces: int) -> None:
    """An equilateral triangle of 16 mm, each side 1 mm in: side 16 - 2√3 = 12.536 mm, the
    square standing on its base 12.536·√3 / (2 + √3) = 5.818 mm."""
    outline = label_outline(16, faces)
    assert corner_angles(outline) == pytest.approx([60, 60, 60])
    assert outline[1].x - outline[0].x == pytest.approx(16 - 2 * math.sqrt(3))
    square = label_square(16, faces)
    assert square.width == pytest.approx(5.818, abs=0.001) and square.bottom == pytest.approx(0)
    assert all(
        inside(p, outline)
        for p in (Point(square.left, square.top), Point(square.right, square.top))
    )


def test_a_d6s_label_is_its_square_as_before() -> None:
    outline = label_outline(16, 6)
    assert {(p.x, p.y) for p in outline} == {(0, 0), (14, 0), (14, 14), (0, 14)}
    assert label_side(16, 6) == 14 and label_side(16, 12) == 14


def test_a_d10s_labels_are_laid_out_apart_with_their_squares_inside() -> None:
    block = label_pages([DieKind("Ten", 2, 10)], 16, PAPER_SIZES["a4"])[0].blocks[0]
    assert len(block.outlines) == len(block.labels) == 10
    for square, outline in zip(block.labels, block.outlines, strict=True):
        assert inside(Point(square.left, square.bottom), outline)
        assert inside(Point(square.right, square.top), outline)
    tops = sorted({round(max(p.y for p in o), 6) for o in block.outlines}, reverse=True)
    assert len(tops) == 4  # three a row: 3, 3, 3, 1
    assert tops[0] - tops[1] == pytest.approx(14.337, abs=0.001)  # butted tip to tip
