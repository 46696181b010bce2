"""Art that stops at the trim: a page whose picture runs to the trim edge but leaves the
bleed beyond it paper white prints a white sliver wherever the cutter strays.

Each page with a bleed (BleedBox, or MediaBox, wider than the TrimBox by `MIN_BLEED_MM`) is
rendered small (`DPI`, pdfium), only where it is looked at: for each side the strip from the
bleed's outer edge to just inside the trim. Along each side the pixel just inside the trim is
compared with the pixel near the bleed's outer edge. A side fails when, over `SHORT_SHARE` of its
length, the inside is inked and the outside is paper.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.layout.units import PT_PER_MM
from printgen.preflight.budget import Refused
from printgen.preflight.scan import PageBoxes

if TYPE_CHECKING:
    import numpy as np
    import pypdfium2 as pdfium
    from numpy.typing import NDArray

DPI = 50
MIN_BLEED_MM = 1.0
PAPER = 250
"""A pixel whose every channel is at least this (of 255) is paper."""
INKED = 235
"""A pixel with a channel under this is inked."""
SHORT_SHARE = 0.2
SIDES = ("left", "bottom", "right", "top")
WHITE = 0xFFFFFFFF
"""The bitmap's fill before the page is drawn: opaque white, as pdfium's ARGB."""


def short_art(path: Path, pages: list[PageBoxes]) -> dict[int, list[str]]:
    """Each page whose art stops at the trim, with its sides."""
    import pypdfium2 as pdfium  # not at the top: kit.shops imports preflight at start-up

    found: dict[int, list[str]] = {}
    try:
        document = pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:  # QPDF repaired what pdfium will not read
        raise Refused(
            0, f"its structure is damaged past what the bleed check reads ({exc})"
        ) from None
    try:
        for boxes in pages:
            outer = boxes.bleed or boxes.media
            if boxes.trim is None or _narrowest(boxes.trim, outer) < MIN_BLEED_MM * PT_PER_MM:
                continue
            page = document[boxes.number - 1]
            try:
                sides = [s for s in SIDES if _stops(page, s, boxes.trim, outer)]
            finally:
                page.close()
            if sides:
                found[boxes.number] = sides
    finally:
        document.close()
    return found


def _narrowest(trim: tuple[float, ...], outer: tuple[float, ...]) -> float:
    return min(trim[0] - outer[0], trim[1] - outer[1], outer[2] - trim[2], outer[3] - trim[3])


def _stops(
    page: pdfium.PdfPage, side: str, trim: tuple[float, ...], outer: tuple[float, ...]
) -> bool:
    """Whether the art stops at the trim along `side`: only the strip from the bleed's outer
    edge to just inside the trim is rendered (pdfium skips what lies outside it), and along
    it the pixel 2 px inside the trim is compared with the one by the bleed's outer edge."""
    scale = DPI / 72
    step = 2 / scale  # two pixels, in points
    x0, y0, x1, y1 = _strip(side, trim, outer, step)
    crop = page.get_cropbox()
    if page.get_rotation() or not (crop[0] <= x0 < x1 <= crop[2] and crop[1] <= y0 < y1 <= crop[3]):
        x0, y0, x1, y1 = crop  # a turned page, or boxes past the crop box: the whole page
    cut = (x0 - crop[0], y0 - crop[1], crop[2] - x1, crop[3] - y1)
    pixels = _rendered(page, scale, cut)
    height, width, _ = pixels.shape

    def px(x: float) -> int:
        return min(width - 1, max(0, int((x - x0) * scale)))

    def py(y: float) -> int:
        return min(height - 1, max(0, int((y1 - y) * scale)))

    if side in ("left", "right"):
        rows = slice(py(trim[3] - step * 2), py(trim[1] + step * 2))
        sign = 1 if side == "left" else -1
        edge, beyond = (trim[0], outer[0]) if side == "left" else (trim[2], outer[2])
        inside = pixels[rows, px(edge + sign * step)]
        paper = pixels[rows, px(beyond + sign * step / 2)]
    else:
        cols = slice(px(trim[0] + step * 2), px(trim[2] - step * 2))
        sign = 1 if side == "bottom" else -1
        edge, beyond = (trim[1], outer[1]) if side == "bottom" else (trim[3], outer[3])
        inside = pixels[py(edge + sign * step), cols]
        paper = pixels[py(beyond + sign * step / 2), cols]
    if len(inside) == 0:
        return False
    stops = (inside.min(axis=-1) < INKED) & (paper.min(axis=-1) >= PAPER)
    return float(stops.mean()) >= SHORT_SHARE


def _rendered(page: pdfium.PdfPage, scale: float, cut: tuple[float, ...]) -> NDArray[np.uint8]:
    """The page's RGB pixels at `scale`, less `cut` (left, bottom, right, top, points):
    pypdfium2's `PdfPage.render(scale=scale, crop=cut, rev_byteorder=True)` pixel for pixel
    (same size, white fill, flags and offsets), through pdfium's own calls into one numpy
    buffer, without the wrapper objects and finalizers it makes for each bitmap."""
    import ctypes  # not at the top: kit.shops imports preflight at start-up

    import numpy as np  # not at the top: kit.shops imports preflight at start-up
    import pypdfium2.raw as pdfium_c  # not at the top: kit.shops imports preflight at start-up

    full_width = math.ceil(page.get_width() * scale)
    full_height = math.ceil(page.get_height() * scale)
    left, bottom, right, top = (math.ceil(v * scale) for v in cut)
    width, height = full_width - left - right, full_height - bottom - top
    if width < 1 or height < 1:
        raise ValueError("Crop exceeds page dimensions")  # as PdfPage.render
    pixels = np.empty((height, width, 3), dtype=np.uint8)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(
        width, height, pdfium_c.FPDFBitmap_BGR, pixels.ctypes.data_as(ctypes.c_void_p), width * 3
    )
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE)
        flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER  # RGB, annotations drawn
        pdfium_c.FPDF_RenderPageBitmap(bitmap, page, -left, -top, full_width, full_height, 0, flags)
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    return pixels


def _strip(
    side: str, trim: tuple[float, ...], outer: tuple[float, ...], step: float
) -> tuple[float, float, float, float]:
    """The region (x0, y0, x1, y1, points) one side's pixels are read from: the bleed's width
    and a little of the trimmed page, along the trim's length."""
    inner = step * 3
    if side == "left":
        return (outer[0], trim[1], trim[0] + inner, trim[3])
    if side == "right":
        return (trim[2] - inner, trim[1], outer[2], trim[3])
    if side == "bottom":
        return (trim[0], outer[1], trim[2], trim[1] + inner)
    return (trim[0], trim[3] - inner, trim[2], outer[3])
