"""`printgen compare`: the same seeds under rule variants, and what changed, with intervals;
or, with `--bots`, the skill ladder of those bots (`printgen/sim/ladder.py`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import import_module
from pathlib import Path
from typing import TypeVar

import click

from printgen.commands.common import print_json
from printgen.commands.progress import Progress
from printgen.commands.simulate import SimOptions, check_changed_game, interrupted, prepare
from printgen.errors import UsageError
from printgen.sim.compare import run_compare, summarize_compare
from printgen.sim.compare_summary import CompareSummary
from printgen.sim.compare_table import format_compare
from printgen.sim.executor import executor_for
from printgen.sim.ladder import ladder_spec, summarize_ladder
from printgen.sim.ladder import run_ladder as play
from printgen.sim.ladder_summary import LadderSummary
from printgen.sim.ladder_table import format_ladder
from printgen.sim.report import check_chart_report
from printgen.sim.runner import check_bot, game_of, new_state
from printgen.sim.variants import parse_vary

Summary = TypeVar("Summary", CompareSummary, LadderSummary)


@dataclass(frozen=True)
class CompareOptions:
    vary: tuple[str, ...]
    sim: SimOptions
    bots: str | None = None  # --bots: the skill ladder instead of variants


def run(game_id: str, data_dir: Path | None, options: CompareOptions) -> int:
    if options.bots is not None:
        if options.vary:
            raise UsageError("give --vary (rule variants) or --bots (a skill ladder), not both")
        return run_ladder(game_id, data_dir, options)
    if not options.vary:
        raise UsageError("give --vary KEY=V1,V2 (rule variants) or --bots A,B (a skill ladder)")
    variants = parse_vary(options.vary)
    game, base = prepare(game_id, data_dir, options.sim)
    specs = [replace(base, settings=base.settings + v.settings) for v in variants]
    teams: dict[str, tuple[int, ...]] = {}
    for spec in specs:  # every variant's data and options are checked before any game
        check_changed_game(game_of(spec), spec.settings)
        teams = new_state(spec).teams()
    if options.sim.report is not None:
        check_chart_report(options.sim.report)
    executor = executor_for(options.sim.jobs, options.sim.executor, options.sim.scheduler)
    total = options.sim.n_games * len(specs)
    with Progress(total, f"playing {len(specs)} variants") as progress:
        tallies, partial = run_compare(specs, options.sim.n_games, executor, progress.advance)
    summary = summarize_compare(variants, tallies, base, teams)
    return show(summary, game.name, options.sim, partial, "compare", format_compare)


def show(
    summary: Summary,
    name: str,
    sim: SimOptions,
    partial: bool,
    kind: str,
    text: Callable[[Summary, str], str],
) -> int:
    """Print (with `text`, or as JSON) and write the report of a `compare` summary: `kind`
    "compare" (variants) or "ladder" (`--bots`), whose module `printgen/sim/{kind}_report.py`
    draws the report."""
    if partial:
        summary["partial"] = {"games_asked": sim.n_games}
    if sim.report is not None:
        import_module(f"printgen.sim.{kind}_report").write_report(summary, name, sim.report)
    if sim.as_json:
        print_json(summary)
    else:
        click.echo(text(summary, name))
    return interrupted(summary)


def parse_ladder_bots(text: str) -> tuple[str, ...]:
    """`--bots random,greedy,mcts`: two or more different bots."""
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        check_bot(name, f"--bots {text}")
    if len(names) < 2 or len(set(names)) != len(names):
        raise UsageError(f"--bots {text}: name two or more different bots, like random,mcts")
    return names


def run_ladder(game_id: str, data_dir: Path | None, options: CompareOptions) -> int:
    """`compare --bots`: each bot against each by seat; the table and the skill gap."""
    assert options.bots is not None
    bots = parse_ladder_bots(options.bots)
    game, base = prepare(game_id, data_dir, options.sim)
    if options.sim.report is not None:
        check_chart_report(options.sim.report)
    spec = ladder_spec(base, bots, new_state(base).teams())
    executor = executor_for(options.sim.jobs, options.sim.executor, options.sim.scheduler)
    total = options.sim.n_games * len(spec.seatings())
    with Progress(total, f"ranking {len(bots)} bots") as progress:
        tally, partial = play(spec, options.sim.n_games, executor, progress.advance)
    summary = summarize_ladder(spec, tally)
    return show(summary, game.name, options.sim, partial, "ladder", format_ladder)
