"""Undeclared columns typed by what every filled cell of theirs holds.

A designer's export carries columns game.yaml does not declare. Each is read as optional
text, unless every filled cell, in every deck of the game, is a whole number (a number
column, `printgen.model.numbers`), a true/false word (a flag, `printgen.model.flags`) or an
amount of money (`printgen.model.money`): then it is read as if declared so, and the card
designs print it as meant (`Attack 3`, a flag only where a box names it, `Price $3`) rather
than as a bare `3`, `TRUE` or `$3` among the card's rules. The first kind that fits wins,
in that order. Every card is retyped in one pass, whatever the number of such columns.

A text column whose every filled cell is a short figure, not words (`2 / 2`, `* / *`, `X`,
`1d6`), stays text but is listed as the deck's `figures`: a card prints it with its header
(`Power/Toughness 2 / 2`) among the numbers, not bare among its rules (issue 36, trap 5).

A die's face columns (`Face 1` ... of a `kind: dice` deck) are neither: each cell is what the
face prints, so a d10's `0` stays `0` (not a number an empty test reads as blank) and an `X`
face stays `X` (not a flag printed as True).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from printgen.model.dice import FACE_COLUMN
from printgen.model.flags import FLAG, flag_value, read_flag
from printgen.model.game import Card, Component, FieldValue
from printgen.model.money import MONEY, is_amount
from printgen.model.numbers import NUMBER, plain_number, read_number


@dataclass(frozen=True)
class Kind:
    """One kind of column a deck's cells can show."""

    type: str  # as game.yaml would declare it (`int?`)
    listed: str  # the Component field naming the headers read so
    fits: Callable[[str], bool]  # whether one filled cell is of this kind
    read: Callable[[str | None], FieldValue]  # a cell (None when empty) as the card holds it


KINDS = (
    Kind(NUMBER, "numbers", plain_number, read_number),
    Kind(FLAG, "flags", lambda text: flag_value(text) is not None, read_flag),
    Kind(MONEY, "money", is_amount, lambda text: text),
)


_FIGURE = re.compile(r"[0-9A-Za-z*+×/?:%().,\u2013\u2212 -]{1,12}")
_WORD = re.compile(r"[A-Za-z]{2}")


def is_figure(text: str) -> bool:
    """A cell that is a figure rather than words: at most 12 characters of digits, symbols
    and single letters (`2 / 2`, `* / *`, `+1`, `X`, `1d6`), no two letters in a row."""
    text = text.strip()
    return bool(text) and bool(_FIGURE.fullmatch(text)) and not _WORD.search(text)


def figure_columns(columns: list[str], components: dict[str, Component]) -> list[str]:
    """Those of `columns` (undeclared text) whose every filled cell, in every deck, is a
    figure."""
    base = [deck for deck in components.values() if deck.derived_from is None]
    found = []
    for column in columns:
        filled = [
            v for deck in base for card in deck.cards if (v := card.fields.get(column)) is not None
        ]
        if filled and all(isinstance(v, str) and is_figure(v) for v in filled):
            found.append(column)
    return found


def infer_columns(
    columns: list[str], components: dict[str, Component], headers: dict[str, str]
) -> tuple[dict[str, Component], dict[str, str]]:
    """The components with those of `columns` (undeclared text) that fit a kind retyped, and
    each such column's type; `headers` maps a column to the header it came from."""
    base = [deck for deck in components.values() if deck.derived_from is None]
    if any(deck.kind == "dice" for deck in base):  # a die's faces print as written
        columns = [c for c in columns if not FACE_COLUMN.match(c)]
    chosen = _kinds_of(columns, base)
    figures = [c for c in figure_columns(columns, components) if c not in chosen]
    if not chosen:
        return _with_figures(components, figures, headers), {}
    typed_decks = _retyped(components, chosen, headers)
    return _with_figures(typed_decks, figures, headers), {
        column: kind.type for column, kind in chosen.items()
    }


def _kinds_of(columns: list[str], base: list[Component]) -> dict[str, Kind]:
    """Each column whose filled cells, all text, all fit one kind (the first of KINDS)."""
    chosen: dict[str, Kind] = {}
    for column in columns:
        filled = [
            v for deck in base for card in deck.cards if (v := card.fields.get(column)) is not None
        ]
        texts = [v for v in filled if isinstance(v, str)]
        if not filled or len(texts) != len(filled):
            continue
        kind = next((k for k in KINDS if all(k.fits(v) for v in texts)), None)
        if kind is not None:
            chosen[column] = kind
    return chosen


def _retyped(
    components: dict[str, Component], chosen: dict[str, Kind], headers: dict[str, str]
) -> dict[str, Component]:
    """The decks with the `chosen` columns' cells read as their kind, each deck saying which of
    its headers were typed so."""
    typed: dict[int, Card] = {}  # a derived deck shares its base's cards

    def card(one: Card) -> Card:
        if id(one) not in typed:
            fields = dict(one.fields)
            for column, kind in chosen.items():
                cell = fields.get(column)  # text or None: only such columns are chosen
                fields[column] = kind.read(cell if isinstance(cell, str) else None)
            typed[id(one)] = replace(one, fields=fields)
        return typed[id(one)]

    def deck(one: Component) -> Component:
        said = {
            kind.listed: tuple(
                headers[c]
                for c, k in chosen.items()
                if k is kind and headers.get(c) in one.undeclared
            )
            for kind in KINDS
        }
        cards = tuple(card(c) for c in one.cards)
        numbers, flags, money = (said[field] for field in ("numbers", "flags", "money"))
        return replace(one, cards=cards, numbers=numbers, flags=flags, money=money)

    return {name: deck(one) for name, one in components.items()}


def _with_figures(
    components: dict[str, Component], figures: list[str], headers: dict[str, str]
) -> dict[str, Component]:
    if not figures:
        return components
    return {
        name: replace(
            one,
            figures=tuple(headers[c] for c in figures if headers.get(c) in one.undeclared),
            cards=tuple(_whole_figures(card, figures) for card in one.cards),
        )
        for name, one in components.items()
    }


_SHOWN_WHOLE = re.compile(r"-?[0-9]{1,18}\.0+")


def _whole_figures(card: Card, figures: list[str]) -> Card:
    """`card` with a figure written as a whole number with decimals (`3.0`, as a spreadsheet
    exports a number cell shown so) as the whole number: a cost column that also holds `X`
    printed `Cost 3.0` (a designer's trial), where a number column reads `3.0` as 3."""
    shown = {
        column: str(int(value.split(".")[0]))
        for column in figures
        if isinstance(value := card.fields.get(column), str) and _SHOWN_WHOLE.fullmatch(value)
    }
    return replace(card, fields={**card.fields, **shown}) if shown else card
