"""A gated grid board as geometry (mm, SVG coordinates: y down), from the engine's board and
the design.

The board is the rules engine's own (`Engine.part_models["board"]`, read and checked once from
game.yaml `rules.board`): `half` squares each side of the centre, coordinates x, y from -half to
half, x east (right) and y north (up), the centre square at (0, 0); each gate stands outside
the edge next to its square (`gate`), in its direction (`way`). Only the gates' colour words are
read here: they are how the board looks, not what the rules are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.errors import DataError, Problem, RenderError
from printgen.model import Game
from printgen.render.boards.box import Box
from printgen.render.boards.design import PartDesign
from printgen.rules.engine import part_model

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
    centre: bool  # the middle square, (0, 0)
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
    def centre(self) -> Square:
        return next(s for s in self.squares if s.centre)

    def square_at(self, x: int, y: int) -> Square:
        return next(s for s in self.squares if (s.x, s.y) == (x, y))


def _bad(game: Game, path: tuple[Any, ...], message: str) -> DataError:
    field = ".".join(["rules", *map(str, path)])
    return DataError([Problem(game.located.file, game.rules_line(*path), field, message)])


def board_layout(game: Game, design: PartDesign, fit: float | None = None) -> BoardLayout:
    """The board; with `fit`, squares shrink (down to `board.min_square`) so that the whole
    drawing is at most `fit` mm a side."""
    board = part_model(game, "board")
    half = board.half
    size = 2 * half + 1
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
        game, board, box_of, frame_box, depth, square * design.number("board", "gate_width")
    )
    exits = {g.next_to: g.element for g in gates}
    squares = tuple(
        Square(x, y, box_of(x, y), (x, y) == (0, 0), exits.get((x, y)))
        for y in range(half, -half - 1, -1)
        for x in range(-half, half + 1)
    )
    return BoardLayout(size, square, side, side, grid, frame_box, squares, gates)


def _gates(
    game: Game, board: Any, box_of: Any, frame: Box, depth: float, width: float
) -> tuple[Gate, ...]:
    raw = game.rules.get("board")
    specs = raw.get("gates") if isinstance(raw, dict) else None
    words = {step: word for word, step in STEPS.items()}
    gates = []
    for element, at in board.gate.items():
        if element not in game.elements:
            raise _bad(game, ("board", "gates", element), f"unknown element {element!r}")
        spec = specs.get(element) if isinstance(specs, dict) else None
        colour = spec.get("colour", "") if isinstance(spec, dict) else ""
        dx, dy = board.way[element]
        direction = words[(dx, dy)]
        sq = box_of(*at)
        if dx:  # east or west: the tab runs along the edge vertically
            x = frame.right if dx > 0 else frame.x - depth
            box = Box(x, sq.cy - width / 2, depth, width)
        else:
            y = frame.y - depth if dy > 0 else frame.bottom
            box = Box(sq.cx - width / 2, y, width, depth)
        gates.append(Gate(element, str(colour), direction, (at[0], at[1]), box, FACING[direction]))
    return tuple(gates)


@dataclass(frozen=True)
class Move:
    """One line of the player aid: how a symbol moves a piece."""

    symbol: str
    move: str  # a direction word of the data, or the engine's word for a symbol with no gate
    colour_name: str  # the gate's colour word for element symbols, else ""


def moves(game: Game, layout: BoardLayout) -> tuple[Move, ...]:
    """The player aid's rows: each gate's symbol in the order of the data's gates, then each
    other symbol of game.yaml `symbols:` that the engine's board moves (`Board.other_moves`:
    symbol -> a move word the game's templates draw), in the order `symbols:` lists them."""
    other = part_model(game, "board").other_moves
    rows = [Move(g.element, g.direction, g.colour_name) for g in layout.gates]
    rows += [Move(s, str(other[s]), "") for s in game.symbols if s in other]
    return tuple(rows)
