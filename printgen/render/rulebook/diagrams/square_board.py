"""A square board as the rulebook draws it (`printgen.rules.pictures.SquareBoard`): the grid,
the centre square, the gates; pieces on it.

Board squares (x, y) run from -half to +half, x east and y north, (0, 0) the centre; a gate
lies one square beyond the square it is next to, in its direction. As a diagram
(`diagram("board")`) the board is drawn empty with its coordinates, 88 mm wide.
"""

from __future__ import annotations

from collections.abc import Iterable

from printgen.render.draw.svgdraw import Svg, number
from printgen.render.rulebook.icons import Icons
from printgen.rules.pictures import Gate, Piece, SquareBoard

CELL = 10.0
MARGIN = 7.0  # room for the coordinate labels
DIAGRAM_MM = 88


def draw(board: SquareBoard, icons: Icons) -> tuple[Svg, float, str]:
    """The empty board with its coordinates, as a diagram."""
    return board_svg(icons, board), DIAGRAM_MM, ""


def xy(board: SquareBoard, x: float, y: float) -> tuple[float, float]:
    """The SVG centre of board square (x, y) (gates: one square beyond the grid)."""
    return MARGIN + (x + board.half + 1) * CELL + CELL / 2, (board.half + 1 - y) * CELL + CELL / 2


def span(board: SquareBoard) -> float:
    return (2 * board.half + 3) * CELL


def board_svg(icons: Icons, board: SquareBoard, coordinates: bool = True) -> Svg:
    """The empty board: grid, centre, gate squares and gates."""
    width = span(board)
    svg = Svg(width + MARGIN, width + (MARGIN if coordinates else 0))
    _field(svg, icons, board)
    _centre(svg, icons, board)
    for gate in board.gates:
        _gate(svg, icons, board, gate)
    if coordinates:
        _coordinates(svg, icons, board, width)
    return svg


def _field(svg: Svg, icons: Icons, board: SquareBoard) -> None:
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
    for gate in board.gates:
        gx, gy = xy(board, *gate.next_to)
        svg.el(
            "rect",
            x=gx - CELL / 2,
            y=gy - CELL / 2,
            width=CELL,
            height=CELL,
            fill=icons.tones(gate.element).light,
        )
    grid = "".join(
        f"M{number(left + i * CELL)},{number(top)}v{number(side)}"
        f"M{number(left)},{number(top + i * CELL)}h{number(side)}"
        for i in range(1, 2 * half + 1)
    )
    svg.el("path", d=grid, fill="none", stroke=icons.colour("rule"), stroke_width=0.35)


def _centre(svg: Svg, icons: Icons, board: SquareBoard) -> None:
    """The centre square in its symbol's tone, the symbol on it."""
    cx, cy = xy(board, 0, 0)
    tones = icons.tones(board.centre)
    svg.el("rect", x=cx - CELL / 2, y=cy - CELL / 2, width=CELL, height=CELL, fill=tones.fill)
    svg.raw(icons.icon(board.centre, cx, cy, CELL * 0.55, tones.ink))


def _gate(svg: Svg, icons: Icons, board: SquareBoard, gate: Gate) -> None:
    """A gate: a bar in its element's colour on the grid's edge, its badge one square beyond."""
    gx, gy = xy(board, *gate.beyond)
    nx, ny = xy(board, *gate.next_to)
    tones = icons.tones(gate.element)
    ex, ey = (gx + nx) / 2, (gy + ny) / 2  # the edge between them
    horizontal = gate.way[0] == 0  # a gate to the north or south
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
    svg.raw(icons.badge(gate.element, gx, gy, CELL * 0.72))


def _coordinates(svg: Svg, icons: Icons, board: SquareBoard, width: float) -> None:
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
    """A piece: a disc in its element's colour, its icon on it (faded: where it started)."""
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


def place_pieces(svg: Svg, icons: Icons, board: SquareBoard, pieces: Iterable[Piece]) -> None:
    """Pieces at board squares; several on the centre square are spread round its centre."""
    pieces = list(pieces)
    in_centre = [p.name for p in pieces if p.at == (0, 0)]
    for item in pieces:
        x, y = xy(board, *item.at)
        if item.at == (0, 0) and len(in_centre) > 1:
            ox, oy = ((-1, -1), (1, -1), (-1, 1), (1, 1))[in_centre.index(item.name) % 4]
            _small_piece(svg, icons, item.name, x + ox * CELL * 0.22, y + oy * CELL * 0.22)
        else:
            piece(svg, icons, item.name, x, y)


def _small_piece(svg: Svg, icons: Icons, element: str, x: float, y: float) -> None:
    tones = icons.tones(element)
    svg.el("circle", cx=x, cy=y, r=CELL * 0.2, fill=tones.fill, stroke="#ffffff", stroke_width=0.5)
    svg.raw(icons.icon(element, x, y, CELL * 0.25, tones.ink))


def _signed(i: int) -> str:
    return f"−{-i}" if i < 0 else str(i)
