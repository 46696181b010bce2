"""`printgen figures`: measure the figures a game's rulebook prints (its figures.yaml) and
record them in figures.json, with the fingerprint `validate` checks them against."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default
from printgen.errors import UsageError
from printgen.files.atomic import write_atomic
from printgen.model import load_all
from printgen.rules.figures import declared_figures, measured, percent
from printgen.sim.executor import executor_for
from printgen.sim.figures import dump, measure, recorded_path


def run(
    games: tuple[str, ...], data_dir: Path | None, jobs: int, only: tuple[str, ...] = ()
) -> int:
    """Measure every game named (default: every game with a figures.yaml) and write its file;
    with `only`, just those figures of the one game named."""
    if only and len(games) != 1:
        raise UsageError("--only names figures of one game: name exactly one GAME")
    loaded = [g for g in load_all(data_dir_or_default(data_dir), games) if declared_figures(g)]
    if not loaded:
        if only:
            raise UsageError(f"--only: {games[0]} declares no figures (figures.yaml)")
        click.echo("no figures declared (figures.yaml)", err=True)
        return 0
    executor = executor_for(jobs)
    for game in loaded:
        recorded = measure(
            game, jobs, executor, lambda names: click.echo(f"measuring {names}"), tuple(only)
        )
        path = write_atomic(recorded_path(game), dump(recorded))
        kept = [name for name in recorded["figures"] if only and name not in only]
        for name, entry in recorded["figures"].items():
            rate = measured(entry)
            if name in kept or rate is None:
                continue
            value, low, high = rate
            click.echo(
                f"  {name}: {percent(value)} ({percent(low, False)}–{percent(high)}) "
                f"of {entry['games']:,} games: {entry['about']}"
            )
        if kept:
            click.echo(f"  kept as recorded: {', '.join(kept)}")
        click.echo(f"{game.id}: wrote {path}")
    return 0
