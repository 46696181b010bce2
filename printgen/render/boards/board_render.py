"""A gated grid board's board.pdf and components.pdf (DESIGN.md section 6): `kit: [board]`.

board.pdf: page 1 is the whole board on one large sheet (A3, for a print shop); pages 2 and on
are the same board tiled across the chosen paper (A4 or Letter) with overlaps, crosshairs and
tile labels, to print at home. The board is drawn once and placed on every page as one PDF
form XObject, so every page shows exactly the same drawing.
"""

from __future__ import annotations

from typing import Any

from printgen.model import Game
from printgen.render.boards.board_layout import BoardLayout, board_layout, moves
from printgen.render.boards.design import PartDesign, design_of, paper_size
from printgen.render.outputs import Kind, Output

PART = "board"  # game.yaml `kit: [board]`; its design is <game folder>/board.yaml
EXIT_CONTRAST = 3.0  # WCAG's least contrast for graphics


def board_pdf(game: Game, paper_name: str, design: PartDesign | None = None) -> bytes:
    """The bytes of board.pdf."""
    from printgen.render.boards.board_pages import CUT_OFFSET_MM, large_page, tile_pages, tiling
    from printgen.render.boards.pdfkit import Page, Placement, assemble
    from printgen.render.draw.svg import render_game_template

    design = design or design_of(game, PART)
    layout = the_board(game, design)
    palette = _palette(game)
    paper = paper_size(paper_name)
    large = large_page(layout, design)
    tiles = tiling(layout, paper, design)
    pages = [
        Page(
            render_game_template(
                game.folder,
                "board-page.svg.j2",
                pg=large,
                b=layout,
                p=palette,
                name=game.name,
                subtitle=game.subtitle,
                moves=moves(game, layout),
                tiles=len(tiles.tiles),
                paper_name=paper.name.upper() if len(paper.name) <= 2 else paper.name.title(),
            ),
            Placement(large.board.x, large.paper.height - large.board.bottom),
        )
    ]
    for tile in tile_pages(tiles):
        svg = render_game_template(
            game.folder,
            "board-tile.svg.j2",
            t=tile,
            p=palette,
            paper=paper,
            name=game.name,
            count=len(tiles.tiles),
            rows=tiles.rows,
            columns=tiles.columns,
            mark_size=tiles.mark_size,
            cut_offset=CUT_OFFSET_MM,
        )
        offset = tile.tile.offset
        pages.append(Page(svg, Placement(offset.x, offset.y, tile.tile.source)))
    return assemble(pages, drawing_svg(game, layout, palette))


def the_board(game: Game, design: PartDesign) -> BoardLayout:
    """The board as drawn: its squares as large as the design asks and the large page allows."""
    from printgen.render.boards.board_pages import board_fit

    return board_layout(game, design, board_fit(design))


def drawing_svg(game: Game, layout: BoardLayout, palette: dict[str, Any] | None = None) -> str:
    from printgen.render.draw.svg import render_game_template

    return render_game_template(game.folder, "board.svg.j2", b=layout, p=palette or _palette(game))


def _palette(game: Game) -> dict[str, Any]:
    """The palette for templates, plus `exit`: per element, the colour of the marks drawn on
    its pale exit square (its own colour, or its dark tone where that is too faint)."""
    from printgen.render.faces.game_palette import game_palette
    from printgen.render.faces.palette import contrast

    palette = game_palette(game)
    data = palette.to_template()
    data["exit"] = {
        name: tones.fill if contrast(tones.fill, tones.light) >= EXIT_CONTRAST else tones.dark
        for name, tones in palette.elements.items()
    }
    return data


def board_files(game: Game, options: Any) -> dict[Output, bytes]:
    """The board and its small components (the kit names them)."""
    from printgen.render.boards.board_components import components_pdf

    design = design_of(game, PART)
    paper = str(getattr(options, "paper", "a4"))
    return {
        Output(Kind.BOARD): board_pdf(game, paper, design),
        Output(Kind.COMPONENTS): components_pdf(game, paper, design),
    }
