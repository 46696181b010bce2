"""Art that stops at the trim: a page whose picture runs to the trim edge but leaves the
bleed beyond it paper white prints a white sliver wherever the cutter strays.

Each page with a bleed (BleedBox, or MediaBox, wider than the TrimBox by `MIN_BLEED_MM`) is
rendered small (`DPI`, pdfium); along each side the pixel just inside the trim is compared
with the pixel near the bleed's outer edge. A side fails when, over `SHORT_SHARE` of its
length, the inside is inked and the outside is paper.
"""

from __future__ import annotations

from pathlib import Path

from printgen.layout.units import PT_PER_MM
from printgen.preflight.budget import Refused
from printgen.preflight.scan import PageBoxes

DPI = 50
MIN_BLEED_MM = 1.0
PAPER = 250
"""A pixel whose every channel is at least this (of 255) is paper."""
INKED = 235
"""A pixel with a channel under this is inked."""
SHORT_SHARE = 0.2
SIDES = ("left", "bottom", "right", "top")


def short_art(path: Path, pages: list[PageBoxes]) -> dict[int, list[str]]:
    """Each page whose art stops at the trim, with its sides."""
    import numpy as np
    import pypdfium2 as pdfium

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
            crop = page.get_cropbox()
            pixels = np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB"))
            page.close()
            sides = _short_sides(pixels, crop, boxes.trim, outer)
            if sides:
                found[boxes.number] = sides
    finally:
        document.close()
    return found


def _narrowest(trim: tuple[float, ...], outer: tuple[float, ...]) -> float:
    return min(trim[0] - outer[0], trim[1] - outer[1], outer[2] - trim[2], outer[3] - trim[3])


def _short_sides(
    pixels: object, crop: tuple[float, ...], trim: tuple[float, ...], outer: tuple[float, ...]
) -> list[str]:
    import numpy as np

    assert isinstance(pixels, np.ndarray)
    scale = DPI / 72
    height, width, _ = pixels.shape

    def px(x: float) -> int:
        return min(width - 1, max(0, int((x - crop[0]) * scale)))

    def py(y: float) -> int:
        return min(height - 1, max(0, int((crop[3] - y) * scale)))

    step = 2 / scale  # two pixels, in points
    x0, x1 = px(trim[0] + step * 2), px(trim[2] - step * 2)
    y0, y1 = py(trim[3] - step * 2), py(trim[1] + step * 2)
    pairs = {
        "left": (pixels[y0:y1, px(trim[0] + step)], pixels[y0:y1, px(outer[0] + step / 2)]),
        "right": (pixels[y0:y1, px(trim[2] - step)], pixels[y0:y1, px(outer[2] - step / 2)]),
        "top": (pixels[py(trim[3] - step), x0:x1], pixels[py(outer[3] - step / 2), x0:x1]),
        "bottom": (pixels[py(trim[1] + step), x0:x1], pixels[py(outer[1] + step / 2), x0:x1]),
    }
    short = []
    for side in SIDES:
        inside, beyond = pairs[side]
        if len(inside) == 0:
            continue
        stops = (inside.min(axis=-1) < INKED) & (beyond.min(axis=-1) >= PAPER)
        if float(stops.mean()) >= SHORT_SHARE:
            short.append(side)
    return short
