"""Names for the objects of the libraries that ship no type information.

cairocffi and cairosvg have neither inline types nor stubs, so mypy sees their objects as `Any`
whatever we write. Each kind is named here once, so a signature says what it takes (a cairo
context, a cairo surface, a cairosvg node) and `Any` stays at this one boundary.
"""

from __future__ import annotations

from typing import Any, TypeAlias

CairoContext: TypeAlias = Any  # a cairocffi.Context: cairocffi ships no types
CairoSurface: TypeAlias = Any  # a cairocffi.Surface (PDF, recording, image): no types either
SvgNode: TypeAlias = Any  # a cairosvg.parser.Node: cairosvg ships no types
CairoFontFace: TypeAlias = Any  # a cairocffi.FontFace, kept alive so cairo keeps its glyphs
