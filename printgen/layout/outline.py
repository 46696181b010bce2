"""A painted path's outline as a polygon: whether a box lies wholly inside a filled shape.

PDF/X-1a flattening paints a translucent shape in one blended colour only where the shape lies
over one flat colour: inside the last filled shape under it. That shape is often a rectangle,
but as often a rounded panel or an ellipse (cairo writes both with Bézier curves): its
outline is made a polygon (each curve cut into short chords), and a box is inside it when the
shape is convex and the box's four corners are inside. Anything else (holes, several pieces,
a concave outline) answers no, which only costs a rasterised patch, never a wrong colour.
"""

from __future__ import annotations

Point = tuple[float, float]
Box = tuple[float, float, float, float]
CHORDS = 8
"""Chords per Bézier curve: a quarter ellipse of 40 mm strays under 0.05 mm from them."""


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, chords: int = CHORDS) -> list[Point]:
    """The curve's points after `p0`, up to and with `p3`."""
    points = []
    for step in range(1, chords + 1):
        t = step / chords
        u = 1 - t
        points.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return points


def convex(polygon: list[Point]) -> bool:
    """Every turn along the outline goes the same way (straight runs allowed)."""
    points = _distinct(polygon)
    if len(points) < 3:
        return False
    sign = 0
    for i, (ax, ay) in enumerate(points):
        bx, by = points[(i + 1) % len(points)]
        cx, cy = points[(i + 2) % len(points)]
        turn = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if abs(turn) < 1e-9:
            continue
        if sign == 0:
            sign = 1 if turn > 0 else -1
        elif (turn > 0) != (sign > 0):
            return False
    return sign != 0


def inside(polygon: list[Point], point: Point) -> bool:
    """`point` inside the polygon (even-odd; on its edge counts as outside)."""
    x, y = point
    result = False
    for i, (ax, ay) in enumerate(polygon):
        bx, by = polygon[i - 1]
        if (ay > y) != (by > y):
            crossing = ax + (y - ay) * (bx - ax) / (by - ay)
            if x < crossing:
                result = not result
    return result


def box_inside(polygon: list[Point], box: Box) -> bool:
    """The whole of `box` inside the convex `polygon` (False for a polygon not convex)."""
    if not convex(polygon):
        return False
    x0, y0, x1, y1 = box
    return all(inside(polygon, corner) for corner in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))


def _distinct(polygon: list[Point]) -> list[Point]:
    """The points without repeats (a closing point on the first, a zero-length step)."""
    points: list[Point] = []
    for point in polygon:
        if not points or abs(point[0] - points[-1][0]) + abs(point[1] - points[-1][1]) > 1e-9:
            points.append(point)
    while (
        len(points) > 1
        and abs(points[0][0] - points[-1][0]) + abs(points[0][1] - points[-1][1]) <= 1e-9
    ):
        points.pop()
    return points
