"""How much ink a file lays down and how its small text is inked, read from its content as
`scan` walks it: each fill or stroke colour given in CMYK (or grey, K alone) where it is
painted, and every CMYK image's darkest pixel.

- **Total ink**: the most C + M + Y + K of any paint, against the shop's limit (DriveThru
  240 %, offset 300 %): over it the sheet stays wet, smears and sets off.
- **Small text inks**: text under `SMALL_TEXT_PT` in a rich black (K 90 % or more with
  colour under it) blurs at the slightest misregister; so does four-colour text (every ink
  10 % or more) at `FOUR_COLOUR_FAIL_PT` or less, while four-colour text up to 12 pt is only
  reported (a coloured caption cannot be one ink).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SMALL_TEXT_PT = 12.0
FOUR_COLOUR_FAIL_PT = 6.0
"""Four-colour text at this size or smaller fails: its strokes are about as thin as the
plates' misregister (0.1 mm) is wide."""
USED = 0.1
"""An ink counts as used in a text colour from this much (10 %)."""
RICH_K = 0.9
CMYK_SPACES = ("/DeviceCMYK", "/ICCBased CMYK")


def ink_of(op: str, operands: list[Any], space: str) -> tuple[float, ...] | None:
    """The CMYK (0..1) a colour operator sets, or None when it is not CMYK or grey."""
    try:
        values = tuple(float(v) for v in operands)
    except (TypeError, ValueError):
        return None  # a pattern's name
    if op in ("k", "K") and len(values) == 4:
        return values
    if op in ("g", "G") and len(values) == 1:
        return (0.0, 0.0, 0.0, 1 - values[0])
    if op in ("sc", "scn", "SC", "SCN"):
        if space in CMYK_SPACES and len(values) == 4:
            return values
        if space in ("/DeviceGray", "/ICCBased Gray") and len(values) == 1:
            return (0.0, 0.0, 0.0, 1 - values[0])
    return None


@dataclass
class SmallText:
    page: int
    size: float
    cmyk: tuple[float, ...]
    kind: str
    """`rich black` or `four-colour`."""


@dataclass
class InkFindings:
    most: tuple[float, int] | None = None
    """The most total ink (per cent) and the page it is on."""
    small_text: list[SmallText] = field(default_factory=list)
    seen_images: dict[Any, float] = field(default_factory=dict)

    def paint(self, cmyk: tuple[float, ...] | None, page: int) -> None:
        if cmyk is not None:
            self.total(sum(cmyk) * 100, page)

    def total(self, percent: float, page: int) -> None:
        if self.most is None or percent > self.most[0]:
            self.most = (percent, page)

    def text(self, cmyk: tuple[float, ...] | None, size: float, page: int) -> None:
        self.paint(cmyk, page)
        if cmyk is None or size >= SMALL_TEXT_PT or size <= 0:
            return
        kind = text_kind(cmyk)
        if kind is not None and len(self.small_text) < 1000:
            self.small_text.append(SmallText(page, size, cmyk, kind))

    def image(self, xobject: Any, page: int) -> None:
        """A CMYK image's darkest pixel (each image decoded once)."""
        key = xobject.objgen if xobject.is_indirect else id(xobject)
        if key not in self.seen_images:
            self.seen_images[key] = _image_most(xobject)
        self.total(self.seen_images[key], page)


def text_kind(cmyk: tuple[float, ...]) -> str | None:
    c, m, y, k = cmyk
    if k >= RICH_K and max(c, m, y) >= USED:
        return "rich black"
    if min(c, m, y, k) >= USED:
        return "four-colour"
    return None


def _image_most(xobject: Any) -> float:
    """The most C + M + Y + K (per cent) of a CMYK image's pixels: read straight from its
    samples when they are 8-bit and not JPEG (printgen's own, and most), else decoded by
    pikepdf (its mask, if any, left aside: a masked-out pixel still counts, to be safe)."""
    import warnings

    import numpy as np
    import pikepdf

    width, height = int(xobject.get("/Width", 0)), int(xobject.get("/Height", 0))
    filters = xobject.get("/Filter")
    names = [str(f) for f in filters] if isinstance(filters, pikepdf.Array) else [str(filters)]
    space = xobject.get("/ColorSpace")
    indexed = isinstance(space, pikepdf.Array) and len(space) and space[0] == "/Indexed"
    plain = int(xobject.get("/BitsPerComponent", 8)) == 8 and not indexed
    values = None
    if plain and not {"/DCTDecode", "/JPXDecode"} & set(names):
        try:
            raw = np.frombuffer(xobject.read_bytes(), dtype=np.uint8)
        except pikepdf.PdfError:
            return 0.0
        if raw.size >= width * height * 4 > 0:
            values = raw[: width * height * 4].reshape(-1, 4).astype(np.uint16)
    if values is None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # "a CMYK image carries a mask": not needed
                pixels = pikepdf.PdfImage(xobject).as_pil_image()
        except (pikepdf.PdfError, NotImplementedError, ValueError):
            return 0.0
        if pixels.mode != "CMYK":
            return 0.0
        values = np.asarray(pixels, dtype=np.uint16).reshape(-1, 4)
    decode = xobject.get("/Decode")
    if decode is not None and [float(v) for v in decode][:2] == [1.0, 0.0]:
        values = 255 - values  # an inverted CMYK (Adobe's JPEGs)
    return float(values.sum(axis=-1).max(initial=0)) / 255 * 100
