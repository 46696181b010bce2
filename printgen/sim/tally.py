"""What the statistics need from many games, as counts: small, exact and mergeable.

A worker turns each batch of games into a `Tally` (how many games had each length, each
winner set, each ending, each score, each fact value) and only that crosses back to the main
process. Counts add up the same in any order, so merged tallies, and every statistic made from
them, do not depend on how the games were split; memory grows with the number of distinct
values, not of games, so millions of games cost no more than thousands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from printgen.sim.play import GameRecord

BOOL, NUMBER, CATEGORY = "bool", "number", "category"
FactValue = bool | int | float | str
"""A fact's value as tallied: a yes/no, a number, or a category's name (`kind_of`)."""


@dataclass
class Tally:
    games: int = 0
    unit: str = "decisions"
    lengths: Counter[int] = field(default_factory=Counter)
    decisions: Counter[int] = field(default_factory=Counter)
    winners: Counter[tuple[int, ...]] = field(default_factory=Counter)  # winner set -> games
    reasons: Counter[str] = field(default_factory=Counter)
    scores: dict[str, Counter[float]] = field(default_factory=dict)
    facts: dict[str, Counter[tuple[str, FactValue]]] = field(default_factory=dict)  # (kind, value)

    @classmethod
    def of(cls, records: Iterable[GameRecord]) -> Tally:
        tally = cls()
        for record in records:
            tally.add(record)
        return tally

    def add(self, r: GameRecord) -> None:
        self.games += 1
        self.unit = r.unit
        self.lengths[r.length] += 1
        self.decisions[r.decisions] += 1
        self.winners[tuple(sorted(r.winners))] += 1
        self.reasons[r.reason] += 1
        for key, score in r.scores.items():
            self.scores.setdefault(key, Counter())[float(score)] += 1
        for key, value in flatten(r.facts).items():
            self.facts.setdefault(key, Counter())[kind_of(value)] += 1

    def merge(self, other: Tally) -> Tally:
        """Add `other` into this tally (and return it)."""
        if other.games:
            self.unit = other.unit
        self.games += other.games
        self.lengths.update(other.lengths)  # Counter.update adds the counts
        self.decisions.update(other.decisions)
        self.winners.update(other.winners)
        self.reasons.update(other.reasons)
        for key, counts in other.scores.items():
            self.scores.setdefault(key, Counter()).update(counts)
        for key, values in other.facts.items():
            self.facts.setdefault(key, Counter()).update(values)
        return self


def kind_of(value: object) -> tuple[str, FactValue]:
    """A fact value with its kind (True and 1 must not count as one value)."""
    if isinstance(value, bool):
        return (BOOL, value)
    if isinstance(value, (int, float)):
        return (NUMBER, value)
    return (CATEGORY, "none" if value is None else str(value))


def flatten(facts: Mapping[str, object]) -> dict[str, object]:
    """A list is one value per seat (`key.seat1`, ...), a mapping one per team (`key.name`)."""
    flat: dict[str, object] = {}
    for key, value in facts.items():
        if isinstance(value, Mapping):
            flat.update({f"{key}.{sub}": v for sub, v in value.items()})
        elif isinstance(value, (list, tuple)):
            flat.update({f"{key}.seat{i + 1}": v for i, v in enumerate(value)})
        else:
            flat[key] = value
    return flat
