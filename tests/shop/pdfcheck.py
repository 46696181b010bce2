"""Reading a PDF back for the shop tests: every content stream, and the colours it sets."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pikepdf


def content_streams(pdf: pikepdf.Pdf) -> Iterator[Any]:
    """Every page's content and every form XObject."""
    for page in pdf.pages:
        yield page.obj
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            yield obj


def operators(pdf: pikepdf.Pdf) -> Iterator[tuple[str, list[Any]]]:
    for stream in content_streams(pdf):
        for operands, op in pikepdf.parse_content_stream(stream):
            yield str(op), list(operands)


def cmyk_colours(pdf: pikepdf.Pdf) -> set[tuple[float, ...]]:
    return {
        tuple(float(v) for v in operands) for op, operands in operators(pdf) if op in ("k", "K")
    }


def text_inks(pdf: pikepdf.Pdf) -> Iterator[tuple[tuple[float, ...], float]]:
    """Each text show's fill (CMYK) and size in points (its font size through the text
    matrix and the stream's own `cm`s; printgen's streams paint their forms unscaled)."""
    import math

    for stream in content_streams(pdf):
        fill: tuple[float, ...] = (0.0, 0.0, 0.0, 1.0)
        size, scale, text_scale, stack = 0.0, 1.0, 1.0, []
        for operands, op in pikepdf.parse_content_stream(stream):
            name = str(op)
            values = [float(v) for v in operands if isinstance(v, int | float | Decimal)]
            if name == "q":
                stack.append((fill, scale))
            elif name == "Q" and stack:
                fill, scale = stack.pop()
            elif name == "cm":
                scale *= math.sqrt(abs(values[0] * values[3] - values[1] * values[2]))
            elif name == "k":
                fill = tuple(values)
            elif name == "Tf":
                size = values[-1]
            elif name == "Tm":
                text_scale = math.sqrt(abs(values[0] * values[3] - values[1] * values[2]))
            elif name in ("Tj", "TJ"):
                yield fill, abs(size) * text_scale * scale
