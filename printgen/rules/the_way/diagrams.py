"""The Way's worked examples: the board before and after one card, and a card's frames.

Pieces are drawn where the engine's result puts them; a piece that moved is shown faded where it
started, each step as an arrow, and a blocked step as a short arrow ending in a cross.
"""

from __future__ import annotations

import re
from typing import Any

from printgen.layout.minicard import EXAMPLE_MM, H, W, label
from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg, legible
from printgen.model import Card
from printgen.rules.the_way.board import Board, board_of
from printgen.rules.the_way.board_diagram import CELL, board_svg, piece, place_pieces, xy

Square = tuple[int, int]


def find_card(source: Source, text: str) -> Card | None:
    """A card of the game by id or name, written in any case with spaces or dashes."""
    key = re.sub(r"[\s\-–]+", "-", str(text).strip().lower())
    for comp in source.game.components.values():
        for item in comp.cards:
            if key in (item.id, re.sub(r"[\s\-–]+", "-", item.name.lower())):
                return item
    return None


Frame = tuple[float, float, float, float, list[str]]  # x, y, width, height, symbols shown


def way_card(svg: Svg, icons: Icons, x: float, y: float, item: Card, scale: float = 1.0) -> None:
    """A small picture of a card of The Way, laid out like the printed card: one frame (Single,
    Double), two numbered frames (Dual) or four (All), each holding its symbol."""
    w, h = W * scale, H * scale
    borders = int(item.get("borders", 1))
    svg.el(
        "rect",
        x=x,
        y=y,
        width=w,
        height=h,
        rx=1.4 * scale,
        fill=icons.colour("paper"),
        stroke=icons.colour("rule"),
        stroke_width=0.4,
    )
    inner = (x + 1.2 * scale, y + 2.6 * scale, w - 2.4 * scale, h - 4.6 * scale)
    symbols = [str(s) for s in item.get("symbols", ())]
    for k, frame in enumerate(_frames(inner, borders, symbols, 0.8 * scale)):
        _frame(svg, icons, frame, scale)
        if borders == 2:
            _frame_number(svg, icons, frame, k + 1, scale)


def _frames(
    inner: tuple[float, float, float, float], borders: int, symbols: list[str], gap: float
) -> list[Frame]:
    """The card's frames inside `inner`: four in a 2 x 2 grid, two one above the other (a Dual's
    symbols in printed order, a Double's one symbol twice), or one holding every symbol."""
    x, y, w, h = inner
    if borders >= 4 and symbols:
        fw, fh = (w - gap) / 2, (h - gap) / 2
        return [
            (x + (k % 2) * (fw + gap), y + (k // 2) * (fh + gap), fw, fh, [symbols[0]])
            for k in range(4)
        ]
    if borders == 2 and symbols:
        pair = symbols if len(symbols) == 2 else symbols * 2
        fh = (h - gap) / 2
        return [(x, y + k * (fh + gap), w, fh, [pair[k]]) for k in range(2)]
    return [(x, y, w, h, symbols)]


def _frame(svg: Svg, icons: Icons, frame: Frame, scale: float) -> None:
    """A frame tinted in its first symbol's element, its symbols stacked down its middle."""
    fx, fy, fw, fh, shown = frame
    tones = icons.tones(shown[0]) if shown else icons.tones("void")
    svg.el(
        "rect",
        x=fx,
        y=fy,
        width=fw,
        height=fh,
        rx=0.8 * scale,
        fill=tones.light,
        stroke=tones.fill,
        stroke_width=0.5,
    )
    size = min(fw, fh / max(len(shown), 1)) * 0.62
    for n, symbol in enumerate(shown):
        cy = fy + fh * (n + 0.5) / len(shown)
        svg.raw(icons.icon(symbol, fx + fw / 2, cy, size, icons.on_paper(symbol)))


def _frame_number(svg: Svg, icons: Icons, frame: Frame, n: int, scale: float) -> None:
    """A Dual's frame number in its top-left corner: the order the card prints its moves."""
    fx, fy, _, _, shown = frame
    tones = icons.tones(shown[0]) if shown else icons.tones("void")
    size = max(2.1 * scale, svg.smallest)
    svg.text(
        fx + 0.5 * scale + size * 0.3,
        fy + 0.3 * scale + size * 0.75,
        str(n),
        size=size,
        font_weight=900,
        fill=tones.dark,
    )


def square_of(board: Board, pawn: str, where: Any) -> Square | None:
    if isinstance(where, (list, tuple)) and len(where) == 2:
        return int(where[0]), int(where[1])
    if where == "out" and pawn in board.beyond:
        return board.beyond[pawn]
    if isinstance(where, str) and where.startswith("outside "):
        return board.beyond.get(where.split()[1])
    return None


def the_way(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float] | None:
    """The board after the card: where each moved piece started (faded), each step as an arrow,
    every piece where it ended; the card played beside the board."""
    board = board_of(source.game)
    pieces = situation.get("pieces")
    positions = result.get("positions")
    if not isinstance(pieces, dict) or not isinstance(positions, dict):
        return None
    svg = board_svg(source, icons, board, coordinates=False)
    span = svg.width
    svg.width = span + 26
    svg.smallest = legible(svg.width, EXAMPLE_MM)
    before = {p: square_of(board, p, w) for p, w in pieces.items()}
    after = {p: square_of(board, p, w) for p, w in positions.items()}
    for name, start in before.items():
        if start is not None and after.get(name) != start:
            x, y = xy(board, *start)
            piece(svg, icons, name, x, y, faded=True)
    for step in result.get("steps") or []:
        _step(svg, icons, board, step)
    place_pieces(svg, icons, board, {p: sq for p, sq in after.items() if sq is not None})
    item = find_card(source, str(situation.get("play", "")))
    if item is not None:
        _card_beside(svg, icons, item, span)
    return svg, EXAMPLE_MM


def _step(svg: Svg, icons: Icons, board: Board, step: dict[str, Any]) -> None:
    """One step of the result as an arrow from square to square; a blocked step as a short arrow
    its way ending in a cross (a cross alone where it has no way: a Void step in the Void)."""
    name = str(step.get("piece"))
    start = square_of(board, name, step.get("from"))
    end = square_of(board, name, step.get("to"))
    if start is None:
        return
    colour = icons.on_paper(name) if name in icons.palette.elements else icons.colour("muted")
    x1, y1 = xy(board, *start)
    if not (step.get("blocked") or end is None or end == start):
        x2, y2 = xy(board, *end)
        svg.arrow(x1, y1, x2, y2, colour, width=0.9, head=2.6, shorten=CELL * 0.3)
        return
    dx, dy = _direction(board, str(step.get("symbol")), start)
    if (dx, dy) == (0, 0):
        _cross(svg, icons, x1 + CELL * 0.3, y1 - CELL * 0.3)
        return
    x2, y2 = x1 + dx * CELL * 0.75, y1 - dy * CELL * 0.75
    svg.arrow(x1, y1, x2, y2, colour, width=0.8, head=2.2, shorten=CELL * 0.3)
    _cross(svg, icons, x2 + dx * 1.4, y2 - dy * 1.4)


def _card_beside(svg: Svg, icons: Icons, item: Card, span: float) -> None:
    """The card played, right of the board, its name under it."""
    way_card(svg, icons, span + 4, 14, item, scale=1.4)
    for k, line in enumerate(_card_lines(item.name)):
        label(svg, span + 4 + W * 0.7, 14 + H * 1.4 + 5 + k * 4.8, line, bold=True)


def _card_lines(name: str) -> list[str]:
    words = name.split()
    return [" ".join(words[:-1]), words[-1]] if len(words) > 1 else words


def _direction(board: Board, symbol: str, start: Square) -> tuple[int, int]:
    """The way a step for `symbol` goes from `start` (a Void step: toward the centre)."""
    if symbol in board.way:
        return board.way[symbol]
    x, y = start
    return (-1 if x > 0 else 1 if x < 0 else 0), (-1 if y > 0 else 1 if y < 0 else 0)


def _cross(svg: Svg, icons: Icons, x: float, y: float) -> None:
    red = icons.tones("fire").fill
    svg.el(
        "path",
        d=f"M{x - 1.5},{y - 1.5}L{x + 1.5},{y + 1.5}M{x + 1.5},{y - 1.5}L{x - 1.5},{y + 1.5}",
        stroke=red,
        stroke_width=0.9,
        stroke_linecap="round",
    )
