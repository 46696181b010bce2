"""A rectangle in drawing coordinates as SVG has them: millimetres, y pointing down."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.geometry import Rect


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, amount: float) -> Box:
        return Box(self.x + amount, self.y + amount, self.w - 2 * amount, self.h - 2 * amount)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def to_rect(self, height: float) -> Rect:
        """The same rectangle with the origin at the bottom-left of a drawing `height` high."""
        return Rect(self.x, height - self.bottom, self.right, height - self.y)

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.bottom <= self.bottom + tolerance
        )
