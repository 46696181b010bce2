"""The one place files are written: to a temporary name beside the target, then renamed.

A build that is interrupted never leaves a truncated file under a final name. Temporary names
carry the writer's process id, so the next build can delete the leftovers of a killed one
(`remove_leftovers`) without touching those of a build still running.

Inside the output folder (`root`), no symbolic link is ever followed: the folders from OUT
down to a file are made and opened one at a time with O_NOFOLLOW, and the file is made and
renamed relative to its folder's descriptor, so `OUT/<game>` (or any folder below it)
replaced by a link to elsewhere is refused, never written through, even when the link appears
during the build. `unlink_inside` deletes the same way.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import tempfile
from collections.abc import Iterable
from pathlib import Path

from printgen.errors import UsageError, display_path

TEMP_SUFFIX = ".part"
_TEMP_NAME = re.compile(r"^\.(.+)\.(\d+)\.[^.]+\.part$")  # .<name>.<pid>.<random>.part


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # someone else's process, or not a pid: leave its file alone
    return True


def remove_leftovers(
    targets: Iterable[Path], folders: Iterable[Path] = (), root: Path | None = None
) -> list[Path]:
    """Delete the temporary files a killed build left behind for the files `targets` (what
    printgen recorded writing) and in `folders` (printgen's own, such as OUT/.cache/<kind>);
    return what was deleted. Nothing else is looked at: no tree is walked, so a file of the
    same shape in someone else's folder is never touched, nor one reached through a symbolic
    link inside the output folder `root`. The files of a build still running (its process is
    alive) are kept."""
    wanted: dict[Path, set[str] | None] = {}
    for target in targets:
        names = wanted.setdefault(target.parent, set())
        if names is not None:
            names.add(target.name)
    for folder in folders:
        wanted[folder] = None  # every temporary name in it is ours
    removed = []
    for folder, names in sorted(wanted.items()):
        try:
            fd = folder_inside(root, folder, make=False) if root is not None else None
        except (OSError, ValueError, UsageError):  # not there, or through a link: not ours
            continue
        try:
            removed += _remove_dead(folder, names, fd)
        finally:
            if fd is not None:
                os.close(fd)
    return removed


def _remove_dead(folder: Path, names: set[str] | None, fd: int | None) -> list[Path]:
    """The temporary files of dead writers in `folder` (open as `fd`, when given), deleted."""
    removed = []
    try:
        entries = list(os.scandir(folder if fd is None else fd))
    except OSError:
        return []
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if not match or (names is not None and match.group(1) not in names):
            continue
        if entry.is_file(follow_symlinks=False) and not _alive(int(match.group(2))):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(entry.name if fd is not None else entry.path, dir_fd=fd)
            removed.append(folder / entry.name)
    return removed


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0)


def linked(path: Path) -> UsageError:
    return UsageError(
        f"{display_path(path)} is a symbolic link inside the output folder: printgen writes "
        "only into folders of its own there, never through a link; remove the link"
    )


def folder_inside(root: Path, folder: Path, make: bool = True) -> int:
    """An open descriptor of `folder`, a folder inside `root` (`root / ...`), reached from
    `root` one name at a time without following a symbolic link, each made first when `make`;
    a UsageError naming a link on the way (an OSError for anything else in the way). `root`
    itself is made when missing (it was checked as a whole before the build)."""
    if make:
        root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root, _DIRECTORY)
    here = root
    try:
        for name in folder.relative_to(root).parts:
            here = here / name
            if make:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(name, 0o777, dir_fd=fd)
            try:
                child = os.open(name, _DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and os.path.islink(here):
                    raise linked(here) from None
                if exc.errno == errno.ENOTDIR:  # a file where the folder goes, as mkdir says
                    error = os.strerror(errno.EEXIST)
                    raise FileExistsError(errno.EEXIST, error, str(here)) from None
                raise
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def unlink_inside(root: Path, path: Path) -> None:
    """Delete the file `path` inside `root`, never through a symbolic link; nothing when it
    or its folder is not there."""
    try:
        fd = folder_inside(root, path.parent, make=False)
    except FileNotFoundError:
        return
    try:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path.name, dir_fd=fd)
    finally:
        os.close(fd)


def remove_empty_folders(root: Path, folder: Path, stop: Path) -> None:
    """Remove `folder` and then each folder above it, up to (not including) `stop`, while
    each is empty; never through a symbolic link."""
    while folder != stop and folder.is_relative_to(stop):
        try:
            fd = folder_inside(root, folder.parent, make=False)
        except OSError:
            return
        try:
            os.rmdir(folder.name, dir_fd=fd)
        except OSError:  # not empty, not there, not a folder: stop here
            return
        finally:
            os.close(fd)
        folder = folder.parent


def write_atomic(path: Path, data: bytes, root: Path | None = None) -> Path:
    """Write `data` to `path` via a temporary file in the same folder and an atomic rename;
    inside `root` (the output folder) without following a symbolic link."""
    if root is not None:
        return _write_inside(root, path, data)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=path.parent
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are ordinary files
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _write_inside(root: Path, path: Path, data: bytes) -> Path:
    fd = folder_inside(root, path.parent)
    tmp = f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        out = os.open(tmp, flags, 0o666, dir_fd=fd)  # the umask applies, as to any new file
        try:
            with os.fdopen(out, "wb") as handle:
                handle.write(data)
            os.replace(tmp, path.name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=fd)
            raise
    finally:
        os.close(fd)
    return path
