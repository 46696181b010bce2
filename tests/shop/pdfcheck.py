"""Reading a PDF back for the shop tests: every content stream, and the colours it sets."""

from __future__ import annotations

from collections.abc import Iterator
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
