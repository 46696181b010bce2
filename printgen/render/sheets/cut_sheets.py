"""`cards-cut.pdf` and `<deck>-cut.pdf`: the cards, or a deck's pieces, laid out for a
cutting machine (printgen.layout.cutsheet).

For Silhouette, each page of fronts carries Silhouette Studio's registration marks and is
followed by its page of backs (mirrored for long-edge duplex, moved by the printer's back
offset, no marks: the cutter reads the front); print both sides, then cut from the front.
For Cricut, the pages are Print Then Cut's 6.75 x 9.25 in image (Design Space prints its own
marks round it, one-sided): each page of fronts is followed by its page of backs, each back at
its front's place (not mirrored: the two are cut apart with the same contour and glued back
to back, each back on the front cut from the same place). The contour files (`cards-cut.svg`,
`.dxf`, `<deck>-cut.svg`, `.dxf`) use the same page and coordinates (printgen.layout.contour).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from printgen.layout.cutsheet import CutSheet, PieceCutSheet
from printgen.layout.duplex import NO_OFFSET, BackOffset
from printgen.layout.geometry import Rect
from printgen.layout.imposition import back_slot, split_pages
from printgen.layout.notes import FOOTER_DEPTH_MM, Band
from printgen.layout.sizes import MIN_MARGIN_MM
from printgen.model import Game
from printgen.render.draw import vector
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.faces.face import DeckFaces
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.pdf.fix import set_viewer_preferences, tidy_cairo_pdf
from printgen.render.sheets.card_sheets import _back_of, _flip, _place
from printgen.render.sheets.notes import NOTE_SEPARATOR, back_page, draw_footer
from printgen.render.sheets.piece_sheets import PieceFaces, paint_piece
from printgen.render.text.kit_words import kit_words
from printgen.render.text.lettering import Lettering


def silhouette_note(
    game: Game, deck: str, file: str, number: int, total: int
) -> tuple[str, tuple[str, ...]]:
    """A Silhouette page's footer, in the kit's language: how to print, which sheet, and how
    Silhouette Studio takes it (the print guide says it in full); and the names in it (the
    game's, the deck's), which a footer too long shortens first."""
    words = kit_words(game)
    how = words.say("silhouette_how", file=file)
    names = (words.game_name, words.deck_name(deck))
    return NOTE_SEPARATOR.join((words.duplex, words.sheet(deck, number, total), how)), names


def cut_pdf(
    game: Game,
    decks: Sequence[DeckFaces],
    drawings: dict[str, vector.Recorded],
    cut: CutSheet,
    offset: BackOffset = NO_OFFSET,
) -> bytes:
    """`cards-cut.pdf` as bytes: every printed card, deck after deck, each deck on new pages."""
    sheet = cut.sheet
    page = sheet.paper
    lettering = game_lettering(game)
    duplex = cut.cutter == "silhouette"
    out = io.BytesIO()
    surface = vector.pdf_surface(out, page.width, page.height, f"{game.name}: cards to cut")
    context = vector.mm_context(surface)
    for deck in decks:
        back = _back_of(deck, drawings, None)
        pages = split_pages(list(deck.run()), sheet.capacity)
        for number, faces in enumerate(pages, 1):
            for slot, face in zip(sheet.slots, faces, strict=False):
                _place(context, page, sheet.card_bleed, slot, drawings[face.svg])
            _marks(context, cut)
            if duplex:
                note = silhouette_note(game, deck.deck.name, "cards-cut.svg", number, len(pages))
                _note(context, cut, *note, lettering)
            surface.show_page()
            if not duplex:  # Cricut: the backs at their fronts' places, to cut and glue
                for slot, _ in zip(sheet.slots, faces, strict=False):
                    _place(context, page, sheet.card_bleed, slot, back)
                surface.show_page()
                continue
            with back_page(context, page, offset):
                for slot, _ in zip(sheet.slots, faces, strict=False):
                    mirrored = back_slot(sheet, slot.row, slot.column)
                    _place(context, page, sheet.card_bleed, mirrored, back)
            surface.show_page()
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=duplex)


def pieces_cut_pdf(
    game: Game,
    faces: PieceFaces,
    drawings: dict[str, vector.Recorded],
    cut: PieceCutSheet,
    offset: BackOffset = NO_OFFSET,
) -> bytes:
    """`<deck>-cut.pdf` as bytes: the deck's pieces, page after page, as `cut_pdf` lays
    cards (each Silhouette page of fronts followed by its mirrored backs)."""
    sheet = cut.sheet
    page = sheet.paper
    lettering = game_lettering(game)
    duplex = cut.cutter == "silhouette"
    name = faces.deck.name
    out = io.BytesIO()
    surface = vector.pdf_surface(out, page.width, page.height, f"{game.name}: {name} to cut")
    context = vector.mm_context(surface)
    pages = split_pages(list(faces.run()), sheet.capacity)
    for number, pieces in enumerate(pages, 1):
        placed = list(zip(sheet.places, pieces, strict=False))
        for place, (front, _) in placed:
            paint_piece(context, sheet, place, drawings[front.svg])
        _marks(context, cut)
        if duplex:
            note = silhouette_note(game, name, f"{name}-cut.svg", number, len(pages))
            _note(context, cut, *note, lettering)
        surface.show_page()
        if not duplex:  # Cricut: the backs at their fronts' places, to cut and glue
            for place, (_, back) in placed:
                paint_piece(context, sheet, place, drawings[back.svg])
            surface.show_page()
            continue
        with back_page(context, page, offset):
            for place, (_, back) in placed:
                paint_piece(context, sheet, sheet.back(place), drawings[back.svg])
        surface.show_page()
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=duplex)


def _marks(context: CairoContext, cut: CutSheet | PieceCutSheet) -> None:
    """The registration marks, solid black."""
    context.save()
    context.set_source_rgb(0, 0, 0)
    for mark in cut.marks:
        left, top, right, bottom = _flip(cut.page, mark)
        context.rectangle(left, top, right - left, bottom - top)
    context.fill()
    context.restore()


def _note(
    context: CairoContext,
    cut: CutSheet | PieceCutSheet,
    text: str,
    names: tuple[str, ...],
    lettering: Lettering | None,
) -> None:
    """How to print and cut, along the bottom between the bottom-left mark and the edge."""
    marks = Rect.union(list(cut.marks[3:])) if len(cut.marks) > 3 else None
    left = (marks.right + 10.0) if marks is not None else MIN_MARGIN_MM  # clear of the L
    rect = Rect(
        left, MIN_MARGIN_MM, cut.page.width - MIN_MARGIN_MM, MIN_MARGIN_MM + FOOTER_DEPTH_MM
    )
    draw_footer(context, cut.page, Band("bottom", rect), text, lettering, names)
