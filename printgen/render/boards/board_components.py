"""A gated grid board's components.pdf: fold-and-stand pawns in the gate colours and the player
aid cards, on one page of the chosen paper. Geometry in mm, y down (SVG).

A pawn is one strip, top to bottom: a base flap, the back face (upside down), the front face,
a base flap. Cut round the strip, fold at the three dashed lines, glue the two faces back to
back and bend the flaps outward: it stands `2 * base` deep and `width` wide, inside a square.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import DataError, Problem, RenderError
from printgen.layout.sizes import Size
from printgen.model import Game
from printgen.render.boards.box import Box
from printgen.render.boards.design import PartDesign, paper_size
from printgen.rules.engine import part_model

HEADER_MM = 16.0
GAP_MM = 5.0
FOOTER_MM = 12.0


@dataclass(frozen=True)
class Pawn:
    element: str
    colour_name: str
    strip: Box  # the cut outline
    folds: tuple[float, float, float]  # y of the fold lines: base/back, back/front, front/base
    back: Box
    front: Box


@dataclass(frozen=True)
class ComponentsPage:
    paper: Size
    margin: float
    header: Box
    cards: tuple[Box, ...]
    pawns: tuple[Pawn, ...]
    footer: Box


def components_page(
    game: Game, paper_name: str, design: PartDesign, square: float
) -> ComponentsPage:
    paper = paper_size(paper_name)
    margin = design.length("board", "page_margin")
    width, height = design.length("pawns", "width"), design.length("pawns", "height")
    base = design.length("pawns", "base")
    if width > square or 2 * base > square:
        raise RenderError(
            f"{design.path}: a {width:g} x {2 * base:g} mm pawn does not stand inside a"
            f" {square:g} mm square"
        )
    card = game.card_size
    if card is None:
        raise DataError([Problem(game.located.file, None, "card_size", "the aid card needs one")])
    copies = design.whole("aid", "copies")
    pawns = _pawn_elements(game)
    card_cols = 2
    card_rows = -(-copies // card_cols)
    cards_w = card_cols * card.width + (card_cols - 1) * GAP_MM
    cards_h = card_rows * card.height + (card_rows - 1) * GAP_MM
    strip_h = 2 * (base + height)
    pawn_cols = 2
    pawn_rows = -(-len(pawns) // pawn_cols)
    pawns_w = pawn_cols * width + (pawn_cols - 1) * GAP_MM
    pawns_h = pawn_rows * strip_h + (pawn_rows - 1) * GAP_MM
    total_w = cards_w + 2 * GAP_MM + pawns_w
    body_h = max(cards_h, pawns_h)
    room_w = paper.width - 2 * margin
    room_h = paper.height - 2 * margin - HEADER_MM - FOOTER_MM - 2 * GAP_MM
    if total_w > room_w or body_h > room_h:
        raise RenderError(f"{game.name}'s pawns and {copies} aid cards do not fit {paper} paper")
    x0 = margin + (room_w - total_w) / 2
    y0 = margin + HEADER_MM + GAP_MM
    cards = tuple(
        Box(
            x0 + (k % card_cols) * (card.width + GAP_MM),
            y0 + (k // card_cols) * (card.height + GAP_MM),
            card.width,
            card.height,
        )
        for k in range(copies)
    )
    px = x0 + cards_w + 2 * GAP_MM
    py = y0 + (body_h - pawns_h) / 2
    placed = []
    for k, (element, colour) in enumerate(pawns):
        x = px + (k % pawn_cols) * (width + GAP_MM)
        y = py + (k // pawn_cols) * (strip_h + GAP_MM)
        folds = (y + base, y + base + height, y + base + 2 * height)
        placed.append(
            Pawn(
                element,
                colour,
                Box(x, y, width, strip_h),
                folds,
                Box(x, folds[0], width, height),
                Box(x, folds[1], width, height),
            )
        )
    header = Box(margin, margin, room_w, HEADER_MM)
    footer = Box(margin, y0 + body_h + GAP_MM, room_w, FOOTER_MM)
    return ComponentsPage(paper, margin, header, cards, tuple(placed), footer)


def _pawn_elements(game: Game) -> list[tuple[str, str]]:
    """The pawns of the engine's board, each with its gate's colour word."""
    board = part_model(game, "board")
    raw = game.rules.get("board")
    specs = raw.get("gates") if isinstance(raw, dict) else None
    result = []
    for element in board.pawns:
        spec = specs.get(element) if isinstance(specs, dict) else None
        result.append((element, str(spec.get("colour", "")) if isinstance(spec, dict) else ""))
    return result


def components_pdf(game: Game, paper_name: str, design: PartDesign) -> bytes:
    """The bytes of components.pdf."""
    from printgen.render.boards.board_layout import moves
    from printgen.render.boards.board_render import the_board
    from printgen.render.boards.pdfkit import Page, assemble
    from printgen.render.design.game_palette import game_palette
    from printgen.render.svg import render_template

    layout = the_board(game, design)
    page = components_page(game, paper_name, design, layout.square)
    svg = render_template(
        f"{game.id}/components.svg.j2",
        pg=page,
        p=game_palette(game).to_template(),
        name=game.name,
        moves=moves(game, layout),
        square=layout.square,
    )
    return assemble([Page(svg)])
