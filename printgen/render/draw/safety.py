"""Containment: what a drawing may read (DESIGN.md section 8).

Templates and data may refer to images, but only to files inside the game's data folder and
the templates folder, or to self-contained `data:` URLs. Everything else (other files, `..`
traversal, absolute paths elsewhere, `http(s)://`) is refused with a RenderError that names
the offending reference. cairosvg itself runs with `unsafe=False` (no XML entities, no
external DTDs).
"""

from __future__ import annotations

import base64
import binascii
import io
import re
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, unquote_to_bytes, urlparse, urlsplit

from printgen.errors import DataError, RenderError, display_path
from printgen.files.guarded import read_guarded
from printgen.model.assets import IMAGE_SUFFIXES, close_file

MAX_RESOURCE_BYTES = 50 * 1024 * 1024

Fetcher = Callable[[str, str], bytes]


def inside(path: Path, roots: Sequence[Path]) -> bool:
    resolved = path.resolve()
    return any(resolved.is_relative_to(root.resolve()) for root in roots)


def resolve_asset(reference: str, base: Path, roots: Sequence[Path], where: str) -> Path:
    """The file a data value names (relative to `base`), refused unless inside `roots`."""
    parsed = urlparse(reference)
    if parsed.scheme and len(parsed.scheme) > 1:  # a URL; a one-letter scheme is a drive
        raise RenderError(
            f"{where}: refused to fetch {reference!r}: images must be files inside {_names(roots)}"
        )
    path = (base / reference).resolve()
    if not inside(path, roots):
        raise RenderError(
            f"{where}: refused image {reference!r}: it is outside the game's "
            f"folder ({_names(roots)})"
        )
    if not path.is_file():
        close = close_file(reference, base, IMAGE_SUFFIXES)
        raise RenderError(f"{where}: image {reference!r} not found ({display_path(path)}){close}")
    return path


BASE_SCHEME = "printgen-file"
"""The scheme of the URLs by which a drawing refers to files: `file:` URLs by another name."""


def file_url(path: Path) -> str:
    """`path` as a card drawing refers to it: its `file:` URL in a scheme of printgen's own.
    cairosvg joins a relative reference (an SVG's own `dot.png`, a template's
    `icons/coin.svg`) to a `file:` base by testing the base's path, still %-encoded, with
    os.path.isdir: under `My Games/`, `Spiele-ü/`, `游戏/` or a folder with `#` or `?` that
    test failed, the reference became the working directory and every icon and art was
    refused. A base of another scheme is joined by urljoin, which keeps the encoding, and
    the fetcher decodes it once (`url_path`)."""
    for registry in (urllib.parse.uses_relative, urllib.parse.uses_netloc):
        if BASE_SCHEME not in registry:
            registry.append(BASE_SCHEME)
    return BASE_SCHEME + path.resolve().as_uri().removeprefix("file")


def base_url(folder: Path) -> str:
    """`folder` as the base URL a drawing's relative references are joined to."""
    return file_url(folder) + "/"


def url_path(url: str) -> Path | None:
    """The file a `file:` URL (or `file_url`'s) names, decoded once; None for another URL.
    Split, not parsed: a `;` in a file's name is no URL parameter."""
    parsed = urlsplit(url)
    if parsed.scheme not in ("file", BASE_SCHEME) or parsed.netloc:
        return None
    return Path(unquote(parsed.path))


def restricted_fetcher(roots: Sequence[Path]) -> Fetcher:
    """A cairosvg url_fetcher that reads `data:` URLs and files inside `roots` only, every
    raster within the pixel budget however it arrives (a file, a `data:` URL, inside an SVG
    that an SVG paints: cairosvg fetches those through here too), and all of one drawing's
    rasters within MAX_DRAWING_PIXELS together."""
    allowed = tuple(root.resolve() for root in roots)
    spent = [0]  # pixels of this drawing's rasters so far

    def fetch(url: str, resource_type: str) -> bytes:
        path = url_path(url)
        if url.startswith("data:"):
            data = data_url(url, resource_type)
        elif path is not None:
            if inside(path, allowed) and path.is_file():
                if path.stat().st_size > MAX_RESOURCE_BYTES:
                    raise RenderError(
                        f"refused {display_path(path)}: larger than "
                        f"{MAX_RESOURCE_BYTES // 2**20} MB"
                    )
                data = read_image(path)
            elif inside(path, allowed):
                raise RenderError(f"resource not found: {display_path(path)}")
            else:
                raise _refused_url(url, allowed)
        else:
            raise _refused_url(url, allowed)
        spent[0] += pixels_of(data)
        if spent[0] > MAX_DRAWING_PIXELS:
            raise RenderError(
                f"refused: the pictures of one drawing come to over "
                f"{MAX_DRAWING_PIXELS // 1_000_000} megapixels; scale them down"
            )
        return data

    return fetch


MAX_DRAWING_PIXELS = 100_000_000
"""The pixels of every raster one drawing (a card face, a board) decodes, together."""


def _refused_url(url: str, allowed: Sequence[Path]) -> RenderError:
    shown = url if len(url) <= 120 else url[:100] + "..."
    return RenderError(
        f"refused to read {shown!r}: drawings may only use files inside {_names(allowed)}"
    )


def data_url(url: str, resource_type: str = "image/*") -> bytes:
    """A `data:` URL's bytes, refused when they are a raster over the pixel budget or
    gzipped (an .svgz inflates without bound inside cairosvg)."""
    from cairosvg.url import fetch as data_fetch  # urllib decodes data: URLs

    data: bytes = data_fetch(url, resource_type)
    if data[:2] == b"\x1f\x8b":
        raise RenderError("refused a gzipped picture in a data: URL: give the SVG unzipped")
    return check_embedded(check_pixels(data, DATA_URL), DATA_URL)


DATA_URL = Path("a data: URL")
"""How a message names a picture that came as a `data:` URL."""


def pixels_of(data: bytes) -> int:
    """How many pixels the raster image `data` has (0 for an SVG or anything else), from its
    header alone."""
    from PIL import Image  # Pillow loaded only when a raster picture is read

    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
    except Exception:
        return 0
    return width * height


MAX_IMAGE_PIXELS = 50_000_000
"""The largest picture printgen decodes: a poker card at 300 dpi with bleed is about 0.9
megapixels, so 50 leaves room for any art and board while one picture stays under ~200 MB.
Pillow is told the same number, so a bomb that slips past the header check is refused too."""


def check_pixels(data: bytes, path: Path) -> bytes:
    """`data` unchanged, or a RenderError when it is a raster image above MAX_IMAGE_PIXELS,
    checked from its header before anything is decoded."""
    from PIL import Image  # Pillow loaded only when a raster picture is read

    Image.MAX_IMAGE_PIXELS = None  # the header only: its size goes into the message
    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
    except Exception:  # not a raster image Pillow knows (an SVG): left to the drawer
        return data
    finally:
        Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS
    if width * height > MAX_IMAGE_PIXELS:
        raise RenderError(
            f"refused image {display_path(path)}: {width} x {height} px is over the budget of "
            f"{MAX_IMAGE_PIXELS // 1_000_000} megapixels; scale it down"
        )
    return data


_EMBEDDED = re.compile(rb"data:([a-z]+/[a-z0-9.+-]+)?((?:;[^,;\s\"')]*)*),([^\"')\s<>]*)", re.I)
"""A `data:` URL inside an SVG's text: its type, its parameters (`;base64`), its data."""
MAX_NESTING = 8  # SVGs inside SVGs inside ...


def check_embedded(data: bytes, path: Path, depth: int = 0) -> bytes:
    """`data` unchanged, or a RenderError naming `path` when a picture it embeds as a
    `data:` URL (however deep inside SVGs it embeds) is over the pixel budget, or when its
    embedded pictures come to over MAX_DRAWING_PIXELS together: read when the file is
    read, so validate names the file (a 9,990 x 9,990 PNG inside an icon's SVG pushed a
    build past 6 GB)."""
    if b"data:" not in data:
        return data
    total = 0
    for found in _EMBEDDED.finditer(data):
        inner = _decoded(found)
        if inner is None:
            continue
        what = Path(f"{display_path(path)} (a picture inside it)")
        if depth < MAX_NESTING and (b"<svg" in inner[:4096] or inner[:2] == b"\x1f\x8b"):
            if inner[:2] == b"\x1f\x8b":
                raise RenderError(f"{what}: a gzipped SVG inside an SVG; give it unzipped")
            check_embedded(inner, path, depth + 1)
            continue
        check_pixels(inner, what)
        total += pixels_of(inner)
        if total > MAX_DRAWING_PIXELS:
            raise RenderError(
                f"refused image {display_path(path)}: the pictures inside it come to over "
                f"{MAX_DRAWING_PIXELS // 1_000_000} megapixels; scale them down"
            )
    return data


def _decoded(found: re.Match[bytes]) -> bytes | None:
    payload = found.group(3)
    try:
        if b"base64" in found.group(2).lower():
            return base64.b64decode(re.sub(rb"\s+|&#1[03];", b"", payload), validate=False)
        return unquote_to_bytes(payload)
    except (binascii.Error, ValueError):
        return None


def read_image(path: Path, root: Path | None = None) -> bytes:
    """A picture's bytes, read through the guarded reader (inside `root` when given) and
    refused above the pixel budget (RenderError), a raster's own or an SVG's embedded ones:
    every image a card, board or rulebook draws comes through here."""
    try:
        data = read_guarded(path, MAX_RESOURCE_BYTES, root)
    except DataError as exc:
        raise RenderError(str(exc)) from None
    return check_embedded(check_pixels(data, path), path)


@contextmanager
def strict_decoding() -> Iterator[None]:
    """Pillow refusing a truncated file while it decodes: WeasyPrint, once imported (the
    rulebook), tells every decoder of the process to fill a truncated picture with grey."""
    from PIL import ImageFile  # Pillow loaded only when a raster picture is read

    before = ImageFile.LOAD_TRUNCATED_IMAGES
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        yield
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = before


def check_decodes(data: bytes, path: Path) -> None:
    """A RenderError naming `path` unless `data` is a picture that can be drawn: a
    well-formed SVG for `.svg`, else a raster image Pillow decodes to its last pixel. cairosvg
    meets a broken picture only when it draws the sheet, where its message named neither the
    file nor the card (`UnidentifiedImageError: cannot identify image file <_io.BytesIO ...>`)
    and `validate` had said nothing."""
    if path.suffix.lower() == ".svg":
        from defusedxml import ElementTree  # loaded only when an SVG is checked
        from defusedxml.common import DefusedXmlException  # loaded only when an SVG is checked

        try:
            ElementTree.fromstring(data)
        except (ElementTree.ParseError, DefusedXmlException) as exc:
            raise RenderError(
                f"{display_path(path)}: not an SVG printgen can read: {exc}"
            ) from None
        return
    from PIL import Image  # Pillow loaded only when a raster picture is read

    try:
        with strict_decoding(), Image.open(io.BytesIO(data)) as image:
            image.load()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise RenderError(f"{display_path(path)}: not a picture printgen can read: {exc}") from None


def _names(roots: Sequence[Path]) -> str:
    return " or ".join(display_path(root) for root in roots)
