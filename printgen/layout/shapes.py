"""The outline of a piece of any shape: a rectangle (a card), a rounded rectangle, a circle
(a token) or a regular hexagon (a tile), in millimetres, origin at the bottom-left as in PDF.

A `Shape` is what game.yaml says of a deck (`shape:`, `size:`, `corner_up:`); an `Outline` is
one piece's outline somewhere on a page or a face: its trim (where it is cut), its bleed (the
trim grown outwards, following the outline) or its safe zone (the trim shrunk inwards). Every
outline here is convex, so a rectangle lies inside one exactly when its four corners do.

A hexagon's size is its width across the flats `f`; its sides are `f / sqrt(3)` long and its
width across the corners `2 f / sqrt(3)`. A flat-top hexagon (the default) is `2 f / sqrt(3)`
wide and `f` high; one with `corner_up` is `f` wide and `2 f / sqrt(3)` high. A hexagon grows
by moving each side out along its normal, so its bleed is a larger hexagon with the same
corners' directions, and a side with no bleed (butted against a neighbour) stays where it is
(`Outline.hexagon`'s `grow` per side).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.layout.geometry import EPS, Point, Rect, Segment

SHAPES = ("rect", "rounded", "circle", "hex")
"""The shapes a deck may take (game.yaml `shape:`); `rect` is a card."""
SQRT3 = math.sqrt(3.0)
ORIGIN = Point(0.0, 0.0)
ROUNDED_RADIUS_MM = 25.4 / 8
"""A rounded rectangle's corner radius: 1/8 in, a poker card's die-cut corner."""


@dataclass(frozen=True)
class Shape:
    """A deck's pieces: their shape and their trim's bounding box (`width` x `height`)."""

    kind: str
    width: float
    height: float
    corner_up: bool = False
    radius: float = 0.0
    """A rounded rectangle's corner radius (0 for the other shapes)."""

    @staticmethod
    def rect(width: float, height: float) -> Shape:
        return Shape("rect", width, height)

    @staticmethod
    def rounded(width: float, height: float, radius: float = ROUNDED_RADIUS_MM) -> Shape:
        return Shape("rounded", width, height, radius=min(radius, width / 2, height / 2))

    @staticmethod
    def circle(diameter: float) -> Shape:
        return Shape("circle", diameter, diameter)

    @staticmethod
    def hexagon(flats: float, corner_up: bool = False) -> Shape:
        corners = 2 * flats / SQRT3
        width, height = (flats, corners) if corner_up else (corners, flats)
        return Shape("hex", width, height, corner_up=corner_up)

    @property
    def across(self) -> float:
        """A hexagon's width across its flats, a circle's diameter, a rectangle's short side."""
        return min(self.width, self.height)

    @property
    def side(self) -> float:
        """A hexagon's side (`across / sqrt(3)`); a rectangle's long side."""
        return self.across / SQRT3 if self.kind == "hex" else max(self.width, self.height)

    def reach(self, grow: float) -> float:
        """How far past the trim's bounding box the outline grown by `grow` reaches: `grow`,
        but for a hexagon, whose corners move out `2 / sqrt(3)` times as far as its sides."""
        return grow * 2 / SQRT3 if self.kind == "hex" else grow

    def outline(self, center: Point, grow: float | Sequence[float] = 0.0) -> Outline:
        """The piece's outline centred on `center`, grown outwards by `grow` (negative:
        shrunk; for a hexagon, one amount a side in `Outline.hexagon`'s order)."""
        if self.kind == "hex":
            return Outline.hexagon(center, self.across, self.corner_up, grow)
        amount = _one(grow)
        if self.kind == "circle":
            return Outline.circle(center, self.width / 2 + amount)
        box = Rect(
            center.x - self.width / 2,
            center.y - self.height / 2,
            center.x + self.width / 2,
            center.y + self.height / 2,
        ).outset(amount)
        if self.kind == "rounded":
            return Outline.rounded(box, max(0.0, self.radius + amount))
        return Outline.rectangle(box)

    def safe(self, center: Point, inset: float) -> Outline:
        """Where text and icons stay: the outline `inset` mm inside the trim."""
        return self.outline(center, -inset)

    def __str__(self) -> str:
        if self.kind == "circle":
            return f"{self.width:g} mm circle"
        if self.kind == "hex":
            top = "corner-up" if self.corner_up else "flat-top"
            return f"{self.across:g} mm {top} hexagon"
        kind = "rounded rectangle" if self.kind == "rounded" else "rectangle"
        return f"{self.width:g} x {self.height:g} mm {kind}"


def _one(grow: float | Sequence[float]) -> float:
    if isinstance(grow, (int, float)):
        return float(grow)
    values = set(grow)
    if len(values) != 1:
        raise ValueError("only a hexagon grows by a different amount on each side")
    return float(values.pop())


def hex_normals(corner_up: bool) -> tuple[float, ...]:
    """The directions (radians, anticlockwise from +x) of a hexagon's sides' outward
    normals, in order round the hexagon: a flat-top one's start at 30 degrees (its top side's
    is 90), a corner-up one's at 0 (its right side's)."""
    start = 0.0 if corner_up else 30.0
    return tuple(math.radians(start + 60.0 * i) for i in range(6))


@dataclass(frozen=True)
class Outline:
    """A closed convex outline: a polygon (`points` anticlockwise), a circle (`center`,
    `radius`) or a rounded rectangle (`box`, `radius`)."""

    kind: str  # polygon | circle | rounded
    points: tuple[Point, ...] = ()
    center: Point = ORIGIN
    radius: float = 0.0
    box: Rect | None = None

    @staticmethod
    def polygon(points: Sequence[Point]) -> Outline:
        xs = [p.x for p in points]
        ys = [p.y for p in points]
        middle = Point(sum(xs) / len(xs), sum(ys) / len(ys))
        return Outline("polygon", tuple(points), middle)

    @staticmethod
    def rectangle(box: Rect) -> Outline:
        corners = (
            Point(box.left, box.bottom),
            Point(box.right, box.bottom),
            Point(box.right, box.top),
            Point(box.left, box.top),
        )
        return Outline("polygon", corners, box.center, box=box)

    @staticmethod
    def rounded(box: Rect, radius: float) -> Outline:
        if radius <= EPS:
            return Outline.rectangle(box)
        return Outline("rounded", (), box.center, min(radius, box.width / 2, box.height / 2), box)

    @staticmethod
    def circle(center: Point, radius: float) -> Outline:
        if radius <= 0:
            raise ValueError(f"a circle needs a radius over 0 mm, got {radius:g}")
        return Outline("circle", (), center, radius)

    @staticmethod
    def hexagon(
        center: Point, flats: float, corner_up: bool, grow: float | Sequence[float] = 0.0
    ) -> Outline:
        """A hexagon `flats` across, each side moved out by its `grow` (one number for every
        side, or six in the order of `hex_normals`): a regular hexagon when they are equal."""
        amounts = [float(grow)] * 6 if isinstance(grow, (int, float)) else [float(g) for g in grow]
        if len(amounts) != 6:
            raise ValueError(f"a hexagon has six sides, got {len(amounts)} amounts")
        normals = hex_normals(corner_up)
        distances = [flats / 2 + amount for amount in amounts]
        if min(distances) <= 0:
            raise ValueError(f"a {flats:g} mm hexagon cannot shrink by {-min(amounts):g} mm")
        points = []
        for i in range(6):  # each corner: where side i meets side i + 1
            j = (i + 1) % 6
            points.append(_meet(normals[i], distances[i], normals[j], distances[j], center))
        return Outline("polygon", tuple(points), center)

    @property
    def bounds(self) -> Rect:
        if self.kind == "circle":
            c, r = self.center, self.radius
            return Rect(c.x - r, c.y - r, c.x + r, c.y + r)
        if self.kind == "rounded":
            assert self.box is not None
            return self.box
        return Rect(
            min(p.x for p in self.points),
            min(p.y for p in self.points),
            max(p.x for p in self.points),
            max(p.y for p in self.points),
        )

    @property
    def sides(self) -> tuple[Segment, ...]:
        """A polygon's sides, each from a corner to the next anticlockwise (none for a
        circle; a rounded rectangle's four straight sides)."""
        if self.kind == "polygon":
            ring = [*self.points, self.points[0]]
            return tuple(Segment(a.x, a.y, b.x, b.y) for a, b in itertools.pairwise(ring))
        if self.kind == "rounded":
            assert self.box is not None
            b, r = self.box, self.radius
            return (
                Segment(b.left + r, b.bottom, b.right - r, b.bottom),
                Segment(b.right, b.bottom + r, b.right, b.top - r),
                Segment(b.right - r, b.top, b.left + r, b.top),
                Segment(b.left, b.top - r, b.left, b.bottom + r),
            )
        return ()

    @property
    def perimeter(self) -> float:
        if self.kind == "circle":
            return 2 * math.pi * self.radius
        straight = sum(side.length for side in self.sides)
        return straight + (2 * math.pi * self.radius if self.kind == "rounded" else 0.0)

    def contains(self, point: Point, tolerance: float = EPS) -> bool:
        """Whether `point` is inside the outline or within `tolerance` of it."""
        if self.kind == "circle":
            distance = math.hypot(point.x - self.center.x, point.y - self.center.y)
            return distance <= self.radius + tolerance
        if self.kind == "rounded":
            assert self.box is not None
            b, r = self.box, self.radius
            if not b.contains_point(point, tolerance):
                return False
            nearest = Point(
                min(max(point.x, b.left + r), b.right - r),
                min(max(point.y, b.bottom + r), b.top - r),
            )
            return math.hypot(point.x - nearest.x, point.y - nearest.y) <= r + tolerance
        for side in self.sides:  # anticlockwise: inside is to the left of every side
            cross = (side.x2 - side.x1) * (point.y - side.y1) - (side.y2 - side.y1) * (
                point.x - side.x1
            )
            if cross < -tolerance * side.length:
                return False
        return True

    def contains_rect(self, rect: Rect, tolerance: float = EPS) -> bool:
        """Whether `rect` lies inside (convex: its four corners do)."""
        corners = (
            Point(rect.left, rect.bottom),
            Point(rect.right, rect.bottom),
            Point(rect.right, rect.top),
            Point(rect.left, rect.top),
        )
        return all(self.contains(corner, tolerance) for corner in corners)

    def translated(self, dx: float, dy: float) -> Outline:
        points = tuple(Point(p.x + dx, p.y + dy) for p in self.points)
        box = self.box.translated(dx, dy) if self.box is not None else None
        center = Point(self.center.x + dx, self.center.y + dy)
        return Outline(self.kind, points, center, self.radius, box)

    def mirrored(self, page_width: float) -> Outline:
        """Mirrored about the vertical centre line of a page `page_width` wide (a polygon's
        corners reversed, so that they still run anticlockwise)."""
        points = tuple(Point(page_width - p.x, p.y) for p in reversed(self.points))
        box = self.box.mirrored(page_width) if self.box is not None else None
        center = Point(page_width - self.center.x, self.center.y)
        return Outline(self.kind, points, center, self.radius, box)

    def flipped(self, height: float) -> Outline:
        """Turned upside down in a frame `height` high (y -> height - y): the outline as a
        y-down drawing (SVG, a face) places it. Its corners then run clockwise."""
        points = tuple(Point(p.x, height - p.y) for p in self.points)
        b = self.box
        box = Rect(b.left, height - b.top, b.right, height - b.bottom) if b is not None else None
        center = Point(self.center.x, height - self.center.y)
        return Outline(self.kind, points, center, self.radius, box)

    def svg_path(self) -> str:
        """The outline as an SVG path's `d`, in the outline's own numbers (mm): for a y-down
        drawing, so a rounded rectangle's corners are turned with SVG's sweep (`flipped`
        first when the outline is in page coordinates)."""
        if self.kind == "circle":
            c, r = self.center, self.radius
            return (
                f"M{_n(c.x - r)},{_n(c.y)} A{_n(r)},{_n(r)} 0 1,0 {_n(c.x + r)},{_n(c.y)} "
                f"A{_n(r)},{_n(r)} 0 1,0 {_n(c.x - r)},{_n(c.y)} Z"
            )
        if self.kind == "rounded":
            assert self.box is not None
            b, r = self.box, self.radius
            return (
                f"M{_n(b.left + r)},{_n(b.bottom)} H{_n(b.right - r)} "
                f"A{_n(r)},{_n(r)} 0 0,1 {_n(b.right)},{_n(b.bottom + r)} V{_n(b.top - r)} "
                f"A{_n(r)},{_n(r)} 0 0,1 {_n(b.right - r)},{_n(b.top)} H{_n(b.left + r)} "
                f"A{_n(r)},{_n(r)} 0 0,1 {_n(b.left)},{_n(b.top - r)} V{_n(b.bottom + r)} "
                f"A{_n(r)},{_n(r)} 0 0,1 {_n(b.left + r)},{_n(b.bottom)} Z"
            )
        first, *rest = self.points
        return (
            f"M{_n(first.x)},{_n(first.y)} "
            + " ".join(f"L{_n(p.x)},{_n(p.y)}" for p in rest)
            + " Z"
        )


def _meet(a: float, da: float, b: float, db: float, center: Point) -> Point:
    """Where the lines {p: n(a) . (p - center) = da} and {p: n(b) . (p - center) = db} cross."""
    ax, ay, bx, by = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
    det = ax * by - ay * bx
    x = (da * by - ay * db) / det
    y = (ax * db - da * bx) / det
    return Point(center.x + x, center.y + y)


def _n(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text
