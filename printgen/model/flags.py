"""Undeclared columns that hold only true/false words are flags.

A spreadsheet's checkbox or boolean column (`Promo`, `Starter`) exports as TRUE and FALSE
(Excel, Google Sheets, LibreOffice, and an `.xlsx` or `.ods` boolean cell), as Yes and No
(Notion) or as `checked` and nothing (Airtable), and a designer ticks a card with `x` or
`✓` in an otherwise empty column. It marks a card; it is no text to print:
read as rules text it printed a bare `TRUE` among each card's rules. A column whose every
filled cell, in every deck of the game, is such a word is a flag column (`flag?`), as if
declared so: each card holds True or False (an empty cell is False). No card design prints
a flag unless a box names it: `when: "{{ promo }}"` draws a box only on the flagged cards,
and `{{ promo }}` in a text prints the column's name (`Promo`) on them and nothing on the
others. A column with any other word (`maybe`) stays text.
"""

from __future__ import annotations

FLAG = "flag?"
TRUE_WORDS = ("true", "yes", "checked", "x", "✓", "✔", "☑")
FALSE_WORDS = ("false", "no", "unchecked", "☐")
WORDS = "TRUE or FALSE (or yes, no)"
"""How a message names what a flag cell may hold."""


def flag_value(text: str) -> bool | None:
    """A cell's flag: True, False, or None when it holds no true/false word."""
    word = text.strip().casefold()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    return None


def read_flag(value: object) -> bool:
    """A flag column's cell as read (text, or None when empty) as the card's flag."""
    return isinstance(value, str) and bool(flag_value(value))
