"""A very small SVG writer for diagrams: every attribute and text is escaped.

The rulebook stage (`printgen.render.rulebook`) draws its pictures with it and the analysis
page (`printgen.analysis.charts`) its charts. The rules engines draw nothing: they give values
(`printgen.rules.pictures`); the layout layer gives sizes only (`printgen.layout.minicard`).

Strings are built with `html.escape` (quote=True) rather than Markup.format: diagrams have
thousands of attributes and this writer is on the build's hot path.
"""

from __future__ import annotations

import base64
import math
import re
from html import escape as _escape
from typing import TypeAlias

from markupsafe import Markup

from printgen.layout.units import HAIRLINE_PT, PT_PER_MM

FONT = "Lato, sans-serif"

LABEL_PT = 6.6
"""The smallest text of a rulebook picture, in points on the A5 page. The booklet prints that
page at 91 % on half a Letter sheet (93.8 % on A4, printgen.layout.booklet), so a label keeps
at least 6 pt on paper too (issue 16)."""

BOOKLET_SCALE = 0.9
"""The smallest scale the booklet prints an A5 page at (91 % on half a Letter sheet, 93.8 %
on A4), rounded down."""

STROKE_PT = HAIRLINE_PT / BOOKLET_SCALE
"""The thinnest line of a rulebook picture, in points on the A5 page: the print shops'
hairline minimum (HAIRLINE_PT, 0.25 pt) kept on paper in the booklet too. A picture's
strokes are raised to it where it is placed at its printed width (`Svg.markup`), so an icon
drawn small (a piece in a crowded square) never prints a line a shop's preflight refuses."""


Attr: TypeAlias = str | float | None
"""An attribute's value: text, a number (written by `number`), or None (or False) to leave
it out."""


def number(value: float | int, places: int = 3) -> str:
    """A coordinate for SVG: at most `places` decimals, no trailing zeros, never `-0`."""
    text = f"{float(value):.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: dict[str, Attr]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            text = number(value)
        else:
            text = _escape(str(value), quote=True)
        parts.append(f' {name}="{text}"')
    return "".join(parts)


def legible(width: float, printed_mm: float) -> float:
    """The smallest font size, in the units of a drawing `width` units wide printed
    `printed_mm` wide, that prints at LABEL_PT."""
    return LABEL_PT / PT_PER_MM * width / printed_mm


def thinnest(width: float, printed_mm: float) -> float:
    """The thinnest line, in the units of a drawing `width` units wide printed `printed_mm`
    wide, that prints at STROKE_PT."""
    return STROKE_PT / PT_PER_MM * width / printed_mm


_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*)([^<>]*?)(/?)>")
_ATTR = re.compile(r'\s([\w:-]+)="([^"]*)"')
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")


def _stretch(transform: str) -> float:
    """How much an SVG `transform` list enlarges a line's width (the square root of its
    determinant, as preflight measures a stroke)."""
    area = 1.0
    for name, args in _TRANSFORM.findall(transform):
        values = [float(v) for v in re.split(r"[\s,]+", args.strip()) if v]
        if name == "scale" and values:
            area *= values[0] * (values[1] if len(values) > 1 else values[0])
        elif name == "matrix" and len(values) == 6:
            area *= values[0] * values[3] - values[1] * values[2]
    return math.sqrt(abs(area))


def _stroke_width(value: str) -> float | None:
    try:
        return float(value)
    except ValueError:
        return None  # a percentage or a unit: left as written


def with_thinnest_line(markup: str, floor: float) -> str:
    """`markup` (SVG) with every stroke thinner than `floor` user units, once the transforms
    of the groups it sits in are applied, widened to `floor`. A stroked element without a
    width of its own is measured at the width it inherits (SVG's default: one unit)."""
    if floor <= 0:
        return markup
    stack: list[tuple[float, float]] = [(1.0, 1.0)]  # (scale, inherited width) per open tag
    out: list[str] = []
    end = 0
    for tag in _TAG.finditer(markup):
        closing, _name, body, alone = tag.groups()
        if closing:
            if len(stack) > 1:
                stack.pop()
            continue
        attrs = dict(_ATTR.findall(body))
        scale, inherited = stack[-1]
        scale *= _stretch(attrs.get("transform", ""))
        written = attrs.get("stroke-width")
        width = _stroke_width(written) if written is not None else inherited
        stroke = attrs.get("stroke")
        stroked = stroke != "none" and (written is not None or stroke is not None)
        if stroked and width is not None and 0 < width * scale < floor - 1e-9:
            width = math.ceil(floor / scale * 10000) / 10000
            new = f' stroke-width="{number(width, 4)}"'
            if written is None:
                body += new
            else:
                body = re.sub(r'\sstroke-width="[^"]*"', new, body, count=1)
            out.append(markup[end : tag.start()])
            out.append(f"<{_name}{body}{alone}>")
            end = tag.end()
        if not alone:
            stack.append((scale, width if width is not None else inherited))
    if end == 0:
        return markup
    out.append(markup[end:])
    return "".join(out)


class Svg:
    """An SVG drawing in user units; `width_mm` sets its printed width.

    A drawing told its printed width (`printed_mm`) sets no text smaller than LABEL_PT there:
    a smaller size asked for is raised to it, so a picture drawn in its own units can never
    print an unreadable label, whatever width it is shown at.
    """

    def __init__(self, width: float, height: float, printed_mm: float | None = None) -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = []  # SVG source, every piece escaped when added
        self.alt = ""  # what the drawing shows, in words: its alt text when no label is given
        self.smallest = 0.0 if printed_mm is None else legible(width, printed_mm)

    def raw(self, markup: Markup) -> None:
        """Add SVG that is already safe: a Markup from a template (never a plain string)."""
        if not isinstance(markup, Markup):
            raise TypeError("Svg.raw takes Markup; escape text with Svg.text")
        self.parts.append(str(markup))

    def extend(self, other: Svg) -> None:
        """Add another drawing's content (already escaped when it was built)."""
        self.parts.extend(other.parts)

    def el(self, tag: str, **attrs: Attr) -> None:
        self.parts.append(f"<{tag}{_attrs(attrs)}/>")

    def open(self, tag: str, **attrs: Attr) -> None:
        self.parts.append(f"<{tag}{_attrs(attrs)}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def text(self, x: float, y: float, text: str, size: float = 4, **attrs: Attr) -> None:
        attrs.setdefault("text_anchor", "middle")
        attrs.setdefault("fill", "#1f1b16")
        size = max(size, self.smallest)
        style = _attrs({"x": x, "y": y, "font_size": size, "font_family": FONT, **attrs})
        self.parts.append(f"<text{style}>{_escape(text, quote=False)}</text>")

    def text_row(
        self, xs: list[float], y: float, chars: str, size: float = 4, **attrs: Attr
    ) -> None:
        """One character centred on each of `xs`, as a single text node (much cheaper for
        weasyprint to draw than one node a character). Characters are taken as digit-wide."""
        attrs.setdefault("fill", "#1f1b16")
        size = max(size, self.smallest)
        half = size * 0.29  # half the advance of a Lato digit
        positions = " ".join(number(x - half) for x in xs)
        style = _attrs({"y": y, "font_size": size, "font_family": FONT, **attrs})
        self.parts.append(f'<text x="{positions}"{style}>{_escape(chars, quote=False)}</text>')

    def arrow(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        colour: str,
        width: float = 0.8,
        head: float = 2.6,
        dash: str | None = None,
        shorten: float = 0.0,
        bend: float = 0.0,
    ) -> None:
        """A line (or a gentle arc when `bend` != 0) from (x1, y1) to (x2, y2) with a head."""
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        x1, y1 = x1 + ux * shorten, y1 + uy * shorten
        x2, y2 = x2 - ux * shorten, y2 - uy * shorten
        if bend:
            mx, my = (x1 + x2) / 2 - uy * bend, (y1 + y2) / 2 + ux * bend
            tx, ty = x2 - mx, y2 - my
            tl = math.hypot(tx, ty) or 1.0
            ux, uy = tx / tl, ty / tl
            bx, by = x2 - ux * head * 0.8, y2 - uy * head * 0.8
            d = f"M{number(x1)},{number(y1)}Q{number(mx)},{number(my)} {number(bx)},{number(by)}"
        else:
            bx, by = x2 - ux * head * 0.8, y2 - uy * head * 0.8
            d = f"M{number(x1)},{number(y1)}L{number(bx)},{number(by)}"
        self.el(
            "path",
            d=d,
            fill="none",
            stroke=colour,
            stroke_width=width,
            stroke_dasharray=dash,
            stroke_linecap="round",
        )
        px, py = -uy, ux
        points = [
            (x2, y2),
            (x2 - ux * head + px * head * 0.45, y2 - uy * head + py * head * 0.45),
            (x2 - ux * head - px * head * 0.45, y2 - uy * head - py * head * 0.45),
        ]
        self.el(
            "polygon", points=" ".join(f"{number(a)},{number(b)}" for a, b in points), fill=colour
        )

    def img(self, width_mm: float, label: str = "") -> Markup:
        """The drawing as an `<img>` of a `data:` URL: weasyprint parses it once, outside the
        HTML, which is much faster than inline SVG for a page of diagrams."""
        label = label or self.alt
        data = base64.b64encode(str(self.markup(width_mm, label)).encode("utf-8")).decode("ascii")
        return Markup(
            f'<img class="svg" src="data:image/svg+xml;base64,{data}" '
            f'style="width: {number(width_mm)}mm"{_attrs({"alt": label})}>'
        )

    def markup(self, width_mm: float, label: str = "") -> Markup:
        """The drawing printed `width_mm` wide; no line in it prints under STROKE_PT. `label`
        (else `alt`) is its `<title>`: a tagged PDF's alt text for a drawing set inline."""
        label = label or self.alt
        height_mm = width_mm * self.height / self.width
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {number(self.width)} '
            f'{number(self.height)}" width="{number(width_mm)}mm" height="{number(height_mm)}mm"'
            f"{_attrs({'role': 'img', 'aria_label': label})}>"
        )
        title = f"<title>{_escape(label)}</title>" if label else ""
        body = with_thinnest_line("".join(self.parts), thinnest(self.width, width_mm))
        return Markup(head + title + body + "</svg>")
