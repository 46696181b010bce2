"""`printgen compare`: the same seeds under rule variants, and what changed, with intervals."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import click

from printgen.commands.common import print_json
from printgen.commands.progress import Progress
from printgen.commands.simulate import SimOptions, check_changed_game, interrupted, prepare
from printgen.sim.executor import executor_for
from printgen.sim.runner import game_of, new_state
from printgen.sim.variants import parse_vary


@dataclass(frozen=True)
class CompareOptions:
    vary: tuple[str, ...]
    sim: SimOptions


def run(game_id: str, data_dir: Path | None, options: CompareOptions) -> int:
    variants = parse_vary(options.vary)
    game, base = prepare(game_id, data_dir, options.sim)
    specs = [replace(base, settings=base.settings + v.settings) for v in variants]
    teams: dict[str, tuple[int, ...]] = {}
    for spec in specs:  # every variant's data and options are checked before any game
        check_changed_game(game_of(spec), spec.settings)
        teams = new_state(spec).teams()
    if options.sim.report is not None:
        from printgen.sim.compare_report import check_report_path

        check_report_path(options.sim.report)
    from printgen.sim.compare import run_compare, summarize_compare

    executor = executor_for(options.sim.jobs, options.sim.executor, options.sim.scheduler)
    total = options.sim.n_games * len(specs)
    with Progress(total, f"playing {len(specs)} variants") as progress:
        tallies, partial = run_compare(specs, options.sim.n_games, executor, progress.advance)
    summary: dict[str, Any] = summarize_compare(variants, tallies, base, teams)
    if partial:
        summary["partial"] = {"games_asked": options.sim.n_games}
    if options.sim.report is not None:
        from printgen.sim.compare_report import write_report

        write_report(summary, game.name, options.sim.report)
    if options.sim.as_json:
        print_json(summary)
    else:
        from printgen.sim.compare_table import format_compare

        click.echo(format_compare(summary, game.name))
    return interrupted(summary)
