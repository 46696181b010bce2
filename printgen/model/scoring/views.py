"""A card or piece as a scoring rule reads it, and the few ways every helper reads them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import jinja2

ANY = object()
"""A helper's `value` left out: the column only has to be set (not empty, 0 or false)."""

CardValue: TypeAlias = str | int | bool | tuple[str, ...]
"""A column's value as a rule reads it: a card's cell with an empty one filled (0 in a number
column, '' in text, false in a flag, () in symbols: `printgen.model.scoring.cards`)."""


class CardView:
    """One card as an expression reads it: each column an attribute (`card.coins`) or an item
    (`card['coins']`), and nothing else (its one Python attribute starts with `_`, which the
    sandbox refuses)."""

    __slots__ = ("_values",)

    def __init__(self, values: dict[str, CardValue]) -> None:
        self._values = values

    def __getattr__(self, name: str) -> CardValue:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str) -> CardValue:
        return self._values[name]

    def __repr__(self) -> str:
        return f"<card {self._values.get('id')}>"


def matches(held: CardValue, value: object) -> bool:
    if value is ANY:
        return bool(held)
    if isinstance(held, tuple):  # a `symbols` column: any of its symbols
        wanted = value if isinstance(value, (list, tuple)) else [value]
        return any(v in held for v in wanted)
    if isinstance(value, (list, tuple)):
        return held in value
    return bool(held == value)


def cards_of(value: object) -> list[CardView]:
    """A helper's cards: one card, none, or a list (what a rule passes is not checked
    further: a list of something else fails where a card's column is read)."""
    if isinstance(value, CardView):
        return [value]
    if isinstance(value, jinja2.Undefined) or value is None:
        return []
    if not isinstance(value, Iterable):
        raise TypeError(f"'{type(value).__name__}' object is not iterable")  # as list() says
    return list(value)
