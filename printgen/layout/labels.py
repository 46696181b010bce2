"""A label's `{fields}` filled, for the words printgen prints in rulebook pictures and tables.

Labels are checked when read (printgen.render.rulebook.source), but a game's own word may name
a field its engine does not fill (`{num}` for `{n}`): it prints as written, never fails.
"""

from __future__ import annotations

from collections.abc import Mapping


class _Kept(dict[str, object]):
    """Values for a label's fields; a field with none stays as written (`{n}`)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(text: object, values: Mapping[str, object]) -> str:
    """`text` with its fields filled from `values` (as `str.format`, the missing kept)."""
    return str(text).format_map(_Kept(values)) if values else str(text)
