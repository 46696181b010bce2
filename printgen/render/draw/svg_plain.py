"""Plain SVG text and rectangles drawn with the cairo calls cairosvg makes for them, less the
work that draws nothing: the same recording, so the same PDF and PNG bytes, in a fraction of
the time. A card of the shared design is two rectangles and two lines of text.

cairosvg draws a text element twice: first as glyph outlines added to the current path
(`text(..., draw_as_text=False)`, one `text_path` a letter), then as text (`show_text`, one a
letter); the path of the first pass is only ever stroked, and with no `stroke` it is stroked
with a clear colour, which cairo does not record. Around every element it also reads and
copies what a plain one does not have (transforms, masks, filters, clips, dashes, markers,
opacity groups, cursor copies for text). Here a `<text>` or `<rect>` none of whose attributes
(its own or inherited) asks for any of that is drawn with the calls that matter, in the same
order; any other element is left to cairosvg (`draw_plain` returns False). The root `<svg>` and
any `<g>` stay cairosvg's: their children come back here one by one.

tests/render/test_svg_plain.py draws faces of every bundled game both ways and compares the
recordings' PDF bytes and pixels.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import cairocffi as cairo
from cairocffi import cairo as lib
from cairocffi import ffi
from cairosvg.helpers import paint, size
from cairosvg.path import draw_markers
from cairosvg.shapes import rect
from cairosvg.surface import SHAPE_ANTIALIAS, TEXT_ANTIALIAS, TEXT_HINT_METRICS, TEXT_HINT_STYLE

PLAIN_TEXT = frozenset(
    {
        "x",
        "y",
        "font-family",
        "font-size",
        "font-weight",
        "font-style",
        "fill",
        "text-anchor",
        "text-rendering",
    }
)
"""The attributes (own or inherited) of a text element this module draws; any other sends the
element to cairosvg."""

PLAIN_RECT = frozenset(
    {
        "x",
        "y",
        "width",
        "height",
        "rx",
        "ry",
        "fill",
        "stroke",
        "stroke-width",
        "text-rendering",
        "font-family",
        "font-size",
        "font-weight",
        "font-style",
    }
)
"""The same for a rectangle (the font's, inherited from a group, draw nothing on it)."""

NUMBER = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)")


def is_plain(surface: Any, node: Any) -> bool:
    """A `<text>` of one run (no tspan) at one given x and y, filled with a colour, with
    nothing but `PLAIN` attributes, and no cursor left over from an earlier text."""
    return (
        node.tag == "text"
        and not node.children
        and all(key in PLAIN_TEXT for key in node)
        and _number(node.get("x"))
        and _number(node.get("y"))
        and "url(" not in node.get("fill", "")
        and surface.cursor_d_position == [0, 0]
    )


def _number(value: str | None) -> bool:
    """A plain decimal number (as the designs write them), read alike by `float` and by
    cairosvg's list parsing."""
    return value is not None and NUMBER.fullmatch(value) is not None


def is_plain_rect(node: Any) -> bool:
    """A `<rect>` with nothing but `PLAIN_RECT` attributes, filled and stroked with colours."""
    return (
        node.tag == "rect"
        and not node.children
        and all(key in PLAIN_RECT for key in node)
        and "url(" not in node.get("fill", "") + node.get("stroke", "")
    )


def draw_plain(surface: Any, node: Any) -> bool:
    """Draw `node` as cairosvg's `Surface.draw` would when it is a plain text or rectangle;
    False, and nothing drawn, when it is not."""
    if not surface.stroke_and_fill:  # a clip path's outline, or a marker's: cairosvg's
        return False
    if node.tag == "text":
        return draw_plain_text(surface, node)
    if node.tag == "rect":
        return draw_plain_rect(surface, node)
    return False


def draw_plain_rect(surface: Any, node: Any) -> bool:
    """A plain rectangle (`is_plain_rect`) as cairosvg draws it: its path, filled, stroked."""
    if not is_plain_rect(node):
        return False
    if ("width" in node and size(surface, node["width"]) == 0) or (
        "height" in node and size(surface, node["height"]) == 0
    ):
        return True  # cairosvg draws nothing of it
    with _drawn_as(surface, node) as context:
        context.move_to(size(surface, node.get("x"), "x"), size(surface, node.get("y"), "y"))
        context.set_miter_limit(4.0)
        rect(surface, node)
        _set_rendering(context, node)
        context.save()
        _, fill = paint(node.get("fill", "black"))
        context.set_source_rgba(*surface.map_color(fill, 1.0))
        context.fill_preserve()
        context.restore()
        context.save()
        context.set_line_width(size(surface, node.get("stroke-width", "1")))
        _, stroke = paint(node.get("stroke"))
        context.set_source_rgba(*surface.map_color(stroke, 1.0))
        context.stroke()
        context.restore()
        draw_markers(surface, node)
    return True


def draw_plain_text(surface: Any, node: Any) -> bool:
    """A plain text (`is_plain`) as cairosvg draws it, less its first pass."""
    if not is_plain(surface, node):
        return False
    with _drawn_as(surface, node) as context:
        x = size(surface, node.get("x"), "x")
        y = size(surface, node.get("y"), "y")
        context.move_to(x, y)
        context.set_miter_limit(4.0)
        _set_rendering(context, node)
        context.save()  # fill: the text itself
        _, fill = paint(node.get("fill", "black"))
        context.set_source_rgba(*surface.map_color(fill, 1.0))
        _show(surface, node, x, y)
        context.restore()
        context.save()  # stroke: none (the path holds only the letters' move_to)
        context.set_line_width(size(surface, node.get("stroke-width", "1")))
        context.set_source_rgba(*surface.map_color(None, 1.0))
        context.stroke()
        context.restore()
        surface.cursor_position = [0, 0]
        surface.cursor_d_position = [0, 0]
        surface.text_path_width = 0
    return True


@contextmanager
def _drawn_as(surface: Any, node: Any) -> Iterator[Any]:
    """The surface as cairosvg's `Surface.draw` sets it for `node` (its parent node, font size,
    a saved cairo state) and restores it after: the context to draw with."""
    context = surface.context
    old_parent, old_font_size = surface.parent_node, surface.font_size
    old_context_size = surface.context_width, surface.context_height
    surface.parent_node = node
    surface.font_size = size(surface, node.get("font-size", "12pt"))
    context.save()
    yield context
    context.restore()
    surface.parent_node, surface.font_size = old_parent, old_font_size
    surface.context_width, surface.context_height = old_context_size


def _set_rendering(context: Any, node: Any) -> None:
    rendering = node.get("text-rendering")
    context.set_antialias(SHAPE_ANTIALIAS.get(node.get("shape-rendering"), cairo.ANTIALIAS_DEFAULT))
    options = context.get_font_options()
    options.set_antialias(TEXT_ANTIALIAS.get(rendering, cairo.ANTIALIAS_DEFAULT))
    options.set_hint_style(TEXT_HINT_STYLE.get(rendering, cairo.HINT_STYLE_DEFAULT))
    options.set_hint_metrics(TEXT_HINT_METRICS.get(rendering, cairo.HINT_METRICS_DEFAULT))
    context.set_font_options(options)


def _show(surface: Any, node: Any, x: float, y: float) -> None:
    """cairosvg's `text(surface, node, draw_as_text=True)` for a plain node: each letter
    shown on its own at the advance of the ones before (the same floating-point sums)."""
    context = surface.context
    family = (node.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    slant = getattr(cairo, f"font_slant_{node.get('font-style')}".upper(), cairo.FONT_SLANT_NORMAL)
    weight_name = node.get("font-weight")
    if weight_name and weight_name.isdigit() and int(weight_name) >= 550:
        weight_name = "bold"
    weight = getattr(cairo, f"font_weight_{weight_name}".upper(), cairo.FONT_WEIGHT_NORMAL)
    context.select_font_face(family, slant, weight)
    context.set_font_size(surface.font_size)
    text = node.text
    if not text:
        return
    x_align = 0.0
    anchor = node.get("text-anchor")
    if anchor in ("middle", "end"):
        x_bearing, _, width = context.text_extents(text)[:3]
        x_align = -(width / 2 + x_bearing) if anchor == "middle" else -(width + x_bearing)
    pointer = context._pointer  # the letters go straight to cairo: one status check a text
    extents = ffi.new("cairo_text_extents_t *")
    cursor = x
    for index, letter in enumerate(text):
        encoded = letter.encode("utf-8")
        lib.cairo_text_extents(pointer, encoded, extents)
        at = x if index == 0 else cursor
        lib.cairo_move_to(pointer, at, y)  # cairosvg's save, rel_move_to(0, 0), rotate(0)
        if x_align:  # and restore around each letter change nothing recorded: left out
            lib.cairo_rel_move_to(pointer, x_align, 0)
        if not letter.isspace():
            lib.cairo_show_text(pointer, encoded)
        cursor = at + extents.x_advance
    status = lib.cairo_status(pointer)
    if status:
        raise cairo.CairoError(ffi.string(lib.cairo_status_to_string(status)).decode(), status)
