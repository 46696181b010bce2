"""A one-colour SVG icon given the colour of where it is drawn.

A designer draws a single-colour icon with `fill="currentColor"` so that one file serves every
suit: the cards give it the box's colour (a corner icon its suit's), the rulebook the colour
it gives the shared icons. A `color` the file's own `<svg>` sets is the designer's and wins.
"""

from __future__ import annotations

import re

from printgen.render.text.xml_text import quoteattr

_SVG_ROOT = re.compile(r"<(?:[A-Za-z_][\w.-]*:)?svg(?=[\s/>])")
_COLOR_ATTR = re.compile(r"\scolor\s*=")


def tinted(data: bytes, colour: str) -> bytes | None:
    """The SVG `data` with `colour` as its `color`; None when it is drawn as it is (it does
    not paint with currentColor, sets its own colour, or `colour` is no #rrggbb)."""
    if b"currentcolor" not in data.lower() or not colour.startswith("#"):
        return None
    text = data.decode("utf-8", errors="replace")
    root = _SVG_ROOT.search(text)
    if root is None or _COLOR_ATTR.search(text, root.end(), text.find(">", root.end())):
        return None
    return f"{text[: root.end()]} color={quoteattr(colour)}{text[root.end() :]}".encode()


_PAINT = re.compile(r"""(?:\b(?:fill|stroke)\s*=\s*["']|\b(?:fill|stroke)\s*:\s*)([^"';>]+)""")
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


def own_colour(data: bytes) -> str | None:
    """The one colour (#rrggbb) an SVG that does not paint with currentColor fills and
    strokes in, when it names exactly one; None otherwise (two colours, a gradient, a
    named colour, or none written), when no one colour of it can be measured."""
    text = data.decode("utf-8", errors="replace")
    if "currentcolor" in text.lower():
        return None
    paints = {p.strip().lower() for p in _PAINT.findall(text)} - {"none"}
    if len(paints) != 1:
        return None
    (paint,) = paints
    if not _HEX.fullmatch(paint):
        return None
    return paint if len(paint) == 7 else "#" + "".join(c * 2 for c in paint[1:])
