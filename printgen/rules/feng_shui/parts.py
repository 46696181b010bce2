"""The values Feng Shui Master's parts print (game.yaml `parts:`, drawn by its design.yaml):
the Energy Map (its rows, columns and circles), the elements round their feeding cycle, what
feeds what and what may not touch what, the conversion tracks and each round's dice. Values
only: how they look is the game's design."""

from __future__ import annotations

from printgen.model import Game
from printgen.rules.feng_shui.rules import FengShuiRules, rules_of


def cycle(rules: FengShuiRules, top: str | None = None) -> list[str]:
    """The elements round the cycle the rules' feeder makes (each feeds the next), from `top`
    (the first element when None or not one of them); elements the cycle does not reach
    follow in their listed order."""
    elements = rules.elements
    fed = {before: after for after, before in rules.feeder.items() if after in elements}
    order = [top if top in elements else elements[0]]
    while fed.get(order[-1]) in elements and fed[order[-1]] not in order:
        order.append(fed[order[-1]])
    return order + [e for e in elements if e not in order]


def rounds(rules: FengShuiRules) -> list[dict[str, object]]:
    """Player counts that roll the same dice, grouped: `1–2 players` roll 10, convert 2."""
    groups: dict[tuple[int, int], list[int]] = {}
    for players in range(rules.min_players, rules.max_players + 1):
        groups.setdefault((len(rules.rolled[players]), rules.left[players]), []).append(players)
    found = []
    for (rolled, left), counts in groups.items():
        low, high = counts[0], counts[-1]
        label = f"{low}" if low == high else f"{low}–{high}"
        noun = "player" if high == 1 else "players"
        found.append({"players": f"{label} {noun}", "rolled": rolled, "left": left})
    return found


def part_values(game: Game) -> dict[str, object]:
    rules = rules_of(game)
    order = cycle(rules)
    fed = {before: after for after, before in rules.feeder.items()}
    return {
        "map": {
            "rows": rules.rows,
            "columns": rules.columns,
            "circles": [list(c) for c in rules.circles],
        },
        "cycle": order,
        "feeder": dict(rules.feeder),
        "feeds": [[e, fed[e]] for e in order if fed.get(e) in order],
        "may_not_touch": {a: list(others) for a, others in rules.may_not_touch.items() if others},
        "apart": [[a, b] for a, others in rules.may_not_touch.items() for b in others],
        "free": [e for e in rules.elements if not rules.forbid.get(e)],
        "track": rules.track,
        "rounds": rounds(rules),
        "majority_bonus": rules.majority_bonus,
        "pass_mark": rules.pass_mark,
        "dice_faces": rules.faces,
    }
