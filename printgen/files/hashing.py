"""Hashes of what outputs are made from: a folder's files, printgen's code, the fonts."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from collections.abc import Collection, Iterable
from functools import cache
from pathlib import Path

from printgen import __version__
from printgen.errors import DataError
from printgen.files.guarded import hash_file

PACKAGE = Path(__file__).resolve().parent.parent


def hash_tree(
    root: Path, patterns: Iterable[str] = ("**/*",), leave_out: Collection[Path] = ()
) -> str:
    """A hash of every file's relative path and bytes under `root` (caches and the files of
    `leave_out` left out)."""
    digest = hashlib.sha256()
    files = sorted(
        {
            p
            for pattern in patterns
            for p in root.glob(pattern)
            if p.is_file() and "__pycache__" not in p.parts and p not in leave_out
        }
    )
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        try:
            digest.update(hash_file(path))  # streamed: a 4 GB stray file costs a buffer
        except DataError:  # unreadable: validate names it; the key changes when it does
            digest.update(b"unreadable")
    return digest.hexdigest()


@cache
def code_key() -> str:
    """printgen's version and code: a changed renderer rebuilds what it draws."""
    return f"{__version__}:{hash_tree(PACKAGE, ('**/*.py', '**/*.j2', '**/*.yaml'))}"


@cache
def fonts_key() -> str:
    """The fonts fontconfig offers (path, size, mtime): a changed font rebuilds everything."""
    if shutil.which("fc-list") is None:
        return "no-fontconfig"
    listing = subprocess.run(
        ["fc-list", "--format", "%{file}\n"], capture_output=True, text=True, check=False
    ).stdout
    digest = hashlib.sha256()
    for name in sorted(set(listing.split())):
        path = Path(name)
        try:
            stat = path.stat()
        except OSError:
            continue
        digest.update(f"{name}:{stat.st_size}:{int(stat.st_mtime)}\n".encode())
    return digest.hexdigest()


def file_hash(path: Path) -> str:
    return hash_file(path).hex()
