"""The designer metrics of one game, and their sums over many games, paired by seed.

Names follow Ludii's concepts where one fits (Completion, Drawishness, Timeouts, Duration,
Branching factor, Lead change, Balance). Every value is kept in whole millionths, so the sums
are exact integers that add up the same in any order: the figures do not depend on how the
games were split between workers. A variant's sums cover its games; its differences from the
baseline (variant A) are summed game by game, since both played the same seed.

Keys of `game_values`:
  `win:U`      1 when seat (or team) U won            `draw`, `timeout`, `coop_win`  0 or 1
  `length`     length in the game's unit              `decisions`  decisions per player
  `branching`  mean legal moves at a decision         `lead_changes`
  `ending:R`   1 when the game ended for reason R     `fact:K`, `flag:K`, `cat:K=V` engine facts
Keys that are indicators (ZERO_DEFAULT) count as 0 in the games that do not name them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from printgen.sim.measure import Measured
from printgen.sim.tally import flatten

SCALE = 1_000_000
ZERO_DEFAULT = ("win:", "ending:", "cat:", "draw", "timeout", "coop_win")


def units_of(players: int, teams: Mapping[str, Sequence[int]]) -> dict[str, tuple[int, ...]]:
    """Who wins together: each team, or else each seat ("1", "2", ...)."""
    if teams:
        return {name: tuple(sorted(seats)) for name, seats in teams.items()}
    return {str(seat + 1): (seat,) for seat in range(players)}


def game_values(m: Measured, players: int, units: Mapping[str, tuple[int, ...]]) -> dict[str, int]:
    """One game's metric values, in millionths."""
    r = m.record
    winners = set(r.winners)
    won = [u for u, seats in units.items() if winners and set(seats) <= winners]
    values: dict[str, int] = {f"win:{u}": SCALE for u in won}
    timeout = r.timeout
    if len(units) == 1:  # co-operative: all win or all lose together
        values["coop_win"] = SCALE * bool(won)
    elif len(won) != 1 and not timeout:
        values["draw"] = SCALE
    if timeout:
        values["timeout"] = SCALE
    values["length"] = SCALE * r.length
    values["decisions"] = SCALE * r.decisions // players
    if r.decisions:
        values["branching"] = round(SCALE * m.choices / r.decisions)
    if m.lead_changes is not None:
        values["lead_changes"] = SCALE * m.lead_changes
    values[f"ending:{r.reason}"] = SCALE
    for key, value in flatten(r.facts).items():
        if isinstance(value, bool):
            values[f"flag:{key}"] = SCALE * value
        elif isinstance(value, (int, float)):
            values[f"fact:{key}"] = round(SCALE * value)
        else:
            values[f"cat:{key}={'none' if value is None else value}"] = SCALE
    return values


def zero_default(name: str) -> bool:
    return name.startswith(ZERO_DEFAULT)


@dataclass
class Sums:
    """n, sum and sum of squares of one metric's values (millionths)."""

    n: int = 0
    s: int = 0
    ss: int = 0

    def add(self, x: int) -> None:
        self.n += 1
        self.s += x
        self.ss += x * x

    def merge(self, other: Sums) -> None:
        self.n += other.n
        self.s += other.s
        self.ss += other.ss


@dataclass
class VariantTally:
    """One variant's games: each metric's sums, and its paired differences from variant A."""

    games: int = 0
    unit: str = "decisions"  # of the length
    values: dict[str, Sums] = field(default_factory=dict)
    diffs: dict[str, Sums] = field(default_factory=dict)
    both_won: Counter[tuple[str, str]] = field(default_factory=Counter)  # (unit here, unit in A)

    def add(self, mine: dict[str, int], base: dict[str, int]) -> None:
        self.games += 1
        for name, x in mine.items():
            self.values.setdefault(name, Sums()).add(x)
        for name in mine.keys() | base.keys():
            if zero_default(name) or (name in mine and name in base):
                self.diffs.setdefault(name, Sums()).add(mine.get(name, 0) - base.get(name, 0))
        for a in (k for k in mine if k.startswith("win:")):
            for b in (k for k in base if k.startswith("win:")):
                self.both_won[a[4:], b[4:]] += 1

    def merge(self, other: VariantTally) -> VariantTally:
        if other.games:
            self.unit = other.unit
        self.games += other.games
        for mine, theirs in ((self.values, other.values), (self.diffs, other.diffs)):
            for name, sums in theirs.items():
                mine.setdefault(name, Sums()).merge(sums)
        self.both_won.update(other.both_won)
        return self

    def sums(self, name: str) -> Sums:
        """A metric's sums; an indicator counts every game (absent: 0)."""
        found = self.values.get(name, Sums())
        return Sums(self.games, found.s, found.ss) if zero_default(name) else found

    def diff(self, name: str) -> Sums:
        found = self.diffs.get(name, Sums())
        return Sums(self.games, found.s, found.ss) if zero_default(name) else found
