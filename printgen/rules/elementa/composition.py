"""Elementa's deck invariants for `printgen validate`: every suit complete, and the relics.

The numbers come from the data: a suit runs over the range of the `value` column's type
(`int[1..7]`), and the relics are the cards the declared deck total leaves beside the suits
(40 - 5 suits x 7 = 5).
"""

from __future__ import annotations

import re
from collections import Counter

from printgen.model import Component, Game
from printgen.rules.engine import Check, missing_component

_RANGE = re.compile(r"^int\[(\d+)\.\.(\d+)\]\??$")


def deck_checks(game: Game) -> list[Check]:
    deck = game.components.get("deck")
    if deck is None:
        return missing_component(game, "deck", "suits complete")
    low, high = _value_range(game)
    values: dict[str, Counter[int]] = {e: Counter() for e in game.elements}
    relics = 0
    for card in deck.cards:
        if card.kind == "relic":
            relics += card.count
        elif card.kind == "number":
            values.setdefault(str(card.text("suit")), Counter())[card.number("value")] += card.count
    wrong = [
        f"{suit} {value} x{seen[value]}"
        for suit, seen in values.items()
        for value in range(low, high + 1)
        if seen[value] != 1
    ]
    run = f"{low}..{high}"
    return [
        Check(
            "suits complete",
            not wrong,
            "error",
            f"every suit has {run} once"
            if not wrong
            else f"expected each suit {run} exactly once ({deck.file}); found " + ", ".join(wrong),
        ),
        _relics(deck, relics, len(values) * (high - low + 1)),
    ]


def _value_range(game: Game) -> tuple[int, int]:
    """The values a suit runs over: the range of the `value` column's type."""
    found = _RANGE.match(game.columns.get("value", ""))
    return (int(found[1]), int(found[2])) if found else (1, 0)


def _relics(deck: Component, relics: int, suit_cards: int) -> Check:
    want = deck.declared - suit_cards if deck.declared is not None else relics
    return Check(
        "relics",
        relics == want,
        "error",
        f"expected {want} relics, found {relics}" + ("" if relics == want else f" ({deck.file})"),
    )
