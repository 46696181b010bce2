"""The data checks every game gets (DESIGN.md section 5): totals, counts, deals, provisional data.
Each check says what was expected, what was found, and where."""

from __future__ import annotations

from printgen.model import Component, Game
from printgen.rules.engine import Check


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
                    f"{what}: expected {comp.declared} (declared at {_declared_at(game, comp)}), "
                    f"found {comp.total} in {source}",
                )
            )
    return found


def _declared_at(game: Game, comp: Component) -> str:
    """The `declared:` line of the deck in game.yaml (it named the deck's own line, six
    lines above: a designer's trial), else the deck's."""
    path = ("components", comp.name, "declared")
    line = game.located.at_path(path)
    if comp.where.startswith(f"{game.located.file}:") and line != game.located.at_path(path[:2]):
        return f"{game.located.file}:{line}"
    return comp.where


def counts(game: Game) -> Check:
    unused = [
        f"{c.where('count')} {c.id}"
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


TOTAL_NAMES = ("total", "totals", "sum", "grand total")
"""What a spreadsheet's sum row is called (`Total`, as Excel's table totals row writes it)."""


def totals_row(game: Game) -> list[Check]:
    """A warning for a deck whose last card looks like a sum row: named `Total` (or
    `Totals`, `Sum`) with a count that is the other cards' counts added up, as a CSV export
    of an Excel table with its totals row holds. It is read as a card, as written (a card
    may be called Sum), but printing `count` copies of it is surely not what was meant."""
    found = []
    for deck in game.components.values():
        if deck.derived_from or len(deck.cards) < 2:
            continue
        last = max(deck.cards, key=lambda card: card.line)
        others = sum(card.count for card in deck.cards if card is not last)
        if last.name.strip().casefold() in TOTAL_NAMES and last.count == others:
            found.append(
                f"{last.where('name')}: the last card, {last.name!r} x{last.count}, counts "
                f"the {len(deck.cards) - 1} cards above it: a totals row? It prints as "
                f"{last.count} cards; delete the row if it is no card"
            )
    return [Check("totals row", False, "warning", "; ".join(found))] if found else []


SHOWN = 8


def hidden_rows(game: Game) -> list[Check]:
    """A warning naming the cards read from rows the sheet hides (a filter, Hide Rows).

    A filter is a view: its CSV export and the print shop get every row, so printgen reads
    them all (the same cards from the workbook as from its CSV), and says so, as a designer
    who filtered a sheet down to one suit may think the other rows left out."""
    found = []
    for deck in game.components.values():
        hidden = set(deck.hidden_rows)
        cards = [card for card in deck.cards if card.line in hidden]
        if not cards:
            continue
        named = ", ".join(f"{card.where('name')} {card.name!r}" for card in cards[:SHOWN])
        more = f" and {len(cards) - SHOWN} more" if len(cards) > SHOWN else ""
        found.append(
            f"{named}{more}: hidden in the sheet (a filter, Hide Rows or a collapsed group), "
            "read as cards like every row, as the sheet's CSV export has them; delete a row, "
            "or set its count to 0, to leave its card out"
        )
    return [Check("hidden rows", False, "warning", "; ".join(found))] if found else []


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


def provisional(game: Game) -> list[Check]:
    """A warning while the data is provisional (game.yaml says why)."""
    return [Check("provisional", False, "warning", game.provisional)] if game.provisional else []
