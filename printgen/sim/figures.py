"""Measuring a game's declared figures (printgen/rules/figures.py) and the fingerprint that
tells `validate` whether they are still current.

Each figure is one rate of a `simulate` run (its players, bots, options, --set values, games and
seed), or of a skill ladder (`compare --bots`: its skill gap or a cell of its table); figures
that name the same run share its games. The fingerprint is the hash of the first
FINGERPRINT_GAMES games of every run, every move and result: when the engine's code, its bots or
game.yaml's rules change what is played, the fingerprint changes and the recorded figures are
stale. It is measured by playing, not by hashing source files, so moving code about does not
stale anything and a change of play always does (within the games it plays).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TypedDict

from printgen.errors import UsageError
from printgen.model import Game
from printgen.model.schema import did_you_mean
from printgen.model.settings import Setting
from printgen.model.yaml_value import YamlValue
from printgen.rules.figures import (
    DECLARED,
    RECORDED,
    Figure,
    declared_figures,
    recorded_figure,
    recorded_figures,
)
from printgen.sim.executor import Executor, executor_for
from printgen.sim.ladder import ladder_spec, run_ladder, summarize_ladder
from printgen.sim.ladder_summary import LadderSummary
from printgen.sim.play import GameRecord
from printgen.sim.reference import to_json
from printgen.sim.runner import (
    SimSpec,
    check_bot,
    new_state,
    parse_bots,
    play_batch,
    simulate,
)
from printgen.sim.stats import wilson
from printgen.sim.summary import Summary

FINGERPRINT_GAMES = 2


class Measured(TypedDict):
    """figures.json as `printgen figures` writes it: each figure its declaration then its
    `Rate` or `LadderRate`, or (`--only`) kept as recorded."""

    game: str
    made_by: str
    fingerprint: str
    figures: dict[str, Mapping[str, object]]


class Shown(TypedDict, total=False):
    """How long a run's games lasted (unit, mean, median), when it recorded a length."""

    length: dict[str, object]


class Rate(Shown):
    """A `simulate` figure: the games counted, their rate and its 95% Wilson interval."""

    count: int
    value: float
    ci95: list[float]


class LadderRate(TypedDict):
    """A ladder's figure: its value, its 95% interval and the seeds played."""

    value: float
    ci95: list[float]
    games: int


def spec_of(game: Game, figure: Figure, record_moves: bool = False) -> SimSpec:
    """The simulation a figure is measured by."""
    bots = figure.bots
    if figure.ladder:  # a ladder's fingerprint: its bots seat by seat
        bots = ",".join(figure.ladder.split(",")[: figure.players])
    settings = tuple(
        Setting(key, json.dumps(value), f"{DECLARED} {figure.name}: set")
        for key, value in sorted(figure.settings.items())
    )
    return SimSpec(
        game.folder.resolve(),
        game.id,
        figure.players,
        figure.seed,
        parse_bots(bots, figure.players),
        dict(figure.options),
        record_moves=record_moves,
        settings=settings,
    )


def runs_of(game: Game, chosen: Iterable[Figure] | None = None) -> dict[str, list[Figure]]:
    """The figures (default: every declared one) grouped by the simulation each needs, in a
    fixed order."""
    runs: dict[str, list[Figure]] = {}
    for figure in declared_figures(game).values() if chosen is None else chosen:
        runs.setdefault(figure.run_key(), []).append(figure)
    return dict(sorted(runs.items()))


def fingerprint(game: Game, chosen: Iterable[Figure] | None = None) -> str:
    """The hash of the first games of every run the figures (default: every declared one)
    need, moves and results."""
    digest = hashlib.sha256()
    for key, figures in runs_of(game, chosen).items():
        spec = spec_of(game, figures[0], record_moves=True)
        records = play_batch((spec, 0, FINGERPRINT_GAMES))
        digest.update(key.encode("utf-8"))
        digest.update(json.dumps([_played(r) for r in records], sort_keys=True).encode("utf-8"))
    return digest.hexdigest()


def _played(record: GameRecord) -> YamlValue:
    return to_json([record.moves, record.winners, record.reason, record.facts])


def measure(
    game: Game,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: Callable[[str], None] | None = None,
    only: tuple[str, ...] = (),
) -> Measured:
    """Every declared figure measured: what `printgen figures` writes to figures.json. With
    `only`, just those figures; the others are kept as recorded, once shown current."""
    declared = declared_figures(game)
    figures: dict[str, Mapping[str, object]] = {**kept_figures(game, only)} if only else {}
    chosen = [f for name, f in declared.items() if not only or name in only]
    for figures_of_run in runs_of(game, chosen).values():
        first = figures_of_run[0]
        if progress:
            progress(", ".join(f.name for f in figures_of_run))
        rates: list[Rate] | list[LadderRate]
        if first.ladder:
            ladder = _ladder(game, first, executor or executor_for(jobs))
            rates = [ladder_rate_of(ladder, figure) for figure in figures_of_run]
        else:
            summary = simulate(spec_of(game, first), first.games, jobs, executor=executor)
            rates = [rate_of(summary, figure) for figure in figures_of_run]
        for figure, rate in zip(figures_of_run, rates, strict=True):
            figures[figure.name] = {**figure.declaration(), **rate}
    return {
        "game": game.id,
        "made_by": f"printgen figures {game.id}",
        "fingerprint": fingerprint(game),
        "figures": dict(sorted(figures.items())),
    }


def kept_figures(game: Game, only: tuple[str, ...]) -> dict[str, dict[str, YamlValue]]:
    """The recorded figures `printgen figures --only` keeps as they are: every declared figure
    not named, each recorded as declared, on the engine's play as it is now (the recorded
    fingerprint is that of the games they were measured on). Anything else is refused: a new
    fingerprint would otherwise vouch for figures measured on other play."""
    declared = declared_figures(game)
    unknown = [name for name in only if name not in declared]
    if unknown:
        raise UsageError(
            f"--only {unknown[0]}: not declared in {game.folder.name}/{DECLARED}"
            f"{did_you_mean(unknown[0], list(declared))} (figures: {', '.join(declared)})"
        )
    recorded = recorded_figures(game)
    entries = recorded.get("figures") or {}
    others = [name for name in declared if name not in only]
    _refuse_unkept(game, declared, entries, others)
    if others:
        measured_on = [recorded_figure(name, entry) for name, entry in entries.items()]
        if fingerprint(game, [f for f in measured_on if f]) != recorded.get("fingerprint"):
            raise UsageError(
                f"the engine now plays other games than those {RECORDED} was measured on, so "
                f"its other figures are stale: run `printgen figures {game.id}` without --only"
            )
    return {name: entries[name] for name in others}


def _refuse_unkept(
    game: Game,
    declared: dict[str, Figure],
    entries: dict[str, dict[str, YamlValue]],
    others: list[str],
) -> None:
    """A UsageError when a figure --only keeps is not recorded yet or is declared otherwise
    than it was recorded."""
    again = f"name them with --only too, or run `printgen figures {game.id}`"
    missing = [name for name in others if not isinstance(entries.get(name), dict)]
    if missing:
        raise UsageError(f"not in {game.folder.name}/{RECORDED} yet: {', '.join(missing)}: {again}")
    changed = [n for n in others if recorded_figure(n, entries[n]) != declared[n]]
    if changed:
        raise UsageError(f"declared otherwise in {DECLARED}: {', '.join(changed)}: {again}")


def rate_of(summary: Summary, figure: Figure) -> Rate:
    """The figure's count, rate and 95% interval out of a `simulate` summary; a key that
    never happened (no game ended that way) is a count of 0."""
    head, _, rest = figure.rate.partition(".")
    where: object = summary.get(head)
    keys = rest.split(".") if rest else []
    facts = summary["facts"]
    if head == "facts" and (not keys or keys[0] not in facts):
        raise UsageError(
            f"{DECLARED} {figure.name}: rate: {figure.rate!r}: no fact "
            f"{keys[0] if keys else ''!r} (facts: {', '.join(facts)})"
        )
    for key in keys:
        where = where.get(key) if isinstance(where, dict) else None
    if isinstance(where, dict) and "rate" in where:
        count = int(where["count"])
    elif where is None and head in ("endings", "facts"):
        count = 0  # no game ended that way, or had that value
    else:
        raise UsageError(f"{DECLARED} {figure.name}: rate: {figure.rate!r} is not a rate")
    games = int(summary["games"])
    low, high = wilson(count, games)
    ci95 = [round(low, 4), round(high, 4)]
    return {"count": count, "value": round(count / games, 4), "ci95": ci95, **_length(summary)}


def _length(summary: Summary) -> Shown:
    """How long the run's games lasted, for the gallery's balance page (not a printed figure)."""
    length = summary["length"]
    if "mean" not in length:
        return {}
    # unit, mean and median, in that order (a Length's own)
    return {"length": {key: value for key, value in length.items() if key in _SHOWN_LENGTH}}


_SHOWN_LENGTH = ("unit", "mean", "median")


def _ladder(game: Game, figure: Figure, executor: Executor) -> LadderSummary:
    """The skill ladder a figure reads (`compare --bots`), summarized."""
    bots = tuple(name.strip() for name in figure.ladder.split(","))
    for name in bots:
        check_bot(name, f"{DECLARED} {figure.name}: ladder")
    base = spec_of(game, figure)
    spec = ladder_spec(base, bots, new_state(base).teams())
    tally, _ = run_ladder(spec, figure.games, executor)
    return summarize_ladder(spec, tally)


def ladder_rate_of(summary: LadderSummary, figure: Figure) -> LadderRate:
    """A ladder's skill gap, or one cell of its table (`table.A.B`), with its interval."""
    where: object = summary
    for key in figure.rate.split("."):
        where = where.get(key) if isinstance(where, dict) else None
    if not isinstance(where, dict) or "value" not in where:
        raise UsageError(f"{DECLARED} {figure.name}: rate: {figure.rate!r} is not in the ladder")
    value: float = where["value"]  # a ladder_summary.Score
    ci95: list[float] = list(where["ci95"] or [value, value])
    return {"value": value, "ci95": ci95, "games": summary["games"]}


def dump(recorded: Measured) -> bytes:
    return (json.dumps(recorded, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def recorded_path(game: Game) -> Path:
    return game.folder / RECORDED
