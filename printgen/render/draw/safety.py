"""Containment: what a drawing may read (DESIGN.md section 8).

Templates and data may refer to images, but only to files inside the game's data folder and
the templates folder, or to self-contained `data:` URLs. Everything else (other files, `..`
traversal, absolute paths elsewhere, `http(s)://`) is refused with a RenderError that names
the offending reference. cairosvg itself runs with `unsafe=False` (no XML entities, no
external DTDs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urlparse

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


def restricted_fetcher(roots: Sequence[Path]) -> Fetcher:
    """A cairosvg url_fetcher that reads `data:` URLs and files inside `roots` only."""
    allowed = tuple(root.resolve() for root in roots)

    def fetch(url: str, resource_type: str) -> bytes:
        parsed = urlparse(url)
        if parsed.scheme == "data":
            from cairosvg.url import fetch as data_fetch  # urllib decodes data: URLs

            data: bytes = data_fetch(url, resource_type)
            return data
        if parsed.scheme == "file" and not parsed.netloc:
            path = Path(unquote(parsed.path))
            if inside(path, allowed) and path.is_file():
                if path.stat().st_size > MAX_RESOURCE_BYTES:
                    raise RenderError(
                        f"refused {display_path(path)}: larger than "
                        f"{MAX_RESOURCE_BYTES // 2**20} MB"
                    )
                return read_image(path)
            if inside(path, allowed):
                raise RenderError(f"resource not found: {display_path(path)}")
        raise RenderError(
            f"refused to read {url!r}: drawings may only use files inside {_names(allowed)}"
        )

    return fetch


MAX_IMAGE_PIXELS = 50_000_000
"""The largest picture printgen decodes: a poker card at 300 dpi with bleed is about 0.9
megapixels, so 50 leaves room for any art and board while one picture stays under ~200 MB.
Pillow is told the same number, so a bomb that slips past the header check is refused too."""


def check_pixels(data: bytes, path: Path) -> bytes:
    """`data` unchanged, or a RenderError when it is a raster image above MAX_IMAGE_PIXELS,
    checked from its header before anything is decoded."""
    import io

    from PIL import Image

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


def read_image(path: Path, root: Path | None = None) -> bytes:
    """A picture's bytes, read through the guarded reader (inside `root` when given) and
    refused above the pixel budget (RenderError): every raster image a card, board or rulebook
    draws comes through here."""
    try:
        return check_pixels(read_guarded(path, MAX_RESOURCE_BYTES, root), path)
    except DataError as exc:
        raise RenderError(str(exc)) from None


@contextmanager
def strict_decoding() -> Iterator[None]:
    """Pillow refusing a truncated file while it decodes: WeasyPrint, once imported (the
    rulebook), tells every decoder of the process to fill a truncated picture with grey."""
    from PIL import ImageFile

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
    import io

    if path.suffix.lower() == ".svg":
        from defusedxml import ElementTree
        from defusedxml.common import DefusedXmlException

        try:
            ElementTree.fromstring(data)
        except (ElementTree.ParseError, DefusedXmlException) as exc:
            raise RenderError(
                f"{display_path(path)}: not an SVG printgen can read: {exc}"
            ) from None
        return
    from PIL import Image

    try:
        with strict_decoding(), Image.open(io.BytesIO(data)) as image:
            image.load()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise RenderError(f"{display_path(path)}: not a picture printgen can read: {exc}") from None


def _names(roots: Sequence[Path]) -> str:
    return " or ".join(display_path(root) for root in roots)
