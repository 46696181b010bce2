"""Feng Shui Master's rule parameters, read from game.yaml `rules:` (RULINGS.md): the Energy Map
(size and circles), what may not touch what, the conversion track, bonuses and the dice rolled.

Squares are kept as flat indices `(row - 1) * columns + (square - 1)`; rows and squares are
numbered from 1 in every message, as on the player sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.errors import DataError, Problem
from printgen.model import Game
from printgen.rules import wuxing
from printgen.rules.per_game import per_game, rules_error


@dataclass(frozen=True)
class FengShuiRules:
    elements: tuple[str, ...]
    rows: int
    columns: int
    circles: tuple[tuple[int, int], ...]  # vertices (i, j), 1-based
    circle_squares: tuple[tuple[int, int, int, int], ...]  # the four squares of each circle
    neighbours: tuple[tuple[int, ...], ...]  # per square: the squares it touches (8 around)
    may_not_touch: dict[str, tuple[str, ...]]  # as written in the data (for messages)
    forbid: dict[str, frozenset[str]]  # both directions: element -> elements it may not touch
    feeder: dict[str, str]  # element -> the element that feeds it (whole generating cycle)
    track: int  # squares on each conversion track
    majority_bonus: int
    pass_mark: int
    faces: int
    rolled: dict[int, tuple[str, ...]]  # player count -> the dice (their elements) rolled
    left: dict[int, int]  # player count -> dice left to convert at the end of a round
    min_players: int
    max_players: int

    @property
    def squares(self) -> int:
        return self.rows * self.columns

    @property
    def quarters(self) -> int:
        return 4 * len(self.circles)

    def place(self, index: int) -> str:
        """`row 2, square 3` for a flat index."""
        return f"row {index // self.columns + 1}, square {index % self.columns + 1}"


@per_game
def rules_of(game: Game) -> FengShuiRules:
    """The rule parameters of a Feng Shui data folder; a DataError names a bad game.yaml value."""
    return _build(game)


_problem = rules_error


def _whole(game: Game, path: tuple[Any, ...], value: Any, low: int = 0, high: int = 100_000) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _problem(game, path, f"expected a whole number {low} to {high}, got {value!r}")
    return value


def _get(game: Game, path: tuple[str, ...], kind: type) -> Any:
    node: Any = game.rules
    for key in path:
        if not isinstance(node, dict) or key not in node:
            raise _problem(game, path[:-1], f"missing key {path[-1]!r}")
        node = node[key]
    if not isinstance(node, kind):
        raise _problem(game, path, f"expected a {kind.__name__}, got {node!r}")
    return node


def _build(game: Game) -> FengShuiRules:
    elements = tuple(game.elements)
    for element in elements:
        if element not in wuxing.ELEMENTS:
            raise _problem(game, (), f"{element!r} is not a Wu Xing element")
    rows = _whole(game, ("energy_map", "rows"), _get(game, ("energy_map", "rows"), int), 2, 99)
    cols = _whole(
        game, ("energy_map", "columns"), _get(game, ("energy_map", "columns"), int), 2, 99
    )
    circles: list[tuple[int, int]] = []
    for k, vertex in enumerate(_get(game, ("energy_map", "circles"), list)):
        at = ("energy_map", "circles", k)
        if (
            not isinstance(vertex, list)
            or len(vertex) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in vertex)
        ):
            raise _problem(game, at, f"expected [row, column] of a grid vertex, got {vertex!r}")
        i, j = vertex
        if not (1 <= i < rows and 1 <= j < cols):
            raise _problem(
                game,
                at,
                f"circle {vertex} is not an inner vertex: rows 1..{rows - 1}"
                f", columns 1..{cols - 1}",
            )
        if (i, j) in circles:
            raise _problem(game, at, f"circle {vertex} is listed twice")
        circles.append((i, j))
    square = lambda r, c: (r - 1) * cols + (c - 1)  # noqa: E731
    circle_squares = tuple(
        (square(i, j), square(i, j + 1), square(i + 1, j), square(i + 1, j + 1)) for i, j in circles
    )
    neighbours = tuple(
        tuple(
            square(r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 1 <= r + dr <= rows and 1 <= c + dc <= cols
        )
        for r in range(1, rows + 1)
        for c in range(1, cols + 1)
    )
    raw_touch = _get(game, ("may_not_touch",), dict)
    may_not_touch: dict[str, tuple[str, ...]] = {}
    forbid: dict[str, set[str]] = {e: set() for e in elements}
    for element, others in raw_touch.items():
        if element not in elements or not isinstance(others, list):
            raise _problem(
                game,
                ("may_not_touch", element),
                f"expected an element ({', '.join(elements)}) with a list of elements",
            )
        for other in others:
            if other not in elements:
                raise _problem(game, ("may_not_touch", element), f"unknown element {other!r}")
            forbid[element].add(other)
            forbid[other].add(element)
        may_not_touch[element] = tuple(others)

    dice = game.components.get("dice")
    if dice is None:
        raise DataError([Problem(game.located.file, None, "components", "no component 'dice'")])
    available = {e: 0 for e in elements}
    for die in dice.cards:
        available[die.get("element")] = available.get(die.get("element"), 0) + die.count
    rolled: dict[int, tuple[str, ...]] = {}
    left: dict[int, int] = {}
    for players in range(game.min_players, game.max_players + 1):
        count = _whole(
            game, ("dice_rolled", players), _get(game, ("dice_rolled",), dict).get(players), 1
        )
        each, rest = divmod(count, len(elements))
        if rest or any(available[e] < each for e in elements):
            raise _problem(
                game,
                ("dice_rolled", players),
                f"{count} dice cannot be the same number of each element from {available}",
            )
        rolled[players] = tuple(e for e in elements for _ in range(each))
        left[players] = _whole(
            game,
            ("dice_left_to_convert", players),
            _get(game, ("dice_left_to_convert",), dict).get(players),
        )
        if left[players] >= count:
            raise _problem(
                game,
                ("dice_left_to_convert", players),
                f"must be fewer than the {count} dice rolled",
            )
    return FengShuiRules(
        elements=elements,
        rows=rows,
        columns=cols,
        circles=tuple(circles),
        circle_squares=circle_squares,
        neighbours=neighbours,
        may_not_touch=may_not_touch,
        forbid={e: frozenset(s) for e, s in forbid.items()},
        feeder={e: wuxing.fed_by(e) for e in elements},
        track=_whole(game, ("conversion_track",), _get(game, ("conversion_track",), int), 1),
        majority_bonus=_whole(game, ("majority_bonus",), _get(game, ("majority_bonus",), int)),
        pass_mark=_whole(game, ("solo_pass_mark",), _get(game, ("solo_pass_mark",), int)),
        faces=dice.faces or 6,
        rolled=rolled,
        left=left,
        min_players=game.min_players,
        max_players=game.max_players,
    )
