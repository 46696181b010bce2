"""The output folder: which folders printgen may write into, and one build at a time in each.

A build deletes and replaces files under OUT, so OUT is refused (exit 2, before any work) when
it is `/`, the home folder, the data folder or one of its ancestors, a folder inside the data,
or a non-empty folder printgen did not make (no marker file `.printgen-out`). The default
`output/` holds only `.gitkeep`: a folder of nothing but hidden dot-files counts as empty.

Two builds into one OUT would interleave their files and lose one another's manifest entries,
so a build holds an exclusive `flock` on `OUT/.printgen.lock` from start to end. The kernel
releases it when the process dies (even by kill -9), so a stale lock never blocks anyone. A
second build waits for the first, with a message, and then builds against what the first left.
`printgen serve` holds a second lock, `OUT/.printgen-serve.lock`, while it runs: one server an
OUT (its builds take the build lock as any build does).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

from printgen.errors import UsageError, display_path
from printgen.files.atomic import linked, write_atomic
from printgen.files.guarded import unwritable

MARKER = ".printgen-out"
LOCK = ".printgen.lock"
SERVE_LOCK = ".printgen-serve.lock"
MARKER_TEXT = (
    b"This folder is written by printgen (print-and-play kits). printgen replaces and deletes\n"
    b"the files it recorded in .printgen-cache.json here; keep your own files elsewhere.\n"
)
OURS = (MARKER, LOCK, ".printgen-cache.json")


def check_out_dir(out_dir: Path, data_dir: Path) -> None:
    """Refuse an OUT that printgen must not write into (UsageError: exit 2)."""
    out = out_dir.resolve()
    data = data_dir.resolve()
    where = f"--out {display_path(out_dir)}"
    if out == Path(out.anchor):
        raise UsageError(f"{where}: refused: the root folder; give a folder of its own")
    home = Path.home().resolve()
    if out == home:
        raise UsageError(f"{where}: refused: the home folder; give a folder of its own")
    if data.is_relative_to(out):
        raise UsageError(
            f"{where}: refused: it holds the data folder {display_path(data_dir)}; "
            "a build would overwrite the data"
        )
    if out.is_relative_to(data):
        raise UsageError(
            f"{where}: refused: it is inside the data folder {display_path(data_dir)}; "
            "give a folder outside the data"
        )
    if out.exists() and not out.is_dir():
        raise UsageError(f"{where}: not a folder")
    problem = unwritable(out / MARKER)
    if problem is not None:
        raise UsageError(f"{where}: cannot be written: {problem}")
    if out.is_dir() and not (out / MARKER).is_file() and not (out / OURS[2]).is_file():
        others = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
        if others:
            raise UsageError(
                f"{where}: refused: the folder holds files printgen did not write "
                f"({', '.join(others[:3])}{', ...' if len(others) > 3 else ''}) and no "
                f"{MARKER} marker; give an empty or new folder"
            )


def check_game_folders(out_dir: Path, folders: list[Path]) -> None:
    """Refuse an OUT inside a game's folder, or holding one, once symbolic links are followed:
    `data/<game>` may be a link to a folder elsewhere, which `check_out_dir` (on the data
    folder) does not see; a build there would redo everything each time (it saw its own
    output) or overwrite the game."""
    out = out_dir.resolve()
    where = f"--out {display_path(out_dir)}"
    for folder in folders:
        real = folder.resolve()
        if out.is_relative_to(real):
            raise UsageError(
                f"{where}: refused: it is inside the game folder {display_path(folder)} "
                f"(which is {real}); give a folder outside the data"
            )
        if real.is_relative_to(out):
            raise UsageError(
                f"{where}: refused: it holds the game folder {display_path(folder)} "
                f"(which is {real}); a build would overwrite the data"
            )


def check_no_links(out_dir: Path, game_ids: list[str]) -> None:
    """Refuse (before any work) a game's folder in OUT that is a symbolic link: a build would
    write the kit where it leads. Links deeper down are refused as each file is written
    (printgen.files.atomic)."""
    for game_id in game_ids:
        if (out_dir / game_id).is_symlink():
            raise linked(out_dir / game_id)


def mark(out_dir: Path) -> None:
    """Make OUT and leave the marker that says printgen may write into it."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if not (out_dir / MARKER).is_file():
        write_atomic(out_dir / MARKER, MARKER_TEXT, out_dir)


@contextlib.contextmanager
def exclusive(out_dir: Path, waiting: Callable[[str], None]) -> Iterator[None]:
    """Hold OUT's build lock; when another build holds it, say so and wait for it."""

    def wait() -> None:
        waiting(
            f"another build is writing into {display_path(out_dir)}; "
            "waiting for it to finish (Ctrl-C to stop)"
        )

    with _held(out_dir / LOCK, wait):
        yield


@contextlib.contextmanager
def serving(out_dir: Path) -> Iterator[None]:
    """Hold OUT's serve lock for as long as `printgen serve` runs. A second serve of the same
    OUT is refused (exit 2) rather than left waiting: a server that waits in silence for
    another to stop looks like one that hangs. Its builds take the build lock as any does."""

    def refuse() -> None:
        raise UsageError(
            f"--out {display_path(out_dir)}: another printgen serve is serving this folder; "
            "stop it (Ctrl-C in its terminal) or give another --out"
        )

    with _held(out_dir / SERVE_LOCK, refuse):
        yield


@contextlib.contextmanager
def _held(lock: Path, busy: Callable[[], None]) -> Iterator[None]:
    """An exclusive `flock` on `lock` while the block runs; `busy()` is called when another
    process holds it (it raises to refuse, or returns to wait for it)."""
    try:
        import fcntl  # not on Windows: the except below
    except ImportError:  # no flock (Windows): one build at a time is then up to the user
        yield
        return
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            busy()
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock
