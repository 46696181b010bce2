"""The game's cards as scoring rules read them: each card's columns with empty cells filled
(0 in a number column, '' in text, false in a flag), what each column holds, and its kind."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from printgen.model.decks import INT_RANGE
from printgen.model.game import Card
from printgen.model.scoring.language import CardView
from printgen.model.scoring.static import Columns

BASE_TYPES = {"id": "text", "name": "text", "kind": "text", "count": "number"}


def column_kind(type_text: str) -> str:
    """`int[0..9]?` is a number column; `element?` an element ... (money reads as text)."""
    base = type_text.rstrip("?")
    if base == "int" or INT_RANGE.match(base):
        return "number"
    return base if base in ("element", "flag", "symbols") else "text"


@dataclass(frozen=True)
class CardTable:
    """Every card of the game, read once for its scoring rules."""

    columns: Columns
    views: dict[str, CardView]  # card id -> the card
    values: dict[str, tuple[Any, ...]]  # column -> its values, in order (what `sets` completes)

    @property
    def numbers(self) -> frozenset[str]:
        return frozenset(c for c, kind in self.columns.types.items() if kind == "number")


def card_table(
    columns: Mapping[str, str],
    cards: Iterable[Card],
    elements: tuple[str, ...],
    kinds: Iterable[str],
) -> CardTable:
    """The table of `cards` (each id once), whose columns have the game.yaml types `columns`."""
    types = {**BASE_TYPES, **{c: column_kind(t) for c, t in columns.items()}}
    views: dict[str, CardView] = {}
    seen: dict[str, dict[Any, None]] = {
        column: dict.fromkeys(elements if kind == "element" else ())
        for column, kind in types.items()
    }
    seen["kind"].update(dict.fromkeys(kinds))
    for card in cards:
        if card.id not in views:
            values = _values(card, types)
            views[card.id] = CardView(values)
            for column, value in values.items():
                seen[column].update(dict.fromkeys(_held(value, types[column])))
    ordered = {
        column: tuple(found if types[column] == "element" else sorted(found, key=_order))
        for column, found in seen.items()
    }
    frozen = {column: frozenset(found) for column, found in seen.items()}
    return CardTable(Columns(types, frozen), views, ordered)


def _values(card: Card, types: Mapping[str, str]) -> dict[str, Any]:
    """The card's columns, each empty cell filled as its column's kind reads it."""
    values = {"id": card.id, "name": card.name, "kind": card.kind, "count": card.count}
    for column, kind in types.items():
        if column not in BASE_TYPES:
            values[column] = _filled(card.fields.get(column), kind)
    return values


def _held(value: Any, kind: str) -> list[Any]:
    """The values a cell holds (each symbol of a `symbols` cell); an empty text holds none."""
    items = value if isinstance(value, tuple) else (value,)
    return [item for item in items if kind == "number" or item not in ("", None)]


def _order(value: Any) -> tuple[int, Any]:
    """Numbers in their order, then anything else by its text."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return 0, value
    return 1, str(value)


def _filled(value: Any, kind: str) -> Any:
    if value is not None:
        return value
    return {"number": 0, "flag": False, "symbols": ()}.get(kind, "")
