"""MyWuXing's deck invariant for `printgen validate`: the five elements equal in number."""

from __future__ import annotations

from collections import Counter

from printgen.model import Game
from printgen.rules.engine import Check, missing_component


def deck_checks(game: Game) -> list[Check]:
    deck = game.components.get("deck")
    if deck is None:
        return missing_component(game, "deck", "elements equal")
    tally: Counter[str] = Counter()
    for card in deck.cards:
        if card.kind == "element":
            tally[card.as_text("element")] += card.count
    numbers = {e: tally.get(e, 0) for e in game.elements}
    if len(set(numbers.values())) == 1 and all(numbers.values()):
        return [
            Check(
                "elements equal",
                True,
                "error",
                f"{numbers[game.elements[0]]} cards of each of the {len(numbers)} elements",
            )
        ]
    most = max(numbers.values())
    odd = [f"{e} {n}" for e, n in numbers.items() if n != most]
    return [
        Check(
            "elements equal",
            False,
            "error",
            f"expected {most} of each element, found {', '.join(odd)} ({deck.file})",
        )
    ]
