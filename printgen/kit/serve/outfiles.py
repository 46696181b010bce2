"""Which file of OUT a request may read: nothing outside OUT, nothing printgen keeps for itself.

A request's path is decoded (`%2e%2e` is `..`), split on `/`, and refused (None: the server
answers 404) when any part is empty (`//etc/passwd`, an absolute path), `.` or `..`, or
starts with a dot (the build store `.cache/`, the locks, the manifest); then the file is
resolved, symbolic links followed, and refused unless it lies inside OUT and is a regular
file. It is opened without blocking (a FIFO put in OUT never hangs a request) and checked
again once open.
"""

from __future__ import annotations

import mimetypes
import os
import stat
from pathlib import Path
from typing import BinaryIO
from urllib.parse import unquote

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".json": "application/json",
    ".csv": "text/csv; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
}


def file_in(out_dir: Path, path: str) -> Path | None:
    """The file of OUT that the request path `path` (its query cut off) names, or None."""
    try:
        text = unquote(path, errors="strict") if "%" in path else path
    except UnicodeDecodeError:
        return None
    if not text.startswith("/") or "\\" in text or "\0" in text:
        return None
    parts = text[1:].split("/")
    if any(not part or part.startswith(".") for part in parts):
        return None
    root = out_dir.resolve()
    try:
        real = root.joinpath(*parts).resolve()
    except (OSError, RuntimeError):  # a loop of links
        return None
    if not real.is_relative_to(root) or real == root:
        return None
    return real if real.is_file() else None


def open_file(path: Path) -> tuple[BinaryIO, int] | None:
    """`path` open for reading and its size; None when it is not a regular file (now)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        return None
    return os.fdopen(fd, "rb"), info.st_size


def content_type(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in TYPES:
        return TYPES[suffix]
    guessed, _ = mimetypes.guess_type(path.name)
    return guessed or "application/octet-stream"
