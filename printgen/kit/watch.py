"""`printgen build --watch`: rebuild whenever the game data or templates change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from printgen.render.templates import templates_dir


def watch_and_rebuild(build: Callable[[], int], folders: list[Path]) -> int:
    from watchfiles import watch  # loaded only for --watch

    roots = [str(p) for p in [*folders, templates_dir()]]
    click.echo(f"watching {', '.join(roots)} (Ctrl-C to stop)", err=True)
    code = 0
    try:
        for changes in watch(*roots, debounce=300, raise_interrupt=False):
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
