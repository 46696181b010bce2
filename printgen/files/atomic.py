"""The one place files are written: to a temporary name beside the target, then renamed.

A build that is interrupted never leaves a truncated file under a final name. Temporary names
carry the writer's process id, so the next build can delete the leftovers of a killed one
(`remove_leftovers`) without touching those of a build still running.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path

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


def remove_leftovers(targets: Iterable[Path], folders: Iterable[Path] = ()) -> list[Path]:
    """Delete the temporary files a killed build left behind for the files `targets` (what
    printgen recorded writing) and in `folders` (printgen's own, such as OUT/.cache/<kind>);
    return what was deleted. Nothing else is looked at: no tree is walked, so a file of the
    same shape in someone else's folder is never touched. The files of a build still running
    (its process is alive) are kept."""
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
            entries = [e for e in os.scandir(folder) if e.name.endswith(TEMP_SUFFIX)]
        except OSError:
            continue
        for entry in entries:
            match = _TEMP_NAME.match(entry.name)
            if not match or (names is not None and match.group(1) not in names):
                continue
            if entry.is_file(follow_symlinks=False) and not _alive(int(match.group(2))):
                Path(entry.path).unlink(missing_ok=True)
                removed.append(Path(entry.path))
    return removed


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes) -> Path:
    """Write `data` to `path` via a temporary file in the same folder and an atomic rename."""
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
