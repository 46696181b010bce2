"""Feng Shui Master's pool invariants for `printgen validate`: the dice, and the Energy Map.

The dice come in equal numbers of each element (the declared total shared out: 15 / 5 = 3).
The Energy Map's circles are checked by the engine's own reading of game.yaml `rules:`, so
`validate` and `score` report a bad circle with the same words.
"""

from __future__ import annotations

from collections import Counter

from printgen.errors import DataError
from printgen.model import Component, Game
from printgen.rules.engine import Check, missing_component
from printgen.rules.feng_shui.rules import rules_of


def pool_checks(game: Game) -> list[Check]:
    dice = game.components.get("dice")
    if dice is None:
        return missing_component(game, "dice", "dice per element")
    return [_dice(game, dice), _circles(game)]


def _dice(game: Game, dice: Component) -> Check:
    per: Counter[str] = Counter()
    for die in dice.cards:
        per[die.as_text("element")] += die.count
    total = dice.declared if dice.declared is not None else dice.total
    each = total // max(1, len(game.elements))
    wrong = {e: per.get(e, 0) for e in game.elements if per.get(e, 0) != each}
    if not wrong:
        return Check("dice per element", True, "error", f"{each} dice of each element")
    return Check(
        "dice per element",
        False,
        "error",
        f"expected {each} dice of each element ({dice.file}); found "
        + ", ".join(f"{e} {n}" for e, n in wrong.items()),
    )


def _circles(game: Game) -> Check:
    try:
        rules = rules_of(game)
    except DataError as exc:
        return Check("circles", False, "error", "; ".join(map(str, exc.problems)))
    circles = len(rules.circles)
    return Check(
        "circles",
        True,
        "error",
        f"{circles} circles = {4 * circles} quarters on a {rules.rows} x {rules.columns} map",
    )
