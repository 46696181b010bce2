"""Scoring finished player sheets: circle quarters, element values, majorities, the winner.

A grid is a flat sequence of `rows * columns` squares, each an element or None.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printgen.rules.feng_shui.rules import FengShuiRules

Grid = Sequence[str | None]


@dataclass(frozen=True)
class PlayerScore:
    name: str
    squares: dict[str, int]  # element -> squares holding it
    quarters: dict[str, int]  # element -> filled circle quarters in its squares
    values: dict[str, int]  # squares + quarters
    filled_quarters: int
    converted: dict[str, int]  # crosses on each track
    majority: tuple[str, ...]  # elements in which this player strictly leads
    majority_bonus: int
    score: int


@dataclass(frozen=True)
class SheetsResult:
    players: tuple[PlayerScore, ...]
    winner: int | None  # index into players
    reason: str  # "score", "filled quarters", "tie", "passed", "failed"
    passed: bool | None  # solo only


def violation(grid: Grid, rules: FengShuiRules) -> tuple[int, int, str] | None:
    """The first two touching squares that break a placement rule, the square whose element
    the rule is written for first, and the rule's text; None for a legal map."""
    forbid = rules.forbid
    for a, x in enumerate(grid):
        if x is None or not forbid[x]:
            continue
        for b in rules.neighbours[a]:
            y = grid[b]
            if y is not None and y in forbid[x]:
                if y not in rules.may_not_touch.get(x, ()):
                    a, b, x, y = b, a, y, x  # name the element the rule is written for first
                return a, b, f"{x} may not touch {y}"
    return None


def can_place(grid: Grid, index: int, element: str, rules: FengShuiRules) -> bool:
    """An open square whose neighbours hold nothing the element may not touch."""
    if grid[index] is not None:
        return False
    forbid = rules.forbid[element]
    return not forbid or all(grid[n] not in forbid for n in rules.neighbours[index])


def quarters(grid: Grid, rules: FengShuiRules) -> dict[str, int]:
    """Filled quarters per element: the quarter of a circle in a square holding X is filled when
    one of the circle's other three squares holds the element that feeds X (once at most)."""
    filled = dict.fromkeys(rules.elements, 0)
    feeder = rules.feeder
    for four in rules.circle_squares:
        held = [grid[s] for s in four]
        for k, x in enumerate(held):
            if x is not None and any(held[m] == feeder[x] for m in range(4) if m != k):
                filled[x] += 1
    return filled


def squares(grid: Grid, rules: FengShuiRules) -> dict[str, int]:
    counts = dict.fromkeys(rules.elements, 0)
    for x in grid:
        if x is not None:
            counts[x] += 1
    return counts


def score_sheets(
    names: Sequence[str],
    grids: Sequence[Grid],
    crosses: Sequence[dict[str, int]],
    rules: FengShuiRules,
) -> SheetsResult:
    """Score = sum of value x crosses + the majority bonus for each element in which a player
    holds strictly the highest value (2 or more players); an element where every player has 0
    gives nobody the bonus. Ties on score: most filled quarters; a tie on both has no winner
    (decision: tie-on-both). Solo: no majority; the player wins by reaching the pass mark, and
    otherwise nobody wins (decision: solo_pass_mark)."""
    sq = [squares(g, rules) for g in grids]
    qu = [quarters(g, rules) for g in grids]
    values = [{e: s[e] + q[e] for e in rules.elements} for s, q in zip(sq, qu, strict=True)]
    solo = len(grids) == 1
    majorities = [[] for _ in grids] if solo else _majorities(values, rules)
    players = tuple(
        _player(name, sq[i], qu[i], crosses[i], majorities[i], rules)
        for i, name in enumerate(names)
    )
    if solo:
        passed = players[0].score >= rules.pass_mark
        return SheetsResult(
            players, 0 if passed else None, "passed" if passed else "failed", passed
        )
    return _contest(players)


def _majorities(values: Sequence[dict[str, int]], rules: FengShuiRules) -> list[list[str]]:
    """Each player's elements in which they alone hold the highest value."""
    majorities: list[list[str]] = [[] for _ in values]
    for e in rules.elements:
        best = max(v[e] for v in values)
        leaders = [i for i, v in enumerate(values) if v[e] == best]
        if len(leaders) == 1:
            majorities[leaders[0]].append(e)
    return majorities


def _player(
    name: str,
    squares: dict[str, int],
    quarters: dict[str, int],
    crosses: dict[str, int],
    majority: list[str],
    rules: FengShuiRules,
) -> PlayerScore:
    """One sheet's score: each element's value times its crosses, plus the majority bonuses."""
    values = {e: squares[e] + quarters[e] for e in rules.elements}
    converted = {e: crosses.get(e, 0) for e in rules.elements}
    bonus = rules.majority_bonus * len(majority)
    return PlayerScore(
        name=name,
        squares=squares,
        quarters=quarters,
        values=values,
        filled_quarters=sum(quarters.values()),
        converted=converted,
        majority=tuple(majority),
        majority_bonus=bonus,
        score=sum(values[e] * converted[e] for e in rules.elements) + bonus,
    )


def _contest(players: tuple[PlayerScore, ...]) -> SheetsResult:
    """The winner of two or more: the highest score, then the most filled quarters, else none."""
    best = max(p.score for p in players)
    tied = [i for i, p in enumerate(players) if p.score == best]
    if len(tied) == 1:
        return SheetsResult(players, tied[0], "score", None)
    most = max(players[i].filled_quarters for i in tied)
    tied = [i for i in tied if players[i].filled_quarters == most]
    if len(tied) == 1:
        return SheetsResult(players, tied[0], "filled quarters", None)
    return SheetsResult(players, None, "tie", None)
