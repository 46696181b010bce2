"""`printgen simulate`: whole games played by bots, and what they say about the design."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from printgen.commands.common import data_dir_or_default, print_json
from printgen.errors import UsageError
from printgen.model import load_game
from printgen.model.load import resolve_games
from printgen.rules.registry import engine
from printgen.sim.runner import SimSpec, bot_for, simulate


def run(
    game_id: str,
    data_dir: Path | None,
    n_games: int,
    players: int | None,
    seed: int,
    bot: str,
    mode: str | None,
    jobs: int,
    report: Path | None,
    as_json: bool,
) -> int:
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, [game_id])
    game = load_game(folder / game_id)
    module = engine(game_id)
    if not hasattr(module, "new_game"):
        raise UsageError(f"{game_id} cannot be simulated yet")
    seats = players if players is not None else _default_players(game_id, game.min_players)
    if not game.min_players <= seats <= game.max_players:
        raise UsageError(
            f"--players {seats}: {game.name} takes {game.min_players} to {game.max_players} players"
        )
    options: dict[str, Any] = {"mode": mode} if mode else {}
    bot_for(game_id, bot)  # an unknown bot is a usage error before any work starts
    spec = SimSpec((folder / game_id).resolve(), game_id, seats, seed, bot, options)
    with _Progress(n_games) as progress:
        summary = simulate(spec, n_games, jobs, progress.advance)
    if report is not None:
        from printgen.sim.report import write_report

        write_report(summary, game.name, report)
    if as_json:
        print_json(summary)
    else:
        from printgen.sim.table import format_summary

        click.echo(format_summary(summary, game.name))
    return 0


def _default_players(game_id: str, minimum: int) -> int:
    return {"elementa": 4, "the-way": 2, "feng-shui-master": 2}.get(game_id, max(2, minimum))


class _Progress:
    """A progress bar on a terminal; silent otherwise (CI logs, pipes)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.bar: Any = None

    def __enter__(self) -> _Progress:
        if sys.stderr.isatty():
            from rich.progress import Progress

            self.bar = Progress(transient=True)
            self.bar.start()
            self.task = self.bar.add_task("playing games", total=self.total)
        return self

    def advance(self, count: int) -> None:
        if self.bar is not None:
            self.bar.advance(self.task, count)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
