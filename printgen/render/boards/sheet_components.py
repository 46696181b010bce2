"""A player sheet's components.pdf: labels for blank dice and a first-player token.

The dice are a component of game.yaml (`dice` unless the design's `dice.component` names
another), one row a die kind with its `count` and its `element`, and `faces:`. Each die gets
one block of face labels (its element's icon and the numbers 1..faces, the face value being
what the sheet reads), butted so that neighbours share their cut lines; the blocks of one
element share a row. The token is two discs to glue back to back.
Geometry in mm, y down (SVG).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.errors import DataError, Problem, RenderError
from printgen.layout.sizes import Size
from printgen.model import Game
from printgen.render.boards.box import Box
from printgen.render.boards.design import PartDesign, paper_size

HEADER_MM = 16.0
ROW_LABEL_MM = 28.0
BLOCK_GAP_MM = 6.0
ROW_GAP_MM = 6.0
TOKEN_GAP_MM = 10.0
LABEL_COLUMNS = 3


@dataclass(frozen=True)
class Face:
    value: int
    box: Box


@dataclass(frozen=True)
class DieBlock:
    element: str
    number: int  # 1-based among the dice of its element
    faces: tuple[Face, ...]

    @property
    def box(self) -> Box:
        xs = [f.box.x for f in self.faces] + [f.box.right for f in self.faces]
        ys = [f.box.y for f in self.faces] + [f.box.bottom for f in self.faces]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True)
class DiceRow:
    element: str
    name: str
    count: int
    label: Box
    blocks: tuple[DieBlock, ...]


@dataclass(frozen=True)
class DiceLabelsPage:
    paper: Size
    margin: float
    header: Box
    die: float
    label: float
    rows: tuple[DiceRow, ...]
    tokens: tuple[Box, Box]  # the token's two faces (squares around each disc)
    notes: Box

    @property
    def blocks(self) -> tuple[DieBlock, ...]:
        return tuple(b for r in self.rows for b in r.blocks)


def components_page(game: Game, paper_name: str, design: PartDesign) -> DiceLabelsPage:
    paper = paper_size(paper_name)
    margin = design.length("sheet", "margin")
    die, label = design.length("dice", "die"), design.length("dice", "label")
    if label > die:
        raise RenderError(f"{design.path}: a {label:g} mm label is larger than a {die:g} mm die")
    name = str(design.optional("dice", "component") or "dice")
    dice = game.components.get(name)
    if dice is None:
        known = ", ".join(game.components) or "none"
        raise DataError(
            [
                Problem(
                    game.located.file,
                    game.located.line_of("components"),
                    "components",
                    f"no component {name!r} to label as dice (the game has: {known})",
                )
            ]
        )
    faces = dice.faces or 6
    room = Box(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin)
    label_rows = -(-faces // LABEL_COLUMNS)
    block_w, block_h = LABEL_COLUMNS * label, label_rows * label
    per_line = max(1, int((room.w - ROW_LABEL_MM + BLOCK_GAP_MM) // (block_w + BLOCK_GAP_MM)))
    y = room.y + HEADER_MM
    rows = []
    for card in dice.cards:
        element = str(card.get("element") or card.id)
        start = y
        blocks = []
        for n in range(card.count):
            line, col = divmod(n, per_line)
            bx = room.x + ROW_LABEL_MM + col * (block_w + BLOCK_GAP_MM)
            by = start + line * (block_h + ROW_GAP_MM)
            blocks.append(
                DieBlock(
                    element,
                    n + 1,
                    tuple(
                        Face(
                            v + 1,
                            Box(
                                bx + (v % LABEL_COLUMNS) * label,
                                by + (v // LABEL_COLUMNS) * label,
                                label,
                                label,
                            ),
                        )
                        for v in range(faces)
                    ),
                )
            )
        lines = max(1, -(-card.count // per_line))
        height = lines * block_h + (lines - 1) * ROW_GAP_MM
        rows.append(
            DiceRow(
                element,
                card.name,
                card.count,
                Box(room.x, start, ROW_LABEL_MM, block_h),
                tuple(blocks),
            )
        )
        y = start + height + ROW_GAP_MM
    size = design.length("token", "diameter") + 2.0
    ty = y - ROW_GAP_MM + TOKEN_GAP_MM
    tokens = (Box(room.x, ty, size, size), Box(room.x + size + BLOCK_GAP_MM, ty, size, size))
    notes = Box(
        tokens[1].right + BLOCK_GAP_MM, ty, room.right - tokens[1].right - BLOCK_GAP_MM, size
    )
    if ty + size > room.bottom:
        raise RenderError(f"{len(dice.cards)} rows of dice labels do not fit {paper} paper")
    header = Box(room.x, room.y, room.w, HEADER_MM)
    return DiceLabelsPage(paper, margin, header, die, label, tuple(rows), tokens, notes)


def ring(count: int) -> list[tuple[float, float]]:
    """Unit offsets (x, y down) of `count` points around a circle, the first at the top."""
    return [
        (math.sin(2 * math.pi * k / count), -math.cos(2 * math.pi * k / count))
        for k in range(count)
    ]


def components_pdf(game: Game, paper_name: str, design: PartDesign) -> bytes:
    """The bytes of components.pdf."""
    from printgen.render.boards.pdfkit import Page, assemble
    from printgen.render.draw.svg import render_game_template
    from printgen.render.faces.game_palette import game_palette

    page = components_page(game, paper_name, design)
    svg = render_game_template(
        game.folder,
        "player-sheet-components.svg.j2",
        pg=page,
        p=game_palette(game).to_template(),
        name=game.name,
        elements=game.elements,
        ring=ring(len(game.elements)),
    )
    return assemble([Page(svg)])
