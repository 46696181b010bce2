"""`cards.pdf`: fronts imposed on paper, each front sheet followed by its backs sheet, mirrored
for long-edge duplex (printgen.layout.imposition), with crop marks (printgen.layout.marks).

Each deck starts on a new sheet. Every unique face is one cairo recording, so the PDF holds it
once as a form XObject however many copies are placed; text stays text and each font is
embedded once, subset.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from printgen.layout.geometry import Rect
from printgen.layout.imposition import Sheet, Slot, back_slot, impose, split_pages
from printgen.layout.marks import crop_marks
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.model import Game
from printgen.render import vector
from printgen.render.faces import RECORD_BLEED_MM, DeckFaces, Face
from printgen.render.pdffix import tidy_cairo_pdf

MARK_WIDTH_MM = 0.1
CAPTION_SIZE_MM = 2.2
CAPTION_MIN_MARGIN_MM = 8.0


def deck_sheet(card: Size, paper: str, gutter_mm: float) -> Sheet:
    return impose(card, PAPER_SIZES[paper], gutter_mm=gutter_mm)


def cards_pdf(
    game: Game,
    decks: Sequence[DeckFaces],
    drawings: dict[str, vector.Recorded],
    paper: str,
    gutter_mm: float,
    crop: bool,
) -> bytes:
    """The whole `cards.pdf` as bytes. `drawings` maps each face's SVG to its recording."""
    assert game.card_size is not None
    sheet = deck_sheet(game.card_size, paper, gutter_mm)
    out = io.BytesIO()
    surface = vector.pdf_surface(out, sheet.paper.width, sheet.paper.height, f"{game.name}: cards")
    context = vector.mm_context(surface)
    marks = _marks(sheet) if crop else []
    for deck in decks:
        pages = split_pages(list(deck.run()), sheet.capacity)
        for number, faces in enumerate(pages, start=1):
            where = f"{game.name} · {deck.deck.name} · sheet {number} of {len(pages)}"
            for slot, face in zip(sheet.slots, faces, strict=False):
                _place(context, sheet, slot, drawings[face.svg])
            vector.stroke_segments(context, marks, MARK_WIDTH_MM)
            _caption(context, sheet, f"{where} · fronts")
            surface.show_page()
            for slot, _ in zip(sheet.slots, faces, strict=False):
                mirrored = back_slot(sheet, slot.row, slot.column)
                _place(context, sheet, mirrored, drawings[deck.back.svg])
            vector.stroke_segments(context, marks, MARK_WIDTH_MM)
            _caption(context, sheet, f"{where} · backs (print on the reverse, long-edge flip)")
            surface.show_page()
    surface.finish()
    return tidy_cairo_pdf(out.getvalue())


def placements(sheet: Sheet, count: int) -> list[tuple[Slot, Slot]]:
    """(front slot, back slot) of the first `count` cards of a sheet, for tests and tools."""
    return [(slot, back_slot(sheet, slot.row, slot.column)) for slot in sheet.slots[:count]]


def _flip(sheet: Sheet, rect: Rect) -> tuple[float, float, float, float]:
    """A layout rectangle (origin bottom-left) as (left, top, right, bottom) with y down."""
    h = sheet.paper.height
    return rect.left, h - rect.top, rect.right, h - rect.bottom


def _place(context: Any, sheet: Sheet, slot: Slot, drawing: vector.Recorded) -> None:
    left, top, _, _ = _flip(sheet, slot.image)
    offset = RECORD_BLEED_MM - sheet.card_bleed  # the recording's bleed is a little wider
    vector.paint(context, drawing, left - offset, top - offset, clip=_flip(sheet, slot.bleed))


def _marks(sheet: Sheet) -> list[tuple[float, float, float, float]]:
    h = sheet.paper.height
    return [(m.x1, h - m.y1, m.x2, h - m.y2) for m in crop_marks(sheet)]


def _caption(context: Any, sheet: Sheet, text: str) -> None:
    """A small line under the grid saying what the sheet is, where the margin has room."""
    if sheet.margins.bottom < CAPTION_MIN_MARGIN_MM:
        return
    vector.caption(context, text, sheet.paper.width / 2, sheet.paper.height - 3.6, CAPTION_SIZE_MM)


def faces_in(decks: Sequence[DeckFaces]) -> list[Face]:
    """Every distinct face (fronts and backs) once, in order of first use."""
    seen: dict[str, Face] = {}
    for deck in decks:
        for _, face in deck.fronts:
            seen.setdefault(face.svg, face)
        seen.setdefault(deck.back.svg, deck.back)
    return list(seen.values())
