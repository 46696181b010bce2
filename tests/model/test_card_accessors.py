"""Card.text, .number and .names: a cell as the deck reader typed it, or a TypeError naming
the card's place when a column holds another type (a program's mistake, never data's)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from printgen.model.game import Card


def _card() -> Card:
    fields = {
        "element": "fire",
        "number": 7,
        "symbols": ("sun", "moon"),
        "rare": True,
        "flavour": None,
    }
    return Card("fire-7", "Fire 7", 1, "", fields, "cards.csv", 14)


def test_each_accessor_gives_its_columns_value() -> None:
    card = _card()
    assert card.text("element") == "fire"
    assert card.number("number") == 7
    assert card.names("symbols") == ("sun", "moon")


def test_an_empty_or_absent_cell_gives_nothing_or_the_default() -> None:
    card = _card()
    assert card.text("flavour") is None
    assert card.text("no-such-column") is None
    assert card.number("flavour") == 0
    assert card.number("no-such-column", default=3) == 3
    assert card.names("flavour") == ()


@pytest.mark.parametrize(
    ("read", "column", "wanted"),
    [
        (Card.text, "number", "text"),
        (Card.number, "element", "a whole number"),
        (Card.number, "rare", "a whole number"),  # a flag is no number, though bool is an int
        (Card.names, "element", "names"),
    ],
)
def test_a_column_of_another_type_is_a_program_mistake(
    read: Callable[[Card, str], object], column: str, wanted: str
) -> None:
    with pytest.raises(TypeError) as caught:
        read(_card(), column)
    assert str(caught.value).startswith(f"cards.csv:14: column {column!r} holds ")
    assert str(caught.value).endswith(f", not {wanted}")
