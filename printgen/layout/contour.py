"""Cut contours: a piece's outline as a closed path of lines and quarter arcs, and that path
written for cutting machines' software as SVG and DXF (issue 33).

An outline is made by its shape's function (a card's rounded rectangle here; a circle and a
hexagon beside it, so a deck of another shape gets its contour from its outline the same way)
and written by one writer per format, so a new shape needs no new writer.

Millimetres, origin bottom-left (y up), as the layout; the SVG writer turns y down.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.layout import shapes
from printgen.layout.geometry import Point, Rect
from printgen.layout.sizes import Size


@dataclass(frozen=True)
class Line:
    end: Point


@dataclass(frozen=True)
class Arc:
    """A circular arc to `end`, of `radius`, turning counter-clockwise (y up) when `ccw`."""

    end: Point
    radius: float
    ccw: bool = True


@dataclass(frozen=True)
class Outline:
    """A closed path: from `start`, each step in turn, back to `start`."""

    start: Point
    steps: tuple[Line | Arc, ...]


def rounded_rect(rect: Rect, radius: float) -> Outline:
    """`rect` with each corner rounded to `radius` (at most half its shorter side),
    counter-clockwise from the bottom edge's left end."""
    r = max(0.0, min(radius, (rect.right - rect.left) / 2, (rect.top - rect.bottom) / 2))
    left, bottom, right, top = rect.left, rect.bottom, rect.right, rect.top
    if r == 0:
        corners = (Point(right, bottom), Point(right, top), Point(left, top))
        return Outline(Point(left, bottom), tuple(Line(c) for c in corners))
    steps: list[Line | Arc] = [
        Line(Point(right - r, bottom)),
        Arc(Point(right, bottom + r), r),
        Line(Point(right, top - r)),
        Arc(Point(right - r, top), r),
        Line(Point(left + r, top)),
        Arc(Point(left, top - r), r),
        Line(Point(left, bottom + r)),
        Arc(Point(left + r, bottom), r),
    ]
    return Outline(Point(left + r, bottom), tuple(steps))


def circle(centre: Point, radius: float) -> Outline:
    """A circle as four quarter arcs, from its lowest point."""
    x, y, r = centre.x, centre.y, radius
    ends = (Point(x + r, y), Point(x, y + r), Point(x - r, y), Point(x, y - r))
    return Outline(Point(x, y - r), tuple(Arc(end, r) for end in ends))


def polygon(points: Sequence[Point]) -> Outline:
    """Straight sides through `points` in turn (a hexagon's six corners)."""
    return Outline(points[0], tuple(Line(p) for p in (*points[1:], points[0])))


def of_piece(outline: shapes.Outline) -> Outline:
    """A piece's trim (`printgen.layout.shapes.Outline`, as the packing places it) as a cut
    contour: a hexagon's corners, a circle's four arcs, a rounded rectangle's corners."""
    if outline.kind == "circle":
        return circle(outline.center, outline.radius)
    if outline.kind == "rounded":
        assert outline.box is not None
        return rounded_rect(outline.box, outline.radius)
    return polygon(outline.points)


def svg(page: Size, outlines: Sequence[Outline], title: str) -> bytes:
    """An SVG of `page` (mm) holding each outline as one closed path, a hairline in red (the
    colour cutting software takes as a cut line by default), y turned down."""
    h = page.height
    paths = "\n".join(
        f'  <path id="cut-{n}" d="{_svg_path(o, h)}"/>' for n, o in enumerate(outlines, start=1)
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(page.width)}mm" '
        f'height="{_n(h)}mm" viewBox="0 0 {_n(page.width)} {_n(h)}">\n'
        f"  <title>{_escape(title)}</title>\n"
        '  <g fill="none" stroke="#ff0000" stroke-width="0.1">\n'
        f"{paths}\n  </g>\n</svg>\n"
    )
    return text.encode("utf-8")


def _svg_path(outline: Outline, height: float) -> str:
    def at(p: Point) -> str:
        return f"{_n(p.x)} {_n(height - p.y)}"

    parts = [f"M {at(outline.start)}"]
    for step in outline.steps:
        if isinstance(step, Arc):
            # y turned down: a counter-clockwise arc (y up) runs the negative way, SVG's 0
            sweep = 0 if step.ccw else 1
            parts.append(f"A {_n(step.radius)} {_n(step.radius)} 0 0 {sweep} {at(step.end)}")
        else:
            parts.append(f"L {at(step.end)}")
    return " ".join([*parts, "Z"])


def dxf(outlines: Sequence[Outline]) -> bytes:
    """A DXF (R12, millimetres) with each outline as one closed POLYLINE on layer CUT, its
    arcs as bulges (the form every cutter's software reads)."""
    lines = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "0", "ENDSEC"]
    lines += ["0", "SECTION", "2", "ENTITIES"]
    for outline in outlines:
        lines += ["0", "POLYLINE", "8", "CUT", "66", "1", "70", "1"]
        points = [outline.start, *(step.end for step in outline.steps)][:-1]
        bulges = [_bulge(step) for step in outline.steps]
        for point, bulge in zip(points, bulges, strict=True):
            lines += ["0", "VERTEX", "8", "CUT", "10", _n(point.x), "20", _n(point.y)]
            if bulge:
                lines += ["42", f"{bulge:.8f}"]
        lines += ["0", "SEQEND", "8", "CUT"]
    lines += ["0", "ENDSEC", "0", "EOF"]
    return ("\n".join(lines) + "\n").encode("ascii")


def _bulge(step: Line | Arc) -> float:
    """DXF's bulge of the segment that `step` draws: tan(angle / 4), negative clockwise; a
    quarter arc's 0.414..."""
    if not isinstance(step, Arc):
        return 0.0
    value = math.tan(math.pi / 8)
    return value if step.ccw else -value


def _n(value: float) -> str:
    """A number as the files write it: at most 4 decimals, no trailing zeros, no -0."""
    text = f"{value + 0.0:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
