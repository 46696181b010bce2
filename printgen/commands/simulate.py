"""`printgen simulate`: whole games played by bots, and what they say about the design."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from printgen.commands.common import data_dir_or_default, print_json
from printgen.errors import UsageError
from printgen.model import load_game
from printgen.model.load import resolve_games
from printgen.rules.engine import Engine, require_engine
from printgen.sim.runner import SimSpec, parse_bots, simulate


@dataclass(frozen=True)
class SimOptions:
    n_games: int = 1000
    players: int | None = None
    seed: int = 0
    bot: str = "random"
    mode: str | None = None
    expansion: bool = False
    jobs: int = 1
    check_moves: bool = False
    report: Path | None = None
    as_json: bool = False


def run(game_id: str, data_dir: Path | None, options: SimOptions) -> int:
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, [game_id])
    game = load_game(folder / game_id)
    engine = require_engine(game, "simulate")
    if engine.new_game is None:
        raise UsageError(f"{game_id} cannot be simulated yet")
    seats = options.players
    if seats is None:
        seats = engine.seats(game)
    if not game.min_players <= seats <= game.max_players:
        raise UsageError(
            f"--players {seats}: {game.name} takes {game.min_players} to {game.max_players} players"
        )
    spec = SimSpec(
        (folder / game_id).resolve(),
        game_id,
        seats,
        options.seed,
        parse_bots(options.bot, seats),
        _game_options(game_id, engine, game.name, options),
        check_every_move=options.check_moves,
    )
    if options.report is not None:
        from printgen.sim.report import check_report_path

        check_report_path(options.report)
    with _Progress(options.n_games) as progress:
        summary = simulate(spec, options.n_games, options.jobs, progress.advance)
    if options.report is not None:
        from printgen.sim.report import write_report

        write_report(summary, game.name, options.report)
    if options.as_json:
        print_json(summary)
    else:
        from printgen.sim.table import format_summary

        click.echo(format_summary(summary, game.name))
    return 0


def _game_options(game_id: str, engine: Engine, name: str, options: SimOptions) -> dict[str, Any]:
    """The engine options of --mode and --expansion, checked before any game is played."""
    chosen: dict[str, Any] = {}
    if options.mode is not None:
        modes = engine.modes
        if options.mode not in modes:
            accepted = f"one of {', '.join(modes)}" if modes else "no --mode"
            raise UsageError(f"--mode {options.mode}: {game_id} takes {accepted}")
        chosen["mode"] = options.mode
    if options.expansion:
        if not engine.expansion:
            raise UsageError(f"--expansion: {name} has no expansion deck")
        chosen["expansion"] = True
    return chosen


class _Progress:
    """A progress bar on a terminal; silent otherwise (CI logs, pipes)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.bar: Any = None

    def __enter__(self) -> _Progress:
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            self.bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("playing games", total=self.total)
        return self

    def advance(self, count: int) -> None:
        if self.bar is not None:
            self.bar.advance(self.task, count)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
