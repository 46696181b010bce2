"""Feng Shui Master's player sheet from `game.rules["energy_map"]`: grid, circles, tracks.

A circle at vertex (i, j) is the corner shared by squares (i, j), (i, j+1), (i+1, j) and
(i+1, j+1), rows and columns counted from 1 (RULINGS.md); one quarter lies in each square.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from printgen.errors import RenderError
from printgen.layout.labels import fill
from printgen.layout.minicard import EXAMPLE_MM, WIDE_EXAMPLE_MM, example_words
from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg, number

CELL = 10.0
LEFT, TOP = 9.0, 7.0
RADIUS = CELL * 0.42  # a circle on the grid
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}

Square = tuple[int, int]


def layout(source: Source) -> tuple[int, int, list[Square]]:
    spec: Any = source.game.rules.get("energy_map")
    try:
        rows, cols = int(spec["rows"]), int(spec["columns"])
        circles = [(int(c[0]), int(c[1])) for c in spec["circles"]]
    except (TypeError, KeyError, ValueError, IndexError):
        raise RenderError(
            f"diagram('energy-map'): {source.game.id}: rules.energy_map needs rows, columns "
            "and circles"
        ) from None
    return rows, cols, circles


def circle_squares(vertex: Square) -> list[Square]:
    i, j = vertex
    return [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)]


def map_svg(
    source: Source,
    icons: Icons,
    squares: Mapping[Square, str] | None = None,
    filled: Iterable[tuple[Square, Square]] = (),
    extra_width: float = 0.0,
    printed_mm: float | None = None,
) -> Svg:
    """The Energy Map with elements in `squares` and `filled` (circle, square) quarters,
    `printed_mm` wide when that is known (its labels then keep the smallest size there)."""
    rows, cols, circles = layout(source)
    squares = squares or {}
    svg = Svg(LEFT + cols * CELL + 2 + extra_width, TOP + rows * CELL + 2, printed_mm)
    for (r, c), element in squares.items():
        x, y = LEFT + (c - 1) * CELL, TOP + (r - 1) * CELL
        svg.el("rect", x=x, y=y, width=CELL, height=CELL, fill=icons.tones(element).light)
    for vertex, square in filled:
        if square in squares:
            _quarter(svg, icons.on_paper(squares[square]), vertex, square)
    for (r, c), element in squares.items():
        x, y = LEFT + (c - 0.5) * CELL, TOP + (r - 0.5) * CELL
        svg.raw(icons.icon(element, x, y, CELL * 0.42, icons.tones(element).dark))
    _grid(svg, icons, rows, cols, circles)
    _dice(svg, icons.colour("ink"), rows)
    if cols < 10:
        xs = [LEFT + (c - 0.5) * CELL for c in range(1, cols + 1)]
        text = "".join(str(c) for c in range(1, cols + 1))
        svg.text_row(xs, TOP - 2, text, size=3, fill=icons.colour("muted"))
    return svg


def _quarter(svg: Svg, colour: str, vertex: Square, square: Square) -> None:
    """The filled quarter of the circle at `vertex` that lies in `square`."""
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


def _grid(svg: Svg, icons: Icons, rows: int, cols: int, circles: list[Square]) -> None:
    """The grid's lines and outline, and the circles on their vertices."""
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
    rings = "".join(
        f"M{number(LEFT + j * CELL - RADIUS)},{number(TOP + i * CELL)}"
        f"a{number(RADIUS)},{number(RADIUS)} 0 1,0 {number(2 * RADIUS)},0"
        f"a{number(RADIUS)},{number(RADIUS)} 0 1,0 {number(-2 * RADIUS)},0"
        for i, j in circles
    )
    svg.el("path", d=rings, fill="none", stroke=ink, stroke_width=0.5)


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


def tracks(
    svg: Svg, icons: Icons, source: Source, x: float, y: float, crosses: Mapping[str, int]
) -> None:
    """The conversion tracks, one row per element, with `crosses` marked."""
    length = int(source.game.rules.get("conversion_track", 7))
    box = 5.0
    svg.text(
        x, y - 3, source.label("conversion_tracks"), size=3.4, font_weight=700, text_anchor="start"
    )
    boxes, marks = "", []
    for k, element in enumerate(source.game.elements):
        row_y = y + k * (box + 2.2)
        svg.raw(icons.badge(element, x + box / 2, row_y + box / 2, box + 0.6))
        left = x + box + 2
        boxes += f"M{number(left)},{number(row_y)}h{number(box * length)}v{number(box)}"
        boxes += f"h{number(-box * length)}z"
        boxes += "".join(
            f"M{number(left + n * box)},{number(row_y)}v{number(box)}" for n in range(1, length)
        )
        ticks = "".join(
            f"M{number(left + n * box + 1)},{number(row_y + 1)}l{number(box - 2)},{number(box - 2)}"
            f"m0,{number(2 - box)}l{number(2 - box)},{number(box - 2)}"
            for n in range(min(crosses.get(element, 0), length))
        )
        if ticks:
            marks.append((ticks, icons.tones(element).dark))
    svg.el("path", d=boxes, fill="#ffffff", stroke=icons.colour("ink"), stroke_width=0.35)
    for ticks, colour in marks:
        svg.el("path", d=ticks, fill="none", stroke=colour, stroke_width=0.8)


def draw(source: Source, icons: Icons) -> tuple[Svg, float, str]:
    _, cols, _ = layout(source)
    length = int(source.game.rules.get("conversion_track", 7))
    extra = 8 + 5 * (length + 1) + 4
    svg = map_svg(source, icons, extra_width=extra)
    tracks(svg, icons, source, LEFT + cols * CELL + 8, TOP + 6, {})
    return svg, 112, ""


def example(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float] | None:
    """Each player's map with its filled quarters, and the scores the engine found."""
    from printgen.errors import PrintgenError
    from printgen.rules.feng_shui.rules import rules_of
    from printgen.rules.feng_shui.situation import parse_map

    players = situation.get("players")
    scored = result.get("players")
    if not isinstance(players, list) or not isinstance(scored, list):
        return None
    try:
        rules = rules_of(source.game)
        grids = [parse_map(p["map"], ("players", k, "map"), rules) for k, p in enumerate(players)]
    except (PrintgenError, KeyError, TypeError):
        return None
    rows, cols, circles = layout(source)
    count = len(players)
    panel = LEFT + cols * CELL + 4
    width_mm = EXAMPLE_MM if count == 1 else WIDE_EXAMPLE_MM
    svg = Svg(panel * count, TOP + rows * CELL + 33, printed_mm=width_mm)
    per_unit = width_mm / svg.width
    for k, (grid, item, score) in enumerate(zip(grids, players, scored, strict=False)):
        squares = {(i // cols + 1, i % cols + 1): e for i, e in enumerate(grid) if e is not None}
        filled = [
            (vertex, sq)
            for vertex in circles
            for sq in circle_squares(vertex)
            if sq in squares
            and any(
                squares.get(other) == rules.feeder[squares[sq]]
                for other in circle_squares(vertex)
                if other != sq
            )
        ]
        panel_svg = map_svg(source, icons, squares, filled, printed_mm=(panel - 2) * per_unit)
        svg.open("g", transform=f"translate({k * panel} 0)")
        svg.extend(panel_svg)
        _score_lines(svg, icons, source, item, score, TOP + rows * CELL + 5)
        svg.close("g")
    return svg, width_mm


def _score_lines(
    svg: Svg, icons: Icons, source: Source, item: dict[str, Any], score: dict[str, Any], y: float
) -> None:
    converted = item.get("converted") or {}
    values = score.get("values") or {}
    shown = [e for e in source.game.elements if values.get(e) or converted.get(e)]
    x = LEFT
    for element in shown:
        svg.raw(icons.badge(element, x + 2, y + 1.6, 4.4))
        svg.text(
            x + 5,
            y + 2.8,
            f"{values.get(element, 0)}×{converted.get(element, 0)}",
            size=3,
            text_anchor="start",
        )
        x += 13.5
        if x > LEFT + 50:
            x, y = LEFT, y + 5.6
    bonus = score.get("majority_bonus") or 0
    text = f"{score.get('name', '')}: {score.get('score', 0)}"
    if bonus:
        text += f" (+{bonus})"
    svg.text(LEFT, y + 10, text, size=3.6, font_weight=800, text_anchor="start")
    quarters = example_words(source).get("quarters", "{n}")
    svg.text(
        LEFT,
        y + 15.5,
        fill(quarters, {"n": score.get("filled_quarters", 0)}),
        size=2.8,
        text_anchor="start",
        fill=icons.colour("muted"),
    )
