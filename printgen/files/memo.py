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
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from printgen.files.atomic import write_atomic
from printgen.files.hashing import code_key, fonts_key

_folder: Path | None = None
_plain_folders: set[Path] = set()
"""The store's namespace folders found to be plain folders (not symbolic links) since the
last `configure`: an entry is then opened without following a link, and no path resolved."""


HEADER = b"printgen-memo 1\n"
DIGEST = 32


def configure(folder: Path | None) -> None:
    """Use the store in `folder` (None: no store). A folder that is a symbolic link or not a
    folder is not used: the store never writes outside OUT."""
    global _folder
    if folder is not None and (folder.is_symlink() or (folder.exists() and not folder.is_dir())):
        folder = None
    _folder = folder
    _plain_folders.clear()


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
    if _plain_folder(path.parent) or not os.path.lexists(path.parent):  # never through a link
        with contextlib.suppress(OSError):  # a full disk, a read-only store: the result stands
            write_atomic(path, seal(data))
    return data


def fetched(namespace: str, pieces: Iterable[str | bytes]) -> bytes | None:
    """The stored bytes for these pieces, None when the store lacks them; nothing is computed
    (the live preview shows the report a build made, and never makes one itself)."""
    if _folder is None:
        return None
    return _read(_path(_folder, namespace, pieces), namespace)


def stored(namespace: str, pieces: Iterable[str | bytes]) -> bool:
    """Whether the store holds an entry for these pieces (one found damaged when read is still
    computed again): the build asks, to make in its worker processes what it will need."""
    return _folder is not None and _path(_folder, namespace, pieces).is_file()


def _path(folder: Path, namespace: str, pieces: Iterable[str | bytes]) -> Path:
    return folder / namespace / f"{key_of([code_key(), fonts_key(), *pieces])}.bin"


def _read(path: Path, namespace: str) -> bytes | None:
    """An entry's data, None when absent; a damaged entry is deleted, with a note.

    An entry is read only where the store put it: its namespace folder a plain folder of the
    store (which `configure` refused as a symbolic link), the entry itself opened without
    following a link and refused unless a regular file. That keeps every read inside OUT
    without resolving the entry's path (a tenth of the cost: the gallery's report of a 1,000-card
    deck reads 2,000 entries)."""
    if not _plain_folder(path.parent):
        if os.path.lexists(path.parent):  # a symbolic link or a file where a folder should be
            note(f"{namespace} cache entry {path.name[:12]} cannot be read; making it again")
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:  # the common case of a cold build
        return None
    except OSError:  # a symbolic link (ELOOP), no permission
        note(f"{namespace} cache entry {path.name[:12]} cannot be read; making it again")
        return None
    try:
        entry = _read_entry(fd)
        if entry is not None:
            with contextlib.suppress(OSError):
                os.utime(fd)  # recently used: pruning keeps it
    except OSError:
        entry = None
    finally:
        os.close(fd)
    if entry is None:
        note(f"{namespace} cache entry {path.name[:12]} cannot be read; making it again")
        return None
    data = unseal(entry)
    if data is None:
        note(f"{namespace} cache entry {path.name[:12]} is damaged; deleted, making it again")
        path.unlink(missing_ok=True)
        return None
    return data


def _plain_folder(folder: Path) -> bool:
    """Whether `folder` is a folder and not a symbolic link (remembered once it is)."""
    if folder in _plain_folders:
        return True
    try:
        plain = stat.S_ISDIR(os.lstat(folder).st_mode)
    except OSError:
        return False
    if plain:
        _plain_folders.add(folder)
    return plain


def _read_entry(fd: int) -> bytes | None:
    """The bytes of the open regular file `fd`, None when it is not one or is over the limit."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES:
        return None
    chunks, size = [], 0
    while size <= MAX_ENTRY_BYTES:
        chunk = os.read(fd, max(info.st_size + 1 - size, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks) if size <= MAX_ENTRY_BYTES else None


MAX_ENTRY_BYTES = 200_000_000


MAX_STORE_BYTES = 256 * 1024 * 1024


def prune(folder: Path, max_bytes: int | None = None, used_since: int | None = None) -> int:
    """Delete the least recently used entries until the store holds at most `max_bytes`
    (MAX_STORE_BYTES by default); return how many were deleted. Any entry may go (it is only
    ever a shortcut) but one written or read since `used_since` (nanoseconds since the epoch:
    the build's start), so the bound grows with what one build uses: pruning a large deck's
    store down to the bound deleted the PDF windows and faces its next edit reads (a
    5,000-card deck's store is some 270 MB), and each edit drew some of them again."""
    bound = MAX_STORE_BYTES if max_bytes is None else max_bytes
    if folder.is_symlink() or not folder.is_dir():  # not printgen's store: never touched
        return 0
    entries = _entries(folder)
    total = sum(size for _, _, size in entries)
    deleted = 0
    for used, path, size in sorted(entries):
        if total <= bound or (used_since is not None and used >= used_since):
            break
        with contextlib.suppress(OSError):
            os.unlink(path)
        total -= size
        deleted += 1
    return deleted


def _entries(folder: Path) -> list[tuple[int, str, int]]:
    """Each entry of the store (`<namespace>/<key>.bin`, no symbolic link followed): when it
    was last used, its path and its size. One `scandir` a folder: a large deck's store holds
    some 10,000 entries, and every build looks at them all (a `glob` and a `stat` each cost
    twice as much)."""
    found = []
    with contextlib.suppress(OSError), os.scandir(folder) as spaces:
        for space in spaces:
            if not space.is_dir(follow_symlinks=False):
                continue
            with contextlib.suppress(OSError), os.scandir(space.path) as names:
                for entry in names:
                    if not entry.name.endswith(".bin"):
                        continue
                    try:
                        info = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    if stat.S_ISREG(info.st_mode):
                        found.append((info.st_mtime_ns, entry.path, info.st_size))
    return found
