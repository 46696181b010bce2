"""Undeclared columns that hold whole numbers are read as numbers.

A designer's export carries columns game.yaml does not declare (`Attack`, `Cost`, `HP`); they
are read without a declaration. One whose every filled cell, in every deck of the game, is a
whole number is a number column (`int?`), as if declared so: the card designs print it as a
stat with its name (`Attack 3`), where as text it printed as a bare `3` among the card's
rules text. A column with any other value (`1,5`, `x`, `3 gold`, `007`) stays text, as do
empty ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from printgen.model.decks import whole_number
from printgen.model.game import Card, Component

NUMBER = "int?"
_PADDED = re.compile(r"-?0[0-9]")


def number_columns(columns: list[str], components: dict[str, Component]) -> list[str]:
    """The columns (of `columns`) whose filled cells, in every card, are all whole numbers."""
    found = []
    for column in columns:
        values = [
            card.fields.get(column)
            for deck in components.values()
            if deck.derived_from is None
            for card in deck.cards
        ]
        filled = [v for v in values if v is not None]
        if filled and all(isinstance(v, str) and _plain_number(v) for v in filled):
            found.append(column)
    return found


def _plain_number(text: str) -> bool:
    """A whole number that prints as written once read: `007` stays text (a collector
    number's zeros are what the designer means to print)."""
    return whole_number(text) is not None and not _PADDED.match(text.strip())


def as_numbers(
    components: dict[str, Component], columns: list[str], headers: dict[str, str]
) -> dict[str, Component]:
    """The components with those columns' values as whole numbers; each deck's `numbers`
    names the headers read so (`headers`: column -> the header it came from)."""
    return retyped(
        components, columns, headers, lambda v: None if v is None else whole_number(v), "numbers"
    )


def retyped(
    components: dict[str, Component],
    columns: list[str],
    headers: dict[str, str],
    read: Callable[[Any], Any],
    listed: str,
) -> dict[str, Component]:
    """The components with those columns' text values read by `read`; each deck's field
    `listed` names the headers read so (`headers`: column -> the header it came from)."""
    typed: dict[int, Card] = {}  # a derived deck shares its base's cards

    def card(one: Card) -> Card:
        if id(one) not in typed:
            fields: dict[str, Any] = dict(one.fields)
            for column in columns:
                if isinstance(fields.get(column), str) or fields.get(column) is None:
                    fields[column] = read(fields.get(column))
            typed[id(one)] = replace(one, fields=fields)
        return typed[id(one)]

    def retyped_deck(deck: Component) -> Component:
        said: dict[str, Any] = {
            listed: tuple(headers[c] for c in columns if headers.get(c) in deck.undeclared)
        }
        return replace(deck, cards=tuple(card(c) for c in deck.cards), **said)

    return {name: retyped_deck(deck) for name, deck in components.items()}
