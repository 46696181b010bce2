"""Bitmaps of pieces: each face at 300 dpi with its bleed, cut to its outline (white beyond it),
for a print shop or a look; and at its trim for Tabletop Simulator's custom tiles and tokens.

PNGs are RGB with no time or text chunks, so the same input gives the same bytes; the print
PNGs carry their resolution (pHYs).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from printgen.layout.geometry import Point
from printgen.layout.shapes import Shape
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.draw.outlines import outline_path
from printgen.render.faces.face import RECORD_BLEED_MM

if TYPE_CHECKING:
    from printgen.render.draw import vector


def piece_png(drawing: vector.Recorded, shape: Shape, bleed_mm: float, dpi: int) -> bytes:
    """A piece's face with `bleed_mm` of bleed round its outline, at `dpi`: the bounding box of
    the grown outline (a flat-top hexagon's flats `bleed_mm` out, its corners further), white
    outside it."""
    return _png(drawing, shape, bleed_mm, dpi, True)


def trimmed_png(drawing: vector.Recorded, shape: Shape, dpi: int, at_least: bool = False) -> bytes:
    """A piece's face at its trim (its bounding box), white outside its outline: what TTS
    stretches over a custom tile of the piece's shape. `at_least`: whole pixels rounded up,
    so that placed at the trim's size the picture has `dpi` or more (a print shop's
    preflight refuses 299.4 dpi where 300 is asked for)."""
    return _png(drawing, shape, 0.0, dpi, False, at_least)


def _png(
    drawing: vector.Recorded,
    shape: Shape,
    bleed: float,
    dpi: int,
    phys: bool,
    at_least: bool = False,
) -> bytes:
    from printgen.render.draw import png, vector  # cairo and Pillow: only when PNGs are drawn
    from printgen.render.draw.raster import (
        draw_bitmap,  # cairo, Pillow, pypdfium2: only when PNGs are drawn
    )

    grown = shape.outline(Point(0.0, 0.0), bleed).bounds  # the bleed's own box
    width_mm, height_mm = grown.width, grown.height
    pixels = _whole_up if at_least else round
    size = (pixels(width_mm / 25.4 * dpi), pixels(height_mm / 25.4 * dpi))
    pad = shape.reach(RECORD_BLEED_MM)  # the drawing's bleed round its trim
    left = (width_mm - shape.width) / 2 - pad
    top = (height_mm - shape.height) / 2 - pad

    def draw(context: CairoContext) -> None:
        context.scale(size[0] / width_mm, size[1] / height_mm)
        outline_path(context, shape.outline(Point(width_mm / 2, height_mm / 2), bleed))
        context.clip()
        vector.paint(context, drawing, left, top)

    return png.encode(draw_bitmap(*size, draw), dpi if phys else None)


def _whole_up(pixels: float) -> int:
    """`pixels` rounded up to a whole pixel (a float's last bit of error aside)."""
    return math.ceil(pixels - 1e-6)
