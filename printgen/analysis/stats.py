"""Per-column statistics of a group of cards: for a number column its range, mean, median and
distribution, for a column of a few values (a suit, a kind, a flag, a rarity) how many copies
hold each. Counted by copies (what the printed deck holds), with the card designs beside."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from printgen.analysis.deck import Deck, Group, Row

FEW_VALUES = 12
"""A text column with at most this many different values (each held by several cards) is a
category (a rarity, a faction) and gets a distribution."""


@dataclass(frozen=True)
class NumberStats:
    cards: int  # designs with a value
    copies: int
    low: int | float
    high: int | float
    mean: float
    median: float
    distribution: dict[float, int]  # value -> copies, in order

    def to_json(self) -> dict[str, object]:
        return {
            "cards": self.cards,
            "copies": self.copies,
            "min": self.low,
            "max": self.high,
            "mean": round(self.mean, 3),
            "median": self.median,
            "distribution": {str(k): v for k, v in self.distribution.items()},
        }


def number_stats(rows: Iterable[Row], column: str) -> NumberStats | None:
    """None when no card of `rows` has a value in the column."""
    cells = [(r.card.fields.get(column), r.copies) for r in rows]
    held = [(v, n) for v, n in cells if isinstance(v, (int, float)) and not isinstance(v, bool)]
    copies = sum(n for _, n in held)
    if not held or not copies:
        return None
    tally: Counter[float] = Counter()
    for value, n in held:
        tally[value] += n
    ordered = dict(sorted(tally.items()))
    return NumberStats(
        cards=len(held),
        copies=copies,
        low=min(ordered),
        high=max(ordered),
        mean=sum(v * n for v, n in ordered.items()) / copies,
        median=_median(ordered, copies),
        distribution=ordered,
    )


def _median(ordered: dict[float, int], copies: int) -> float:
    """The median of the copies' values (the mean of the middle two for an even number)."""
    wanted = [(copies - 1) // 2, copies // 2]
    found: list[float] = []
    seen = 0
    for value, n in ordered.items():
        while wanted and wanted[0] < seen + n:
            found.append(value)
            wanted.pop(0)
        seen += n
    middle = sum(found) / 2
    return int(middle) if middle == int(middle) else middle


def value_counts(rows: Iterable[Row], column: str) -> dict[str, int]:
    """Copies holding each value (each symbol of a symbols cell; a flag as yes or no)."""
    tally: Counter[str] = Counter()
    for row in rows:
        value = row.card.kind if column == "kind" else row.card.fields.get(column)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, bool):
                tally["yes" if item else "no"] += row.copies
            elif item not in (None, ""):
                tally[str(item)] += row.copies
    return dict(sorted(tally.items(), key=lambda kv: (-kv[1], kv[0])))


def category_columns(deck: Deck) -> list[str]:
    """The columns given a distribution: kind (when the game has several), the element, flag
    and symbols columns, and text columns of a few values that repeat."""
    columns = [*deck.columns("element", "flag", "symbols")]
    if len({r.card.kind for r in deck.rows}) > 1:
        columns.insert(0, "kind")
    for column in deck.columns("text"):
        values = [r.card.fields.get(column) for r in deck.rows]
        filled = [v for v in values if v not in (None, "")]
        different = set(filled)
        if filled and len(different) <= FEW_VALUES and len(different) < len(filled) / 2:
            columns.append(column)
    return columns


@dataclass(frozen=True)
class GroupStats:
    group: Group
    numbers: dict[str, NumberStats]
    values: dict[str, dict[str, int]]

    @property
    def copies(self) -> int:
        return sum(r.copies for r in self.group.rows)

    def to_json(self) -> dict[str, object]:
        return {
            "group": self.group.kind,
            "value": self.group.value,
            "label": self.group.label,
            "cards": len(self.group.rows),
            "copies": self.copies,
            "numbers": {c: s.to_json() for c, s in self.numbers.items()},
            "values": self.values,
        }


def _defining(deck: Deck, group: Group) -> str | None:
    """The column a group is made by (every card of a kind has that kind), not shown in it."""
    return {"kind": "kind", "suit": deck.suit}.get(group.kind)


def group_stats(deck: Deck) -> list[GroupStats]:
    numbers = [c for c in deck.numbers if c != "count"]
    categories = category_columns(deck)
    found = []
    for group in deck.groups():
        stats = {c: s for c in numbers if (s := number_stats(group.rows, c)) is not None}
        shown = [c for c in categories if c != _defining(deck, group)]
        values = {c: v for c in shown if (v := value_counts(group.rows, c))}
        found.append(GroupStats(group, stats, values))
    return found
