"""Points, segments and rectangles in millimetres, origin at the bottom-left like PDF.

Shared by imposition, crop marks and tiling. Everything here is an immutable value; nothing
draws. Comparisons that decide whether something fits allow `EPS` of floating-point noise, so
that three 63.5 mm cards fit exactly in 190.5 mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.errors import PrintgenError

EPS = 1e-9


class LayoutError(PrintgenError, ValueError):
    """Something cannot be laid out on the paper asked for (card or overlap too large)."""


@dataclass(frozen=True)
class Point:
    x: float
    y: float


@dataclass(frozen=True)
class Segment:
    """A straight line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return math.hypot(self.x2 - self.x1, self.y2 - self.y1)

    @property
    def bounds(self) -> Rect:
        """The smallest rectangle holding the segment (flat for a horizontal or vertical one)."""
        return Rect(
            min(self.x1, self.x2),
            min(self.y1, self.y2),
            max(self.x1, self.x2),
            max(self.y1, self.y2),
        )


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle given by its edges, as a PDF box is: [left bottom right top].

    Storing edges rather than a width keeps shared cut lines exactly equal: two cards that
    butt against each other get their common edge from the same number.
    """

    left: float
    bottom: float
    right: float
    top: float

    def __post_init__(self) -> None:
        if self.right < self.left - EPS or self.top < self.bottom - EPS:
            raise ValueError(f"a rectangle needs left <= right and bottom <= top, got {self}")

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.top - self.bottom

    @property
    def center(self) -> Point:
        return Point((self.left + self.right) / 2, (self.bottom + self.top) / 2)

    def outset(self, amount: float) -> Rect:
        """Grown by `amount` on every side (negative shrinks)."""
        return self.grown(amount, amount, amount, amount)

    def grown(
        self, left: float = 0.0, bottom: float = 0.0, right: float = 0.0, top: float = 0.0
    ) -> Rect:
        """Grown by a different amount on each side."""
        return Rect(self.left - left, self.bottom - bottom, self.right + right, self.top + top)

    def contains(self, other: Rect, tolerance: float = EPS) -> bool:
        return (
            other.left >= self.left - tolerance
            and other.bottom >= self.bottom - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def contains_point(self, point: Point, tolerance: float = EPS) -> bool:
        return (
            self.left - tolerance <= point.x <= self.right + tolerance
            and self.bottom - tolerance <= point.y <= self.top + tolerance
        )

    def overlaps(self, other: Rect, tolerance: float = EPS) -> bool:
        """True when the two share some area; touching edges do not count."""
        return (
            self.left < other.right - tolerance
            and other.left < self.right - tolerance
            and self.bottom < other.top - tolerance
            and other.bottom < self.top - tolerance
        )

    def touches(self, other: Rect) -> bool:
        """True when the two share at least a point (edges included)."""
        return (
            self.left <= other.right
            and other.left <= self.right
            and self.bottom <= other.top
            and other.bottom <= self.top
        )

    def intersection(self, other: Rect) -> Rect | None:
        """The common part (possibly flat, when only edges meet), or None."""
        if not self.touches(other):
            return None
        return Rect(
            max(self.left, other.left),
            max(self.bottom, other.bottom),
            min(self.right, other.right),
            min(self.top, other.top),
        )

    def mirrored(self, page_width: float) -> Rect:
        """Mirrored about the vertical centre line of a page `page_width` wide."""
        return Rect(page_width - self.right, self.bottom, page_width - self.left, self.top)

    def translated(self, dx: float, dy: float) -> Rect:
        return Rect(self.left + dx, self.bottom + dy, self.right + dx, self.top + dy)

    @staticmethod
    def union(rects: list[Rect] | tuple[Rect, ...]) -> Rect:
        return Rect(
            min(r.left for r in rects),
            min(r.bottom for r in rects),
            max(r.right for r in rects),
            max(r.top for r in rects),
        )


def convex_overlap(a: tuple[Point, ...], b: tuple[Point, ...], slack: float = EPS) -> bool:
    """Whether two convex polygons (corners in order, either way round) overlap by more than
    `slack` across every direction their sides face: the separating axis test. Two cells
    that share a side, or meet within `slack`, do not overlap."""
    for poly in (a, b):
        for i, p in enumerate(poly):
            q = poly[(i + 1) % len(poly)]
            nx, ny = q.y - p.y, p.x - q.x
            norm = math.hypot(nx, ny)
            if norm < EPS:
                continue
            nx, ny = nx / norm, ny / norm
            on_a = [c.x * nx + c.y * ny for c in a]
            on_b = [c.x * nx + c.y * ny for c in b]
            if min(max(on_a), max(on_b)) - max(min(on_a), min(on_b)) <= slack:
                return False
    return True
