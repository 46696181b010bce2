"""Art that stops short of the bleed's edge: a page whose picture runs to the trim but
leaves the bleed beyond it paper white (all of it, or a band along its outer edge) prints a
white sliver wherever the cutter strays.

Each page with a bleed (BleedBox, or MediaBox, wider than the TrimBox by `MIN_BLEED_MM`) is
rendered (`DPI`, pdfium), only where it is looked at: for each side the strip from the bleed's
outer edge to just inside the trim. Along each side the pixel `INSIDE_PT` inside the trim is
compared with the bleed's outermost pixel (a quarter of a millimetre wide). A side fails when,
over `SHORT_SHARE` of its length, the inside is inked and the outside is paper: art that stops
at the trim, or half a millimetre short of the bleed's edge, fails; art made with a 3 mm bleed
in a 1/8 in bleed box (0.18 mm short) passes.

Each strip is placed on the pixel grid of the whole page's render (`_Grid`), and held to the
page there, so no box is compared with pdfium's 32-bit copy of it: a page whose boxes are not
whole points (a shop rulebook's 3 mm bleed) is read from its strips like any other.

Pages drawn alike (`PageBoxes.drawn`: a deck's backs, a card printed twice) are read once:
a kit's card files hold about 2.6 pages for each page drawn differently.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.layout.units import PT_PER_MM
from printgen.preflight.budget import Refused
from printgen.preflight.scan import PageBoxes

if TYPE_CHECKING:
    import numpy as np
    import pypdfium2 as pdfium
    from numpy.typing import NDArray

DPI = 100
"""The strips' resolution: a pixel is a quarter of a millimetre, so art that stops half a
millimetre short of the bleed's edge leaves its outermost pixels paper."""
INSIDE_PT = 1.0 * PT_PER_MM
"""How far inside the trim the art is looked at (the edge itself may be a frame's line)."""
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
    """Each page whose art stops short of the bleed's edge, with its sides."""
    import pypdfium2 as pdfium  # not at the top: kit.shops imports preflight at start-up

    found: dict[int, list[str]] = {}
    read: dict[bytes, list[str]] = {}  # each page drawn alike (`PageBoxes.drawn`) read once
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
            sides = read.get(boxes.drawn) if boxes.drawn else None
            if sides is None:
                sides = _short_sides(document, boxes.number, boxes.trim, outer)
                if boxes.drawn:
                    read[boxes.drawn] = sides
            if sides:
                found[boxes.number] = sides
    finally:
        document.close()
    return found


def _short_sides(
    document: pdfium.PdfDocument, number: int, trim: tuple[float, ...], outer: tuple[float, ...]
) -> list[str]:
    """The sides of page `number` (from 1) where its art stops short of the bleed's edge."""
    page = document[number - 1]
    try:
        grid = _Grid.of(page, DPI / 72)
        turned = page.get_rotation() != 0  # its pixels do not run along the page's x and y
        return [s for s in SIDES if _stops(page, grid, turned, s, trim, outer)]
    finally:
        page.close()


def _narrowest(trim: tuple[float, ...], outer: tuple[float, ...]) -> float:
    return min(trim[0] - outer[0], trim[1] - outer[1], outer[2] - trim[2], outer[3] - trim[3])


def _stops(
    page: pdfium.PdfPage,
    grid: _Grid,
    turned: bool,
    side: str,
    trim: tuple[float, ...],
    outer: tuple[float, ...],
) -> bool:
    """Whether the art stops short of the bleed's edge along `side`: along it, the pixel
    `INSIDE_PT` inside the trim is compared with the bleed's outermost pixel. Only the strip
    holding them is rendered (pdfium skips what lies outside it), on the whole page's grid
    (`grid`; the whole page when it is `turned`)."""
    window = grid.whole if turned else grid.window(_strip(side, trim, outer))
    pixels = _rendered(page, grid, window)
    corner = INSIDE_PT * 2  # the corners are left out: a rounded card's are paper
    if side in ("left", "right"):
        rows = slice(window.row(trim[3] - corner), window.row(trim[1] + corner))
        sign = 1 if side == "left" else -1
        edge, beyond = (trim[0], outer[0]) if side == "left" else (trim[2], outer[2])
        inside = pixels[rows, window.col(edge + sign * INSIDE_PT)]
        paper = pixels[rows, window.col(beyond + sign * grid.half_x)]
    else:
        cols = slice(window.col(trim[0] + corner), window.col(trim[2] - corner))
        sign = 1 if side == "bottom" else -1
        edge, beyond = (trim[1], outer[1]) if side == "bottom" else (trim[3], outer[3])
        inside = pixels[window.row(edge + sign * INSIDE_PT), cols]
        paper = pixels[window.row(beyond + sign * grid.half_y), cols]
    if len(inside) == 0:
        return False
    stops = (inside.min(axis=-1) < INKED) & (paper.min(axis=-1) >= PAPER)
    return float(stops.mean()) >= SHORT_SHARE


@dataclass(frozen=True)
class _Window:
    """Pixels `left <= column < right`, `top <= row < bottom` of a page's grid (`_Grid`), and
    where a point falls in them (held to the window's edge, as a whole page's render is)."""

    grid: _Grid
    left: int
    top: int
    right: int
    bottom: int

    def col(self, x: float) -> int:
        return min(self.right - 1, max(self.left, self.grid.col(x))) - self.left

    def row(self, y: float) -> int:
        return min(self.bottom - 1, max(self.top, self.grid.row(y))) - self.top


@dataclass(frozen=True)
class _Grid:
    """The pixels of the whole page rendered at about `DPI`, as pdfium lays them: `width` by
    `height` pixels (the page's size at that scale, rounded up) stretched over the page, column
    0 at its left edge (`x0`, points), row 0 at its top (`y1`)."""

    x0: float
    y1: float
    across: float
    """Pixels a point, along x: `width` over the page's width."""
    down: float
    width: int
    height: int

    @classmethod
    def of(cls, page: pdfium.PdfPage, scale: float) -> _Grid:
        left, _, _, top = page.get_bbox()  # the crop box within the media box: what is drawn
        points_x, points_y = page.get_width(), page.get_height()
        width, height = math.ceil(points_x * scale), math.ceil(points_y * scale)
        return cls(left, top, width / points_x, height / points_y, width, height)

    @property
    def whole(self) -> _Window:
        return _Window(self, 0, 0, self.width, self.height)

    @property
    def half_x(self) -> float:
        """Half a pixel's width, in points."""
        return 0.5 / self.across

    @property
    def half_y(self) -> float:
        return 0.5 / self.down

    def col(self, x: float) -> int:
        return math.floor((x - self.x0) * self.across)

    def row(self, y: float) -> int:
        return math.floor((self.y1 - y) * self.down)

    def window(self, region: tuple[float, float, float, float]) -> _Window:
        """The pixels `region` (x0, y0, x1, y1, points) touches, within the page; the whole
        page when it touches none."""
        x0, y0, x1, y1 = region
        left = max(0, self.col(x0))
        top = max(0, self.row(y1))
        right = min(self.width, math.ceil((x1 - self.x0) * self.across))
        bottom = min(self.height, math.ceil((self.y1 - y0) * self.down))
        if left >= right or top >= bottom:
            return self.whole
        return _Window(self, left, top, right, bottom)


def _rendered(page: pdfium.PdfPage, grid: _Grid, window: _Window) -> NDArray[np.uint8]:
    """The RGB pixels of `window` in a render of the whole page on `grid`: pypdfium2's
    `PdfPage.render(scale=..., crop=..., rev_byteorder=True)` pixel for pixel (white fill,
    flags, offsets), through pdfium's own calls into one numpy buffer, without the wrapper
    objects and finalizers it makes for each bitmap."""
    import ctypes  # not at the top: kit.shops imports preflight at start-up

    import numpy as np  # not at the top: kit.shops imports preflight at start-up
    import pypdfium2.raw as pdfium_c  # not at the top: kit.shops imports preflight at start-up

    width, height = window.right - window.left, window.bottom - window.top
    pixels = np.empty((height, width, 3), dtype=np.uint8)
    bitmap = pdfium_c.FPDFBitmap_CreateEx(
        width, height, pdfium_c.FPDFBitmap_BGR, pixels.ctypes.data_as(ctypes.c_void_p), width * 3
    )
    try:
        pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE)
        flags = pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER  # RGB, annotations drawn
        pdfium_c.FPDF_RenderPageBitmap(
            bitmap, page, -window.left, -window.top, grid.width, grid.height, 0, flags
        )
    finally:
        pdfium_c.FPDFBitmap_Destroy(bitmap)
    return pixels


def _strip(
    side: str, trim: tuple[float, ...], outer: tuple[float, ...]
) -> tuple[float, float, float, float]:
    """The region (x0, y0, x1, y1, points) one side's pixels are read from: the bleed's width
    and a little of the trimmed page, along the trim's length."""
    inner = INSIDE_PT * 1.5
    if side == "left":
        return (outer[0], trim[1], trim[0] + inner, trim[3])
    if side == "right":
        return (trim[2] - inner, trim[1], outer[2], trim[3])
    if side == "bottom":
        return (trim[0], outer[1], trim[2], trim[1] + inner)
    return (trim[0], trim[3] - inner, trim[2], outer[3])
