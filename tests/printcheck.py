"""Checks a home printer cares about, read back from any PDF: ink in the outer 5 mm (pages
rendered with pypdfium2), the smallest text (pdfium char matrices,
checked against pdfplumber), viewer preferences."""

from __future__ import annotations

import math
from pathlib import Path

import pikepdf

EDGE_MM = 5.0
WHITE = 250
"""A rendered pixel darker than this (of 255) is ink."""


def ink_near_edge(path: Path, edge_mm: float = EDGE_MM, dpi: int = 36) -> list[str]:
    """Where a page of `path` prints within `edge_mm` of its paper edge, as 'page N: side'
    (empty when every page keeps the band blank). Only pixels wholly inside the band count,
    so a line drawn exactly at 5 mm is not blamed on its anti-aliased neighbour."""
    import pypdfium2 as pdfium

    found = []
    document = pdfium.PdfDocument(str(path))
    try:
        for number in range(len(document)):
            page = document[number]
            image = page.render(scale=dpi / 72, grayscale=True).to_numpy()
            if image.ndim == 3:
                image = image[..., 0]
            band = math.floor(edge_mm / 25.4 * dpi)
            sides = {
                "left": image[:, :band],
                "right": image[:, image.shape[1] - band :],
                "top": image[:band, :],
                "bottom": image[image.shape[0] - band :, :],
            }
            for side, pixels in sides.items():
                if (pixels < WHITE).any():
                    found.append(f"page {number + 1}: {side}")
    finally:
        document.close()
    return found


def char_size(char: dict) -> float:
    """A pdfplumber char's font size in points, also for turned text: pdfminer boxes each glyph
    one font size high (in text space), so the size on the page is the box's height for
    upright text and its width for text turned 90 degrees (pdfplumber's own `size` is always
    the height, which for turned text is the glyph's advance)."""
    return float(char["height"] if char["upright"] else char["width"])


def smallest_text(path: Path, pages: range | None = None) -> tuple[float, str]:
    """(size in pt, 'page N: text') of the smallest character in `path`, as printed: each
    glyph's font size times the scale of its own vertical axis on the page (pdfium's char
    matrix, which folds in the text matrix and every enclosing transform, such as a
    booklet's scaled pages), so turned text is measured like upright text. It reads what
    `smallest_text_pdfplumber` reads, 20-30 times faster (test_printcheck compares them)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    smallest = (math.inf, "")
    matrix = raw.FS_MATRIX()
    document = pdfium.PdfDocument(str(path))
    try:
        for number in range(len(document)):
            if pages is not None and number not in pages:
                continue
            text = document[number].get_textpage()
            for index in range(raw.FPDFText_CountChars(text)):
                char = chr(raw.FPDFText_GetUnicode(text, index))
                if char.isspace() or char == "\0" or raw.FPDFText_IsGenerated(text, index):
                    continue
                raw.FPDFText_GetMatrix(text, index, matrix)
                size = raw.FPDFText_GetFontSize(text, index) * math.hypot(matrix.c, matrix.d)
                if size < smallest[0]:
                    smallest = (size, f"page {number + 1}: {char!r}")
    finally:
        document.close()
    return smallest


def smallest_text_pdfplumber(path: Path) -> tuple[float, str]:
    """`smallest_text` read with pdfplumber's chars instead: the slow reference."""
    import pdfplumber

    smallest = (math.inf, "")
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages):
            for char in page.chars:
                if char["text"].isspace():
                    continue
                size = char_size(char)
                if size < smallest[0]:
                    smallest = (size, f"page {number + 1}: {char['text']!r}")
    return smallest


def viewer_preferences(path: Path) -> dict[str, str]:
    with pikepdf.open(path) as pdf:
        prefs = pdf.Root.get("/ViewerPreferences", {})
        return {str(k): str(v) for k, v in prefs.items()}
