"""A card or piece as a scoring rule reads it, and the few ways every helper reads them."""

from __future__ import annotations

from typing import Any

import jinja2

ANY = object()
"""A helper's `value` left out: the column only has to be set (not empty, 0 or false)."""


class CardView:
    """One card as an expression reads it: each column an attribute (`card.coins`) or an item
    (`card['coins']`), and nothing else (its one Python attribute starts with `_`, which the
    sandbox refuses)."""

    __slots__ = ("_values",)

    def __init__(self, values: dict[str, Any]) -> None:
        self._values = values

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __repr__(self) -> str:
        return f"<card {self._values.get('id')}>"


def matches(held: Any, value: Any) -> bool:
    if value is ANY:
        return bool(held)
    if isinstance(held, tuple):  # a `symbols` column: any of its symbols
        wanted = value if isinstance(value, (list, tuple)) else [value]
        return any(v in held for v in wanted)
    if isinstance(value, (list, tuple)):
        return held in value
    return bool(held == value)


def cards_of(value: Any) -> list[CardView]:
    if isinstance(value, CardView):
        return [value]
    if isinstance(value, jinja2.Undefined) or value is None:
        return []
    return list(value)
