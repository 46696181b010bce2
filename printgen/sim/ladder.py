"""`printgen compare GAME --bots random,greedy,mcts`: the skill ladder.

Does the game reward skill? Each bot plays each other bot by seat: for an ordered pair (A, B)
and each seat (or team) u, A takes u and B every other seat; game k of every such seating is
played with the seed `f"{seed}:{k}"`, so the pairs meet over the same deals (paired by seed).
A's score in a game is what it won: 1, or 1/k for a win shared by k seats or teams, else 0;
its score against B is the mean over the seats it took, game by game. With two sides the
seating (A, B, u) is the game (B, A, the other u), played once.

The table gives A's mean score against B with a 95% interval (normal, over the seeds), next to
an even share (1 / seats or teams). The bots are ranked by their mean score over all their
opponents; the **skill gap** is the strongest bot's score against the weakest minus the even
share: how much more often it wins than chance would give it. In a co-operative or solo game
(one side) each bot plays every seat; its score is the table's win rate (or the pass rate),
and the skill gap is the best bot's rate minus the worst's, paired by seed.

Scores are summed in whole millionths, so the figures are the same for any split of the seeds
between processes or Dask workers (`runner.run_batches`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations

from printgen.sim.executor import Executor, batched
from printgen.sim.ladder_summary import LadderSummary, PairScore, Row, Score
from printgen.sim.metrics import SCALE, Sums, units_of
from printgen.sim.outcome import rewards_of
from printgen.sim.play import play_game
from printgen.sim.runner import (
    SimSpec,
    batch_size,
    bot_for,
    fresh_games,
    game_seed,
    run_batches,
)
from printgen.sim.stats import Z95, wilson
from printgen.sim.summary import SetBy

Units = dict[str, tuple[int, ...]]


@dataclass(frozen=True)
class LadderSpec:
    """The run's game (bots aside) and the bots to rank; picklable."""

    base: SimSpec
    bots: tuple[str, ...]
    units: tuple[tuple[str, tuple[int, ...]], ...]  # seats (or teams) and their seats

    def seatings(self) -> list[tuple[str, ...]]:
        """Every distinct seating played for a seed: one bot's name per seat."""
        seen: dict[tuple[str, ...], None] = {}
        for seating in self._seatings().values():
            seen.setdefault(seating, None)
        return list(seen)

    def _seatings(self) -> dict[tuple[str, str, str], tuple[str, ...]]:
        """(A, B, unit) -> the seating where A takes `unit` and B every other seat; with one
        unit, (A, A, unit) -> A in every seat."""
        players = self.base.players
        if len(self.units) == 1:
            ((name, _),) = self.units
            return {(a, a, name): (a,) * players for a in self.bots}
        out = {}
        for a, b in permutations(self.bots, 2):
            for name, seats in self.units:
                out[a, b, name] = tuple(a if s in seats else b for s in range(players))
        return out


@dataclass
class LadderTally:
    """Per-seed sums of each pair's scores: `A|B` (A's mean over the units it took), `A|B|u`
    (A in unit u), and with one unit `A` and the paired differences `A-B`."""

    games: int = 0
    values: dict[str, Sums] = field(default_factory=dict)

    def add(self, name: str, value: float) -> None:
        self.values.setdefault(name, Sums()).add(round(SCALE * value))

    def merge(self, other: LadderTally) -> LadderTally:
        self.games += other.games
        for name, sums in other.values.items():
            self.values.setdefault(name, Sums()).merge(sums)
        return self


def ladder_batch(job: tuple[LadderSpec, int, int]) -> LadderTally:
    """Play seeds `start` to `stop` in every seating (the worker function)."""
    spec, start, stop = job
    seatings = spec.seatings()
    bots = {name: bot_for(spec.base, name) for name in spec.bots}
    fresh = fresh_games(spec.base)
    tally = LadderTally()
    for index in range(start, stop):
        seed = game_seed(spec.base.seed, index)
        won: dict[tuple[str, ...], dict[int, float]] = {}
        for seating in seatings:
            state = fresh()
            play_game(state, [bots[name] for name in seating], seed, index)
            won[seating] = rewards_of(state)
        _add_seed(tally, spec, won)
    return tally


def _add_seed(
    tally: LadderTally, spec: LadderSpec, won: dict[tuple[str, ...], dict[int, float]]
) -> None:
    """One seed's scores, from each seating's rewards by seat."""
    tally.games += 1
    units = dict(spec.units)
    scores: dict[tuple[str, str], list[float]] = {}
    for (a, b, unit), seating in spec._seatings().items():
        first = units[unit][0]  # the seats of a unit win together
        score = won[seating].get(first, 0.0)
        scores.setdefault((a, b), []).append(score)
        if a != b:
            tally.add(f"{a}|{b}|{unit}", score)
    for (a, b), values in scores.items():
        tally.add(f"{a}|{b}" if a != b else a, sum(values) / len(values))
    if len(units) == 1:
        for a, b in permutations(spec.bots, 2):
            tally.add(f"{a}-{b}", scores[a, a][0] - scores[b, b][0])


def run_ladder(
    spec: LadderSpec,
    n_games: int,
    executor: Executor,
    progress: Callable[[int], None] | None = None,
) -> tuple[LadderTally, bool]:
    """The tally over `n_games` seeds, and whether Ctrl-C cut the run short."""
    jobs = [(spec, a, b) for a, b in batched(n_games, batch_size(n_games))]
    on_done = (lambda t: progress(t.games * len(spec.seatings()))) if progress else None
    results, partial = run_batches(ladder_batch, jobs, executor, on_done)
    total = LadderTally()
    for tally in results:
        total.merge(tally)
    return total, partial


def ladder_spec(
    base: SimSpec, bots: Sequence[str], teams: dict[str, tuple[int, ...]]
) -> LadderSpec:
    """The ladder of `bots` on the game of `base` (its own bots are set per seating)."""
    units = units_of(base.players, teams)
    return LadderSpec(replace(base, bots=("random",)), tuple(bots), tuple(units.items()))


# -- the summary -------------------------------------------------------------------------------


def summarize_ladder(spec: LadderSpec, tally: LadderTally) -> LadderSummary:
    """One JSON-ready object: the table, each bot's strength and order, the skill gap."""
    units = dict(spec.units)
    solo = len(units) == 1
    share = 0.0 if solo else 1 / len(units)
    table: dict[str, Row] = {}
    strength: dict[str, float] = {}
    for a in spec.bots:
        if solo:
            alone = _entry(tally.values.get(a))
            table[a], strength[a] = alone, alone["value"]
            continue
        row: dict[str, PairScore] = {}
        for b in spec.bots:
            if a != b:
                by_unit = {u: _entry(tally.values.get(f"{a}|{b}|{u}")) for u in units}
                row[b] = {**_entry(tally.values.get(f"{a}|{b}")), "by_unit": by_unit}
        table[a] = row
        strength[a] = _r(sum(e["value"] for e in row.values()) / max(len(row), 1))
    order = sorted(spec.bots, key=lambda bot: (-strength[bot], spec.bots.index(bot)))
    best, worst = order[0], order[-1]
    if solo:
        gap = _entry(tally.values.get(f"{best}-{worst}"), floor=-1.0)
    else:
        vs = tally.values.get(f"{best}|{worst}")
        gap = _entry(vs, shift=share)
    by_set = {s.key: s.text for s in spec.base.settings}
    settings: SetBy = {"set": by_set} if by_set else {}
    return {
        "game": spec.base.game_id,
        "players": spec.base.players,
        "seed": spec.base.seed,
        "options": dict(sorted(spec.base.options.items())),
        **settings,
        "games": tally.games,
        "bots": list(spec.bots),
        "units": {u: list(seats) for u, seats in units.items()},
        "even_share": _r(share),
        "table": table,
        "strength": strength,
        "order": order,
        "skill_gap": {**gap, "stronger": best, "weaker": worst},
    }


def _entry(sums: Sums | None, shift: float = 0.0, floor: float = 0.0) -> Score:
    """A mean score (in millionths summed) with its 95% normal interval, less `shift`.

    When every seed scored the most or the least a score can be (greedy beat random in all 300
    games) the normal interval has no width, which would print as certainty. The half-width is
    then Wilson's for a rate seen in none or all of n trials, 3.84 / (n + 3.84), kept within
    the scores' range (`floor`..1): all wins out of 300 gives 98.7-100 %, as
    `wilson(300, 300)` does. A score alike in every seed between the two (1/2 each in a game
    without decisions) keeps its zero width."""
    if sums is None or not sums.n:
        return {"value": 0.0, "ci95": None, "games": 0}
    n = sums.n
    mean = sums.s / n / SCALE
    half = 0.0
    if n > 1:
        variance = (n * sums.ss - sums.s * sums.s) / (n * n * (n - 1))  # of the mean
        half = Z95 * math.sqrt(max(variance, 0.0)) / SCALE
    alike = sums.ss * n == sums.s * sums.s  # exact: whole millionths
    if alike and sums.s in (n * SCALE, round(n * floor * SCALE)):  # all 1, or all `floor`
        half = wilson(0, n)[1]
    low, high = max(floor, mean - half), min(1.0, mean + half)
    return {"value": _r(mean - shift), "ci95": [_r(low - shift), _r(high - shift)], "games": n}


def _r(value: float) -> float:
    return round(float(value), 4) + 0.0
