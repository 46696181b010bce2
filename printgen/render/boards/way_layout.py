"""The Way's board as geometry (mm, SVG coordinates: y down), from the data and the design.

The grid is `rules.board.size` squares a side, coordinates x, y from -half to half (RULINGS.md):
x grows east (right), y grows north (up); the Void is (0, 0). Each gate stands outside the edge
next to its `next_to` square, in its `direction`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.errors import DataError, Problem, RenderError
from printgen.model import Game
from printgen.render.boards.box import Box
from printgen.render.boards.design import Design

# A unit step in board coordinates (x east, y north) for each direction word in the data.
STEPS: dict[str, tuple[int, int]] = {
    "north": (0, 1),
    "east": (1, 0),
    "south": (0, -1),
    "west": (-1, 0),
}
# Text near a gate turns to face a player sitting on that side of the table.
FACING: dict[str, int] = {"south": 0, "west": 90, "north": 180, "east": -90}


@dataclass(frozen=True)
class Square:
    x: int
    y: int
    box: Box
    void: bool
    exit_for: str | None  # the element whose gate this square is next to


@dataclass(frozen=True)
class Gate:
    element: str
    colour_name: str
    direction: str
    next_to: tuple[int, int]
    box: Box  # the gate's tab, outside the frame
    rotation: int  # degrees: its text reads from that side of the table


@dataclass(frozen=True)
class BoardLayout:
    size: int
    square: float
    width: float
    height: float
    grid: Box
    frame: Box
    squares: tuple[Square, ...]
    gates: tuple[Gate, ...]

    @property
    def half(self) -> int:
        return self.size // 2

    @property
    def void(self) -> Square:
        return next(s for s in self.squares if s.void)

    def square_at(self, x: int, y: int) -> Square:
        return next(s for s in self.squares if (s.x, s.y) == (x, y))


def _bad(game: Game, path: tuple[Any, ...], message: str) -> DataError:
    field = ".".join(["rules", *map(str, path)])
    return DataError([Problem(game.located.file, game.rules_line(*path), field, message)])


def board_layout(game: Game, design: Design, fit: float | None = None) -> BoardLayout:
    """The board; with `fit`, squares shrink (down to `board.min_square`) so that the whole
    drawing is at most `fit` mm a side."""
    board = game.rules.get("board")
    if not isinstance(board, dict):
        raise _bad(game, (), "expected a 'board' mapping with size and gates")
    size = board.get("size")
    if isinstance(size, bool) or not isinstance(size, int) or size < 3 or size % 2 == 0:
        raise _bad(game, ("board", "size"), f"expected an odd whole number >= 3, got {size!r}")
    half = size // 2
    frame = design.length("board", "frame")
    depth = design.length("board", "gate_depth")
    margin = design.length("board", "margin")
    outer = margin + depth + frame
    square = design.length("board", "square")
    if fit is not None:
        square = min(square, (fit - 2 * outer) / size)
    least = design.length("board", "min_square")
    if square < least - 1e-9:
        raise RenderError(
            f"{design.path}: a {size} x {size} board needs squares of {square:.1f} mm to fit,"
            f" under the {least:g} mm a pawn needs; choose a larger board.large_paper"
        )
    side = 2 * outer + size * square
    grid = Box(outer, outer, size * square, size * square)
    frame_box = Box(outer - frame, outer - frame, grid.w + 2 * frame, grid.h + 2 * frame)

    def box_of(x: int, y: int) -> Box:
        return Box(grid.x + (x + half) * square, grid.y + (half - y) * square, square, square)

    gates = _gates(
        game, board, half, box_of, frame_box, depth, square * design.number("board", "gate_width")
    )
    exits = {g.next_to: g.element for g in gates}
    squares = tuple(
        Square(x, y, box_of(x, y), (x, y) == (0, 0), exits.get((x, y)))
        for y in range(half, -half - 1, -1)
        for x in range(-half, half + 1)
    )
    return BoardLayout(size, square, side, side, grid, frame_box, squares, gates)


def _gates(
    game: Game,
    board: dict[str, Any],
    half: int,
    box_of: Any,
    frame: Box,
    depth: float,
    width: float,
) -> tuple[Gate, ...]:
    raw = board.get("gates")
    if not isinstance(raw, dict) or not raw:
        raise _bad(game, ("board",), "expected 'gates': each element's gate")
    gates = []
    for element, spec in raw.items():
        where = ("board", "gates", element)
        if element not in game.elements:
            raise _bad(game, where, f"unknown element {element!r}")
        if not isinstance(spec, dict):
            raise _bad(game, where, "expected {colour, next_to, direction}")
        direction = spec.get("direction")
        if direction not in STEPS:
            raise _bad(game, where, f"direction: expected one of {', '.join(STEPS)}")
        at = spec.get("next_to")
        if (
            not isinstance(at, list)
            or len(at) != 2
            or not all(isinstance(v, int) and -half <= v <= half for v in at)
        ):
            raise _bad(game, where, f"next_to: expected [x, y] with x, y from {-half} to {half}")
        dx, dy = STEPS[direction]
        if abs(at[0] + dx) <= half and abs(at[1] + dy) <= half:
            raise _bad(game, where, f"next_to {at} is not on the board's {direction} edge")
        sq = box_of(*at)
        if dx:  # east or west: the tab runs along the edge vertically
            x = frame.right if dx > 0 else frame.x - depth
            box = Box(x, sq.cy - width / 2, depth, width)
        else:
            y = frame.y - depth if dy > 0 else frame.bottom
            box = Box(sq.cx - width / 2, y, width, depth)
        gates.append(
            Gate(
                element,
                str(spec.get("colour", "")),
                direction,
                (at[0], at[1]),
                box,
                FACING[direction],
            )
        )
    return tuple(gates)


@dataclass(frozen=True)
class Move:
    """One line of the player aid: how a symbol moves a piece."""

    symbol: str
    move: str  # a direction word of the data, "centre" (Void) or "any" (Wild)
    colour_name: str  # the gate's colour word for element symbols, else ""


def moves(game: Game, layout: BoardLayout) -> tuple[Move, ...]:
    """The symbols in the order of the data's gates, then Void and Wild (RULINGS.md)."""
    rows = [Move(g.element, g.direction, g.colour_name) for g in layout.gates]
    for symbol in game.symbols:
        if symbol == "void":
            rows.append(Move(symbol, "centre", ""))
        elif symbol == "wild":
            rows.append(Move(symbol, "any", ""))
    return tuple(rows)
