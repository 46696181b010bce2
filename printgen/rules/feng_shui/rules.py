"""Feng Shui Master's rule parameters, read from game.yaml `rules:` (RULINGS.md): the Energy Map
(size and circles), what may not touch what, the conversion track, bonuses and the dice rolled.

Squares are kept as flat indices `(row - 1) * columns + (square - 1)`; rows and squares are
numbered from 1 in every message, as on the player sheet.
"""

from __future__ import annotations

from printgen.errors import Problem
from printgen.model import Card, Game
from printgen.model.checked import Checked
from printgen.model.schema import WHOLE, Key, mapping_of, whole_number
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.rules import wuxing
from printgen.rules.parsed import whole_pair
from printgen.rules.per_game import Settings, declared, per_game, rules_dataclass, setting

PLAYERS = whole_number(1, 20)
PER_PLAYERS = "a mapping of player counts to whole numbers"


@rules_dataclass
class FengShuiRules:
    """The rule parameters of one Feng Shui game: each field that is a game.yaml `rules:`
    setting declares its key (type and bounds: a map of 99 x 99 squares, 99 dice); the others
    come from the dice and the elements."""

    elements: tuple[str, ...]
    rolled: dict[int, tuple[str, ...]] = setting(  # player count -> the dice (their elements)
        Key(True, dict, PER_PLAYERS, mapping_of(whole_number(1, 20), whole_number(1, 99))),
        at="dice_rolled",
    )
    left: dict[int, int] = setting(  # player count -> dice left to convert at a round's end
        Key(True, dict, PER_PLAYERS, mapping_of(whole_number(1, 20), whole_number(0, 99))),
        at="dice_left_to_convert",
    )
    rows: int = setting(Key(True, int, WHOLE, whole_number(2, 99)), at="energy_map.rows")
    columns: int = setting(Key(True, int, WHOLE, whole_number(2, 99)), at="energy_map.columns")
    circles: tuple[tuple[int, int], ...] = setting(  # vertices (i, j), 1-based
        Key(True, list, "a list of [row, column] grid vertices"), at="energy_map.circles"
    )
    circle_squares: tuple[tuple[int, int, int, int], ...]  # the four squares of each circle
    neighbours: tuple[tuple[int, ...], ...]  # per square: the squares it touches (8 around)
    may_not_touch: dict[str, tuple[str, ...]] = setting(  # as written (for messages)
        Key(True, dict, "a mapping of elements to lists of elements")
    )
    forbid: dict[str, frozenset[str]]  # both directions: element -> elements it may not touch
    feeder: dict[str, str]  # element -> the element that feeds it (whole generating cycle)
    track: int = setting(  # squares on each conversion track
        Key(True, int, WHOLE, whole_number(1, 99)), at="conversion_track"
    )
    majority_bonus: int = setting(Key(True, int, WHOLE, whole_number(0, 1000)))
    pass_mark: int = setting(Key(True, int, WHOLE, whole_number(0, 10_000)), at="solo_pass_mark")
    faces: int
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


SETTINGS = declared(
    FengShuiRules, sections={"energy_map": Key(True, dict, "a mapping (rows, columns, circles)")}
)
"""The keys of game.yaml `rules:`, from the setting fields of FengShuiRules."""


@per_game
def rules_of(game: Game) -> FengShuiRules:
    """The rule parameters of a Feng Shui data folder; a DataError names every bad game.yaml
    value at once."""
    read = Settings(game, SETTINGS)
    elements = _elements(read)
    dice = game.components.get("dice")
    if dice is None:
        read.problems.append(Problem(game.located.file, None, "components", "no component 'dice'"))
    read.done()  # the cross checks below read only values of the declared types
    assert dice is not None
    values = read.values
    energy_map = values.section("energy_map")
    rows, cols = energy_map.integer("rows"), energy_map.integer("columns")
    circles = _circles(read, energy_map.list_of("circles"), rows, cols)
    may_not_touch, forbid = _touching(read, values.mapping("may_not_touch"), elements)
    rolled, left = _dice(read, values, elements, dice.cards)
    read.done()
    return read.build(
        FengShuiRules,
        elements=elements,
        circles=circles,
        circle_squares=_circle_squares(circles, cols),
        neighbours=_neighbours(rows, cols),
        may_not_touch=may_not_touch,
        forbid=forbid,
        feeder={e: wuxing.fed_by(e) for e in elements},
        faces=dice.faces or 6,
        rolled=rolled,
        left=left,
        min_players=game.min_players,
        max_players=game.max_players,
    )


def _elements(read: Settings) -> tuple[str, ...]:
    elements = tuple(read.game.elements)
    for element in elements:
        if element not in wuxing.ELEMENTS:
            read.problem((), f"{element!r} is not a Wu Xing element")
    return elements


def _circles(
    read: Settings, vertices: list[YamlValue], rows: int, cols: int
) -> tuple[tuple[int, int], ...]:
    """The circles' grid vertices, each an inner vertex, none twice."""
    circles: list[tuple[int, int]] = []
    for k, vertex in enumerate(vertices):
        at = ("energy_map", "circles", k)
        if not whole_pair(vertex):
            read.problem(at, f"expected [row, column] of a grid vertex, got {vertex!r}")
            continue
        i, j = vertex
        if not (1 <= i < rows and 1 <= j < cols):
            read.problem(
                at,
                f"circle {vertex} is not an inner vertex: rows 1..{rows - 1}"
                f", columns 1..{cols - 1}",
            )
        elif (i, j) in circles:
            read.problem(at, f"circle {vertex} is listed twice")
        else:
            circles.append((i, j))
    return tuple(circles)


def _circle_squares(
    circles: tuple[tuple[int, int], ...], cols: int
) -> tuple[tuple[int, int, int, int], ...]:
    square = lambda r, c: (r - 1) * cols + (c - 1)  # noqa: E731
    return tuple(
        (square(i, j), square(i, j + 1), square(i + 1, j), square(i + 1, j + 1)) for i, j in circles
    )


def _neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per square (flat index), the squares it touches, orthogonally or diagonally."""
    square = lambda r, c: (r - 1) * cols + (c - 1)  # noqa: E731
    return tuple(
        tuple(
            square(r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and 1 <= r + dr <= rows and 1 <= c + dc <= cols
        )
        for r in range(1, rows + 1)
        for c in range(1, cols + 1)
    )


def _touching(
    read: Settings, raw: YamlMapping, elements: tuple[str, ...]
) -> tuple[dict[str, tuple[str, ...]], dict[str, frozenset[str]]]:
    """`may_not_touch` as written (for messages) and in both directions (for the checks)."""
    may_not_touch: dict[str, tuple[str, ...]] = {}
    forbid: dict[str, set[str]] = {e: set() for e in elements}
    for element, others in raw.items():
        if not isinstance(element, str) or element not in elements or not isinstance(others, list):
            read.problem(
                ("may_not_touch", element),
                f"expected an element ({', '.join(elements)}) with a list of elements",
            )
            continue
        named: list[str] = []
        for other in others:
            if not isinstance(other, str) or other not in elements:
                read.problem(("may_not_touch", element), f"unknown element {other!r}")
                continue
            named.append(other)
            forbid[element].add(other)
            forbid[other].add(element)
        may_not_touch[element] = tuple(named)  # all of them: an unknown one stops the read
    return may_not_touch, {e: frozenset(s) for e, s in forbid.items()}


def _dice(
    read: Settings,
    values: Checked,
    elements: tuple[str, ...],
    dice: tuple[Card, ...],
) -> tuple[dict[int, tuple[str, ...]], dict[int, int]]:
    """Per player count: the dice rolled (as many of each element) and those left to convert."""
    available = {e: 0 for e in elements}
    for die in dice:
        available[die.as_text("element")] = available.get(die.as_text("element"), 0) + die.count
    rolled: dict[int, tuple[str, ...]] = {}
    left: dict[int, int] = {}
    rolled_for, left_for = values.counts("dice_rolled"), values.counts("dice_left_to_convert")
    for players in range(read.game.min_players, read.game.max_players + 1):
        count = rolled_for.get(players)
        left_over = left_for.get(players)
        for key, value in (("dice_rolled", count), ("dice_left_to_convert", left_over)):
            if value is None:
                read.problem((key,), f"missing the number for {players} players")
        if count is None or left_over is None:
            continue
        each, rest = divmod(count, len(elements))
        if rest or any(available[e] < each for e in elements):
            read.problem(
                ("dice_rolled", players),
                f"{count} dice cannot be the same number of each element from {available}",
            )
        if left_over >= count:
            read.problem(
                ("dice_left_to_convert", players), f"must be fewer than the {count} dice rolled"
            )
        rolled[players] = tuple(e for e in elements for _ in range(each))
        left[players] = left_over
    return rolled, left
