"""Affine matrices as PDF writes them (`a b c d e f`, row vectors): pure arithmetic shared by
the PDF rewriters and readers."""

from __future__ import annotations

import math

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """`m` applied first, then `n` (`m cm` on a CTM `n` gives m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)  # fmt: skip


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def inverse(m: Matrix) -> Matrix | None:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def scale_of(m: Matrix) -> float:
    """How much the matrix enlarges a length (the geometric mean of its axes' stretches)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def box_of(points: list[tuple[float, float]]) -> Box | None:
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def box_through(m: Matrix, box: Box) -> Box:
    """The bounding box of `box`'s corners through `m`."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
    found = box_of([apply(m, x, y) for x, y in corners])
    assert found is not None
    return found
