"""Containment: what a drawing may read (DESIGN.md section 8).

Templates and data may refer to images, but only to files inside the game's data folder and
the templates folder, or to self-contained `data:` URLs. Everything else (other files, `..`
traversal, absolute paths elsewhere, `http(s)://`) is refused with a RenderError that names
the offending reference. cairosvg itself runs with `unsafe=False` (no XML entities, no
external DTDs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import unquote, urlparse

from printgen.errors import RenderError, display_path

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
        raise RenderError(f"{where}: image {reference!r} not found ({display_path(path)})")
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
                return path.read_bytes()
            if inside(path, allowed):
                raise RenderError(f"resource not found: {display_path(path)}")
        raise RenderError(
            f"refused to read {url!r}: drawings may only use files inside {_names(allowed)}"
        )

    return fetch


def _names(roots: Sequence[Path]) -> str:
    return " or ".join(display_path(root) for root in roots)
