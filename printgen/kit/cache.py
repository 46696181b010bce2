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
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from printgen.files.hashing import code_key, file_hash, fonts_key, hash_tree

MANIFEST = ".printgen-cache.json"


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
