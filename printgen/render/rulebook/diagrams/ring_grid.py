"""A ring grid as the rulebook draws it (`printgen.rules.pictures.RingGrid`): squares in
rows and columns, a die face by each row showing its number, the column numbers above, rings on
the grid's vertices, the symbols placed and the ring quarters they fill; and a player sheet
(`Sheet`): the grid with its tracks right of it, 112 mm wide as a diagram.
"""

from __future__ import annotations

from printgen.render.draw.svgdraw import Svg, number
from printgen.render.rulebook.icons import Icons
from printgen.rules.pictures import RingGrid, Sheet, Square, Tracks

CELL = 10.0
LEFT, TOP = 9.0, 7.0
RADIUS = CELL * 0.42  # a ring on the grid
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}
DIAGRAM_MM = 112
BOX = 5.0  # a track's box


def draw(sheet: Sheet, icons: Icons) -> tuple[Svg, float, str]:
    """The empty sheet as a diagram: the grid, its tracks right of it."""
    extra = 8 + BOX * (sheet.tracks.length + 1) + 4
    svg = grid_svg(icons, sheet.grid, extra_width=extra)
    tracks(svg, icons, sheet.tracks, LEFT + sheet.grid.columns * CELL + 8, TOP + 6)
    return svg, DIAGRAM_MM, ""


def grid_svg(
    icons: Icons, grid: RingGrid, extra_width: float = 0.0, printed_mm: float | None = None
) -> Svg:
    """The grid with its symbols and filled quarters, `printed_mm` wide when that is known (its
    labels then keep the smallest size there)."""
    rows, cols = grid.rows, grid.columns
    squares = dict(grid.squares)
    svg = Svg(LEFT + cols * CELL + 2 + extra_width, TOP + rows * CELL + 2, printed_mm)
    for (r, c), element in squares.items():
        x, y = LEFT + (c - 1) * CELL, TOP + (r - 1) * CELL
        svg.el("rect", x=x, y=y, width=CELL, height=CELL, fill=icons.tones(element).light)
    for vertex, square in grid.filled:
        if square in squares:
            _quarter(svg, icons.on_paper(squares[square]), vertex, square)
    for (r, c), element in squares.items():
        x, y = LEFT + (c - 0.5) * CELL, TOP + (r - 0.5) * CELL
        svg.raw(icons.icon(element, x, y, CELL * 0.42, icons.tones(element).dark))
    _lines(svg, icons, rows, cols, grid.rings)
    _dice(svg, icons.colour("ink"), rows)
    if cols < 10:
        xs = [LEFT + (c - 0.5) * CELL for c in range(1, cols + 1)]
        text = "".join(str(c) for c in range(1, cols + 1))
        svg.text_row(xs, TOP - 2, text, size=3, fill=icons.colour("muted"))
    return svg


def _quarter(svg: Svg, colour: str, vertex: Square, square: Square) -> None:
    """The filled quarter of the ring at `vertex` that lies in `square`."""
    vx, vy = LEFT + vertex[1] * CELL, TOP + vertex[0] * CELL
    sx = 1 if square[1] == vertex[1] + 1 else -1
    sy = 1 if square[0] == vertex[0] + 1 else -1
    sweep = 1 if sx * sy > 0 else 0
    svg.el(
        "path",
        d=f"M{vx},{vy}L{vx + sx * RADIUS},{vy}"
        f"A{RADIUS},{RADIUS} 0 0,{sweep} {vx},{vy + sy * RADIUS}Z",
        fill=colour,
        fill_opacity=0.85,
    )


def _lines(svg: Svg, icons: Icons, rows: int, cols: int, rings: tuple[Square, ...]) -> None:
    """The grid's lines and outline, and the rings on their vertices."""
    ink = icons.colour("ink")
    width, height = cols * CELL, rows * CELL
    inner = "".join(
        f"M{number(LEFT)},{number(TOP + r * CELL)}h{number(width)}" for r in range(1, rows)
    )
    inner += "".join(
        f"M{number(LEFT + c * CELL)},{number(TOP)}v{number(height)}" for c in range(1, cols)
    )
    muted = icons.colour("muted")
    svg.el("path", d=inner, fill="none", stroke=muted, stroke_width=0.25, stroke_opacity=0.7)
    svg.el(
        "rect", x=LEFT, y=TOP, width=width, height=height, fill="none", stroke=ink, stroke_width=0.6
    )
    drawn = "".join(
        f"M{number(LEFT + j * CELL - RADIUS)},{number(TOP + i * CELL)}"
        f"a{number(RADIUS)},{number(RADIUS)} 0 1,0 {number(2 * RADIUS)},0"
        f"a{number(RADIUS)},{number(RADIUS)} 0 1,0 {number(-2 * RADIUS)},0"
        for i, j in rings
    )
    svg.el("path", d=drawn, fill="none", stroke=ink, stroke_width=0.5)


def _dice(svg: Svg, ink: str, rows: int) -> None:
    """A die face left of each row, showing the row's number (the die value that places there)."""
    dice = "".join(
        f"M{number(LEFT - 7.6)},{number(TOP + (r - 0.5) * CELL - 3)}h6v6h-6z"
        for r in range(1, rows + 1)
    )
    svg.el("path", d=dice, fill="#ffffff", stroke=ink, stroke_width=0.4, stroke_linejoin="round")
    pips = ""
    for r in range(1, rows + 1):
        for px, py in PIPS.get(r, []):
            x, y = LEFT - 4.6 + px * 1.5, TOP + (r - 0.5) * CELL + py * 1.5
            pips += f"M{number(x - 0.55)},{number(y)}a0.55,0.55 0 1,0 1.1,0a0.55,0.55 0 1,0 -1.1,0"
    svg.el("path", d=pips, fill=ink)


def tracks(svg: Svg, icons: Icons, drawn: Tracks, x: float, y: float) -> None:
    """The tracks under their title, a row a symbol with its badge, crossed boxes marked."""
    length = drawn.length
    svg.text(x, y - 3, drawn.title, size=3.4, font_weight=700, text_anchor="start")
    boxes, marks = "", []
    for k, (element, crossed) in enumerate(drawn.crossed):
        row_y = y + k * (BOX + 2.2)
        svg.raw(icons.badge(element, x + BOX / 2, row_y + BOX / 2, BOX + 0.6))
        left = x + BOX + 2
        boxes += f"M{number(left)},{number(row_y)}h{number(BOX * length)}v{number(BOX)}"
        boxes += f"h{number(-BOX * length)}z"
        boxes += "".join(
            f"M{number(left + n * BOX)},{number(row_y)}v{number(BOX)}" for n in range(1, length)
        )
        ticks = "".join(
            f"M{number(left + n * BOX + 1)},{number(row_y + 1)}l{number(BOX - 2)},{number(BOX - 2)}"
            f"m0,{number(2 - BOX)}l{number(2 - BOX)},{number(BOX - 2)}"
            for n in range(min(crossed, length))
        )
        if ticks:
            marks.append((ticks, icons.tones(element).dark))
    svg.el("path", d=boxes, fill="#ffffff", stroke=icons.colour("ink"), stroke_width=0.35)
    for ticks, colour in marks:
        svg.el("path", d=ticks, fill="none", stroke=colour, stroke_width=0.8)
