"""`printgen pull GAME`: fetch each deck's `source:` into its `file:` (printgen.kit.pull) and
say what changed. Exit 0; 2 when a source cannot be fetched or is not a sheet (no file is
replaced then)."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default
from printgen.kit.diff import lines
from printgen.kit.pull import pull
from printgen.model.load import resolve_games


def run(game_id: str, data_dir: Path | None) -> int:
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, [game_id])
    pulled, diff, why = pull(folder / game_id)
    for item in pulled:
        what = "unchanged" if item.same else f"{item.size:,} bytes"
        click.echo(f"{item.deck}: {item.url} -> {item.file.name} ({what})")
    if diff is not None:
        for line in lines(diff):
            click.echo(line)
    else:
        click.echo(f"printgen: note: {why}", err=True)
    return 0
