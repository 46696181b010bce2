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

import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printgen.preflight.budget import Budget, Refused, decoded
from printgen.preflight.handler import to_float

if TYPE_CHECKING:
    import pikepdf

    from printgen.preflight.handler import Operand

SMALL_TEXT_PT = 12.0
FOUR_COLOUR_FAIL_PT = 6.0
"""Four-colour text at this size or smaller fails: its strokes are about as thin as the
plates' misregister (0.1 mm) is wide."""
USED = 0.1
"""An ink counts as used in a text colour from this much (10 %)."""
RICH_K = 0.9
CMYK_SPACES = ("/DeviceCMYK", "/ICCBased CMYK")


def ink_of(op: str, operands: Sequence[Operand], space: str) -> tuple[float, ...] | None:
    """The CMYK (0..1) a colour operator sets, or None when it is not CMYK or grey."""
    try:
        values = tuple(map(to_float, operands))  # None raises: caught
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
    seen_images: dict[tuple[int, int] | int, float] = field(default_factory=dict)

    def paint(self, cmyk: tuple[float, ...] | None, page: int) -> None:
        if cmyk is not None:
            self.total(sum(cmyk) * 100, page)

    def total(self, percent: float, page: int) -> None:
        if self.most is None or percent > self.most[0]:
            self.most = (percent, page)

    def small(self, cmyk: tuple[float, ...], size: float, page: int) -> None:
        """Text of `size` points on `page` in `cmyk`, noted when it is small and of a kind."""
        if size >= SMALL_TEXT_PT or size <= 0:
            return
        kind = text_kind(cmyk)
        if kind is not None and len(self.small_text) < 1000:
            self.small_text.append(SmallText(page, size, cmyk, kind))

    def image_most(self, xobject: pikepdf.Object, page: int, budget: Budget) -> float:
        """A CMYK image's darkest pixel (each image decoded once, within the budget)."""
        key = xobject.objgen if xobject.is_indirect else id(xobject)
        if key not in self.seen_images:
            self.seen_images[key] = _image_most(xobject, page, budget)
        return self.seen_images[key]


def text_kind(cmyk: tuple[float, ...]) -> str | None:
    c, m, y, k = cmyk
    if k >= RICH_K and max(c, m, y) >= USED:
        return "rich black"
    if min(c, m, y, k) >= USED:
        return "four-colour"
    return None


def _image_most(xobject: pikepdf.Object, page: int, budget: Budget) -> float:
    """The most C + M + Y + K (per cent) of a CMYK image's pixels: read straight from its
    samples when they are 8-bit and not JPEG (printgen's own, and most), else decoded by
    pikepdf (its mask, if any, left aside: a masked-out pixel still counts, to be safe).
    Its samples are decoded within what its size needs (a bomb is refused, naming the page);
    a JPEG's within Pillow's own pixel limit."""
    import pikepdf  # here, not at the top: start-up time (kit.shops imports the checks)

    width, height = int(xobject.get("/Width", 0)), int(xobject.get("/Height", 0))
    filters = xobject.get("/Filter")
    names = [str(f) for f in filters] if isinstance(filters, pikepdf.Array) else [str(filters)]
    space = xobject.get("/ColorSpace")
    indexed = isinstance(space, pikepdf.Array) and len(space) and space[0] == "/Indexed"
    plain = int(xobject.get("/BitsPerComponent", 8)) == 8 and not indexed
    jpeg = bool({"/DCTDecode", "/JPXDecode"} & set(names))
    need = width * height * 8 + 4096  # 16-bit samples at most, and a little slack
    samples = None
    if not jpeg:
        data = decoded(xobject, page, budget, need, "an image's samples")
        if plain and len(data) >= width * height * 4 > 0:
            samples = data[: width * height * 4]
    if samples is None:
        samples = _cmyk_pixels(xobject, page)
        if samples is None:
            return 0.0
    decode = xobject.get("/Decode")
    inverted = decode is not None and [float(v) for v in decode][:2] == [1.0, 0.0]
    return _most_ink(samples, inverted)


def _cmyk_pixels(xobject: pikepdf.Object, page: int) -> bytes | None:
    """A CMYK image's 8-bit samples as pikepdf and Pillow decode them (None when they do not,
    or the image is not CMYK once decoded)."""

    import pikepdf  # here, not at the top: start-up time (kit.shops imports the checks)
    from PIL import Image  # here, not at the top: start-up time, as pikepdf

    if not isinstance(xobject, pikepdf.Stream):
        return None  # as below: PdfImage refuses what is not a stream (a PdfError)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "a CMYK image carries a mask": not needed
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            pixels = pikepdf.PdfImage(xobject).as_pil_image()
    except (Image.DecompressionBombWarning, Image.DecompressionBombError) as exc:
        raise Refused(page, f"a CMYK image's JPEG data is too large ({exc})") from None
    except (pikepdf.PdfError, NotImplementedError, ValueError, OSError):
        return None
    return pixels.tobytes() if pixels.mode == "CMYK" else None


def _most_ink(samples: bytes, inverted: bool) -> float:
    """The most C + M + Y + K (per cent) of 8-bit CMYK `samples`, summed a channel at a time
    (one 16-bit array, not a copy of every sample widened: twelve times faster); `inverted`
    for an inverted CMYK (Adobe's JPEGs: /Decode [1 0 ...]), whose most is 4 x 255 less the
    least stored sum."""
    import numpy as np  # here, not at the top: start-up time, as pikepdf

    pixels = np.frombuffer(samples, dtype=np.uint8).reshape(-1, 4)
    if len(pixels) == 0:
        return 0.0
    sums = pixels[:, 0].astype(np.uint16)
    for channel in (1, 2, 3):
        sums += pixels[:, channel]
    most = 4 * 255 - int(sums.min()) if inverted else int(sums.max())
    return most / 255 * 100
