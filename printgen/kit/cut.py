"""A game's files for a cutting machine (`build --cutter silhouette|cricut`, issue 33):
`cards-cut.pdf` (the cards inside the cutter's registration marks), `cards-cut.svg` and
`cards-cut.dxf` (each card's cut line, its corners rounded to the design's `corner_radius:`,
on the same page in the same coordinates)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from printgen.kit.card_faces import GameFaces, recordings
from printgen.layout import contour
from printgen.layout.cutsheet import CutSheet, cut_sheet
from printgen.layout.duplex import NO_OFFSET
from printgen.layout.sizes import PAPER_SIZES
from printgen.model import Game
from printgen.render.outputs import Kind, Output
from printgen.render.sheets.card_sheets import faces_in
from printgen.render.sheets.cut_sheets import cut_pdf


def cut_files(game: Game, options: Any) -> Iterator[tuple[Output, bytes]]:
    """The cutter's three files for the game's cards (none without `--cutter`)."""
    cutter = getattr(options, "cutter", None)
    if not cutter or game.card_size is None:
        return
    faces = GameFaces(game)
    decks = faces.decks()
    drawings = recordings(game, faces_in(decks))
    cut = cut_sheet(game.card_size, cutter, PAPER_SIZES[options.paper])
    offset = getattr(options, "back_offset", NO_OFFSET)
    yield Output(Kind.CUT_SHEETS), cut_pdf(game, decks, drawings, cut, offset)
    outlines = card_outlines(cut, faces.renderer.design.corner_radius)
    title = f"{game.name}: cut lines for cards-cut.pdf ({cutter})"
    yield Output(Kind.CUT_CONTOUR), contour.svg(cut.page, outlines, title)
    yield Output(Kind.CUT_DXF), contour.dxf(outlines)


def card_outlines(cut: CutSheet, radius: float) -> list[contour.Outline]:
    """Each card's trim on a full page, its corners rounded to `radius`."""
    return [contour.rounded_rect(trim, radius) for trim in cut.trims]
