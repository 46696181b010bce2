"""The Way's board as the rulebook draws it: the grid, the Void, the gates; pieces on it.

It draws the engine's own `Board` (`printgen.rules.the_way.board`, read once from game.yaml
`rules.board`). Board coordinates (x, y) run from -half to +half, x east and y north, (0, 0) the
Void; a gate lies one square beyond the square it is next to, in its direction.
"""

from __future__ import annotations

from typing import Any

from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg, number
from printgen.rules.the_way.board import Board, board_of

CELL = 10.0
MARGIN = 7.0  # room for the coordinate labels


def xy(board: Board, x: float, y: float) -> tuple[float, float]:
    """The SVG centre of board square (x, y) (gates: one square beyond the grid)."""
    return MARGIN + (x + board.half + 1) * CELL + CELL / 2, (board.half + 1 - y) * CELL + CELL / 2


def span(board: Board) -> float:
    return (2 * board.half + 3) * CELL


def board_svg(source: Source, icons: Icons, board: Board, coordinates: bool = True) -> Svg:
    """The empty board: grid, Void, gate squares and gates."""
    width = span(board)
    svg = Svg(width + MARGIN, width + (MARGIN if coordinates else 0))
    _field(svg, icons, board)
    _void(svg, icons, board)
    for element in board.gate:
        _gate(svg, icons, board, element)
    if coordinates:
        _coordinates(svg, icons, board, width)
    return svg


def _field(svg: Svg, icons: Icons, board: Board) -> None:
    """The paper square of the grid, each gate's square tinted in its element, the grid lines."""
    half = board.half
    x0, y0 = xy(board, -half, half)
    side = (2 * half + 1) * CELL
    top, left = y0 - CELL / 2, x0 - CELL / 2
    svg.el(
        "rect",
        x=left,
        y=top,
        width=side,
        height=side,
        fill=icons.colour("paper"),
        stroke=icons.colour("ink"),
        stroke_width=0.7,
    )
    for element, next_to in board.gate.items():
        gx, gy = xy(board, *next_to)
        svg.el(
            "rect",
            x=gx - CELL / 2,
            y=gy - CELL / 2,
            width=CELL,
            height=CELL,
            fill=icons.tones(element).light,
        )
    grid = "".join(
        f"M{number(left + i * CELL)},{number(top)}v{number(side)}"
        f"M{number(left)},{number(top + i * CELL)}h{number(side)}"
        for i in range(1, 2 * half + 1)
    )
    svg.el("path", d=grid, fill="none", stroke=icons.colour("rule"), stroke_width=0.35)


def _void(svg: Svg, icons: Icons, board: Board) -> None:
    cx, cy = xy(board, 0, 0)
    void = icons.tones("void")
    svg.el("rect", x=cx - CELL / 2, y=cy - CELL / 2, width=CELL, height=CELL, fill=void.fill)
    svg.raw(icons.icon("void", cx, cy, CELL * 0.55, void.ink))


def _gate(svg: Svg, icons: Icons, board: Board, element: str) -> None:
    """A gate: a bar in its element's colour on the grid's edge, its badge one square beyond."""
    gx, gy = xy(board, *board.beyond[element])
    nx, ny = xy(board, *board.gate[element])
    tones = icons.tones(element)
    ex, ey = (gx + nx) / 2, (gy + ny) / 2  # the edge between them
    horizontal = board.way[element][0] == 0  # a gate to the north or south
    w, h = (CELL * 0.9, 1.8) if horizontal else (1.8, CELL * 0.9)
    svg.el(
        "rect",
        x=ex - w / 2,
        y=ey - h / 2,
        width=w,
        height=h,
        fill=tones.fill,
        stroke=tones.dark,
        stroke_width=0.3,
    )
    svg.raw(icons.badge(element, gx, gy, CELL * 0.72))


def _coordinates(svg: Svg, icons: Icons, board: Board, width: float) -> None:
    """x below the grid, y on its left, from -half to half."""
    half = board.half
    for i in range(-half, half + 1):
        x, _ = xy(board, i, -half)
        svg.text(x, width + MARGIN - 2.2, _signed(i), size=2.9, fill=icons.colour("muted"))
        _, y = xy(board, -half, i)
        svg.text(
            MARGIN - 2.5,
            y + 1,
            _signed(i),
            size=2.9,
            fill=icons.colour("muted"),
            text_anchor="end",
        )


def piece(svg: Svg, icons: Icons, element: str, x: float, y: float, faded: bool = False) -> None:
    tones = icons.tones(element)
    svg.el(
        "circle",
        cx=x,
        cy=y,
        r=CELL * 0.36,
        fill=tones.fill,
        stroke=tones.dark,
        stroke_width=0.7,
        opacity=0.4 if faded else None,
    )
    svg.raw(icons.icon(element, x, y, CELL * 0.42, tones.ink))


def place_pieces(svg: Svg, icons: Icons, board: Board, pieces: dict[str, Any]) -> None:
    """Pieces at board squares; several in the Void are spread round its centre."""
    in_void = [name for name, at in pieces.items() if tuple(at) == (0, 0)]
    for name, at in pieces.items():
        x, y = xy(board, *at)
        if tuple(at) == (0, 0) and len(in_void) > 1:
            k = in_void.index(name)
            offsets = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
            ox, oy = offsets[k % 4]
            x, y = x + ox * CELL * 0.22, y + oy * CELL * 0.22
            _small_piece(svg, icons, name, x, y)
        else:
            piece(svg, icons, name, x, y)


def _small_piece(svg: Svg, icons: Icons, element: str, x: float, y: float) -> None:
    tones = icons.tones(element)
    svg.el("circle", cx=x, cy=y, r=CELL * 0.2, fill=tones.fill, stroke="#ffffff", stroke_width=0.5)
    svg.raw(icons.icon(element, x, y, CELL * 0.25, tones.ink))


def draw(source: Source, icons: Icons) -> tuple[Svg, float, str]:
    board = board_of(source.game)
    svg = board_svg(source, icons, board)
    return svg, 88, ""


def _signed(i: int) -> str:
    return f"−{-i}" if i < 0 else str(i)
