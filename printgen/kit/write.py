"""The kit writes every file: a part's renderer returns bytes by file name, this writes them.

Each file goes to a temporary name and is renamed when complete (`printgen.files.atomic`), so
a build that is interrupted never leaves a truncated file under a final name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from printgen.files.atomic import write_atomic
from printgen.model import Game


def write_files(folder: Path, files: Mapping[str, bytes]) -> list[Path]:
    """Write each `name: bytes` under `folder` (names may hold `/`); return the paths."""
    return [write_atomic(folder / name, data) for name, data in files.items()]


def build_part(
    render: Callable[..., Mapping[str, bytes]], game: Game, options: Any, out_dir: Path, *args: Any
) -> list[Path]:
    """Render one part of `game`'s kit and write its files under `out_dir/<game.id>/`."""
    return write_files(out_dir / game.id, render(game, options, *args))
