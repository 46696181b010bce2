"""Plain SVG text and rectangles drawn by printgen: texts shaped (HarfBuzz, through
printgen.render.draw.shaped_text), rectangles with the cairo calls cairosvg makes for them,
less the work that draws nothing (the same recording, in a fraction of the time). A card of
the shared design is two rectangles and a few lines of text.

A `<text>` of one run (no tspan) whose attributes (its own or inherited) are those card text
uses (`PLAIN_TEXT`: fonts, fill, a stroke for a synthesized bold, letter-spacing, a transform
for a synthesized oblique, opacity, OpenType features) is shaped and drawn glyph by glyph at
the advances it was measured with; cairosvg would draw it a character at a time with cairo's
toy text API (no kerning, ligatures or complex scripts). Around every element cairosvg also
reads and copies what a plain one does not have (masks, filters, clips, dashes, markers,
opacity groups, cursor copies for text). Any other element is left to cairosvg (`draw_plain`
returns False). The root `<svg>` and any `<g>` stay cairosvg's: their children come back here
one by one.

tests/render/test_svg_plain.py draws faces of every bundled game both ways and compares the
rectangles' recordings, and the texts' glyphs with HarfBuzz's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import cairocffi as cairo
from cairosvg.helpers import paint, size, transform
from cairosvg.path import draw_markers
from cairosvg.shapes import rect
from cairosvg.surface import SHAPE_ANTIALIAS, TEXT_ANTIALIAS, TEXT_HINT_METRICS, TEXT_HINT_STYLE

from printgen.render.draw import shaped_text
from printgen.render.draw.cairo_types import CairoContext, CairoSurface, SvgNode
from printgen.render.text.shaping import parse_features, shape
from printgen.render.text.textfit import Font

PLAIN_TEXT = frozenset(
    {
        "x",
        "y",
        "font-family",
        "font-size",
        "font-weight",
        "font-style",
        "font-feature-settings",
        "fill",
        "fill-opacity",
        "opacity",
        "stroke",
        "stroke-width",
        "stroke-linejoin",
        "letter-spacing",
        "transform",
        "text-anchor",
        "text-rendering",
        "lang",
        "{http://www.w3.org/XML/1998/namespace}lang",
    }
)
"""The attributes (own or inherited) of a text element this module draws, shaped; any other
sends the element to cairosvg."""

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


def is_plain(surface: CairoSurface, node: SvgNode) -> bool:
    """A `<text>` of one run (no tspan) at one given x and y, filled with a colour, with
    nothing but `PLAIN` attributes, and no cursor left over from an earlier text."""
    return (
        node.tag == "text"
        and not node.children
        and all(key in PLAIN_TEXT for key in node)
        and _number(node.get("x"))
        and _number(node.get("y"))
        and "url(" not in node.get("fill", "") + node.get("stroke", "")
        and surface.cursor_d_position == [0, 0]
    )


def _number(value: str | None) -> bool:
    """A plain decimal number (as the designs write them), read alike by `float` and by
    cairosvg's list parsing."""
    return value is not None and NUMBER.fullmatch(value) is not None


def is_plain_rect(node: SvgNode) -> bool:
    """A `<rect>` with nothing but `PLAIN_RECT` attributes, filled and stroked with colours."""
    return (
        node.tag == "rect"
        and not node.children
        and all(key in PLAIN_RECT for key in node)
        and "url(" not in node.get("fill", "") + node.get("stroke", "")
    )


def draw_plain(surface: CairoSurface, node: SvgNode) -> bool:
    """Draw `node` as cairosvg's `Surface.draw` would when it is a plain text or rectangle;
    False, and nothing drawn, when it is not."""
    if not surface.stroke_and_fill:  # a clip path's outline, or a marker's: cairosvg's
        return False
    if node.tag == "text":
        return draw_plain_text(surface, node)
    if node.tag == "rect":
        return draw_plain_rect(surface, node)
    return False


def draw_plain_rect(surface: CairoSurface, node: SvgNode) -> bool:
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


def draw_plain_text(surface: CairoSurface, node: SvgNode) -> bool:
    """A plain text (`is_plain`) shaped (printgen.render.draw.shaped_text): its glyphs
    filled, then, with a `stroke`, their outlines stroked (a synthesized bold)."""
    if not is_plain(surface, node):
        return False
    with _drawn_as(surface, node) as context:
        transform(surface, node.get("transform"))
        x = size(surface, node.get("x"), "x")
        y = size(surface, node.get("y"), "y")
        context.set_miter_limit(4.0)
        if node.get("stroke-linejoin") in JOINS:
            context.set_line_join(JOINS[node.get("stroke-linejoin")])
        _set_rendering(context, node)
        text = node.text or ""
        font = _font(node)
        spacing = size(surface, node.get("letter-spacing")) if "letter-spacing" in node else 0.0
        if text:
            x -= _anchored(node, text, font, surface.font_size, spacing)
        opacity = float(node.get("opacity", 1)) * float(node.get("fill-opacity", 1))
        _, fill = paint(node.get("fill", "black"))
        context.set_source_rgba(*surface.map_color(fill, opacity))
        if text:
            shaped_text.show(context, text, font, surface.font_size, x, y, spacing)
        _, stroke = paint(node.get("stroke"))
        if text and stroke not in (None, "none"):
            context.new_path()
            shaped_text.show(context, text, font, surface.font_size, x, y, spacing, True)
            context.set_line_width(size(surface, node.get("stroke-width", "1")))
            context.set_source_rgba(*surface.map_color(stroke, opacity))
            context.stroke()
        surface.cursor_position = [0, 0]
        surface.cursor_d_position = [0, 0]
        surface.text_path_width = 0
    return True


JOINS = {"round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}


def _font(node: SvgNode) -> Font:
    """The font a text element asks for, as cairosvg reads it (its first family; bold from
    550 up), with its OpenType features."""
    family = (node.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    weight = node.get("font-weight") or "normal"
    bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 550)
    italic = node.get("font-style") in ("italic", "oblique")
    return Font(family, bold, italic, parse_features(node.get("font-feature-settings")))


def _anchored(node: SvgNode, text: str, font: Font, font_size: float, spacing: float) -> float:
    """How far left of its x a text starts: half its advance centred, all of it at the end
    (SVG anchors by the advance, as validate measures it)."""
    anchor = node.get("text-anchor")
    if anchor not in ("middle", "end"):
        return 0.0
    width = shape(text, font).advance * font_size + spacing * len(text)
    return width / 2 if anchor == "middle" else width


@contextmanager
def _drawn_as(surface: CairoSurface, node: SvgNode) -> Iterator[CairoContext]:
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


def _set_rendering(context: CairoContext, node: SvgNode) -> None:
    rendering = node.get("text-rendering")
    context.set_antialias(SHAPE_ANTIALIAS.get(node.get("shape-rendering"), cairo.ANTIALIAS_DEFAULT))
    options = context.get_font_options()
    options.set_antialias(TEXT_ANTIALIAS.get(rendering, cairo.ANTIALIAS_DEFAULT))
    options.set_hint_style(TEXT_HINT_STYLE.get(rendering, cairo.HINT_STYLE_DEFAULT))
    options.set_hint_metrics(TEXT_HINT_METRICS.get(rendering, cairo.HINT_METRICS_DEFAULT))
    context.set_font_options(options)
