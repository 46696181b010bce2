"""An outline of a piece (`printgen.layout.shapes.Outline`) as a cairo path: to clip a piece's
drawing to its bleed, or to stroke its cut guide."""

from __future__ import annotations

import math

from printgen.layout.shapes import Outline
from printgen.render.draw.cairo_types import CairoContext


def outline_path(context: CairoContext, outline: Outline) -> None:
    """`outline`, given in the context's own coordinates, as the context's current path."""
    context.new_path()
    if outline.kind == "circle":
        context.arc(outline.center.x, outline.center.y, outline.radius, 0, 2 * math.pi)
    elif outline.kind == "rounded":
        assert outline.box is not None
        b, r = outline.box, outline.radius
        context.move_to(b.left + r, b.bottom)
        context.line_to(b.right - r, b.bottom)
        context.arc(b.right - r, b.bottom + r, r, -math.pi / 2, 0)
        context.line_to(b.right, b.top - r)
        context.arc(b.right - r, b.top - r, r, 0, math.pi / 2)
        context.line_to(b.left + r, b.top)
        context.arc(b.left + r, b.top - r, r, math.pi / 2, math.pi)
        context.line_to(b.left, b.bottom + r)
        context.arc(b.left + r, b.bottom + r, r, math.pi, 3 * math.pi / 2)
    else:
        first, *rest = outline.points
        context.move_to(first.x, first.y)
        for point in rest:
            context.line_to(point.x, point.y)
    context.close_path()
