"""A small store of expensive results by the hash of everything they are made from.

The build points it at `OUT/.cache/` (each worker process calls `configure`); without that it
stores nothing and every call computes. Renderers use it for their slow, pure steps, e.g. a
rulebook's HTML to PDF: editing a card's text then re-typesets no rulebook that does not show
that text, because the HTML, and so the key, is unchanged.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from printgen.files.atomic import write_atomic

_folder: Path | None = None


def configure(folder: Path | None) -> None:
    global _folder
    _folder = folder


def key_of(pieces: Iterable[str | bytes]) -> str:
    digest = hashlib.sha256()
    for piece in pieces:
        data = piece.encode("utf-8") if isinstance(piece, str) else piece
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()


def remembered(
    namespace: str, pieces: Iterable[str | bytes], compute: Callable[[], bytes]
) -> bytes:
    """`compute()`'s bytes, taken from the store when the same pieces were seen before."""
    if _folder is None:
        return compute()
    from printgen.files.hashing import code_key, fonts_key

    key = key_of([code_key(), fonts_key(), *pieces])
    path = _folder / namespace / f"{key}.bin"
    try:
        data = path.read_bytes()
        os.utime(path)  # recently used: pruning keeps it
        return data
    except OSError:
        pass
    data = compute()
    write_atomic(path, data)
    return data


MAX_STORE_BYTES = 256 * 1024 * 1024


def prune(folder: Path, max_bytes: int = MAX_STORE_BYTES) -> int:
    """Delete the least recently used entries until the store holds at most `max_bytes`;
    return how many were deleted. Any entry may go: it is only ever a shortcut."""
    entries = []
    for path in folder.glob("*/*.bin"):
        try:
            stat = path.stat()
        except OSError:
            continue
        entries.append((stat.st_mtime_ns, path.as_posix(), stat.st_size, path))
    total = sum(size for _, _, size, _ in entries)
    deleted = 0
    for _, _, size, path in sorted(entries):
        if total <= max_bytes:
            break
        path.unlink(missing_ok=True)
        total -= size
        deleted += 1
    return deleted
