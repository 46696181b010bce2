"""`printgen build --watch`: rebuild whenever the game data or templates change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from printgen.files.templates import templates_dir


def watch_and_rebuild(build: Callable[[], int], folders: list[Path], out_dir: Path) -> int:
    from watchfiles import watch  # loaded only for --watch

    roots = [str(p) for p in [*folders, templates_dir()]]
    code = 0
    ready = False
    try:
        for changes in watch(
            *roots,
            watch_filter=ignoring(out_dir),
            debounce=300,
            raise_interrupt=False,
            yield_on_timeout=True,  # the first (empty) yield: the watcher is running
            rust_timeout=200,
        ):
            if not ready:  # said once the watcher runs: a save from now on is seen
                click.echo(f"watching {', '.join(roots)} (Ctrl-C to stop)", err=True)
                ready = True
            if not changes:
                continue
            names = sorted({Path(path).name for _, path in changes})
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


def ignoring(out_dir: Path) -> Callable[[Any, str], bool]:
    """A watch filter that ignores OUT and every file printgen writes (its temporary files,
    caches), so a build never triggers the next one."""
    out = out_dir.resolve()

    def wanted(change: Any, path: str) -> bool:
        name = Path(path).name
        if name.endswith(".part") or name.startswith(".printgen") or "__pycache__" in path:
            return False
        return not Path(path).resolve().is_relative_to(out)

    return wanted
