"""`<deck>.pdf` for a deck of dice: face labels for blank dice, then (for six-sided dice) a
foldable net a die.

Labels (`printgen.layout.dicesheet`): each die's faces in a block, three a row, butted, with a
thin cut line round every label; each row of the deck on a line of its own with its name and
how many dice, under a heading that says what the labels are for and how to stick them (on a
d6, opposite faces add up to 7). Nets (`printgen.layout.dienet`): each face drawn at the die's
full edge, clipped to its square and past it only over a plain cut edge; glue tabs in light
grey, cut lines solid, folds dashed. Every page keeps the outer 5 mm blank and says how to
print it; the first carries the card sheets' scale bar (50 mm, and 2 in on Letter).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from printgen.layout.dicesheet import (
    NET_BLEED_MM,
    DieKind,
    LabelPage,
    label_pages,
    label_side,
    net_pages,
)
from printgen.layout.dieface import Polygon, label_outline, square_face
from printgen.layout.dienet import NET_FACES, Net
from printgen.layout.geometry import Rect
from printgen.layout.notes import FOOTER_DEPTH_MM, Band, place_band, scale_band
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.model import Card, Component, Game
from printgen.render.draw import vector
from printgen.render.draw.cairo_types import CairoContext, CairoSurface
from printgen.render.faces.face import RECORD_BLEED_MM, Face
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.faces.render import localised
from printgen.render.pdf.fix import set_viewer_preferences, tidy_cairo_pdf
from printgen.render.sheets.notes import TEXT_RGB, draw_footer, draw_scale_bar, to_cairo
from printgen.render.text.kit_words import SEP, KitWords, kit_words
from printgen.render.text.lettering import Lettering

LINE_MM = 0.3 * 25.4 / 72
CUT_RGB = (0.25, 0.23, 0.2)
FOLD_RGB = (0.45, 0.45, 0.45)
TAB_RGB = (0.9, 0.89, 0.86)


@dataclass(frozen=True)
class DiceFaces:
    """A deck of dice drawn: for each row, its faces at label size and at the die's edge."""

    deck: Component
    edge: float
    dice: tuple[tuple[Card, tuple[Face, ...], tuple[Face, ...]], ...]
    """(row, its faces as labels, its faces for the net), face 1 first."""


def dice_pdf(
    game: Game, faces: DiceFaces, drawings: Mapping[str, vector.Recorded], paper: str
) -> bytes:
    """The labels' pages, then the nets' (six-sided dice only)."""
    page = PAPER_SIZES[paper]
    lettering = game_lettering(game)
    words = kit_words(game)
    out = io.BytesIO()
    surface = vector.pdf_surface(out, page.width, page.height, f"{game.name}: {faces.deck.name}")
    context = vector.mm_context(surface)
    kinds = [DieKind(card.name, card.count, len(labels)) for card, labels, _ in faces.dice]
    labels = label_pages(kinds, faces.edge, page)
    for number, sheet in enumerate(labels, start=1):
        _label_page(context, game, faces, drawings, sheet, lettering, words)
        where = words.say("labels_sheet", n=number, total=len(labels))
        cut = words.say("cut_lines")
        deck = words.deck_name(faces.deck.name)
        note = SEP.join((words.one_sided, cut, words.game_name, deck, where))
        footer = _footer(context, page, sheet.printed, note, lettering)
        if number == 1:
            _scale_bar(context, page, sheet, footer, lettering, words)
        surface.show_page()
    if all(k.faces == NET_FACES for k in kinds):
        _net_pages(context, surface, game, faces, drawings, page, lettering, words)
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=False)


def _name(game: Game, card: Card) -> str:
    """A die's name in the language its faces print in (`name_fr` for `build --lang fr`)."""
    return str(localised(dict(card.fields), game.face_language).get("name") or card.name)


def _net_pages(
    context: CairoContext,
    surface: CairoSurface,
    game: Game,
    faces: DiceFaces,
    drawings: Mapping[str, vector.Recorded],
    page: Size,
    lettering: Lettering,
    words: KitWords,
) -> None:
    """A net for every die, as many a page as fit."""
    rows = [nets for card, _, nets in faces.dice for _ in range(card.count)]
    sheets = net_pages(len(rows), faces.edge, page)
    start = 0
    for number, sheet in enumerate(sheets, start=1):
        for net, row in zip(sheet.nets, rows[start : start + len(sheet.nets)], strict=True):
            _net(context, page, net, [drawings[face.svg] for face in row])
        start += len(sheet.nets)
        # the size the cube folds to
        where = words.say("nets_sheet", edge=words.number(faces.edge), n=number, total=len(sheets))
        how = words.say("nets_how")
        printed = Rect.union([_net_box(n) for n in sheet.nets])
        deck = words.deck_name(faces.deck.name)
        note = SEP.join((words.one_sided, how, words.game_name, deck, where))
        _footer(context, page, printed, note, lettering)
        surface.show_page()


def _label_page(
    context: CairoContext,
    game: Game,
    faces: DiceFaces,
    drawings: Mapping[str, vector.Recorded],
    sheet: LabelPage,
    lettering: Lettering,
    words: KitWords,
) -> None:
    page = sheet.paper
    if sheet.heading is not None:
        total = sum(card.count for card, _, _ in faces.dice)
        heading = sheet.heading
        _text(context, page, words.game_name, heading.left, heading.top - 6, 5.0, lettering)
        counts = {len(shown) for _, shown, _ in faces.dice}
        sizes = ", ".join(label_words(faces.edge, n, words) for n in sorted(counts))
        key = "labels_heading_one" if total == 1 else "labels_heading"
        what = words.say(key, n=total, edge=words.number(faces.edge), sizes=sizes)
        what += _opposite(counts, words)
        _text(context, page, what, heading.left, heading.top - 11, 2.8, lettering)
    for line in sheet.lines:
        card, labels, _ = faces.dice[line.kind]
        name = _name(game, card)
        _row_name(context, page, line.name, name, card, drawings[labels[0].svg], lettering, words)
        square_labels = square_face(len(labels))
        for block in line.blocks:
            for square, outline, face in zip(block.labels, block.outlines, labels, strict=True):
                _label(
                    context, page, square, None if square_labels else outline, drawings[face.svg]
                )
            context.save()
            context.set_source_rgb(*CUT_RGB)
            context.set_line_width(LINE_MM)
            for square, outline in zip(block.labels, block.outlines, strict=True):
                if square_labels:
                    context.rectangle(
                        square.left, page.height - square.top, square.width, square.height
                    )
                else:
                    _polygon(context, page, outline)
            context.stroke()
            context.restore()


def _label(
    context: CairoContext,
    page: Size,
    square: Rect,
    shaped: Polygon | None,
    drawing: vector.Recorded,
) -> None:
    """A face's label: its drawing on its square. Round it, to the edge of a label `shaped`
    as its face (a triangle's, a kite's), the colour the drawing has in its corner's bleed:
    its background."""
    background = None
    if shaped is not None:
        background = vector.colour_at(drawing, RECORD_BLEED_MM / 2, RECORD_BLEED_MM / 2)
    if shaped is not None and background is not None:
        context.save()
        context.set_source_rgb(*background)
        _polygon(context, page, shaped)
        context.fill()
        context.restore()
    _paint_in(context, page, square, drawing)


def _opposite(counts: set[int], words: KitWords) -> str:
    """How a deck's labels go on its dice, when all its dice have one count of faces with
    opposite faces (a d4 has none): a d6's blocks, else by the deck's face columns (Face 1
    opposite Face 8), as a numbered die's faces pair; not by what the labels print (a d10's
    may read 0 to 9)."""
    if len(counts) != 1:
        return ""
    (faces,) = counts
    if faces == NET_FACES:
        return words.say("opposite_d6")
    if faces % 2 or faces < NET_FACES:
        return ""
    return words.say("opposite_faces", faces=faces, before=faces - 1)


def _polygon(context: CairoContext, page: Size, outline: Polygon) -> None:
    first, *rest = outline
    context.move_to(first.x, page.height - first.y)
    for point in rest:
        context.line_to(point.x, page.height - point.y)
    context.close_path()


def label_words(edge: float, faces: int, words: KitWords) -> str:
    """A label's size as the heading says it: `14 mm each`, `triangles of 12.5 mm`,
    `kites 14.3 by 7.54 mm`."""
    if square_face(faces):
        return words.say("label_each", size=words.number(label_side(edge, faces), ".3g"))
    outline = label_outline(edge, faces)
    width = max(p.x for p in outline) - min(p.x for p in outline)
    height = max(p.y for p in outline) - min(p.y for p in outline)
    if len(outline) == 3:
        return words.say("label_triangles", size=words.number(width, ".3g"))
    return words.say(
        "label_kites", height=words.number(height, ".3g"), width=words.number(width, ".3g")
    )


BADGE_MM = 9.0
"""The picture of a row's first face beside its name."""


def _row_name(
    context: CairoContext,
    page: Size,
    room: Rect,
    name: str,
    card: Card,
    first: vector.Recorded,
    lettering: Lettering,
    words: KitWords,
) -> None:
    """A row of the deck, at the left of its dice: its first face small, its `name`, how
    many."""
    label = first.width_mm - 2 * RECORD_BLEED_MM
    scale = BADGE_MM / label
    context.save()
    context.translate(room.left, page.height - room.top)
    context.scale(scale, scale)
    vector.paint(context, first, -RECORD_BLEED_MM, -RECORD_BLEED_MM, clip=(0, 0, label, label))
    context.restore()
    name_at = room.top - BADGE_MM - 4
    _text(context, page, name, room.left, name_at, 3.2, lettering)
    count = words.say("count_die" if card.count == 1 else "count_dice", n=card.count)
    _text(context, page, count, room.left, name_at - 3.6, 2.4, lettering)


def _paint_in(
    context: CairoContext,
    page: Size,
    square: Rect,
    drawing: vector.Recorded,
    clip: Rect | None = None,
) -> None:
    """A face drawn with its trim on `square`, clipped to `clip` (default: the square)."""
    area = clip or square
    left, top = area.left, page.height - area.top
    vector.paint(
        context,
        drawing,
        square.left - RECORD_BLEED_MM,
        page.height - square.top - RECORD_BLEED_MM,
        clip=(left, top, left + area.width, top + area.height),
    )


def _net(context: CairoContext, page: Size, net: Net, drawings: Sequence[vector.Recorded]) -> None:
    context.save()
    context.set_source_rgb(*TAB_RGB)
    for corners in net.tabs:
        first, *rest = corners
        context.move_to(first.x, page.height - first.y)
        for p in rest:
            context.line_to(p.x, page.height - p.y)
        context.close_path()
    context.fill()
    context.restore()
    for square, sides, drawing in zip(net.faces, net.bleed_sides, drawings, strict=True):
        clip = square.grown(**{side: NET_BLEED_MM for side in sides})
        _paint_in(context, page, square, drawing, clip)
    vector.stroke_segments(context, to_cairo(page, net.cuts), LINE_MM, CUT_RGB)
    context.save()
    context.set_dash([1.5, 1.0])
    vector.stroke_segments(context, to_cairo(page, net.folds), LINE_MM, FOLD_RGB)
    context.restore()


def _net_box(net: Net) -> Rect:
    points = [(s.x1, s.y1) for s in net.cuts] + [(s.x2, s.y2) for s in net.cuts]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Rect(min(xs), min(ys), max(xs), max(ys)).outset(NET_BLEED_MM)


def _text(
    context: CairoContext,
    page: Size,
    text: str,
    left: float,
    baseline: float,
    size: float,
    lettering: Lettering,
) -> None:
    """One line of text starting at `left` (page coordinates, baseline up from the bottom)."""
    width = vector.caption_width(context, text, size, lettering)
    vector.caption(
        context, text, left + width / 2, page.height - baseline, size, TEXT_RGB, lettering
    )


def _footer(
    context: CairoContext, page: Size, printed: Rect, note: str, lettering: Lettering
) -> Band | None:
    band = place_band(Rect(0, 0, page.width, page.height), printed, FOOTER_DEPTH_MM)
    if band is not None:
        draw_footer(context, page, band, note, lettering)
    return band


def _scale_bar(
    context: CairoContext,
    page: Size,
    sheet: LabelPage,
    footer: Band | None,
    lettering: Lettering,
    words: KitWords,
) -> None:
    """The first labels page's scale bar, as a card sheet's (labels printed scaled no longer
    fit their dice): at the foot of the page, above the footer, clear of the labels and the
    heading (which spans the page's width)."""
    taken = Rect.union([sheet.printed, *([sheet.heading] if sheet.heading else [])])
    band = scale_band(Rect(0, 0, page.width, page.height), taken, footer, ())
    if band is not None:
        draw_scale_bar(context, page, band, lettering, words.say("measure_bar"))
