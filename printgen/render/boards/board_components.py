"""A gated grid board's components.pdf: fold-and-stand pawns in the gate colours and the player
aid cards, on the chosen paper: the pawns and the aid cards that fit beside them on the first
page, the other aid cards on the pages after it. Geometry in mm, y down (SVG).

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
AIDS_FOOTER_MM = 7.0  # a page of aid cards alone: one line under them


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


def components_pages(
    game: Game, paper_name: str, design: PartDesign, square: float
) -> tuple[ComponentsPage, ...]:
    """The pawns with as many aid cards beside them as the first page holds, then the other
    aid cards on as many more pages as they need (a tarot or square card takes more room)."""
    paper = paper_size(paper_name)
    margin = design.length("board", "page_margin")
    width, height = design.length("pawns", "width"), design.length("pawns", "height")
    base = design.length("pawns", "base")
    if width > square or 2 * base > square:
        raise RenderError(
            f"{design.path}: a {width:g} x {2 * base:g} mm pawn does not stand inside a"
            f" {square:g} mm square"
        )
    if game.card_size is None:
        raise DataError([Problem(game.located.file, None, "card_size", "the aid card needs one")])
    card = aid_size(game.card_size, design)
    copies = design.whole("aid", "copies")
    pawns = _pawn_elements(game)
    strip_h = 2 * (base + height)
    pawn_cols = 2
    pawn_rows = -(-len(pawns) // pawn_cols)
    pawns_w = pawn_cols * width + (pawn_cols - 1) * GAP_MM
    pawns_h = pawn_rows * strip_h + (pawn_rows - 1) * GAP_MM
    room_w = paper.width - 2 * margin
    room_h = paper.height - 2 * margin - HEADER_MM - FOOTER_MM - 2 * GAP_MM
    if pawns_w > room_w or pawns_h > room_h:
        raise RenderError(f"{game.name}'s {len(pawns)} pawns do not fit {paper} paper")
    beside = _columns(room_w - pawns_w - 2 * GAP_MM, room_h, card)
    alone = _columns(room_w, room_h + FOOTER_MM - AIDS_FOOTER_MM, card)
    if alone[0] * alone[1] == 0:
        raise RenderError(f"{game.name}'s {card} aid card does not fit {paper} paper")
    first = min(copies, beside[0] * beside[1])
    cards_w, cards_h = _span(beside[0], first, card)
    body_h = max(cards_h, pawns_h)
    gap = 2 * GAP_MM if first else 0.0  # between the cards and the pawns
    x0 = margin + (room_w - cards_w - gap - pawns_w) / 2
    y0 = margin + HEADER_MM + GAP_MM
    placed = _pawns(
        pawns, x0 + cards_w + gap, y0 + (body_h - pawns_h) / 2, pawn_cols, width, height, base
    )
    header = Box(margin, margin, room_w, HEADER_MM)
    pages = [
        ComponentsPage(
            paper,
            margin,
            header,
            _cards(x0, y0, beside[0], first, card),
            placed,
            Box(margin, y0 + body_h + GAP_MM, room_w, FOOTER_MM),
        )
    ]
    done = first
    while done < copies:
        count = min(copies - done, alone[0] * alone[1])
        w, h = _span(alone[0], count, card)
        cards = _cards(margin + (room_w - w) / 2, y0, alone[0], count, card)
        footer = Box(margin, y0 + h + GAP_MM, room_w, AIDS_FOOTER_MM)
        pages.append(ComponentsPage(paper, margin, header, cards, (), footer))
        done += count
    return tuple(pages)


def aid_size(card: Size, design: PartDesign) -> Size:
    """The aid card: the deck's card size, or that card scaled up to the design's
    `aid: min_width:` when it is narrower. The aid's lines are set for a card that wide and
    cannot shrink under 6 pt (on a mini card they ran past its sides); it is not shuffled
    into the deck, so it may be larger, and it keeps the deck's proportions."""
    if design.optional("aid", "min_width") is None:
        return card
    least = design.length("aid", "min_width")
    if card.width >= least:
        return card
    return Size(least, card.height * least / card.width, card.name)


def _pawns(
    pawns: list[tuple[str, str]],
    px: float,
    py: float,
    cols: int,
    width: float,
    height: float,
    base: float,
) -> tuple[Pawn, ...]:
    """The pawn strips in rows of `cols` from (px, py), each with its fold lines and faces."""
    strip_h = 2 * (base + height)
    placed = []
    for k, (element, colour) in enumerate(pawns):
        x = px + (k % cols) * (width + GAP_MM)
        y = py + (k // cols) * (strip_h + GAP_MM)
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
    return tuple(placed)


def _columns(room_w: float, room_h: float, card: Size) -> tuple[int, int]:
    """How many columns and rows of aid cards a room holds, with a gap between them."""
    cols = int((room_w + GAP_MM) // (card.width + GAP_MM))
    rows = int((room_h + GAP_MM) // (card.height + GAP_MM))
    return max(0, cols), max(0, rows)


def _span(cols: int, count: int, card: Size) -> tuple[float, float]:
    """The width and height of `count` cards in rows of `cols` (0 x 0 for none)."""
    if count == 0:
        return 0.0, 0.0
    cols = min(cols, count)
    rows = -(-count // cols)
    return cols * card.width + (cols - 1) * GAP_MM, rows * card.height + (rows - 1) * GAP_MM


def _cards(x0: float, y0: float, cols: int, count: int, card: Size) -> tuple[Box, ...]:
    """`count` aid cards in rows of `cols` from (x0, y0)."""
    return tuple(
        Box(
            x0 + (k % cols) * (card.width + GAP_MM),
            y0 + (k // cols) * (card.height + GAP_MM),
            card.width,
            card.height,
        )
        for k in range(count)
    )


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
    from printgen.render.draw.svg import render_game_template
    from printgen.render.faces.game_palette import game_palette

    layout = the_board(game, design)
    palette = game_palette(game).to_template()
    rows = moves(game, layout)
    pages = components_pages(game, paper_name, design, layout.square)
    return assemble(
        [
            Page(
                render_game_template(
                    game.folder,
                    "board-components.svg.j2",
                    pg=page,
                    p=palette,
                    name=game.name,
                    moves=rows,
                    square=layout.square,
                    number=number,
                    pages=len(pages),
                )
            )
            for number, page in enumerate(pages, start=1)
        ]
    )
