"""A part's PDF: its faces on paper, drawn with cairo as the card sheets are (each face
recorded once and painted wherever it goes, so copies cost one drawing).

- Parts that fit the paper go several up (`printgen.layout.partsheet.pack`), each with a thin
  cut line round it, and a caption under them: what it is, how many, print at 100 %. A part
  as large as the paper (`size: paper`) is the page itself.
- A part larger than the paper is printed whole on one large sheet (A3 to A0, or its own
  size) for a print shop, then tiled across the paper (`printgen.layout.tiles`): each tile
  page has cut marks at the tile's corners, alignment crosshairs in the strips it shares with
  its neighbours, which tile joins on each side, and a label band with a map of the tiles
  (this one dark), its label (B1: column B, row 1, as a grid's cells), how to put them
  together and a 50 mm scale bar.

Millimetres with y down (a cairo context scaled to mm); the tiling's rectangles have y up and
are turned over here.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from printgen.layout.geometry import EPS, Point, Rect
from printgen.layout.notes import FOOTER_SIZE_MM
from printgen.layout.partsheet import (
    CAPTION_MM,
    LARGE_MARGIN_MM,
    Placed,
    fits,
    large_sheet,
    pack,
)
from printgen.layout.sizes import MIN_MARGIN_MM, Size
from printgen.layout.tiles import TILE_OVERLAP_MM, Tile, Tiling, on_fewest, tile_drawing
from printgen.layout.units import PT_PER_MM
from printgen.render.draw import vector
from printgen.render.draw.cairo_types import CairoContext, CairoSurface
from printgen.render.pdf.fix import set_viewer_preferences, tidy_cairo_pdf
from printgen.render.sheets.notes import TEXT_RGB, fit_note
from printgen.render.text.kit_words import SEP, KitWords, english_words
from printgen.render.text.lettering import Lettering

CUT_RGB = (0.45, 0.45, 0.45)
CUT_WIDTH_MM = 0.2
SHEET_MARGIN_MM = MIN_MARGIN_MM + 1.0
"""Parts keep this far from the paper's edge: their cut lines stay off the 5 mm kept clear."""
LABEL_BAND_MM = 12.0
MAP_CELL_MM = 2.6
CROSS_MM = 6.0
CUT_MARK_MM = 4.0
CUT_OFFSET_MM = 1.0
HINT_ROOM_MM = 6.0
HINT_SIZE_MM = 2.6
HEADING_MM = 24.0
"""Above a part on a large sheet, when there is room: the game, its subtitle, the part."""
NOTE_SIZE_MM = 2.6
"""7.4 pt: a part's note under it (how to cut, fold, assemble)."""
NOTE_LEADING_MM = 3.8
NOTE_GAP_MM = 3.0


@dataclass(frozen=True)
class Heading:
    """What a file of parts says about itself: the game, the file's title (`Board`,
    `Components`), the game's subtitle (under its name), each part's `note:` (label, note),
    printed under the parts on their sheets (a large part's under its title on its large
    sheet), and the game's accent colour for the rule under the heading."""

    game: str
    title: str
    subtitle: str = ""
    notes: tuple[tuple[str, str], ...] = ()
    accent: tuple[float, float, float] = (0.12, 0.11, 0.1)
    words: KitWords = field(default_factory=english_words)
    """printgen's own words on the pages, in the kit's language."""


@dataclass(frozen=True)
class Drawing:
    """One face to print: its recording, its size, and how many copies of it."""

    recorded: vector.Recorded
    size: Size
    copies: int
    label: str
    """What a person calls it on the page (`Score pad`, `Pawn 3`)."""
    outline: str = "rect"
    """The cut line round it: `rect`, `circle` (inside its size: a round token) or `none`
    (a tuck box's net has its own outline)."""


def parts_pdf(
    heading: Heading,
    drawings: Sequence[Drawing],
    paper: Size,
    lettering: Lettering,
    large_paper: str | None = None,
    overlap: float | None = None,
) -> bytes:
    """The PDF of one file of parts."""
    title = f"{heading.game} · {heading.title}"
    out = io.BytesIO()
    first, *under = drawings
    big = not fits_or_is_paper(first.size, paper)
    start = large_sheet(_with_under(first, under), large_paper) if big else paper
    surface = vector.pdf_surface(out, start.width, start.height, title)
    context = vector.mm_context(surface)
    if big:
        overlap_mm = TILE_OVERLAP_MM if overlap is None else overlap
        band = LABEL_BAND_MM
        tiles = on_fewest(  # the paper upright or turned: the fewer sheets
            tile_drawing(
                first.size, s, overlap_mm=overlap_mm, margin_mm=MIN_MARGIN_MM, label_band_mm=band
            )
            for s in (paper, paper.turned)
        )
        _large_page(context, surface, start, drawings, heading, tiles, lettering)
        for number, tile in enumerate(tiles.tiles, start=1):
            surface.set_size(tiles.paper.width * PT_PER_MM, tiles.paper.height * PT_PER_MM)
            _tile_page(context, tiles, tile, number, first, title, lettering, heading.words)
            surface.show_page()
    else:
        _sheets(context, surface, drawings, paper, heading, lettering)
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=False)


def _with_under(first: Drawing, under: Sequence[Drawing]) -> Size:
    """What a large sheet holds: the large part, and under it the other parts of its file
    (a legend), each on a row of its own, `NOTE_GAP_MM` apart."""
    width = max([first.size.width, *(d.size.width for d in under)])
    height = first.size.height + sum(d.size.height + NOTE_GAP_MM for d in under)
    return Size(width, height)


def fits_or_is_paper(size: Size, paper: Size) -> bool:
    """Whether a part prints on `paper` at home: within its sheet margin, or as the page
    itself; else it goes whole on a large sheet and is tiled."""
    return _is_paper(size, paper) or fits(size, paper, SHEET_MARGIN_MM)


def _is_paper(size: Size, paper: Size) -> bool:
    return abs(size.width - paper.width) < 0.01 and abs(size.height - paper.height) < 0.01


def _sheets(
    context: CairoContext,
    surface: CairoSurface,
    drawings: Sequence[Drawing],
    paper: Size,
    heading: Heading,
    lettering: Lettering,
) -> None:
    """Pages of the paper's size: page-sized parts one a page, the others packed with the
    parts' notes under them, and a heading above them when it costs no sheet."""
    for drawing in drawings:
        if _is_paper(drawing.size, paper):
            for _ in range(drawing.copies):
                vector.paint(context, drawing.recorded, 0.0, 0.0)
                surface.show_page()
    small = [d for d in drawings if not _is_paper(d.size, paper)]
    copies = [d for d in small for _ in range(d.copies)]
    notes = _note_lines(context, heading.notes, paper, lettering)
    reserve = len(notes) * NOTE_LEADING_MM + (NOTE_GAP_MM if notes else 0.0)
    sheets, top = _packed([d.size for d in copies], paper, reserve)
    for number, placed in enumerate(sheets, start=1):
        if top:
            width = paper.width - 2 * SHEET_MARGIN_MM
            _heading(context, paper, heading, (SHEET_MARGIN_MM, SHEET_MARGIN_MM, width), lettering)
        what = _paint_sheet(context, placed, copies)
        words = heading.words
        sheet = [words.say("sheet", n=number, total=len(sheets))] if len(sheets) > 1 else []
        below = max(s.y + s.h for s in placed) + NOTE_GAP_MM if top else None
        _notes(context, paper, notes, lettering, below)
        caption = SEP.join((words.say("print_100"), heading.game, what, *sheet))
        _caption(context, paper, caption, lettering)
        surface.show_page()


def _packed(sizes: list[Size], paper: Size, reserve: float) -> tuple[list[list[Placed]], float]:
    """The parts' copies packed on sheets with `reserve` mm kept for notes, and how far down
    they start: HEADING_MM when a heading above them costs no sheet, else 0."""
    sheets = pack(sizes, paper, SHEET_MARGIN_MM, reserve)
    headed = pack(sizes, paper, SHEET_MARGIN_MM, reserve + HEADING_MM, at_top=True) if sizes else []
    if sizes and len(headed) == len(sheets):
        return [[replace(s, y=s.y + HEADING_MM) for s in placed] for placed in headed], HEADING_MM
    return sheets, 0.0


def _paint_sheet(context: CairoContext, placed: list[Placed], copies: list[Drawing]) -> str:
    """Paint a sheet's parts, each with its cut line; say what they are (its caption's)."""
    for slot in placed:
        _paint(context, copies[slot.copy], slot)
        _cut_line(context, slot, copies[slot.copy].outline)
    return _what(copies[s.copy] for s in placed)


def _what(drawings: Iterable[Drawing]) -> str:
    """`Score pad ×2 · Tuck box`: the parts on a page, with their copies."""
    counts: dict[str, int] = {}
    for drawing in drawings:
        counts[drawing.label] = counts.get(drawing.label, 0) + 1
    return " · ".join(f"{name} ×{count}" if count > 1 else name for name, count in counts.items())


def _paint(context: CairoContext, drawing: Drawing, slot: Placed) -> None:
    """The face in its slot, a quarter turn clockwise when the slot is turned."""
    if not slot.turned:
        vector.paint(context, drawing.recorded, slot.x, slot.y)
        return
    context.save()
    context.translate(slot.x + slot.w, slot.y)
    context.rotate(math.pi / 2)
    vector.paint(context, drawing.recorded, 0.0, 0.0)
    context.restore()


def _cut_line(context: CairoContext, slot: Placed, outline: str) -> None:
    """The line to cut the part out along: its rectangle or the circle inside it."""
    if outline == "none":
        return
    context.save()
    context.set_source_rgb(*CUT_RGB)
    context.set_line_width(CUT_WIDTH_MM)
    if outline == "circle":
        radius = min(slot.w, slot.h) / 2
        context.arc(slot.x + slot.w / 2, slot.y + slot.h / 2, radius, 0, 2 * math.pi)
    else:
        context.rectangle(slot.x, slot.y, slot.w, slot.h)
    context.stroke()
    context.restore()


def _caption(context: CairoContext, paper: Size, text: str, lettering: Lettering) -> None:
    """One line at the foot of the page, inside the 5 mm kept clear, shortened to fit."""
    room = paper.width - 2 * MIN_MARGIN_MM
    size = FOOTER_SIZE_MM
    text = fit_note(text, room, lambda t: vector.caption_width(context, t, size, lettering))
    baseline = paper.height - MIN_MARGIN_MM - 0.3 * size
    vector.caption(context, text, paper.width / 2, baseline, size, TEXT_RGB, lettering)


def _large_page(
    context: CairoContext,
    surface: CairoSurface,
    sheet: Size,
    drawings: Sequence[Drawing],
    heading: Heading,
    tiles: Tiling,
    lettering: Lettering,
) -> None:
    """The whole part on one large sheet, centred above its caption, under a heading (the
    game, its subtitle, the part and its note) where the sheet has room above it, with the
    other parts of its file (a legend) under it, centred: those print on this sheet only
    (the home tiles hold the part alone)."""
    first = drawings[0]
    title = f"{heading.game} · {heading.title}"
    held = _with_under(first, drawings[1:])
    free = sheet.height - 2 * LARGE_MARGIN_MM - CAPTION_MM
    spare = free - held.height
    top = HEADING_MM if spare >= 2 * HEADING_MM else 0.0
    y = LARGE_MARGIN_MM + top + (spare - top) / 2
    if top:
        left = (sheet.width - held.width) / 2
        _heading(context, sheet, heading, (left, y - top, held.width), lettering, first.label)
    for drawing in drawings:
        vector.paint(context, drawing.recorded, (sheet.width - drawing.size.width) / 2, y)
        y += drawing.size.height + NOTE_GAP_MM
    home = tiles.paper.name.upper() if len(tiles.paper.name) <= 2 else tiles.paper.name.title()
    name = (
        sheet.name.upper() if sheet.name != "custom" else f"{sheet.width:g} x {sheet.height:g} mm"
    )
    count = len(tiles.tiles)
    words = heading.words
    at_home = words.say("at_home", last=count + 1, count=count, home=home)
    note = SEP.join((title, words.say("large_sheet", paper=name), at_home))
    _caption(context, sheet, note, lettering)
    surface.show_page()


def _heading(
    context: CairoContext,
    sheet: Size,
    heading: Heading,
    place: tuple[float, float, float],
    lettering: Lettering,
    part: str = "",
) -> None:
    """The game's name (bold) and subtitle left, the file's title right (with the note of
    `part`, a large part, under it), a rule in the game's accent under them, across `place`
    (its left, the heading's top, its width)."""
    left, top, width = place
    ink, muted = (0.12, 0.11, 0.1), TEXT_RGB
    _left_text(context, heading.game, left, top + 9.0, 9.0, ink, lettering, bold=True)
    if heading.subtitle:
        _left_text(context, heading.subtitle, left, top + 15.0, 3.6, muted, lettering)
    right = left + width
    _left_text(context, heading.title, right, top + 9.0, 4.4, ink, lettering, bold=True, end=True)
    note = dict(heading.notes).get(part, "") if part else ""
    if note:
        room = width / 2
        size = 3.2
        note = fit_note(note, room, lambda t: vector.caption_width(context, t, size, lettering))
        _left_text(context, note, right, top + 15.0, size, muted, lettering, end=True)
    vector.stroke_segments(
        context, [(left, top + 19.0, left + width, top + 19.0)], 0.5, heading.accent
    )


def _note_lines(
    context: CairoContext, notes: Sequence[tuple[str, str]], paper: Size, lettering: Lettering
) -> list[str]:
    """Each part's note as `Label: note`, wrapped to the sheet's width."""
    room = paper.width - 2 * SHEET_MARGIN_MM
    lines: list[str] = []
    for label, note in notes:
        words = f"{label}: {note}".split()
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if line and vector.caption_width(context, trial, NOTE_SIZE_MM, lettering) > room:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def _notes(
    context: CairoContext, paper: Size, lines: list[str], lettering: Lettering, top: float | None
) -> None:
    """The notes' lines left-aligned at the parts' margin: from `top` (just under the parts,
    on a sheet with a heading), else just above the caption band."""
    bottom = paper.height - MIN_MARGIN_MM - CAPTION_MM
    top = bottom - len(lines) * NOTE_LEADING_MM if top is None else top
    for number, line in enumerate(lines, start=1):
        baseline = top + number * NOTE_LEADING_MM - 1.0
        _left_text(context, line, SHEET_MARGIN_MM, baseline, NOTE_SIZE_MM, TEXT_RGB, lettering)


def _down(rect: Rect, height: float) -> tuple[float, float, float, float]:
    """A y-up rectangle as (x, y, w, h) with y down on a page `height` high."""
    return rect.left, height - rect.top, rect.width, rect.height


def _tile_page(
    context: CairoContext,
    tiles: Tiling,
    tile: Tile,
    number: int,
    drawing: Drawing,
    title: str,
    lettering: Lettering,
    words: KitWords,
) -> None:
    height = tiles.paper.height
    x, y, w, h = _down(tile.placement, height)
    offset_x = x - tile.source.left
    offset_y = y - (drawing.size.height - tile.source.top)
    vector.paint(context, drawing.recorded, offset_x, offset_y, clip=(x, y, x + w, y + h))
    _cut_marks(context, tiles, (x, y, w, h))
    for mark in tile.marks:
        _crosshair(context, Point(mark.x, height - mark.y), min(CROSS_MM, tiles.overlap))
    _neighbours(context, tiles, tile, (x, y, w, h), lettering, words)
    _label_band(context, tiles, tile, number, title, lettering, words)


def _cut_marks(
    context: CairoContext, tiles: Tiling, box: tuple[float, float, float, float]
) -> None:
    """Marks at the tile's corners, outside it, as long as the margin round it allows."""
    x, y, w, h = box
    paper = tiles.paper
    band_top = paper.height - MIN_MARGIN_MM - LABEL_BAND_MM
    room = min(x, y, paper.width - x - w) - MIN_MARGIN_MM
    room = min(room, band_top - (y + h) - 0.5)
    length = max(0.0, min(CUT_MARK_MM, room - CUT_OFFSET_MM))
    if length <= EPS:
        return
    lines = []
    for cx, dx in ((x, -1), (x + w, 1)):
        for cy, dy in ((y, -1), (y + h, 1)):
            lines.append((cx + dx * CUT_OFFSET_MM, cy, cx + dx * (CUT_OFFSET_MM + length), cy))
            lines.append((cx, cy + dy * CUT_OFFSET_MM, cx, cy + dy * (CUT_OFFSET_MM + length)))
    vector.stroke_segments(context, lines, CUT_WIDTH_MM)


def _crosshair(context: CairoContext, at: Point, size: float) -> None:
    """A circle on a white ground and a cross: lay one tile over the other until they meet."""
    k = size / 2
    context.save()
    context.arc(at.x, at.y, k * 0.55, 0, 2 * math.pi)
    context.set_source_rgba(1, 1, 1, 0.6)
    context.fill_preserve()
    context.set_source_rgb(0, 0, 0)
    context.set_line_width(CUT_WIDTH_MM)
    context.stroke()
    context.restore()
    vector.stroke_segments(
        context, [(at.x - k, at.y, at.x + k, at.y), (at.x, at.y - k, at.x, at.y + k)], CUT_WIDTH_MM
    )


def _neighbours(
    context: CairoContext,
    tiles: Tiling,
    tile: Tile,
    box: tuple[float, float, float, float],
    lettering: Lettering,
    words: KitWords,
) -> None:
    """`joins tile A2` beside each edge another tile joins, where the margin has room."""
    x, y, w, h = box
    paper = tiles.paper
    band_top = paper.height - MIN_MARGIN_MM - LABEL_BAND_MM
    sides = {
        (-1, 0): ("above", x + w / 2, y - 2.5, 0.0, y - MIN_MARGIN_MM),
        (1, 0): ("below", x + w / 2, y + h + 4.0, 0.0, band_top - y - h),
        (0, -1): ("left", x - 3.0, y + h / 2, -90.0, x - MIN_MARGIN_MM),
        (0, 1): ("right", x + w + 3.0, y + h / 2, 90.0, paper.width - MIN_MARGIN_MM - x - w),
    }
    for (dr, dc), (_, hx, hy, angle, room) in sides.items():
        r, c = tile.row + dr, tile.column + dc
        if not (0 <= r < tiles.rows and 0 <= c < tiles.columns) or room < HINT_ROOM_MM:
            continue
        context.save()
        context.translate(hx, hy)
        context.rotate(math.radians(angle))
        text = words.say("joins_tile", tile=tiles.tile(r, c).label)
        vector.caption(context, text, 0.0, 0.9, HINT_SIZE_MM, TEXT_RGB, lettering)
        context.restore()


def _label_band(
    context: CairoContext,
    tiles: Tiling,
    tile: Tile,
    number: int,
    title: str,
    lettering: Lettering,
    words: KitWords,
) -> None:
    """The foot of a tile page: the map of tiles, the tile's label, how to join, a scale bar."""
    paper = tiles.paper
    left = MIN_MARGIN_MM
    mid = paper.height - MIN_MARGIN_MM - LABEL_BAND_MM / 2
    top = mid - tiles.rows * MAP_CELL_MM / 2
    context.save()
    for r in range(tiles.rows):
        for c in range(tiles.columns):
            shade = 0.1 if (r, c) == (tile.row, tile.column) else 0.8
            context.set_source_rgb(shade, shade, shade)
            context.rectangle(
                left + c * MAP_CELL_MM, top + r * MAP_CELL_MM, MAP_CELL_MM - 0.4, MAP_CELL_MM - 0.4
            )
            context.fill()
    context.restore()
    x = left + tiles.columns * MAP_CELL_MM + 2.0
    _left_text(context, tile.label, x, mid + 2.5, 7.0, (0.1, 0.1, 0.1), lettering)
    x += vector.caption_width(context, tile.label, 7.0, lettering) + 3.0
    count = len(tiles.tiles)
    column = tile.label.rstrip("0123456789")
    where = words.say("tile_of", n=number, total=count, column=column, row=tile.row + 1)
    line1 = SEP.join((title, where))
    line2 = words.say("tile_how")
    room = paper.width - MIN_MARGIN_MM - 54.5 - x
    size = FOOTER_SIZE_MM
    for text, baseline in ((line1, mid - 0.6), (line2, mid + 2.8)):
        text = fit_note(text, room, lambda t: vector.caption_width(context, t, size, lettering))
        _left_text(context, text, x, baseline, size, TEXT_RGB, lettering)
    right = paper.width - MIN_MARGIN_MM - 0.5  # the line's ends stay off the clear edge
    bar_left = right - 50.0
    lines = [
        (bar_left, mid - 2.5, right, mid - 2.5),
        (bar_left, mid - 4.0, bar_left, mid - 1.0),
        (right, mid - 4.0, right, mid - 1.0),
    ]
    vector.stroke_segments(context, lines, 0.3)
    bar = words.say("bar_100")
    vector.caption(context, bar, bar_left + 25.0, mid + 1.6, size, TEXT_RGB, lettering)


def _left_text(
    context: CairoContext,
    text: str,
    x: float,
    baseline: float,
    size: float,
    rgb: tuple[float, float, float],
    lettering: Lettering,
    bold: bool = False,
    end: bool = False,
) -> None:
    """One line from `x` on its baseline (`end`: ending at `x`, right-aligned)."""
    width = vector.caption_width(context, text, size, lettering, bold)
    middle = x - width / 2 if end else x + width / 2
    vector.caption(context, text, middle, baseline, size, rgb, lettering, bold)
