"""The one place files are written: to a temporary name beside the target, then renamed.

A build that is interrupted never leaves a truncated file under a final name. Temporary names
carry the writer's process id, so the next build can delete the leftovers of a killed one
(`remove_leftovers`) without touching those of a build still running.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".part"
_TEMP_NAME = re.compile(r"^\..+\.(\d+)\.[^.]+\.part$")  # .<name>.<pid>.<random>.part


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # someone else's process, or not a pid: leave its file alone
    return True


def remove_leftovers(folder: Path) -> list[Path]:
    """Delete the temporary files under `folder` that a killed build left behind (those of
    processes still running are theirs, and kept); return what was deleted."""
    removed = []
    for path in folder.rglob(f".*{TEMP_SUFFIX}"):
        match = _TEMP_NAME.match(path.name)
        if match and path.is_file() and not _alive(int(match.group(1))):
            path.unlink(missing_ok=True)
            removed.append(path)
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
