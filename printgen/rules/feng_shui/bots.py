"""Feng Shui Master's `greedy` bot (printgen simulate --bot greedy)."""

from __future__ import annotations

import random
from typing import cast

from printgen.rules.api import Action, GameState
from printgen.rules.feng_shui.rules import FengShuiRules
from printgen.rules.feng_shui.state import FengShuiState, Pick


def greedy_bot(state: GameState, rng: random.Random) -> Action:
    """Take the die, and place it where the score gains most.

    The score is each element's value (squares + filled circle quarters) times the crosses on
    its track, so a value counts only once its track has a cross. The bot therefore weighs a
    placement by the value it adds to each element times (crosses + 1), as if every track had
    one cross more, plus the majority bonus it would win; a conversion gains the element's
    value now (one cross more on its track; nothing on a full track). Of all the dice in the
    pool and their open squares, it takes the choice that gains most (the first on a tie).
    """
    s = cast(FengShuiState, state)
    actions = s.legal_actions()
    if len(actions) == 1:
        return actions[0]
    r = s.rules
    seat = (s.first + s.picks) % s.players
    grid = s.grids[seat]
    crosses = s.crosses[seat]
    values = _values(grid, r)
    rivals = [_values(g, r) for k, g in enumerate(s.grids) if k != seat]

    def gain(action: Pick) -> float:
        element = action[1]
        if len(action) == 3:  # (CONVERT, element, face)
            return values[element] if crosses[element] < r.track else 0.0
        index = (action[2] - 1) * r.columns + action[3] - 1
        delta = _placement_delta(grid, index, element, r)
        worth = sum(d * (crosses[e] + 1) for e, d in delta.items())
        if rivals:
            for e, d in delta.items():
                best_rival = max(v[e] for v in rivals)
                if values[e] <= best_rival < values[e] + d:
                    worth += r.majority_bonus
        return worth

    return max(actions, key=gain)


def _values(grid: list[str | None], r: FengShuiRules) -> dict[str, int]:
    """Each element's value: its squares plus its filled quarters (as `sheet.quarters`)."""
    values = dict.fromkeys(r.elements, 0)
    for x in grid:
        if x is not None:
            values[x] += 1
    for four in r.circle_squares:
        for e, n in _filled([grid[q] for q in four], r.feeder).items():
            values[e] += n
    return values


_CIRCLES: dict[int, tuple[FengShuiRules, tuple[tuple[int, ...], ...]]] = {}


def _circles_of(r: FengShuiRules) -> tuple[tuple[int, ...], ...]:
    """For each square, the circles (indexes into r.circle_squares) it is a quarter of."""
    hit = _CIRCLES.get(id(r))
    if hit is not None and hit[0] is r:
        return hit[1]
    table = tuple(
        tuple(k for k, four in enumerate(r.circle_squares) if index in four)
        for index in range(r.squares)
    )
    _CIRCLES[id(r)] = (r, table)
    return table


def _filled(held: list[str | None], feeder: dict[str, str]) -> dict[str, int]:
    """Filled quarters of one circle per element (RULINGS.md: fed from another quarter)."""
    out: dict[str, int] = {}
    for x in held:  # no element feeds itself, so its feeder is in one of the other squares
        if x is not None and feeder[x] in held:
            out[x] = out.get(x, 0) + 1
    return out


def _placement_delta(
    grid: list[str | None], index: int, element: str, r: FengShuiRules
) -> dict[str, int]:
    """How each element's value changes when `element` is placed on square `index`."""
    delta = {element: 1}
    for k in _circles_of(r)[index]:
        four = r.circle_squares[k]
        before = [grid[q] for q in four]
        after = [element if q == index else grid[q] for q in four]
        old, new = _filled(before, r.feeder), _filled(after, r.feeder)
        for e in sorted(old.keys() | new.keys()):
            delta[e] = delta.get(e, 0) + new.get(e, 0) - old.get(e, 0)
    return delta
