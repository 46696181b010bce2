"""The kit writes every file: a part's renderer returns bytes by what they are
(`printgen.render.outputs.Output`), this names them (`printgen.kit.names`), a shop's once
they pass their preflight (`printgen.kit.shops`), and writes them.

Each file goes to a temporary name and is renamed when complete (`printgen.files.atomic`), so
a build that is interrupted never leaves a truncated file under a final name. A file whose
bytes are already on disk is left alone (its modification time too): after one card of a
large deck is edited, only that card's files and the sheets it is on are rewritten.

A renderer may return a mapping or yield `(output, bytes)` pairs one at a time; each file is
written as it comes, so a large deck's images are never all held at once.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from printgen.errors import ShopError
from printgen.files.atomic import write_atomic
from printgen.files.stamps import Stamp, stamp_of
from printgen.kit.names import BuildsPart, Made
from printgen.kit.options import BuildOptions
from printgen.kit.shops import shop_checked
from printgen.model import Game
from printgen.render.outputs import Kind


@dataclass
class Written:
    """What `write_files` did: every path, and those whose bytes changed (or were new)."""

    paths: list[Path] = field(default_factory=list)
    changed: list[Path] = field(default_factory=list)
    hashes: dict[Path, str] = field(default_factory=dict)
    """The SHA-256 of each file's bytes, taken from the bytes in hand as it is written: the
    cache manifest records them without reading the files again (a 1,000-card kit is some
    50 MB, hashed in the worker that made it rather than in the parent at the build's end)."""
    stamps: dict[Path, Stamp] = field(default_factory=dict)
    """Each file's stamp once written (or found holding its bytes), for the manifest: the next
    build takes a file with this stamp as holding these bytes without reading it."""
    shop_failures: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Each shop whose files could not be made or fail their preflight: its message and exit
    code (printgen.errors.ShopError); none of its files is written."""


def write_changed(path: Path, data: bytes, root: Path) -> bool:
    """Write `data` to `path` (inside the output folder `root`, never through a symbolic
    link) unless it is a file that already holds exactly these bytes; True when written."""
    try:
        info = os.lstat(path)
        if stat.S_ISREG(info.st_mode) and info.st_size == len(data) and path.read_bytes() == data:
            return False
    except OSError:
        pass
    write_atomic(path, data, root)
    return True


def write_each(folder: Path, files: Made, root: Path | None = None) -> Written:
    """Write each output under `folder`, at its path of `printgen.kit.names`, as it comes;
    `folder` is `OUT/<game>`, and nothing is written through a symbolic link inside OUT
    (`root`, by default the folder's parent)."""
    root = folder.parent if root is None else root
    written = Written()
    try:
        for name, data in shop_checked(files):
            path = folder / name
            written.paths.append(path)
            written.hashes[path] = hashlib.sha256(data).hexdigest()
            if write_changed(path, data, root):
                written.changed.append(path)
            stamp = stamp_of(path)
            if stamp is not None:
                written.stamps[path] = stamp
    except ShopError as exc:  # raised after every other file came (kit.shops.shop_checked)
        written.shop_failures = exc.failures
    return written


def write_files(folder: Path, files: Made) -> list[Path]:
    """Write each output under `folder`, at its path of `printgen.kit.names`; the paths.
    ShopError, once the other files are written, when a shop failed."""
    written = write_each(folder, files)
    if written.shop_failures:
        raise ShopError(written.shop_failures)
    return written.paths


def build_part(
    render: BuildsPart,
    game: Game,
    options: BuildOptions,
    out_dir: Path,
    outputs: Collection[Kind] | None = None,
    piece: str | None = None,
) -> list[Path]:
    """Render one part of `game`'s kit (only the kinds of `outputs`, of one `piece`, when
    given) and write its files under `out_dir/<game.id>/`. A renderer is called with no
    more than `(game, options)` when neither is given, as kit/run calls a whole part."""
    if outputs is None and piece is None:
        return write_files(out_dir / game.id, render(game, options))
    return write_files(out_dir / game.id, render(game, options, outputs, piece))
