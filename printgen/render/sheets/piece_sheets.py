"""`<deck>.pdf` and `<deck>-fold.pdf` for a deck of pieces (tiles, tokens, cards of their own
size): the pieces packed on the paper by their shape (`printgen.layout.packing`), each sheet of
fronts followed by its sheet of backs mirrored for long-edge duplex, or for printers without
duplex each back beside its front, mirrored about a fold line.

Every piece's drawing is clipped to its printed outline (the trim grown by the bleed where
nothing is beyond, not at all across a side shared with a neighbour), so a hexagon's colour
stops at the hexagons around it and a token's at its circle. The fronts carry cut guides along
each outline (a thin grey line on the trim: crop marks cannot say where a circle is); a
rectangle gets crop marks instead, as cards do. Backs carry no guide, so a back printed a
little off never shows a line. Each sheet keeps the outer 5 mm blank, says how to print it, and
the first carries the scale bar; the file asks viewers for no scaling (and long-edge duplex).
Each unique face is one recording, placed as a form however many copies print.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from printgen.layout.duplex import NO_OFFSET, BackOffset
from printgen.layout.geometry import Rect, Segment
from printgen.layout.imposition import split_pages
from printgen.layout.marks import Keep, marks_around
from printgen.layout.notes import (
    BAND_GAP_MM,
    FOOTER_DEPTH_MM,
    Band,
    Side,
    combined_keep,
    place_band,
    scale_band,
)
from printgen.layout.packing import FoldPieces, PieceSheet, Place, fold_pack, pack
from printgen.layout.sizes import MIN_MARGIN_MM, PAPER_SIZES, Size
from printgen.model import Card, Component, Game
from printgen.render.draw import vector
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.draw.outlines import outline_path
from printgen.render.faces.face import RECORD_BLEED_MM, Face
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.faces.pieces import base_of
from printgen.render.faces.spec import CARD_BASE
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

GUIDE_PT = 0.3
"""A cut guide's width: over the 0.25 pt a print shop's preflight asks of any line."""
GUIDE_RGB = (0.45, 0.45, 0.45)
FOOTER_SIDES: tuple[Side, ...] = ("bottom", "left")


@dataclass(frozen=True)
class PieceFaces:
    """A deck of pieces drawn: each row's front, and its back (its own, with `sides: 2`, or
    the deck's one back)."""

    deck: Component
    fronts: tuple[tuple[Card, Face, Face], ...]
    """(row, front, back) for each row printed."""

    def run(self) -> Iterator[tuple[Face, Face]]:
        """Every piece printed, in data order, each row `count` times: (front, back)."""
        for card, front, back in self.fronts:
            for _ in range(card.count):
                yield front, back


@dataclass(frozen=True)
class Furniture:
    footer: Band | None
    scale: Band | None
    marks: tuple[Segment, ...]


FOOTER_MARGIN_MM = MIN_MARGIN_MM + FOOTER_DEPTH_MM + 2 * BAND_GAP_MM + 0.01
"""The margin that leaves room for a sheet's footer (how to print it) below or beside the
pieces, taken when the pieces packed at the 5 mm margin leave none (round tokens filling a
half page to fold)."""


PIECE_OUTER_MM = 1.5
"""The least art a piece keeps past its cut at the sheet's edge, as round tokens keep between
them (half their 3 mm gap): a grid of 25 mm squares filling the 200 mm between A4's margins,
or a row of tokens against the top margin, left the outer pieces none, and no room for a
square's side crop marks; such a sheet takes a column or row fewer. Card-sized pieces
(`base_of`: the card design) keep the card sheets' rule: their count first (poker cards on
Letter, three rows with 1.35 mm)."""


def _outer(deck: Component) -> float:
    return 0.0 if base_of(deck) == CARD_BASE else PIECE_OUTER_MM


def deck_sheet(deck: Component, paper: str, gutter_mm: float) -> PieceSheet:
    assert deck.shape is not None
    outer = _outer(deck)
    sheet = pack(deck.shape, PAPER_SIZES[paper], gutter_mm=gutter_mm, min_outer_mm=outer)
    if _has_footer(sheet.page, sheet.printed):
        return sheet
    return pack(
        deck.shape,
        PAPER_SIZES[paper],
        gutter_mm=gutter_mm,
        min_margin_mm=FOOTER_MARGIN_MM,
        min_outer_mm=outer,
    )


def fold_sheet(deck: Component, paper: str) -> FoldPieces:
    assert deck.shape is not None
    outer = _outer(deck)
    fold = fold_pack(deck.shape, PAPER_SIZES[paper], min_outer_mm=outer)
    if _has_footer(fold.page, fold.printed):
        return fold
    return fold_pack(
        deck.shape, PAPER_SIZES[paper], min_margin_mm=FOOTER_MARGIN_MM, min_outer_mm=outer
    )


def _has_footer(page: Rect, printed: Rect) -> bool:
    return place_band(page, printed, FOOTER_DEPTH_MM, FOOTER_SIDES) is not None


def pieces_pdf(
    game: Game,
    faces: PieceFaces,
    drawings: Mapping[str, vector.Recorded],
    paper: str,
    gutter_mm: float,
    crop: bool,
    offset: BackOffset = NO_OFFSET,
) -> bytes:
    """`<deck>.pdf`: fronts and mirrored backs, sheet after sheet, the backs moved by the
    printer's back `offset`."""
    sheet = deck_sheet(faces.deck, paper, gutter_mm)
    lettering = game_lettering(game)
    words = kit_words(game)
    out = io.BytesIO()
    surface = vector.pdf_surface(
        out, sheet.paper.width, sheet.paper.height, f"{game.name}: {faces.deck.name}"
    )
    context = vector.mm_context(surface)
    pages = split_pages(list(faces.run()), sheet.capacity)
    barred = False  # the scale bar: on the first sheet of fronts with room for it
    for number, pieces in enumerate(pages, start=1):
        where = words.sheet(faces.deck.name, number, len(pages))
        placed = list(zip(sheet.places, pieces, strict=False))
        used = [place for place, _ in placed]
        furniture = _furniture(sheet, sheet.page, sheet.printed, not barred, crop, used=used)
        barred = barred or furniture.scale is not None
        for place, (front, _) in placed:
            paint_piece(context, sheet, place, drawings[front.svg])
        if crop:
            _guides(context, sheet, [place for place, _ in placed])
        note = SEP.join((words.duplex, where, words.say("fronts")))
        _furnish(context, sheet.paper, furniture, note, lettering, words, faces.deck.name)
        surface.show_page()
        backs = [sheet.back(place) for place in used]
        furniture = _furniture(sheet, sheet.page, sheet.printed, False, crop, used=backs)
        with back_page(context, sheet.paper, offset):
            for place, (_, back) in placed:
                paint_piece(context, sheet, sheet.back(place), drawings[back.svg])
            note = SEP.join((words.duplex, where, words.say("backs")))
            _furnish(context, sheet.paper, furniture, note, lettering, words, faces.deck.name)
        surface.show_page()
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=True)


def pieces_fold_pdf(
    game: Game,
    faces: PieceFaces,
    drawings: Mapping[str, vector.Recorded],
    paper: str,
    crop: bool,
) -> bytes:
    """`<deck>-fold.pdf`: fronts on the left half, backs mirrored on the right, a fold line."""
    fold = fold_sheet(faces.deck, paper)
    sheet = fold.fronts
    lettering = game_lettering(game)
    words = kit_words(game)
    out = io.BytesIO()
    title = f"{game.name}: {faces.deck.name} to fold"
    surface = vector.pdf_surface(out, fold.paper.width, fold.paper.height, title)
    context = vector.mm_context(surface)
    pages = split_pages(list(faces.run()), fold.capacity)
    barred = False  # the scale bar: on the first sheet with room for it
    for number, pieces in enumerate(pages, start=1):
        where = words.sheet(faces.deck.name, number, len(pages))
        placed = list(zip(sheet.places, pieces, strict=False))
        used = [place for place, _ in placed]
        furniture = _furniture(sheet, fold.page, fold.printed, not barred, crop, fold, used)
        barred = barred or furniture.scale is not None
        for place, (front, back) in placed:
            paint_piece(context, sheet, place, drawings[front.svg])
            paint_piece(context, sheet, fold.back(place), drawings[back.svg])
        if crop:
            _guides(context, sheet, [place for place, _ in placed])
        draw_fold_line(context, fold.paper, fold.fold_line(_keep(furniture)))
        note = SEP.join((words.fold, where))
        _furnish(context, fold.paper, furniture, note, lettering, words, faces.deck.name)
        surface.show_page()
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=False)


def _furniture(
    sheet: PieceSheet,
    page: Rect,
    printed: Rect,
    first: bool,
    crop: bool,
    fold: FoldPieces | None = None,
    used: Sequence[Place] = (),
) -> Furniture:
    """A sheet's footer, its scale bar (`first`: the sheet asked for it), and a rectangle's
    crop marks round the places `used` (all of the sheet's when none are given)."""
    footer = place_band(page, printed, FOOTER_DEPTH_MM, FOOTER_SIDES)
    scale = None
    if first:  # clear of the pieces this sheet prints: a last sheet's room below them
        both = [*used, *(fold.back(place) for place in used)] if fold is not None else used
        pieces = Rect.union([place.printed.bounds for place in both]) if both else printed
        scale = scale_band(page, pieces, footer)
    marks: tuple[Segment, ...] = ()
    if crop and sheet.shape.kind in ("rect", "rounded"):
        keep = combined_keep([footer, scale])
        marks = _crop_marks(page, keep, fold, used or sheet.places)
    return Furniture(footer, scale, marks)


def _crop_marks(
    page: Rect, keep: Keep, fold: FoldPieces | None, used: Sequence[Place]
) -> tuple[Segment, ...]:
    """Crop marks round the rectangles a page prints (of both halves of a fold-over page):
    round the pieces themselves, not the sheet's whole grid, so twelve square tokens at the
    top of a sheet have no marks down its empty length."""
    boxes = [place.trim.bounds for place in used]
    xs = sorted({x for b in boxes for x in (b.left, b.right)})
    ys = sorted({y for b in boxes for y in (b.bottom, b.top)})
    printed = Rect.union([place.printed.bounds for place in used])
    grid = Rect.union(boxes)
    sides = "lbt" if fold is not None else "lbrt"
    marks = marks_around(tuple(xs), tuple(ys), printed, grid, page, keep=keep, sides=sides)
    if fold is None:
        return marks
    width = fold.paper.width
    mirrored_keep = Keep(left=keep.right, bottom=keep.bottom, right=keep.left, top=keep.top)
    right = marks_around(tuple(xs), tuple(ys), printed, grid, page, keep=mirrored_keep, sides=sides)
    return marks + tuple(Segment(width - m.x1, m.y1, width - m.x2, m.y2) for m in right)


def _keep(furniture: Furniture) -> Keep:
    return combined_keep([furniture.footer, furniture.scale])


def paint_piece(
    context: CairoContext, sheet: PieceSheet, place: Place, drawing: vector.Recorded
) -> None:
    """A piece's drawing at `place`, clipped to its printed outline (the cutter's sheet
    places pieces so too)."""
    paper = sheet.paper
    offset = sheet.shape.reach(RECORD_BLEED_MM) - sheet.shape.reach(sheet.bleed)
    context.save()
    outline_path(context, place.printed.flipped(paper.height))
    context.clip()
    left, top = place.image.left - offset, paper.height - place.image.top - offset
    vector.paint(context, drawing, left, top)
    context.restore()


def _guides(context: CairoContext, sheet: PieceSheet, places: Sequence[Place]) -> None:
    """Cut guides along each piece's trim (none for plain rectangles: they have crop marks),
    clipped to the paper less its clear edge: a piece may be cut right at the 5 mm margin,
    and half the line's width would print past it."""
    if sheet.shape.kind == "rect":
        return
    paper, clear = sheet.paper, MIN_MARGIN_MM
    context.save()
    context.rectangle(clear, clear, paper.width - 2 * clear, paper.height - 2 * clear)
    context.clip()
    context.set_source_rgb(*GUIDE_RGB)
    context.set_line_width(GUIDE_PT * 25.4 / 72)
    for place in places:
        outline_path(context, place.trim.flipped(paper.height))
        context.stroke()
    context.restore()


def _furnish(
    context: CairoContext,
    paper: Size,
    furniture: Furniture,
    note: str,
    lettering: Lettering,
    words: KitWords,
    deck: str,
) -> None:
    """A sheet's marks, footer (the game's and `deck`'s names shortened first when it is too
    long) and scale bar."""
    draw_marks(context, paper, furniture.marks)
    if furniture.footer is not None:
        names = (words.game_name, words.deck_name(deck))
        draw_footer(context, paper, furniture.footer, note, lettering, names)
    if furniture.scale is not None:
        draw_scale_bar(context, paper, furniture.scale, lettering, words.say("measure_bar"))
