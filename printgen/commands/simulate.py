"""`printgen simulate`: whole games played by bots, and what they say about the design."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import click

from printgen.check.data import counts, deal, totals
from printgen.commands.common import data_dir_or_default, print_json
from printgen.commands.progress import Progress
from printgen.errors import UsageError
from printgen.model import Game
from printgen.model.load import resolve_games
from printgen.model.settings import Setting, parse_setting
from printgen.rules.engine import Engine, engine_of, require_engine
from printgen.sim.executor import executor_for
from printgen.sim.report import check_chart_report, write_report
from printgen.sim.runner import SimSpec, game_of_folder, parse_bots, simulate
from printgen.sim.table import format_summary


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
    settings: tuple[str, ...] = ()  # --set KEY=VALUE
    executor: str = "processes"
    scheduler: str | None = None


def prepare(game_id: str, data_dir: Path | None, options: SimOptions) -> tuple[Game, SimSpec]:
    """The game (with its --set values) and the run's spec, every option checked."""
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, [game_id])
    settings = tuple(parse_setting(text) for text in options.settings)
    game = game_of_folder((folder / game_id).resolve(), settings)
    check_changed_game(game, settings)
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
        settings=settings,
    )
    return game, spec


def run(game_id: str, data_dir: Path | None, options: SimOptions) -> int:
    game, spec = prepare(game_id, data_dir, options)
    if options.report is not None:
        check_chart_report(options.report)
    executor = executor_for(options.jobs, options.executor, options.scheduler)
    with Progress(options.n_games) as progress:
        summary = simulate(spec, options.n_games, options.jobs, progress.advance, executor)
    if options.report is not None:
        write_report(summary, game.name, options.report)
    if options.as_json:
        print_json(summary)
    else:
        click.echo(format_summary(summary, game.name))
    return interrupted(summary)


def interrupted(summary: Mapping[str, object]) -> int:
    """130 (and a line on stderr) when Ctrl-C cut the run short; else 0."""
    partial = summary.get("partial")
    if not isinstance(partial, dict):  # a dict when the run was cut short (sim.summary)
        return 0
    asked = partial["games_asked"]
    click.echo(
        f"printgen: interrupted: {summary['games']} of {asked} games finished; "
        "the figures are for those (partial)",
        err=True,
    )
    return 130


def _game_options(
    game_id: str, engine: Engine, name: str, options: SimOptions
) -> dict[str, str | bool]:
    """The engine options of --mode and --expansion, checked before any game is played."""
    chosen: dict[str, str | bool] = {}
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


def check_changed_game(game: Game, settings: tuple[Setting, ...]) -> None:
    """The cheap checks of `validate` (totals, counts, deal, the engine's invariants) on a game
    changed by --set or --vary: a deal of more cards than the pool holds is refused here, with
    its place, not in a worker."""
    if not settings:
        return
    checks = [*totals(game), counts(game), *deal(game)]
    engine = engine_of(game)
    if engine is not None and engine.invariants is not None:
        checks += engine.invariants(game)
    failed = [c for c in checks if not c.ok and c.level == "error"]
    if failed:
        given = " ".join(f"{s.option} {s}" for s in settings)
        lines = [f"{c.name}: {c.detail}" for c in failed]
        raise UsageError(f"{given}: the changed game fails validate's checks:\n" + "\n".join(lines))
