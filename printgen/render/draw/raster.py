"""Pixels from vector pages with pdfium: the fast way to a card face's bitmap.

A face is drawn once as a cairo recording; replayed into a one-page PDF (cheap: vector
operations, fonts subset) and rasterised by pdfium, it becomes a bitmap several times faster
than cairo's own rasteriser paints the same recording at 300 dpi, and the same picture as the
PDFs print (tests/render/test_raster.py compares the PNGs with cards-print.pdf's pages as
poppler draws them).

This module imports cairo and pypdfium2: import it only on the rendering path.
"""

from __future__ import annotations

import ctypes
import io
import math
from collections.abc import Callable, Iterator, Sequence

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from printgen.layout.units import PT_PER_MM
from printgen.render.draw import vector
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.draw.png import Rows

RENDER_FLAGS = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_PRINTING
"""Print rendering (no LCD text smoothing, which would tint text edges), annotations drawn."""


def rasterise(pdf: bytes, width_px: int, height_px: int, page: int = 0) -> Rows:
    """Page `page` of `pdf` scaled to exactly `width_px` x `height_px` on white, as RGB rows
    ready for the PNG writer (pdfium's own render rounds the size up, which could add a
    pixel). pdfium draws straight into the rows' buffer, white already (`Rows`): no copy of
    the pixels is made and no fill."""
    document = pdfium.PdfDocument(pdf)
    try:
        return _render_page(document, page, width_px, height_px)
    finally:
        document.close()


def rasterise_to_width(pdf: bytes, width_px: int, page: int = 0) -> Rows:
    """Page `page` of `pdf` as `rasterise` makes it (print rendering), exactly `width_px`
    wide and as high as its proportions make it, rounded up (a gallery's preview)."""
    document = pdfium.PdfDocument(pdf)
    try:
        width, height = document.get_page_size(page)
        height_px = max(1, math.ceil(height * (width_px / width)))
        return _render_page(document, page, width_px, height_px)
    finally:
        document.close()


def rasterise_pages(pdf: bytes, width_px: int, height_px: int) -> Iterator[Rows]:
    """Every page of `pdf` as `rasterise` makes it, one at a time (one set of rows held)."""
    document = pdfium.PdfDocument(pdf)
    try:
        for page in range(len(document)):
            yield _render_page(document, page, width_px, height_px)
    finally:
        document.close()


def _render_page(document: pdfium.PdfDocument, page: int, width_px: int, height_px: int) -> Rows:
    rows = Rows(width_px, height_px)
    buffer = (ctypes.c_ubyte * (rows.stride * height_px)).from_buffer(rows.data, 1)
    sheet = document[page]
    bitmap = pdfium.PdfBitmap.new_native(
        width_px,
        height_px,
        format=pdfium_c.FPDFBitmap_BGR,
        rev_byteorder=True,
        buffer=buffer,
        stride=rows.stride,
    )
    pdfium_c.FPDF_RenderPageBitmap(
        bitmap,
        sheet,
        0,
        0,
        width_px,
        height_px,
        0,
        RENDER_FLAGS | pdfium_c.FPDF_REVERSE_BYTE_ORDER,
    )
    bitmap.close()
    sheet.close()
    return rows


def draw_bitmap(width_px: int, height_px: int, draw: Callable[[CairoContext], None]) -> Rows:
    """`width_px` x `height_px` RGB rows of what `draw(context)` paints: the context's unit
    is the pixel; the drawing goes to a one-page PDF whose point is one pixel, then through
    pdfium. Why not cairo's own bitmaps: besides being slower, cairo 1.16 draws the cards'
    large toy-font text as blocky stair steps at these sizes; pdfium draws the embedded fonts'
    outlines."""
    return next(draw_bitmaps(width_px, height_px, [draw]))


def draw_bitmaps(
    width_px: int, height_px: int, draws: Sequence[Callable[[CairoContext], None]]
) -> Iterator[Rows]:
    """`draw_bitmap` of each of `draws`, the same pixels, made from one PDF of one page a
    drawing: a batch of card PNGs pays cairo's PDF writing (fonts subset once) and pdfium's
    opening once, not once a card (about 2 ms a card of 14). The rows come one at a time."""
    if not draws:
        return
    out = io.BytesIO()
    surface = vector.pdf_surface(out, width_px / PT_PER_MM, height_px / PT_PER_MM, "bitmap")
    for draw in draws:
        context = vector.mm_context(surface, 1.0)
        draw(context)
        context.show_page()
    surface.finish()
    yield from rasterise_pages(out.getvalue(), width_px, height_px)
