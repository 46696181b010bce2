"""The one guarded way printgen reads a file it did not write (data, templates, fonts, images).

Data is written by someone else, so a file's name promises nothing: `rules.md` may be a
symbolic link to a secret, `cards.csv` a link to `/dev/zero` or a FIFO that never ends. Every
reader of data goes through `read_guarded`, which

- follows symbolic links but refuses a file that then lies outside the folder it belongs to
  (the game's folder, the templates);
- refuses anything but a regular file (FIFO, device, socket, folder), checked with `os.stat`
  and opened with O_NONBLOCK, so a FIFO can never hang the read;
- reads at most `limit + 1` bytes, so an endless or huge file costs at most the limit.

Its refusals are `DataError`s naming the file, the same words art has used since the first
hardening round. `hash_file` hashes a file by streaming it (a 4 GB stray file in a game folder
costs a buffer, not 4 GB). This module sits below every layer: model and render both use it.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path

from printgen.errors import DataError, Problem, display_path

CHUNK = 1 << 16


def refusal(path: Path, message: str, name: str | None = None) -> DataError:
    return DataError([Problem(name or display_path(path), None, "", message)])


def check_inside(path: Path, root: Path | None, name: str | None = None) -> Path:
    """`path` with its symbolic links resolved; refused when that lies outside `root`."""
    real = path.resolve()
    if root is not None and not real.is_relative_to(root.resolve()):
        raise refusal(
            path,
            f"refused: it leads outside {display_path(root)} (a symbolic link?); "
            "data files must lie inside the game's folder",
            name,
        )
    return real


def read_guarded(
    path: Path, limit: int, root: Path | None = None, name: str | None = None
) -> bytes:
    """The bytes of the regular file `path` (at most `limit`), inside `root` when given."""
    real = check_inside(path, root, name)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        raise refusal(path, "file not found", name) from None
    except OSError as exc:
        raise refusal(path, f"cannot be read: {exc.strerror}", name) from None
    _check_regular(path, info.st_mode, name)
    if info.st_size > limit:
        raise refusal(path, f"file is {info.st_size} bytes; the limit is {limit}", name)
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise refusal(path, f"cannot be read: {exc.strerror}", name) from None
    try:
        _check_regular(path, os.fstat(fd).st_mode, name)  # replaced since the stat?
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise refusal(path, f"cannot be read: {exc.strerror}", name) from None
    finally:
        os.close(fd)
    if size > limit:
        raise refusal(path, f"file is more than {limit} bytes; the limit is {limit}", name)
    return b"".join(chunks)


def _check_regular(path: Path, mode: int, name: str | None) -> None:
    if stat.S_ISREG(mode):
        return
    kind = (
        "a folder"
        if stat.S_ISDIR(mode)
        else "a FIFO"
        if stat.S_ISFIFO(mode)
        else "a device"
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "not a regular file"
    )
    raise refusal(path, f"refused: {kind}, not a regular file", name)


def hash_file(path: Path) -> bytes:
    """The SHA-256 of a regular file, read in chunks; DataError when it cannot be read."""
    try:
        info = os.stat(path)
        _check_regular(path, info.st_mode, None)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise refusal(path, f"cannot be read: {exc.strerror}") from None
    digest = hashlib.sha256()
    try:
        while chunk := os.read(fd, CHUNK * 16):
            digest.update(chunk)
    except OSError as exc:
        raise refusal(path, f"cannot be read: {exc.strerror}") from None
    finally:
        os.close(fd)
    return digest.digest()


def unwritable(path: Path, room: int = 0) -> str | None:
    """Why the file or folder `path` cannot be made (checked before any work starts, so a
    long run never ends in an unwritable place), with `room` bytes set aside for it on its
    disk (a full disk, a quota, a file size limit); None when it can."""
    most = _name_max(path)
    if len(os.fsencode(path.name)) > most:
        return f"its name is {len(os.fsencode(path.name))} bytes long; the limit here is {most}"
    if path.is_dir():
        return "is a folder"
    ancestor = path.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        if ancestor.is_symlink():
            return f"{display_path(ancestor)} is a broken symbolic link"
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        return f"{display_path(ancestor)} is a file, not a folder"
    if not os.access(ancestor, os.W_OK | os.X_OK):
        return f"no permission to write in {display_path(ancestor)}"
    return _no_room(ancestor, room) if room else None


def _name_max(path: Path) -> int:
    """The longest file name (in bytes) the disk that will hold `path` takes."""
    ancestor = path.parent
    while not ancestor.is_dir() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    try:
        return os.pathconf(ancestor, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def _no_room(folder: Path, room: int) -> str | None:
    """Why `room` bytes cannot be set aside in `folder` (they are, in a file deleted at once:
    posix_fallocate asks the disk for real blocks); None when they can."""
    try:
        with tempfile.TemporaryFile(dir=folder) as probe:
            os.posix_fallocate(probe.fileno(), 0, room)
    except AttributeError:  # no posix_fallocate (macOS): the write will say
        return None
    except OSError as exc:
        return f"no room for {room} bytes in {display_path(folder)}: {exc.strerror or exc}"
    return None


def unreadable_files(folder: Path) -> list[tuple[Path, str]]:
    """The files under `folder` that cannot be read, and why: the build hashes every file of
    a game's folder, so `validate` names them first (a FIFO or device is skipped, not read)."""
    found = []
    for base, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            path = Path(base) / name
            try:
                if not stat.S_ISREG(os.stat(path).st_mode):
                    continue
                fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
                try:
                    os.read(fd, 1)
                finally:
                    os.close(fd)
            except FileNotFoundError:
                continue  # a broken link: nothing to hash
            except OSError as exc:
                found.append((path, exc.strerror or str(exc)))
    return found
