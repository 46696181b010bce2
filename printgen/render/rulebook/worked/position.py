"""A position's picture (`printgen.rules.pictures.Position`): the board after a card. A piece
that moved is shown faded where it started, each step as an arrow, a blocked step as a short
arrow its way ending in a cross (a cross alone where it had no way); every piece where it
ended; the card played right of the board, its name under it."""

from __future__ import annotations

from printgen.layout.minicard import EXAMPLE_MM, H, W
from printgen.render.draw.svgdraw import Svg, legible
from printgen.render.rulebook.diagrams.square_board import CELL, board_svg, piece, place_pieces, xy
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked.framed_card import framed_card
from printgen.render.rulebook.worked.minicard import label
from printgen.rules.pictures import FramedCard, Move, Position, SquareBoard

CARD_SCALE = 1.4
BESIDE = 26  # the room right of the board for the card


def draw(picture: Position, icons: Icons) -> tuple[Svg, float]:
    """The board without its coordinates and the card beside it, printed EXAMPLE_MM wide."""
    board = picture.board
    svg = board_svg(icons, board, coordinates=False)
    span = svg.width
    svg.width = span + BESIDE
    svg.smallest = legible(svg.width, EXAMPLE_MM)
    for start in picture.before:
        piece(svg, icons, start.name, *xy(board, *start.at), faded=True)
    for move in picture.steps:
        _step(svg, icons, board, move)
    place_pieces(svg, icons, board, picture.after)
    if picture.card is not None:
        _card_beside(svg, icons, picture.card, span)
    return svg, EXAMPLE_MM


def _step(svg: Svg, icons: Icons, board: SquareBoard, move: Move) -> None:
    """A step as an arrow from square to square, in its piece's colour."""
    name = move.piece
    colour = icons.on_paper(name) if name in icons.palette.elements else icons.colour("muted")
    x1, y1 = xy(board, *move.start)
    if move.end is not None:
        x2, y2 = xy(board, *move.end)
        svg.arrow(x1, y1, x2, y2, colour, width=0.9, head=2.6, shorten=CELL * 0.3)
        return
    dx, dy = move.toward
    if (dx, dy) == (0, 0):
        _cross(svg, icons, x1 + CELL * 0.3, y1 - CELL * 0.3)
        return
    x2, y2 = x1 + dx * CELL * 0.75, y1 - dy * CELL * 0.75
    svg.arrow(x1, y1, x2, y2, colour, width=0.8, head=2.2, shorten=CELL * 0.3)
    _cross(svg, icons, x2 + dx * 1.4, y2 - dy * 1.4)


def _card_beside(svg: Svg, icons: Icons, item: FramedCard, span: float) -> None:
    """The card played, right of the board, its name under it."""
    framed_card(svg, icons, span + 4, 14, item, scale=CARD_SCALE)
    for k, line in enumerate(_card_lines(item.name)):
        label(svg, span + 4 + W * 0.7, 14 + H * CARD_SCALE + 5 + k * 4.8, line, bold=True)


def _card_lines(name: str) -> list[str]:
    words = name.split()
    return [" ".join(words[:-1]), words[-1]] if len(words) > 1 else words


def _cross(svg: Svg, icons: Icons, x: float, y: float) -> None:
    """A cross in fire's red: the step was blocked."""
    red = icons.tones("fire").fill
    svg.el(
        "path",
        d=f"M{x - 1.5},{y - 1.5}L{x + 1.5},{y + 1.5}M{x + 1.5},{y - 1.5}L{x - 1.5},{y + 1.5}",
        stroke=red,
        stroke_width=0.9,
        stroke_linecap="round",
    )
