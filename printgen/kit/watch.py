"""Watching a game's files: `printgen build --watch` rebuilds on every save, and `printgen serve`
rebuilds and tells the open pages; both take the saves from `saves`."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from printgen.files.templates import templates_dir

if TYPE_CHECKING:  # watchfiles loads only when watching
    from watchfiles import Change


def watched(folders: list[Path]) -> list[Path]:
    """What a watch follows: the data folders and the shared templates."""
    return [*folders, templates_dir()]


def saves(
    folders: list[Path], out_dir: Path, stop: threading.Event | None = None
) -> Iterator[list[Path]]:
    """The files saved together, one list a save (a burst of writes within 300 ms is one
    save), until Ctrl-C or until `stop` (a threading.Event) is set. Says 'watching' once
    the watcher runs: a save from then on is seen."""
    from watchfiles import watch  # loaded only when watching

    logging.getLogger("watchfiles").setLevel(logging.ERROR)  # not its note on Ctrl-C
    roots = [str(p) for p in watched(folders)]
    ready = False
    for changes in watch(
        *roots,
        watch_filter=ignoring(out_dir),
        debounce=300,
        raise_interrupt=False,
        stop_event=stop,
        yield_on_timeout=True,  # the first (empty) yield: the watcher is running
        rust_timeout=200,
    ):
        if not ready:
            click.echo(f"watching {', '.join(roots)} (Ctrl-C to stop)", err=True)
            ready = True
        if changes:
            yield sorted({Path(path) for _, path in changes})


def watch_and_rebuild(build: Callable[[], int], folders: list[Path], out_dir: Path) -> int:
    code = 0
    try:
        for paths in saves(folders, out_dir):
            names = sorted({path.name for path in paths})
            click.echo(f"changed: {', '.join(names)}; rebuilding", err=True)
            try:
                code = build()
            except Exception as exc:  # keep watching: the designer fixes the data and saves
                from printgen.errors import PrintgenError

                if not isinstance(exc, PrintgenError):
                    raise
                for line in str(exc).splitlines():
                    click.echo(f"printgen: {line}", err=True)
                code = 2
    except KeyboardInterrupt:
        pass
    return code


def ignoring(out_dir: Path) -> Callable[[Change, str], bool]:
    """A watch filter that ignores OUT and every file printgen writes (its temporary files,
    caches), so a build never triggers the next one."""
    out = out_dir.resolve()

    def wanted(change: Change, path: str) -> bool:
        name = Path(path).name
        if name.endswith(".part") or name.startswith(".printgen") or "__pycache__" in path:
            return False
        if editors_own(name):
            return False
        return not Path(path).resolve().is_relative_to(out)

    return wanted


def editors_own(name: str) -> bool:
    """A file an editor or office suite keeps beside the one being edited, never data: vim's
    swap files and write test (`.cards.csv.swp`, `4913`), backups (`cards.csv~`), emacs's
    locks and autosaves (`.#cards.csv`, `#cards.csv#`), LibreOffice's and Excel's locks
    (`.~lock.cards.ods#`, `~$cards.xlsx`), GNOME's and others' temporary saves."""
    return (
        name.endswith(("~", ".swp", ".swo", ".swx", ".tmp", ".crdownload", ".kate-swp"))
        or name.startswith((".#", "~$", ".~lock.", ".goutputstream-", ".sb-"))
        or (name.startswith("#") and name.endswith("#"))
        or name == "4913"
    )
