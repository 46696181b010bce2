"""A designer's raster art made ready for its box: cut to the box's shape (`cover`) and, when
the picture has more pixels than any output can show at the box's size, scaled down once.

Every output of a card is replayed from one drawing of its face (printgen.render.draw.vector), so
the picture in the drawing is the one every PDF and PNG embeds: a 6000 x 4000 photo in a
60 mm box was embedded at 2381 ppi in cards.pdf, cards-print.pdf and each shop's PDFs (3.7 GB
and 20 minutes for four shops). ART_PPI is the most any output asks for: the print PDFs are
judged at 300 dpi by a shop's preflight, and twice that keeps edges crisp however the
printer's RIP resamples; the 300 dpi PNGs are drawn from the same picture by cairo, which
filters as it scales down. A picture at or under ART_PPI is left exactly as it was (the
bytes of every kit that has no larger art do not change).

A scaled picture is kept by the hash of the file's bytes, the box and the fit, in this process
and in the build store (OUT/.cache), so each one is decoded and resampled once a build, not
once a face or a worker. Decoding goes through the pixel budget (safety.read_image) first, and
one picture is decoded at a time (a JPEG is decoded straight at a reduced scale when it can
be).
"""

from __future__ import annotations

import base64
import hashlib
import io
import math
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.errors import RenderError, display_path
from printgen.files import memo
from printgen.render.draw.safety import read_image, strict_decoding

if TYPE_CHECKING:  # Pillow's types only: it is loaded when a raster picture is read
    from PIL import Image, ImageFile

ART_PPI = 600
"""The most pixels per inch any output needs of art (see the module's docstring)."""

PRINT_DPI = 300
"""What print shops ask of art at its printed size (their preflight's image resolution)."""
HOME_DPI = 150
"""Under this, art prints visibly blurred even on a home printer (the `home` preflight's)."""
MM_PER_INCH = 25.4
KEPT = 64
"""Prepared pictures a process keeps (data: URLs, a few MB at most each)."""

DEEP_MODES = ("I", "I;16", "I;16B", "I;16L", "I;16N", "F")
"""Pillow's modes for greyscale deeper than 8 bits, which cairo cannot draw."""
_ORIENTATION = 0x0112
"""The EXIF tag saying how a stored photo is turned (1: as stored)."""

_kept: OrderedDict[tuple[str, ...], str | None] = OrderedDict()


def dpi_at(path: Path, fit: str, size_mm: tuple[float, float]) -> tuple[float, int, int] | None:
    """The pixels per inch a raster picture prints at in a box of `size_mm` (its width and
    height in pixels after), filling the box (`cover`, cut to it) or whole inside it
    (`contain`), as seen (a photo stored turned counts turned); None for vector art. Read
    from the file's header: nothing is decoded."""
    if path.suffix.lower() == ".svg":
        return None
    try:
        stat = path.stat()
    except OSError:
        return None
    pixels = _pixels(str(path), stat.st_mtime_ns, stat.st_size)
    if pixels is None:
        return None  # not a picture: drawing it says so, at its place
    w, h = pixels
    ratios = (w / size_mm[0], h / size_mm[1])
    per_mm = min(ratios) if fit == "cover" else max(ratios)
    return per_mm * MM_PER_INCH, w, h


@lru_cache(maxsize=256)
def _pixels(path: str, mtime_ns: int, size: int) -> tuple[int, int] | None:
    """A picture's width and height as seen, read once a process for each version of its
    file (a deck of a thousand cards may share one picture)."""
    from PIL import Image  # Pillow loaded only when a raster picture is read

    try:
        with Image.open(io.BytesIO(read_image(Path(path)))) as stored:
            w, h = stored.size
            if stored.getexif().get(_ORIENTATION, 1) in (5, 6, 7, 8):  # turned a quarter
                w, h = h, w
    except (OSError, ValueError, SyntaxError, RenderError):
        return None
    return w, h


def needed_pixels(size_mm: tuple[float, float]) -> tuple[int, int]:
    """The pixels a box of `size_mm` (width, height) needs at ART_PPI."""
    return tuple(max(1, math.ceil(v / MM_PER_INCH * ART_PPI)) for v in size_mm)  # type: ignore[return-value]


def cropped(path: Path, aspect: float, size_mm: tuple[float, float] | None = None) -> str:
    """A raster image cut to `aspect` (width / height) round its centre, as a data: URL, so
    the printed image is exactly its box (no picture hidden under a clip, where a print
    shop's preflight or a reader of the PDF would still find it); scaled down to what a box
    of `size_mm` needs when it has more pixels. A photo's EXIF orientation is applied first,
    as cairosvg does for the images it draws whole: a phone's portrait JPEG is stored
    sideways, and the crop and the copy (which keeps no EXIF) must be upright."""
    made = _prepared(path, "cover", aspect, size_mm)
    assert made is not None
    return made


def scaled(path: Path, size_mm: tuple[float, float]) -> str | None:
    """A raster image to draw whole (`contain`) in a box of `size_mm`, as a data: URL scaled
    down to what the box needs; None when it has no more pixels than that (it is then drawn
    from its file, as it is)."""
    return _prepared(path, "contain", None, size_mm)


def _prepared(
    path: Path, fit: str, aspect: float | None, size_mm: tuple[float, float] | None
) -> str | None:
    data = read_image(path)  # the guarded reader and the pixel budget, before decoding
    key = (
        hashlib.sha256(data).hexdigest(),
        fit,
        repr(aspect),
        repr(None if size_mm is None else needed_pixels(size_mm)),
    )
    if key in _kept:
        _kept.move_to_end(key)
        return _kept[key]

    def make() -> bytes:
        url = _make(data, path, fit, aspect, size_mm)
        return (url or "").encode("ascii")

    made = memo.remembered("art", key, make).decode("ascii") or None
    _kept[key] = made
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return made


def _make(
    data: bytes, path: Path, fit: str, aspect: float | None, size_mm: tuple[float, float] | None
) -> str | None:
    from PIL import Image, ImageOps  # Pillow loaded only when a raster picture is read

    try:
        with strict_decoding(), Image.open(io.BytesIO(data)) as stored:
            kind = "JPEG" if stored.format == "JPEG" else "PNG"
            if kind == "JPEG" and size_mm is not None:
                _draft(stored, needed_pixels(size_mm))
            turned = stored.getexif().get(_ORIENTATION, 1) not in (0, 1)
            image: Image.Image = ImageOps.exif_transpose(stored) if turned else stored
            deep = image.mode in DEEP_MODES
            if deep:
                image = _eight_bit(image)
            if aspect is not None:
                image = _crop(image, aspect)
            smaller = _smaller(image, size_mm, cover=aspect is not None)
            if smaller is None and aspect is None and not deep:
                return None  # drawn from its file as it is
            if smaller is not None:
                image = smaller
            out = io.BytesIO()
            if kind == "JPEG":
                image.save(out, kind, quality=95)
            else:
                image.save(out, kind, compress_level=3)
    except (OSError, ValueError, SyntaxError) as exc:  # not a picture, truncated, corrupt
        raise RenderError(f"{display_path(path)}: not a picture printgen can read: {exc}") from None
    mime = "image/jpeg" if kind == "JPEG" else "image/png"
    return f"data:{mime};base64,{base64.b64encode(out.getvalue()).decode()}"


def _eight_bit(image: Image.Image) -> Image.Image:
    """A 16-bit (or 32-bit) greyscale picture as 8-bit grey, its range kept: cairo draws
    Pillow's deep modes black (a 16-bit PNG from an image editor printed as a black box)."""
    if image.mode.startswith("I;16"):
        scale = 255 / 65535  # 16-bit levels, however dark the picture
    else:  # 32-bit integers or floats hold whatever levels their maker chose
        _, high = image.getextrema()
        assert isinstance(high, (int, float))  # one band (DEEP_MODES): its lowest and highest
        scale = 255 / 65535 if high > 255 else 1.0  # 16-bit levels, else already 0..255
    return image.convert("I").point(lambda v: v * scale).convert("L")


def _crop(image: Image.Image, aspect: float) -> Image.Image:
    w, h = image.size
    if w / h > aspect:
        cw, ch = round(h * aspect), h
    else:
        cw, ch = w, round(w / aspect)
    left, top = (w - cw) // 2, (h - ch) // 2
    return image.crop((left, top, left + cw, top + ch))


def _smaller(
    image: Image.Image, size_mm: tuple[float, float] | None, cover: bool
) -> Image.Image | None:
    """`image` scaled down to what a box of `size_mm` needs at ART_PPI: filling the box
    (`cover`: it was cut to the box's shape) or whole inside it (`contain`, its shape kept);
    None when it has no more pixels than that."""
    if size_mm is None:
        return None
    from PIL import Image  # Pillow loaded only when a raster picture is read

    want_w, want_h = needed_pixels(size_mm)
    w, h = image.size
    scale = (max if cover else min)(want_w / w, want_h / h)
    if scale >= 1:
        return None
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    if image.mode not in ("RGB", "RGBA", "L", "LA", "CMYK"):
        alpha = image.mode in ("PA", "RGBa") or "transparency" in image.info
        image = image.convert("RGBA" if alpha else "RGB")
    return image.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)


def _draft(stored: ImageFile.ImageFile, want: tuple[int, int]) -> None:
    """Have a JPEG decoded at 1/2, 1/4 or 1/8 of its size when that still leaves every pixel
    the box needs, whichever way the photo is turned and cut: a 24-megapixel photo is then
    never held whole."""
    w, h = stored.size
    scale = max(want) / min(w, h)
    if scale < 0.5:
        stored.draft(stored.mode, (math.ceil(w * scale), math.ceil(h * scale)))
