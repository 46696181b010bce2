"""A game's files for a cutting machine (`build --cutter silhouette|cricut`, issue 33):
`cards-cut.pdf` (the cards inside the cutter's registration marks), `cards-cut.svg` and
`cards-cut.dxf` (each card's cut line, its corners rounded to the design's `corner_radius:`,
on the same page in the same coordinates); and for each deck of tiles or tokens the same
three files, `<deck>-cut.pdf/.svg/.dxf`, each piece cut along its own outline (a hexagon's
six sides, a circle, a rounded rectangle's corners).

One contour file serves every page of its PDF: it holds the places of the fullest page (a
whole page when the pieces fill one), so no blank paper is cut where a short deck leaves the
rest of its only page empty; on a later page that holds fewer, the extra lines cut blank paper
(delete them in the cutter's software, or leave them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TypeVar

from printgen.errors import RenderError
from printgen.kit.card_faces import GameFaces, recordings
from printgen.kit.options import BuildOptions
from printgen.kit.pieces import piece_faces
from printgen.layout import contour
from printgen.layout.cutsheet import (
    CutSheet,
    CutterError,
    PieceCutSheet,
    cut_sheet,
    piece_cut_sheet,
)
from printgen.layout.geometry import LayoutError
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.model import Component, Game
from printgen.render.draw import vector
from printgen.render.faces.render import Renderer
from printgen.render.outputs import Kind, Output
from printgen.render.sheets.card_sheets import faces_in
from printgen.render.sheets.cut_sheets import cut_pdf, pieces_cut_pdf

Laid = TypeVar("Laid", CutSheet, PieceCutSheet)

CARDS = "cards"
"""The name the cards' cut files go by (`cards-cut.pdf`); a deck of pieces' is its own."""


def cut_files(game: Game, options: BuildOptions) -> Iterator[tuple[Output, bytes]]:
    """The cutter's three files for the game's cards and for each deck of tiles or tokens
    (none without `--cutter`)."""
    cutter = options.cutter
    if not cutter:
        return
    paper = PAPER_SIZES[options.paper]
    offset = options.back_offset
    if game.card_size is not None and any(d.kind == "cards" for d in game.printed_decks):
        faces = GameFaces(game)
        decks = faces.decks()
        drawings = recordings(game, faces_in(decks))
        where = f"{game.located.file}:{game.located.line_of('card_size')}: card_size"
        cut = _laid(where, partial(cut_sheet, game.card_size, cutter, paper))
        yield Output(Kind.CUT_SHEETS, CARDS), cut_pdf(game, decks, drawings, cut, offset)
        fullest = max(deck.size for deck in decks)
        outlines = card_outlines(cut, faces.renderer.design.corner_radius)[:fullest]
        yield from _contours(game, CARDS, cut.page, outlines, cutter)
    for deck in game.piece_decks:
        if deck.kind != "dice":
            yield from _piece_files(game, deck, cutter, paper, options)


def _piece_files(
    game: Game, deck: Component, cutter: str, paper: Size, options: BuildOptions
) -> Iterator[tuple[Output, bytes]]:
    """One deck of pieces' cut files: its pieces on the cutter's page, and their outlines."""
    assert deck.shape is not None
    faces = piece_faces(Renderer(game, vector.CairoMeasure()), deck)
    drawings = recordings(game, [face for _, front, back in faces.fronts for face in (front, back)])
    where = f"{deck.where}: components.{deck.name}.size"
    cut = _laid(where, partial(piece_cut_sheet, deck.shape, cutter, paper))
    offset = options.back_offset
    yield Output(Kind.CUT_SHEETS, deck.name), pieces_cut_pdf(game, faces, drawings, cut, offset)
    count = sum(1 for _ in faces.run())
    yield from _contours(game, deck.name, cut.page, piece_outlines(cut)[:count], cutter)


def _laid(where: str, layout: Callable[[], Laid]) -> Laid:
    """A cutter's sheet, or the RenderError naming the card or deck too large for it."""
    try:
        return layout()
    except (LayoutError, CutterError) as exc:
        raise RenderError(
            f"{where}: {exc}: make it smaller, or build without --cutter and cut it by hand"
        ) from None


def _contours(
    game: Game, name: str, page: Size, outlines: Sequence[contour.Outline], cutter: str
) -> Iterator[tuple[Output, bytes]]:
    title = f"{game.name}: cut lines for {name}-cut.pdf ({cutter})"
    yield Output(Kind.CUT_CONTOUR, name), contour.svg(page, outlines, title)
    yield Output(Kind.CUT_DXF, name), contour.dxf(outlines)


def card_outlines(cut: CutSheet, radius: float) -> list[contour.Outline]:
    """Each card's trim on a full page, its corners rounded to `radius`."""
    return [contour.rounded_rect(trim, radius) for trim in cut.trims]


def piece_outlines(cut: PieceCutSheet) -> list[contour.Outline]:
    """Each piece's trim on a full page, along its own outline."""
    return [contour.of_piece(place.trim) for place in cut.sheet.places]
