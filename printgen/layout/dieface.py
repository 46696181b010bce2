"""A die's face as a label for a blank die: the face's outline, the label (the face less
`LABEL_INSET_MM` each side, for the die's rounded edges) and the largest upright square inside
the label, where the face's drawing goes. Millimetres, origin at the face's bottom-left, y up.

A d6's face is a square of the die's edge; a d4's, d8's or d20's an equilateral triangle of
that edge, standing on its base; a d10's a kite, the face of the usual ten-sided die (the dual
of the pentagonal antiprism): its two long sides are the die's edge and meet at the top in 36°,
its other three corners are 108° and its short sides the edge / φ² (a 16 mm d10: a kite 18.8 mm
tip to tip and 9.9 mm across). Other dice (a d12) keep the square label of the d6.

A kite, like every triangle, has a circle touching all its sides, so the label (each side moved
in by the inset) is the face scaled about that circle's centre by (r - inset) / r.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from printgen.layout.geometry import Point, Rect

LABEL_INSET_MM = 1.0
"""How much smaller than the die's face a label is on each side."""
TRIANGLE_FACES = (4, 8, 20)
"""Dice whose faces are equilateral triangles, their side the die's edge."""
KITE_FACES = 10
GOLDEN = (1 + math.sqrt(5)) / 2

Polygon = tuple[Point, ...]


def face_outline(edge: float, faces: int) -> Polygon:
    """The face of a die of `faces` faces and edge `edge`, anticlockwise from the bottom-left
    (a kite's from its bottom tip)."""
    if faces in TRIANGLE_FACES:
        return (Point(0, 0), Point(edge, 0), Point(edge / 2, edge * math.sqrt(3) / 2))
    if faces == KITE_FACES:
        short = edge / GOLDEN**2
        half = edge * math.sin(math.radians(18))
        sides = short * math.cos(math.radians(54))  # the side corners above the bottom tip
        top = sides + edge * math.cos(math.radians(18))
        return (Point(half, 0), Point(2 * half, sides), Point(half, top), Point(0, sides))
    return (Point(0, 0), Point(edge, 0), Point(edge, edge), Point(0, edge))


def label_outline(edge: float, faces: int) -> Polygon:
    """The label: the face with every side moved `LABEL_INSET_MM` in, its bounding box's
    bottom-left at the origin."""
    face = face_outline(edge, faces)
    centre, radius = incircle(face)
    scale = (radius - LABEL_INSET_MM) / radius
    inner = [
        Point(centre.x + (p.x - centre.x) * scale, centre.y + (p.y - centre.y) * scale)
        for p in face
    ]
    left, bottom = min(p.x for p in inner), min(p.y for p in inner)
    return tuple(Point(p.x - left, p.y - bottom) for p in inner)


def square_face(faces: int) -> bool:
    """Whether a die of `faces` faces gets square labels (a d6, and the dice not shaped here)."""
    return faces not in TRIANGLE_FACES and faces != KITE_FACES


def label_square(edge: float, faces: int = 6) -> Rect:
    """Where a face's drawing goes on its label (from the label's bottom-left): the whole
    label for a square face (the edge less the inset each side), else the largest upright
    square inside the label (5.82 mm on a 16 mm d8's triangle, 4.94 mm on a 16 mm d10's
    kite)."""
    if not square_face(faces):
        return upright_square(label_outline(edge, faces))
    side = edge - 2 * LABEL_INSET_MM
    return Rect(0, 0, side, side)


def label_side(edge: float, faces: int = 6) -> float:
    """The side of `label_square`."""
    return label_square(edge, faces).width


def incircle(polygon: Sequence[Point]) -> tuple[Point, float]:
    """The centre and radius of the circle touching every side of a tangential polygon
    symmetric about a vertical axis (a square, a triangle on its base, a kite on its tip):
    r = 2·area / perimeter, the centre on the axis at r from a side not vertical."""
    radius = 2 * abs(_area(polygon)) / sum(_length(a, b) for a, b in _sides(polygon))
    xs = [p.x for p in polygon]
    middle = (min(xs) + max(xs)) / 2
    a, b = next((a, b) for a, b in _sides(polygon) if b.x != a.x)
    # anticlockwise, so inside is left of a->b: (b - a) x (C - a) / |b - a| = r, solved for y
    dx, dy = b.x - a.x, b.y - a.y
    y = a.y + (radius * _length(a, b) + dy * (middle - a.x)) / dx
    return Point(middle, y), radius


def upright_square(polygon: Sequence[Point]) -> Rect:
    """The largest square with upright sides inside a convex polygon symmetric about a
    vertical axis, centred on that axis (found by halving: a millionth of a millimetre)."""
    xs, ys = [p.x for p in polygon], [p.y for p in polygon]
    middle = (min(xs) + max(xs)) / 2
    low, high = 0.0, min(max(xs) - min(xs), max(ys) - min(ys))
    best_bottom = min(ys)
    for _ in range(60):
        side = (low + high) / 2
        bottom = _lowest_fit(polygon, side, min(ys), max(ys) - side)
        if bottom is None:
            high = side
        else:
            low, best_bottom = side, bottom
    return Rect(middle - low / 2, best_bottom, middle + low / 2, best_bottom + low)


def _lowest_fit(polygon: Sequence[Point], side: float, low: float, high: float) -> float | None:
    """Where a square of `side` fits, its bottom between `low` and `high`: the polygon's
    width at the square's bottom and top, the smaller of the two, is highest (a concave
    function of the bottom) where the search ends; None when it is too narrow there."""
    if high < low:
        return None

    def room(bottom: float) -> float:
        return min(_width_at(polygon, bottom), _width_at(polygon, bottom + side))

    for _ in range(80):
        third = (high - low) / 3
        if room(low + third) < room(high - third):
            low += third
        else:
            high -= third
    return low if room(low) >= side - 1e-9 else None


def _width_at(polygon: Sequence[Point], y: float) -> float:
    """How wide a convex polygon is at height `y` (0 outside it)."""
    found = []
    for a, b in _sides(polygon):
        if min(a.y, b.y) <= y <= max(a.y, b.y) and a.y != b.y:
            found.append(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y))
    return max(found) - min(found) if found else 0.0


def _sides(polygon: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(polygon[k], polygon[(k + 1) % len(polygon)]) for k in range(len(polygon))]


def _length(a: Point, b: Point) -> float:
    return math.hypot(b.x - a.x, b.y - a.y)


def _area(polygon: Sequence[Point]) -> float:
    return sum(a.x * b.y - b.x * a.y for a, b in _sides(polygon)) / 2
