"""A small store of expensive results by the hash of everything they are made from.

The build points it at `OUT/.cache/` (each worker process calls `configure`); without that it
stores nothing and every call computes. Renderers use it for their slow, pure steps, e.g. a
rulebook's HTML to PDF: editing a card's text then re-typesets no rulebook that does not show
that text, because the HTML, and so the key, is unchanged.

The store is a shortcut, never a source of truth: each entry starts with a header and the
SHA-256 of its bytes, so an entry cut short or damaged (a full disk, a hand edit) is deleted
and computed again, with a note on the terminal; a store that cannot be read or written (not a
folder, a symbolic link, no permission) is ignored, never fatal.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from printgen.errors import DataError
from printgen.files.atomic import write_atomic
from printgen.files.guarded import read_guarded

_folder: Path | None = None


HEADER = b"printgen-memo 1\n"
DIGEST = 32


def configure(folder: Path | None) -> None:
    """Use the store in `folder` (None: no store). A folder that is a symbolic link or not a
    folder is not used: the store never writes outside OUT."""
    global _folder
    if folder is not None and (folder.is_symlink() or (folder.exists() and not folder.is_dir())):
        folder = None
    _folder = folder


def configured() -> bool:
    """Whether a store is in use (a build's worker, the gallery): a caller whose keys cost
    something to compute asks first."""
    return _folder is not None


def seal(data: bytes) -> bytes:
    """An entry's bytes: header, checksum, data."""
    return HEADER + hashlib.sha256(data).digest() + data


def unseal(entry: bytes) -> bytes | None:
    """The data of an entry; None when the entry is damaged."""
    start = len(HEADER) + DIGEST
    if not entry.startswith(HEADER) or len(entry) < start:
        return None
    data = entry[start:]
    return data if hashlib.sha256(data).digest() == entry[len(HEADER) : start] else None


def note(message: str) -> None:
    sys.stderr.write(f"printgen: note: {message}\n")


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
    path = _path(_folder, namespace, pieces)
    data = _read(path, namespace)
    if data is not None:
        return data
    data = compute()
    with contextlib.suppress(OSError):  # a full disk, a read-only store: the result stands
        write_atomic(path, seal(data))
    return data


def stored(namespace: str, pieces: Iterable[str | bytes]) -> bool:
    """Whether the store holds an entry for these pieces (one found damaged when read is still
    computed again): the build asks, to make in its worker processes what it will need."""
    return _folder is not None and _path(_folder, namespace, pieces).is_file()


def _path(folder: Path, namespace: str, pieces: Iterable[str | bytes]) -> Path:
    from printgen.files.hashing import code_key, fonts_key

    return folder / namespace / f"{key_of([code_key(), fonts_key(), *pieces])}.bin"


def _read(path: Path, namespace: str) -> bytes | None:
    """An entry's data, None when absent; a damaged entry is deleted, with a note."""
    if not os.path.lexists(path):  # the common case of a cold build: no guarded read's
        return None  # path resolving and refusal to build (a quarter of a ms an entry)
    try:
        entry = read_guarded(path, MAX_ENTRY_BYTES, path.parent.parent)
    except DataError:
        if path.is_symlink() or path.exists():
            note(f"{namespace} cache entry {path.name[:12]} cannot be read; making it again")
        return None
    data = unseal(entry)
    if data is None:
        note(f"{namespace} cache entry {path.name[:12]} is damaged; deleted, making it again")
        path.unlink(missing_ok=True)
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: pruning keeps it
    return data


MAX_ENTRY_BYTES = 200_000_000


MAX_STORE_BYTES = 256 * 1024 * 1024


def prune(folder: Path, max_bytes: int = MAX_STORE_BYTES) -> int:
    """Delete the least recently used entries until the store holds at most `max_bytes`;
    return how many were deleted. Any entry may go: it is only ever a shortcut."""
    if folder.is_symlink() or not folder.is_dir():  # not printgen's store: never touched
        return 0
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
