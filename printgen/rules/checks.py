"""The checks of `printgen validate` (DESIGN.md section 5): totals, counts, deals, invariants,
worked examples. Each check says what was expected, what was found, and where."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Literal

from printgen.model import Game

Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    level: Level
    detail: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class GameReport:
    game: Game
    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks if c.level == "error")

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "checks": [c.to_json() for c in self.checks],
            "totals": self.game.totals,
        }


def validate(game: Game) -> GameReport:
    checks = [*totals(game), counts(game), *deal(game), *invariants(game)]
    from printgen.rules.examples import example_checks  # the engines load only here

    checks += example_checks(game)
    if game.card_size is not None and game.printed_decks:
        from printgen.render.fonts import font_checks  # every glyph on a card is in its font

        checks += font_checks(game)
    return GameReport(game, checks)


def totals(game: Game) -> list[Check]:
    found: list[Check] = []
    for comp in game.components.values():
        what = (
            comp.name
            if not comp.derived_from
            else (f"{comp.name} ({comp.derived_from} without {', '.join(comp.exclude_kinds)})")
        )
        if comp.declared is None:
            found.append(
                Check(
                    f"total {comp.name}",
                    True,
                    "warning",
                    f"{what}: the source gives no total; computed {comp.total} ({comp.where})",
                )
            )
        elif comp.declared == comp.total:
            found.append(
                Check(
                    f"total {comp.name}",
                    True,
                    "error",
                    f"{what}: declared {comp.declared}, computed {comp.total}",
                )
            )
        else:
            source = comp.file or comp.derived_from
            found.append(
                Check(
                    f"total {comp.name}",
                    False,
                    "error",
                    f"{what}: expected {comp.declared} (declared at {comp.where}), "
                    f"found {comp.total} in {source}",
                )
            )
    return found


def counts(game: Game) -> Check:
    unused = [
        f"{c.file}:{c.line} {c.id}"
        for comp in game.components.values()
        if not comp.derived_from
        for c in comp.cards
        if c.count == 0
    ]
    if unused:
        return Check(
            "counts", False, "warning", "count 0, so never printed or played: " + "; ".join(unused)
        )
    rows = sum(len(c.cards) for c in game.components.values() if not c.derived_from)
    return Check("counts", True, "error", f"{rows} rows, every count a whole number from 1 up")


def deal(game: Game) -> list[Check]:
    if game.deal is None:
        return []
    plan = game.deal
    pool = game.components[plan.pool].total
    short = []
    for players, each in sorted(plan.cards_each.items()):
        left = pool - players * each
        if left < plan.keep_at_least:
            short.append(
                f"{players} players x {each} cards = {players * each} of {pool}, "
                f"{left} left (at least {plan.keep_at_least} needed)"
            )
    missing = [n for n in range(game.min_players, game.max_players + 1) if n not in plan.cards_each]
    found = []
    if short:
        found.append(Check("deal", False, "error", f"{plan.where}: " + "; ".join(short)))
    elif plan.cards_each:  # an empty table is reported below: no deal for any player count
        worst = min(plan.cards_each, key=lambda n: pool - n * plan.cards_each[n])
        left = pool - worst * plan.cards_each[worst]
        rest = f" for the {plan.rest_is}" if plan.rest_is else ""
        found.append(
            Check(
                "deal",
                True,
                "error",
                f"{plan.pool} of {pool} deals every player count; fewest left: "
                f"{left}{rest} with {worst} players",
            )
        )
    if missing:
        found.append(
            Check(
                "deal table",
                False,
                "error",
                f"{plan.where}: no deal for " + ", ".join(f"{n} players" for n in missing),
            )
        )
    return found


def invariants(game: Game) -> list[Check]:
    found: list[Check] = []
    if game.provisional:
        found.append(Check("provisional", False, "warning", game.provisional))
    rule = INVARIANTS.get(game.id)
    if rule is not None:
        found.extend(rule(game))
    return found


def _no_component(game: Game, name: str, check: str) -> list[Check]:
    """The failed check of a game.yaml without the component its invariant is about."""
    return [
        Check(
            check,
            False,
            "error",
            f"{game.located.file}: expected a component {name!r}; found "
            + (", ".join(game.components) or "none"),
        )
    ]


def _equal_elements(game: Game) -> list[Check]:
    deck = game.components.get("deck")
    if deck is None:
        return _no_component(game, "deck", "elements equal")
    tally: Counter[str] = Counter()
    for card in deck.cards:
        if card.kind == "element":
            tally[card.get("element")] += card.count
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


def _suits_complete(game: Game) -> list[Check]:
    deck = game.components.get("deck")
    if deck is None:
        return _no_component(game, "deck", "suits complete")
    values: dict[str, Counter[int]] = {e: Counter() for e in game.elements}
    relics = 0
    for card in deck.cards:
        if card.kind == "relic":
            relics += card.count
        elif card.kind == "number":
            values.setdefault(card.get("suit"), Counter())[card.get("value")] += card.count
    wrong = []
    for suit, seen in values.items():
        for value in range(1, 8):
            if seen[value] != 1:
                wrong.append(f"{suit} {value} x{seen[value]}")
    found = [
        Check(
            "suits complete",
            not wrong,
            "error",
            "every suit has 1..7 once"
            if not wrong
            else f"expected each suit 1..7 exactly once ({deck.file}); found " + ", ".join(wrong),
        )
    ]
    found.append(
        Check(
            "relics",
            relics == 5,
            "error",
            f"expected 5 relics, found {relics}" + ("" if relics == 5 else f" ({deck.file})"),
        )
    )
    return found


def _dice_and_circles(game: Game) -> list[Check]:
    dice = game.components.get("dice")
    if dice is None:
        return _no_component(game, "dice", "dice per element")
    per: Counter[str] = Counter()
    for die in dice.cards:
        per[die.get("element")] += die.count
    wrong = {e: per.get(e, 0) for e in game.elements if per.get(e, 0) != 3}
    found = [
        Check(
            "dice per element",
            not wrong,
            "error",
            "3 dice of each element"
            if not wrong
            else f"expected 3 dice of each element ({dice.file}); found "
            + ", ".join(f"{e} {n}" for e, n in wrong.items()),
        )
    ]
    emap = game.rules.get("energy_map") or {}
    if not isinstance(emap, dict):
        emap = {}
    rows, cols, circles = emap.get("rows"), emap.get("columns"), emap.get("circles") or []
    if not isinstance(circles, list):
        circles = [circles]
    line = game.rules_line("energy_map", "circles")
    bad = [
        c
        for c in circles
        if not (
            isinstance(c, list)
            and len(c) == 2
            and all(isinstance(v, int) for v in c)
            and isinstance(rows, int)
            and isinstance(cols, int)
            and 1 <= c[0] < rows
            and 1 <= c[1] < cols
        )
    ]
    doubled = [c for c, n in Counter(tuple(c) for c in circles if c not in bad).items() if n > 1]
    if bad or doubled:
        what = [f"{c} is not an inner vertex of the {rows} x {cols} map" for c in bad]
        what += [f"{list(c)} appears twice" for c in doubled]
        found.append(
            Check("circles", False, "error", f"{game.located.file}:{line}: " + "; ".join(what))
        )
    else:
        found.append(
            Check(
                "circles",
                True,
                "error",
                f"{len(circles)} circles = {4 * len(circles)} quarters on a {rows} x {cols} map",
            )
        )
    return found


def _the_way(game: Game) -> list[Check]:
    module = importlib.import_module("printgen.rules.the_way")
    return [Check(**c) if isinstance(c, dict) else c for c in module.deck_composition_checks(game)]


INVARIANTS: dict[str, Callable[[Game], list[Check]]] = {
    "mywuxing": _equal_elements,
    "elementa": _suits_complete,
    "feng-shui-master": _dice_and_circles,
    "the-way": _the_way,
}
