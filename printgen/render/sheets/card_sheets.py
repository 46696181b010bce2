"""`cards.pdf` and `cards-fold.pdf`: card faces imposed on paper for printing at home.

- `cards.pdf`: fronts imposed on the paper, each front sheet followed by its backs sheet,
  mirrored for long-edge duplex (printgen.layout.imposition), with crop marks
  (printgen.layout.marks).
- `cards-fold.pdf`: for printers without duplex, each sheet carries fronts on its left half and
  their backs on the right, mirrored about a dashed fold line (printgen.layout.fold).

Every sheet keeps the outer 5 mm blank and carries a footer that says how to print it; the
first sheet carries a 50 mm scale bar (and a 2 in one on Letter) to check the print is at
100 %; the file asks viewers for no scaling (and long-edge duplex for cards.pdf) through its
viewer preferences (printgen.layout.notes, printgen.render.sheets.notes).

Each deck starts on a new sheet. Every unique face is one cairo recording, so the PDF holds it
once as a form XObject however many copies are placed; text stays text and each font is
embedded once, subset.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.layout.duplex import NO_OFFSET, BackOffset
from printgen.layout.fold import FoldSheet, fold_sheet
from printgen.layout.geometry import Rect, Segment
from printgen.layout.imposition import Sheet, Slot, back_slot, impose, split_pages
from printgen.layout.marks import crop_marks
from printgen.layout.notes import (
    FOOTER_DEPTH_MM,
    SCALE_BAR_DEPTH_MM,
    Band,
    combined_keep,
    place_band,
)
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.model import Game
from printgen.render.draw import vector
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.faces.face import RECORD_BLEED_MM, DeckFaces, Face
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.pdf.fix import set_viewer_preferences, tidy_cairo_pdf
from printgen.render.sheets.notes import (
    back_page,
    draw_fold_line,
    draw_footer,
    draw_marks,
    draw_scale_bar,
)
from printgen.render.text.kit_words import SEP, KitWords, kit_words
from printgen.render.text.lettering import Lettering

DUPLEX_NOTE = "print at 100 % (no scaling) · two-sided, flip on long edge"
"""How to print a sheet of cards, in English (each file says it in its kit's language,
printgen.render.text.kit_words; the fronts sheet adds the cutting order, the print guide's steps:
the side marks stay on the sheet until the cuts across need them)."""


@dataclass(frozen=True)
class Furniture:
    """What a sheet carries besides its cards: footer, scale bar (first sheet only), marks."""

    footer: Band | None
    scale: Band | None
    marks: tuple[Segment, ...]
    fold: Segment | None = None


@dataclass(frozen=True)
class Window:
    """Some sheets of one deck: those numbered `start` to `stop - 1` (from 0) of the deck
    `deck` (its index among the decks). A large deck's file is made a window at a time and
    the pieces joined (printgen.kit.card_pdfs); each sheet is drawn exactly as in the
    whole file (its footer's "sheet n of m", the scale bar on the file's first sheet)."""

    deck: int
    start: int
    stop: int


def deck_sheet(card: Size, paper: str, gutter_mm: float) -> Sheet:
    return impose(card, PAPER_SIZES[paper], gutter_mm=gutter_mm)


def deck_fold_sheet(card: Size, paper: str) -> FoldSheet:
    return fold_sheet(card, PAPER_SIZES[paper])


def sheet_furniture(sheet: Sheet, first: bool, crop: bool) -> Furniture:
    """The footer, scale bar and marks of a `cards.pdf` sheet (the first sheet or another)."""
    footer = place_band(sheet.page, sheet.printed, FOOTER_DEPTH_MM, ("bottom", "left"))
    scale = place_band(sheet.page, sheet.printed, SCALE_BAR_DEPTH_MM, ("top", "right"))
    scale = scale if first else None
    marks = crop_marks(sheet, keep=combined_keep([footer, scale])) if crop else ()
    return Furniture(footer, scale, marks)


def fold_furniture(fold: FoldSheet, first: bool, crop: bool) -> Furniture:
    """The footer, scale bar, outer marks and fold line of a `cards-fold.pdf` sheet."""
    footer = place_band(fold.page, fold.printed, FOOTER_DEPTH_MM, ("bottom", "left"))
    scale = place_band(fold.page, fold.printed, SCALE_BAR_DEPTH_MM, ("top", "right"))
    scale = scale if first else None
    keep = combined_keep([footer, scale])
    marks = fold.marks(keep) if crop else ()
    return Furniture(footer, scale, marks, fold.fold_line(keep))


def cards_pdf(
    game: Game,
    decks: Sequence[DeckFaces],
    drawings: dict[str, vector.Recorded],
    paper: str,
    gutter_mm: float,
    crop: bool,
    backs: dict[str, vector.Recorded] | None = None,
    window: Window | None = None,
    offset: BackOffset = NO_OFFSET,
) -> bytes:
    """The whole `cards.pdf` as bytes. `drawings` maps each face's SVG to its recording;
    `backs`, when given, replaces each deck's back by name (the ink-saving backs); `window`
    makes only some of its sheets (a piece of a large deck's file, see `Window`); every
    backs sheet is moved by the printer's back `offset`."""
    assert game.card_size is not None
    sheet = deck_sheet(game.card_size, paper, gutter_mm)
    lettering = game_lettering(game)
    words = kit_words(game)
    out = io.BytesIO()
    surface = vector.pdf_surface(out, sheet.paper.width, sheet.paper.height, f"{game.name}: cards")
    context = vector.mm_context(surface)
    first = True
    for index, deck in enumerate(decks):
        pages = split_pages(list(deck.run()), sheet.capacity)
        if window is not None and window.deck != index:
            first = first and not pages
            continue
        back = _back_of(deck, drawings, backs)
        for number, faces in enumerate(pages, start=1):
            if window is not None and not window.start <= number - 1 < window.stop:
                first = False
                continue
            where = words.sheet(deck.deck.name, number, len(pages))
            furniture = sheet_furniture(sheet, first, crop)
            for slot, face in zip(sheet.slots, faces, strict=False):
                _place(context, sheet.paper, sheet.card_bleed, slot, drawings[face.svg])
            note = SEP.join((words.duplex, where, words.say("fronts"), words.say("cut_order")))
            names = (words.game_name, words.deck_name(deck.deck.name))
            _furnish(context, sheet.paper, furniture, note, lettering, words, names)
            surface.show_page()
            furniture = sheet_furniture(sheet, False, crop)
            with back_page(context, sheet.paper, offset):
                for slot, _ in zip(sheet.slots, faces, strict=False):
                    mirrored = back_slot(sheet, slot.row, slot.column)
                    _place(context, sheet.paper, sheet.card_bleed, mirrored, back)
                note = SEP.join((words.duplex, where, words.say("backs")))
                _furnish(context, sheet.paper, furniture, note, lettering, words, names)
            surface.show_page()
            first = False
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=True)


def fold_pdf(
    game: Game,
    decks: Sequence[DeckFaces],
    drawings: dict[str, vector.Recorded],
    paper: str,
    crop: bool,
    backs: dict[str, vector.Recorded] | None = None,
    window: Window | None = None,
) -> bytes:
    """The whole `cards-fold.pdf` as bytes: fronts left, backs right, fold line between;
    `window` makes only some of its sheets."""
    assert game.card_size is not None
    fold = deck_fold_sheet(game.card_size, paper)
    page = fold.paper
    lettering = game_lettering(game)
    words = kit_words(game)
    out = io.BytesIO()
    surface = vector.pdf_surface(out, page.width, page.height, f"{game.name}: cards to fold")
    context = vector.mm_context(surface)
    first = True
    for index, deck in enumerate(decks):
        pages = split_pages(list(deck.run()), fold.capacity)
        if window is not None and window.deck != index:
            first = first and not pages
            continue
        back = _back_of(deck, drawings, backs)
        for number, faces in enumerate(pages, start=1):
            if window is not None and not window.start <= number - 1 < window.stop:
                first = False
                continue
            where = words.sheet(deck.deck.name, number, len(pages))
            furniture = fold_furniture(fold, first, crop)
            bleed = fold.fronts.card_bleed
            for slot, face in zip(fold.fronts.slots, faces, strict=False):
                _place(context, page, bleed, slot, drawings[face.svg])
                _place(context, page, bleed, fold.back(slot), back)
            names = (words.game_name, words.deck_name(deck.deck.name))
            note = SEP.join((words.fold, where))
            _furnish(context, page, furniture, note, lettering, words, names)
            surface.show_page()
            first = False
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=False)


def _back_of(
    deck: DeckFaces,
    drawings: dict[str, vector.Recorded],
    backs: dict[str, vector.Recorded] | None,
) -> vector.Recorded:
    if backs is not None and deck.back.name in backs:
        return backs[deck.back.name]
    return drawings[deck.back.svg]


def _flip(paper: Size, rect: Rect) -> tuple[float, float, float, float]:
    """A layout rectangle (origin bottom-left) as (left, top, right, bottom) with y down."""
    h = paper.height
    return rect.left, h - rect.top, rect.right, h - rect.bottom


def _place(
    context: CairoContext, paper: Size, card_bleed: float, slot: Slot, drawing: vector.Recorded
) -> None:
    left, top, _, _ = _flip(paper, slot.image)
    offset = RECORD_BLEED_MM - card_bleed  # the recording's bleed is a little wider
    vector.paint(context, drawing, left - offset, top - offset, clip=_flip(paper, slot.bleed))


def _furnish(
    context: CairoContext,
    paper: Size,
    furniture: Furniture,
    footer: str,
    lettering: Lettering,
    words: KitWords,
    names: tuple[str, ...] = (),
) -> None:
    """A sheet's marks, fold line, footer (its `names`, the game's and the deck's, shortened
    first when it is too long) and scale bar."""
    draw_marks(context, paper, furniture.marks)
    if furniture.fold is not None:
        draw_fold_line(context, paper, furniture.fold)
    if furniture.footer is not None:
        draw_footer(context, paper, furniture.footer, footer, lettering, names)
    if furniture.scale is not None:
        draw_scale_bar(context, paper, furniture.scale, lettering, words.say("measure_bar"))


def faces_in(decks: Sequence[DeckFaces]) -> list[Face]:
    """Every distinct face (fronts and backs) once, in order of first use."""
    seen: dict[str, Face] = {}
    for deck in decks:
        for _, face in deck.fronts:
            seen.setdefault(face.svg, face)
        seen.setdefault(deck.back.svg, deck.back)
    return list(seen.values())
