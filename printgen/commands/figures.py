"""`printgen figures`: measure the figures a game's rulebook prints (its figures.yaml) and
record them in figures.json, with the fingerprint `validate` checks them against."""

from __future__ import annotations

from pathlib import Path

import click

from printgen.commands.common import data_dir_or_default
from printgen.files.atomic import write_atomic
from printgen.model import load_all
from printgen.rules.figures import declared_figures, percent
from printgen.sim.executor import executor_for
from printgen.sim.figures import dump, measure, recorded_path


def run(games: tuple[str, ...], data_dir: Path | None, jobs: int) -> int:
    """Measure every game named (default: every game with a figures.yaml) and write its file."""
    loaded = [g for g in load_all(data_dir_or_default(data_dir), games) if declared_figures(g)]
    if not loaded:
        click.echo("no figures declared (figures.yaml)", err=True)
        return 0
    executor = executor_for(jobs)
    for game in loaded:
        recorded = measure(game, jobs, executor, lambda names: click.echo(f"measuring {names}"))
        path = write_atomic(recorded_path(game), dump(recorded))
        for name, entry in recorded["figures"].items():
            low, high = entry["ci95"]
            click.echo(
                f"  {name}: {percent(entry['value'])} ({percent(low, False)}–{percent(high)}) "
                f"of {entry['games']:,} games: {entry['about']}"
            )
        click.echo(f"{game.id}: wrote {path}")
    return 0
