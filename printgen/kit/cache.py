"""Content-addressed build cache: a part of a kit is rebuilt only when what it is made from
changed.

A part's key hashes everything its bytes depend on: printgen's version and code, the templates,
the fonts fontconfig offers, the game's data folder and the build options. The manifest
(`OUT/.printgen-cache.json`) records each part's key and the hash of every file it wrote; a
part is skipped when its key is unchanged and every file is still there with the same bytes, so
a deleted or damaged output is rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from printgen import __version__

MANIFEST = ".printgen-cache.json"
PACKAGE = Path(__file__).resolve().parent.parent


def hash_tree(root: Path, patterns: Iterable[str] = ("**/*",)) -> str:
    """A hash of every file's relative path and bytes under `root` (caches left out)."""
    digest = hashlib.sha256()
    files = sorted(
        {
            p
            for pattern in patterns
            for p in root.glob(pattern)
            if p.is_file() and "__pycache__" not in p.parts
        }
    )
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
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


def part_key(game_folder: Path, templates: Path, part: str, options: dict[str, Any]) -> str:
    digest = hashlib.sha256()
    for piece in (
        code_key(),
        fonts_key(),
        hash_tree(templates),
        hash_tree(game_folder),
        part,
        json.dumps(options, sort_keys=True),
    ):
        digest.update(piece.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Manifest:
    """What the last build wrote: per `game/part`, its key and its files' hashes."""

    parts: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, out_dir: Path) -> Manifest:
        try:
            data = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
            parts = data["parts"]
            if isinstance(parts, dict):
                return cls(parts)
        except (OSError, ValueError, KeyError, TypeError):
            pass
        return cls()

    def fresh(self, out_dir: Path, name: str, key: str) -> list[Path] | None:
        """The part's files when it need not be rebuilt; None when it must be."""
        entry = self.parts.get(name)
        if not entry or entry.get("key") != key:
            return None
        paths = []
        for relative, digest in entry.get("files", {}).items():
            path = out_dir / relative
            if not path.is_file() or file_hash(path) != digest:
                return None
            paths.append(path)
        return paths

    def record(self, out_dir: Path, name: str, key: str, files: list[Path]) -> None:
        self.parts[name] = {
            "key": key,
            "files": {p.relative_to(out_dir).as_posix(): file_hash(p) for p in sorted(files)},
        }

    def forget(self, name: str) -> None:
        self.parts.pop(name, None)

    def to_bytes(self) -> bytes:
        return json.dumps(asdict(self), indent=1, sort_keys=True).encode("utf-8")
