"""The user's private cache folder for printgen (`~/.cache/printgen/<kind>`), shared by every
build and every process of one user: what is slow to make and the same for everyone who makes
it from the same bytes (parsed YAML; a shop's PDF/X conversions, through `remembered`), kept by
a hash of those bytes.

A folder is used only when it is the user's own and writable (mode 0700 when made), because
what is read back from it is trusted as printgen's own work. Entries are written atomically;
one that cannot be read is made again. Each kind keeps at most a bounded number of entries:
the oldest go first, so the folder does not grow with every edit of every file.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterable
from functools import cache
from importlib import metadata
from pathlib import Path

from printgen.files import memo
from printgen.files.atomic import write_atomic
from printgen.files.hashing import code_key

ENTRIES_KEPT = 512
"""Entries of one kind; a write beyond this deletes the least recently written ones."""


def cache_folder(kind: str) -> Path | None:
    """`~/.cache/printgen/<kind>` (or under $XDG_CACHE_HOME), made if missing; None when it
    cannot be made or is not one to trust: not the user's own, writable by others, a symlink,
    or not writable. A relative $XDG_CACHE_HOME is ignored, as the XDG specification says:
    it would put the cache inside whatever folder printgen runs in, such as a game kit
    unpacked from someone else's archive, whose files would then be read back as trusted."""
    try:
        base = os.environ.get("XDG_CACHE_HOME", "")
        if not os.path.isabs(base):
            base = str(Path.home() / ".cache")
        folder = Path(base) / "printgen" / kind
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        status = folder.lstat()
        if (
            stat.S_ISLNK(status.st_mode)
            or status.st_uid != os.getuid()
            or status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
            or not os.access(folder, os.W_OK)
        ):
            return None
    except (OSError, RuntimeError):  # RuntimeError: no home folder to expand
        return None
    return folder


def remembered(
    kind: str,
    pieces: Iterable[str | bytes],
    make: Callable[[], bytes],
    libraries: Iterable[str] = (),
    bytes_kept: int | None = None,
) -> bytes:
    """`make()`, or the bytes it gave before for the same `pieces`, printgen's code and the
    installed versions of `libraries` (distribution names): as the build's own store keeps
    them in OUT/.cache (printgen.files.memo), but for every build of this user, into any
    folder. What is kept is what `make` gave, byte for byte, sealed with its hash: an entry
    that does not match it is made again, as is one that cannot be read; nothing is kept when
    `make` raises. `bytes_kept` bounds the kind's entries (the least recently used go
    first)."""
    folder = cache_folder(kind)
    if folder is None:
        return make()
    versions = [f"{library} {_version(library)}" for library in libraries]
    name = memo.key_of([code_key(), *versions, *pieces])
    kept = read_entry(folder, name)
    data = None if kept is None else memo.unseal(kept)
    if data is None:
        data = make()
        write_entry(folder, name, memo.seal(data), bytes_kept)
    else:
        with contextlib.suppress(OSError):
            os.utime(folder / name)  # used now: the last to go when the kind is pruned
    return data


@cache
def _version(library: str) -> str:
    try:
        return metadata.version(library)
    except metadata.PackageNotFoundError:
        return "none"


def read_entry(folder: Path, name: str) -> bytes | None:
    """The bytes kept under `name`, or None."""
    try:
        return (folder / name).read_bytes()
    except OSError:
        return None


def write_entry(folder: Path, name: str, data: bytes, bytes_kept: int | None = None) -> None:
    """Keep `data` under `name` (a failure to write is ignored: the cache is a shortcut); with
    `bytes_kept`, the kind's entries also hold at most that many bytes in all."""
    with contextlib.suppress(OSError):
        write_atomic(folder / name, data)
        _prune(folder, bytes_kept)


def _prune(folder: Path, bytes_kept: int | None) -> None:
    entries = [e for e in os.scandir(folder) if e.is_file(follow_symlinks=False)]
    if len(entries) <= ENTRIES_KEPT and bytes_kept is None:
        return
    entries.sort(key=lambda entry: (entry.stat().st_mtime_ns, entry.name), reverse=True)
    kept = total = 0
    for entry in entries:
        total += entry.stat().st_size
        if kept == ENTRIES_KEPT or (bytes_kept is not None and total > bytes_kept and kept):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
        else:
            kept += 1
