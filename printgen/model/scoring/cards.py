"""The game's cards as scoring rules read them: each card's columns with empty cells filled
(0 in a number column, '' in text, false in a flag), what each column holds, and its kind."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from printgen.model.decks import INT_RANGE
from printgen.model.game import Card, FieldValue
from printgen.model.scoring.board import Cell
from printgen.model.scoring.placed import PieceView
from printgen.model.scoring.static import Columns
from printgen.model.scoring.views import CardValue, CardView

BASE_TYPES = {"id": "text", "name": "text", "kind": "text", "count": "number", "deck": "text"}
PLACED_TYPES = {"at": "cell", "side": "text"}
"""What a placed piece adds to its card's columns: its cell and the side it shows."""
SIDES = ("front", "back")


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
    values: dict[str, tuple[CardValue, ...]]  # column -> its values in order (`sets` reads)
    declared: frozenset[str] = frozenset()  # the game's own columns (a column `side` wins)
    copies: Mapping[str, int] = field(default_factory=dict)  # card id -> copies in the game

    @property
    def numbers(self) -> frozenset[str]:
        return frozenset(c for c, kind in self.columns.types.items() if kind == "number")


def card_table(
    columns: Mapping[str, str],
    cards: Iterable[Card],
    elements: tuple[str, ...],
    kinds: Iterable[str],
    decks: Mapping[str, str] | None = None,
) -> CardTable:
    """The table of `cards` (each id once), whose columns have the game.yaml types `columns`;
    `decks` names each card's deck (card id -> the component it belongs to)."""
    own = {c: column_kind(t) for c, t in columns.items()}
    types = {**BASE_TYPES, **PLACED_TYPES, **own}
    decks = decks or {}
    views: dict[str, CardView] = {}
    copies: dict[str, int] = {}
    seen: dict[str, dict[CardValue, None]] = {
        column: dict.fromkeys(elements if kind == "element" else ())
        for column, kind in types.items()
    }
    seen["kind"].update(dict.fromkeys(kinds))
    if "side" not in own:
        seen["side"].update(dict.fromkeys(SIDES))
    for card in cards:
        if card.id not in views:
            values = _values(card, own, decks.get(card.id, ""))
            views[card.id] = CardView(values)
            copies[card.id] = card.count
            for column, value in values.items():
                seen[column].update(dict.fromkeys(_held(value, types[column])))
    ordered = {
        column: tuple(found if types[column] == "element" else sorted(found, key=_order))
        for column, found in seen.items()
    }
    frozen = {column: frozenset(found) for column, found in seen.items()}
    return CardTable(Columns(types, frozen), views, ordered, frozenset(own), copies)


def _values(card: Card, own: Mapping[str, str], deck: str) -> dict[str, CardValue]:
    """The card's columns, each empty cell filled as its column's kind reads it (a card in a
    hand lies nowhere and shows its front)."""
    values: dict[str, CardValue] = {"id": card.id, "name": card.name, "kind": card.kind}
    values["count"] = card.count
    values |= {"deck": deck, "at": "", "side": "front"}
    for column, kind in own.items():
        if column not in BASE_TYPES:
            values[column] = _filled(card.fields.get(column), kind)
    return values


def _held(value: CardValue, kind: str) -> list[CardValue]:
    """The values a cell holds (each symbol of a `symbols` cell); an empty text holds none."""
    items = value if isinstance(value, tuple) else (value,)
    return [item for item in items if kind == "number" or item not in ("", None)]


def _order(value: CardValue) -> tuple[int, int | str]:
    """Numbers in their order, then anything else by its text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return 0, value
    return 1, str(value)


_EMPTY: dict[str, CardValue] = {"number": 0, "flag": False, "symbols": ()}
"""What an empty cell reads as, by its column's kind ('' for any other)."""


def _filled(value: FieldValue, kind: str) -> CardValue:
    if value is not None:
        return value
    return _EMPTY.get(kind, "")


def piece(table: CardTable, card_id: str, cell: Cell, at: str, side: str) -> PieceView:
    """A card of the table laid on the board at `cell` (named `at`), showing `side`."""
    values = dict(table.views[card_id]._values)
    if "at" not in table.declared:
        values["at"] = at
    if "side" not in table.declared:
        values["side"] = side
    return PieceView(values, cell)
