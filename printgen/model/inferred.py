"""Undeclared columns typed by what every filled cell of theirs holds.

A designer's export carries columns game.yaml does not declare. Each is read as optional
text, unless every filled cell, in every deck of the game, is a whole number (a number
column, `printgen.model.numbers`), a true/false word (a flag, `printgen.model.flags`) or an
amount of money (`printgen.model.money`): then it is read as if declared so, and the card
designs print it as meant (`Attack 3`, a flag only where a box names it, `Price $3`) rather
than as a bare `3`, `TRUE` or `$3` among the card's rules. The first kind that fits wins,
in that order. Every card is retyped in one pass, whatever the number of such columns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from printgen.model.flags import FLAG, flag_value, read_flag
from printgen.model.game import Card, Component
from printgen.model.money import MONEY, is_amount
from printgen.model.numbers import NUMBER, plain_number, read_number


@dataclass(frozen=True)
class Kind:
    """One kind of column a deck's cells can show."""

    type: str  # as game.yaml would declare it (`int?`)
    listed: str  # the Component field naming the headers read so
    fits: Callable[[str], bool]  # whether one filled cell is of this kind
    read: Callable[[str | None], Any]  # a cell (None when empty) as the card holds it


KINDS = (
    Kind(NUMBER, "numbers", plain_number, read_number),
    Kind(FLAG, "flags", lambda text: flag_value(text) is not None, read_flag),
    Kind(MONEY, "money", is_amount, lambda text: text),
)


def infer_columns(
    columns: list[str], components: dict[str, Component], headers: dict[str, str]
) -> tuple[dict[str, Component], dict[str, str]]:
    """The components with those of `columns` (undeclared text) that fit a kind retyped, and
    each such column's type; `headers` maps a column to the header it came from."""
    base = [deck for deck in components.values() if deck.derived_from is None]
    chosen: dict[str, Kind] = {}
    for column in columns:
        filled = [
            v for deck in base for card in deck.cards if (v := card.fields.get(column)) is not None
        ]
        if not filled or not all(isinstance(v, str) for v in filled):
            continue
        kind = next((k for k in KINDS if all(k.fits(v) for v in filled)), None)
        if kind is not None:
            chosen[column] = kind
    if not chosen:
        return components, {}
    typed: dict[int, Card] = {}  # a derived deck shares its base's cards

    def card(one: Card) -> Card:
        if id(one) not in typed:
            fields: dict[str, Any] = dict(one.fields)
            for column, kind in chosen.items():
                fields[column] = kind.read(fields.get(column))
            typed[id(one)] = replace(one, fields=fields)
        return typed[id(one)]

    def deck(one: Component) -> Component:
        said: dict[str, Any] = {
            kind.listed: tuple(
                headers[c]
                for c, k in chosen.items()
                if k is kind and headers.get(c) in one.undeclared
            )
            for kind in KINDS
        }
        return replace(one, cards=tuple(card(c) for c in one.cards), **said)

    return {name: deck(one) for name, one in components.items()}, {
        column: kind.type for column, kind in chosen.items()
    }
