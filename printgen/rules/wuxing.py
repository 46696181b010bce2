"""The Wu Xing cycles, defined once for every game whose elements are the five (RULINGS.md).

Generating ("feeds"): wood -> fire -> earth -> metal -> water -> wood.
Overcoming ("destroys"): wood -> earth -> water -> fire -> metal -> wood.
For two different elements exactly one of: a feeds b, b feeds a, a overcomes b, b overcomes a.
"""

from __future__ import annotations

from enum import Enum

ELEMENTS: tuple[str, ...] = ("water", "wood", "fire", "earth", "metal")

_FEEDS: dict[str, str] = {
    "wood": "fire",
    "fire": "earth",
    "earth": "metal",
    "metal": "water",
    "water": "wood",
}
_OVERCOMES: dict[str, str] = {
    "wood": "earth",
    "earth": "water",
    "water": "fire",
    "fire": "metal",
    "metal": "wood",
}


class Relation(Enum):
    """How element `a` stands to element `b`."""

    SAME = "same"
    FEEDS = "feeds"  # a feeds b
    FED_BY = "fed_by"  # b feeds a
    OVERCOMES = "overcomes"  # a overcomes b
    OVERCOME_BY = "overcome_by"  # b overcomes a


def _check(element: str) -> str:
    if element not in _FEEDS:
        raise ValueError(
            f"not a Wu Xing element: {element!r} (expected one of {', '.join(ELEMENTS)})"
        )
    return element


def feeds(a: str) -> str:
    """The element that `a` feeds (generates)."""
    return _FEEDS[_check(a)]


def fed_by(a: str) -> str:
    """The element that feeds `a` (its generating element)."""
    _check(a)
    return next(x for x, y in _FEEDS.items() if y == a)


def overcomes(a: str) -> str:
    """The element that `a` overcomes (destroys)."""
    return _OVERCOMES[_check(a)]


def overcome_by(a: str) -> str:
    """The element that overcomes `a` (its destroying element)."""
    _check(a)
    return next(x for x, y in _OVERCOMES.items() if y == a)


def relation(a: str, b: str) -> Relation:
    """How `a` stands to `b`; exactly one relation holds for any pair."""
    _check(a)
    _check(b)
    if a == b:
        return Relation.SAME
    if _FEEDS[a] == b:
        return Relation.FEEDS
    if _FEEDS[b] == a:
        return Relation.FED_BY
    if _OVERCOMES[a] == b:
        return Relation.OVERCOMES
    return Relation.OVERCOME_BY
