"""`printgen compare`: every variant plays the same seeds; one summary with paired intervals.

A batch plays games `start` to `stop` under every variant (game k of each with the seed
`f"{seed}:{k}"`, as `simulate` plays it) and returns one `VariantTally` a variant, its
differences from variant A summed game by game. Only counts and integer sums cross back, so
the figures are the same for any --jobs and any executor.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from printgen.sim.compare_summary import CompareSummary, Metric, MetricEntry, Verdict
from printgen.sim.executor import Executor, batched
from printgen.sim.measure import play_measured
from printgen.sim.metrics import SCALE, Sums, VariantTally, game_values, units_of
from printgen.sim.runner import (
    SimSpec,
    batch_size,
    bot_for,
    fresh_games,
    run_batches,
)
from printgen.sim.stats import Z95, wilson
from printgen.sim.variants import Variant

Job = tuple[tuple[SimSpec, ...], int, int]


def compare_batch(job: Job) -> list[VariantTally]:
    """Play a batch of seeds under each variant (the worker function)."""
    specs, start, stop = job
    bots = [[bot_for(s, name) for name in s.seat_bots()] for s in specs]
    fresh = [fresh_games(s) for s in specs]
    tallies = [VariantTally() for _ in specs]
    for index in range(start, stop):
        seed = f"{specs[0].seed}:{index}"
        base: dict[str, int] = {}
        for k, spec in enumerate(specs):
            state = fresh[k]()
            units = units_of(spec.players, state.teams())
            measured = play_measured(state, bots[k], seed, index)
            values = game_values(measured, spec.players, units)
            tallies[k].unit = measured.record.unit
            if k == 0:
                base = values
            tallies[k].add(values, base)
    return tallies


def run_compare(
    specs: Sequence[SimSpec],
    n_games: int,
    executor: Executor,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[VariantTally], bool]:
    """Each variant's tally over `n_games` seeds, and whether the run was cut short."""
    jobs: list[Job] = [(tuple(specs), a, b) for a, b in batched(n_games, batch_size(n_games))]
    on_done = (lambda ts: progress(ts[0].games * len(ts))) if progress else None
    results, partial = run_batches(compare_batch, jobs, executor, on_done)
    total = [VariantTally() for _ in specs]
    for batch in results:
        for mine, theirs in zip(total, batch, strict=True):
            mine.merge(theirs)
    return total, partial


# -- the summary -------------------------------------------------------------------------------

# name, label, how a value reads; the per-game keys are in metrics.py
METRICS: tuple[tuple[str, str, str], ...] = (
    ("first_player_advantage", "first-player advantage", "rate"),
    ("seat_balance", "seat balance", "rate"),
    ("completion", "completion", "rate"),
    ("drawishness", "drawishness", "rate"),
    ("timeouts", "timeouts", "rate"),
    ("coop_win", "co-operative wins", "rate"),
    ("duration", "duration ({unit})", "mean"),
    ("decisions", "decisions per player", "mean"),
    ("branching", "branching factor", "mean"),
    ("lead_changes", "lead changes", "mean"),
)


Entry = Callable[[VariantTally], MetricEntry | None]
"""A metric's JSON entry for one variant's tally (None: the tally has nothing of it)."""


class _Metrics:
    """The metrics of a comparison as they are added: each variant's entry by name, kept only
    when every variant has one."""

    def __init__(
        self,
        variants: Sequence[Variant],
        tallies: Sequence[VariantTally],
        units: dict[str, tuple[int, ...]],
    ) -> None:
        self.variants, self.tallies, self.units = variants, tallies, units
        self.share = 1 / len(units) if len(units) > 1 else 0.0
        self.base = tallies[0]
        self.found: dict[str, Metric] = {}

    def add(self, name: str, label: str, kind: str, entry: Entry) -> None:
        rows = {v.name: entry(t) for v, t in zip(self.variants, self.tallies, strict=True)}
        kept = {v: r for v, r in rows.items() if r is not None}
        if len(kept) == len(rows):
            self.found[name] = {"label": label, "kind": kind, "variants": kept}

    def rate(self, key: str, shift: float = 0.0, flip: bool = False) -> Entry:
        return lambda t: _rate(t, self.base, key, shift, flip)

    def mean(self, key: str, per: float = 1.0) -> Entry:
        return lambda t: _mean(t, self.base, key, per)

    def balance(self) -> Entry:
        return lambda t: _balance(t, self.base, self.units, self.share)


def summarize_compare(
    variants: Sequence[Variant],
    tallies: Sequence[VariantTally],
    spec: SimSpec,
    teams: dict[str, tuple[int, ...]],
) -> CompareSummary:
    """One JSON-ready object: each metric for each variant with its 95% interval, and each
    variant's difference from A with a paired 95% interval and whether it is significant."""
    metrics = _Metrics(variants, tallies, units_of(spec.players, teams))
    unit = metrics.base.unit
    seat_one = next(u for u, seats in metrics.units.items() if 0 in seats)
    for name, label, kind in METRICS:
        entry = _headline(metrics, name, seat_one)
        if entry is not None:
            metrics.add(name, label.format(unit=unit), kind, entry)
    _add_found(metrics, teams, unit)
    return {
        "game": spec.game_id,
        "players": spec.players,
        "seed": spec.seed,
        "bots": spec.seat_bots(),
        "options": dict(sorted(spec.options.items())),
        "games": metrics.base.games,
        "variants": [
            {"name": v.name, "set": {s.key: s.text for s in v.settings}} for v in variants
        ],
        "metrics": metrics.found,
    }


def _headline(metrics: _Metrics, name: str, seat_one: str) -> Entry | None:
    """How one of METRICS is read from a tally; None where it does not apply (the seats'
    balance in a cooperative game, a count no game recorded)."""
    share = metrics.share
    if name == "first_player_advantage" and share:
        return metrics.rate(f"win:{seat_one}", shift=share)
    if name == "seat_balance" and share:
        return metrics.balance()
    if name == "completion":
        return metrics.rate("timeout", flip=True)
    if name == "drawishness" and share:
        return metrics.rate("draw")
    if name == "timeouts":
        return metrics.rate("timeout")
    if name == "coop_win" and not share:
        return metrics.rate("coop_win")
    if name == "duration":
        return metrics.mean("length")
    if name in ("decisions", "branching", "lead_changes") and _seen(metrics.tallies, name):
        return metrics.mean(name)
    return None


def _add_found(metrics: _Metrics, teams: dict[str, tuple[int, ...]], unit: str) -> None:
    """The metrics the games themselves name: each seat's or team's wins, each ending, each
    flag, category and fact the engine recorded (`unit`, the duration's fact, aside)."""
    tallies = metrics.tallies
    if metrics.share:
        for u in metrics.units:
            metrics.add(
                f"wins.{u}", f"wins: {_unit_name(u, teams)}", "rate", metrics.rate(f"win:{u}")
            )
    for key in _keys(tallies, "ending:"):
        metrics.add(f"ending.{key}", f"ends: {key}", "rate", metrics.rate(f"ending:{key}"))
    for key in _keys(tallies, "flag:"):
        metrics.add(f"fact.{key}", f"{key} (how often)", "rate", metrics.rate(f"flag:{key}"))
    for key in _keys(tallies, "cat:"):
        metrics.add(f"fact.{key}", f"{key} (how often)", "rate", metrics.rate(f"cat:{key}"))
    for key in _keys(tallies, "fact:"):
        if key != unit:  # that one is the duration
            metrics.add(
                f"fact.{key}", f"{key} (mean per game)", "mean", metrics.mean(f"fact:{key}")
            )


def _rate(
    t: VariantTally, base: VariantTally, key: str, shift: float, flip: bool
) -> MetricEntry | None:
    sums = t.sums(key)
    if not sums.n:
        return None
    hits = sums.s // SCALE
    low, high = wilson(hits, sums.n)
    value = hits / sums.n
    if flip:
        value, low, high = 1 - value, 1 - high, 1 - low
    entry: MetricEntry = {
        "value": _r(value - shift),
        "ci95": [_r(low - shift), _r(high - shift)],
    }
    if t is not base:
        entry["vs_a"] = _paired(t.diff(key), -1.0 if flip else 1.0)
    return entry


def _mean(t: VariantTally, base: VariantTally, key: str, per: float) -> MetricEntry | None:
    sums = t.sums(key)
    if not sums.n:
        return None
    centre, half = _normal(sums)
    entry: MetricEntry = {"value": _r(centre), "ci95": _around(centre, half)}
    if t is not base:
        entry["vs_a"] = _paired(t.diff(key), 1.0)
    return entry


def _balance(
    t: VariantTally, base: VariantTally, units: dict[str, tuple[int, ...]], share: float
) -> MetricEntry | None:
    """The unit furthest from an even share: its gap, with its Wilson interval moved over; the
    difference from A pairs the two furthest units game by game (their joint wins counted)."""
    if not t.games:
        return None
    worst, sign, p = _furthest(t, units, share)
    low, high = (sign * (x - share) for x in wilson(round(p * t.games), t.games))
    low, high = sorted((low, high))
    entry: MetricEntry = {
        "value": _r(abs(p - share)),
        "ci95": [_r(max(0.0, low)), _r(high)],
        "unit": worst,
    }
    if t is not base:
        b_worst, b_sign, b_p = _furthest(base, units, share)
        n = t.games
        joint = t.both_won[worst, b_worst] / n
        variance = p * (1 - p) + b_p * (1 - b_p) - 2 * sign * b_sign * (joint - p * b_p)
        diff = abs(p - share) - abs(b_p - share)
        half = Z95 * math.sqrt(max(variance, 0.0) * n / max(n - 1, 1) / n)
        entry["vs_a"] = _verdict(diff, half)
    return entry


def _furthest(
    t: VariantTally, units: dict[str, tuple[int, ...]], share: float
) -> tuple[str, float, float]:
    rates = {u: t.sums(f"win:{u}").s / SCALE / t.games for u in units}
    worst = max(units, key=lambda u: (abs(rates[u] - share), -list(units).index(u)))
    return worst, (1.0 if rates[worst] >= share else -1.0), rates[worst]


def _paired(d: Sums, sign: float) -> Verdict:
    centre, half = _normal(d)
    return _verdict(sign * centre, half)


def _verdict(diff: float, half: float | None) -> Verdict:
    """A difference and its interval; significant when the interval leaves 0 out."""
    ci = _around(diff, half)
    return {"diff": _r(diff), "ci95": ci, "significant": bool(ci and (ci[0] > 0 or ci[1] < 0))}


def _around(centre: float, half: float | None) -> list[float] | None:
    return None if half is None else [_r(centre - half), _r(centre + half)]


def _normal(sums: Sums) -> tuple[float, float | None]:
    """Mean and half-width of the 95% normal interval (values in millionths; the variance is
    an exact integer ratio, so nothing cancels away; None: one game says nothing of spread)."""
    n = sums.n
    centre = sums.s / n / SCALE
    if n < 2:
        return centre, None
    spread = (n * sums.ss - sums.s * sums.s) / (n * n * (n - 1))  # the variance of the mean
    return centre, Z95 * math.sqrt(max(spread, 0.0)) / SCALE


def _seen(tallies: Sequence[VariantTally], key: str) -> bool:
    return any(key in t.values for t in tallies)


def _keys(tallies: Sequence[VariantTally], prefix: str) -> list[str]:
    return sorted({k[len(prefix) :] for t in tallies for k in t.values if k.startswith(prefix)})


def _unit_name(unit: str, teams: dict[str, tuple[int, ...]]) -> str:
    return f"team {unit}" if teams else f"seat {unit}"


def _r(value: float) -> float:
    return round(float(value), 4) + 0.0  # + 0.0: never a -0.0
