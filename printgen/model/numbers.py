"""Undeclared columns that hold whole numbers are read as numbers.

A designer's export carries columns game.yaml does not declare (`Attack`, `Cost`, `HP`); they
are read without a declaration. One whose every filled cell, in every deck of the game, is a
whole number is a number column (`int?`), as if declared so (`printgen.model.inferred`): the
card designs print it as a stat with its name (`Attack 3`), where as text it printed as a
bare `3` among the card's rules text. A column with any other value (`1,5`, `x`, `3 gold`,
`007`) stays text, as do empty ones.
"""

from __future__ import annotations

import re

from printgen.model.decks import whole_number

NUMBER = "int?"
_PADDED = re.compile(r"-?0[0-9]")


def plain_number(text: str) -> bool:
    """A whole number that prints as written once read: `007` stays text (a collector
    number's zeros are what the designer means to print)."""
    return whole_number(text) is not None and not _PADDED.match(text.strip())


def read_number(text: str | None) -> int | None:
    """A number column's cell as read (text, or None when empty) as the card's number."""
    return None if text is None else whole_number(text)
