"""What a rulebook may read: `data:` URLs and files inside the allowed folders, nothing else.

Pure policy (no weasyprint here), so it is tested on its own; `pdf.py` wraps it in a weasyprint
URL fetcher. Refusals are RenderErrors that name the reference and the allowed folders.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote, urlparse
from urllib.request import url2pathname

from printgen.errors import RenderError, display_path
from printgen.render.draw.safety import MAX_RESOURCE_BYTES, inside


def allowed_file(url: str, roots: Sequence[Path]) -> Path | None:
    """None for a `data:` URL; the file for an allowed `file:` URL; RenderError otherwise."""
    parsed = urlparse(url)
    scheme = parsed.scheme.lower()
    if scheme == "data":
        return None
    if scheme != "file" or parsed.netloc not in ("", "localhost"):
        raise RenderError(
            f"rulebook: refused to fetch {url!r}: only files inside {_names(roots)} "
            "and data: URLs may be used"
        )
    path = Path(url2pathname(unquote(parsed.path)))
    if not path.is_absolute() or not inside(path, roots):
        raise RenderError(
            f"rulebook: refused to read {display_path(path)}: it is outside {_names(roots)}"
        )
    resolved = path.resolve()
    if not resolved.is_file():
        raise RenderError(f"rulebook: file not found: {display_path(path)}")
    if resolved.stat().st_size > MAX_RESOURCE_BYTES:
        raise RenderError(
            f"rulebook: refused {display_path(path)}: larger than {MAX_RESOURCE_BYTES // 2**20} MB"
        )
    return resolved


def mime_type(path: Path) -> str:
    return mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def _names(roots: Sequence[Path]) -> str:
    return " and ".join(display_path(root) for root in roots)
