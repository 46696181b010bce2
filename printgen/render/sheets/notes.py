"""Drawing a sheet's margin notes and marks into a cairo context whose unit is the millimetre
with y running down (as in printgen.render.sheets.card_sheets): the footer ("print at
100 % ..."), the scale bar, crop marks and the fold line. Where they go is decided in
printgen.layout.notes; this module only draws.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager

from printgen.layout.duplex import BackOffset
from printgen.layout.geometry import Segment
from printgen.layout.notes import ASCENT, FOOTER_SIZE_MM, Band
from printgen.layout.sizes import Size
from printgen.render.draw import vector
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.text.lettering import Lettering

MARK_WIDTH_MM = 0.1
MARK_HALO_MM = 0.45
"""Marks moved onto a dark bleed stay visible with a white edge under the black line."""
SCALE_BAR_MM = 50.0
INCH_MM = 25.4
TEXT_RGB = (0.25, 0.23, 0.2)
NOTE_SEPARATOR = " · "
"""Between a note's parts: how to print, the game, the deck, the sheet."""
ELLIPSIS = "…"


def to_cairo(paper: Size, segments: Sequence[Segment]) -> list[tuple[float, float, float, float]]:
    """Layout segments (origin bottom-left) as cairo ones (y down)."""
    h = paper.height
    return [(s.x1, h - s.y1, s.x2, h - s.y2) for s in segments]


def draw_marks(context: CairoContext, paper: Size, marks: Sequence[Segment]) -> None:
    """Crop marks: black hairlines on a white edge."""
    lines = to_cairo(paper, marks)
    vector.stroke_segments(context, lines, MARK_HALO_MM, (1, 1, 1))
    vector.stroke_segments(context, lines, MARK_WIDTH_MM)


def draw_fold_line(context: CairoContext, paper: Size, line: Segment) -> None:
    """The fold: a dashed grey line."""
    context.save()
    context.set_dash([2.0, 1.5])
    vector.stroke_segments(context, to_cairo(paper, [line]), 0.2, (0.45, 0.45, 0.45))
    context.restore()


def _enter_band(context: CairoContext, paper: Size, band: Band) -> None:
    """Move the context's origin to the band's start, x along the band, y down into it (the
    note reads left to right, or upwards in a side band)."""
    rect = band.rect
    if band.side in ("bottom", "top"):
        context.translate(rect.left, paper.height - rect.top)
    else:
        context.translate(rect.left, paper.height - rect.bottom)
        context.rotate(-math.pi / 2)


def fit_note(
    text: str, room: float, measure: Callable[[str], float], names: Collection[str] = ()
) -> str:
    """`text` shortened to `room` (as `measure` sizes it): where shortening its `names` (the
    game's and the deck's, each down to NAME_KEPT letters) is enough, only they are, so an
    instruction (how a cutter takes the page) is read whole; else its longest part ends in
    an ellipsis, part after part, so the note stays inside the kept 5 mm and how to print
    and which sheet it is always show. The note's size cannot shrink instead: 6 pt is the
    smallest text printed."""
    parts = text.split(NOTE_SEPARATOR)
    if measure(text) <= room:
        return text
    named = list(parts)
    if _shorten_names(named, room, measure, names):
        return NOTE_SEPARATOR.join(named)
    return _longest_shortened(parts, room, measure)


NAME_KEPT = 8
"""The letters a name keeps when only the names of a note are shortened."""


def _shorten_names(
    parts: list[str], room: float, measure: Callable[[str], float], names: Collection[str]
) -> bool:
    """`parts` with their names shortened, longest first, to fit `room`; whether they fit."""
    shortened = set(names)
    while measure(NOTE_SEPARATOR.join(parts)) > room:
        long = [
            i for i, part in enumerate(parts) if part in shortened and len(part) > NAME_KEPT + 1
        ]
        if not long:
            return False
        index = max(long, key=lambda i: len(parts[i]))
        parts[index] = _cut(parts, index, room, measure, NAME_KEPT)
        shortened.add(parts[index])
    return True


def _longest_shortened(parts: list[str], room: float, measure: Callable[[str], float]) -> str:
    while measure(NOTE_SEPARATOR.join(parts)) > room:
        index = max(range(len(parts)), key=lambda i: len(parts[i]))
        if len(parts[index].removesuffix(ELLIPSIS)) <= 1:
            break
        parts[index] = _cut(parts, index, room, measure, 1)
    return NOTE_SEPARATOR.join(parts)


def _cut(
    parts: list[str], index: int, room: float, measure: Callable[[str], float], least: int
) -> str:
    """Part `index` cut to the most of its letters (at least `least`) that lets the note fit,
    with an ellipsis."""
    whole = parts[index].removesuffix(ELLIPSIS)

    def fits(keep: int) -> bool:
        trial = [*parts[:index], whole[:keep].rstrip() + ELLIPSIS, *parts[index + 1 :]]
        return measure(NOTE_SEPARATOR.join(trial)) <= room

    low, high = min(least, len(whole) - 1), len(whole) - 1  # searched by halves
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return whole[:low].rstrip() + ELLIPSIS


def draw_footer(
    context: CairoContext,
    paper: Size,
    band: Band,
    text: str,
    lettering: Lettering | None = None,
    names: Collection[str] = (),
) -> None:
    """One line of text centred in the band, at least 6 pt (FOOTER_SIZE_MM), shortened to
    the band's length (`fit_note`, its `names` first), in the game's `lettering`."""
    context.save()
    _enter_band(context, paper, band)
    text = fit_note(
        text,
        band.along,
        lambda t: vector.caption_width(context, t, FOOTER_SIZE_MM, lettering),
        names,
    )
    baseline = ASCENT * FOOTER_SIZE_MM
    vector.caption(context, text, band.along / 2, baseline, FOOTER_SIZE_MM, TEXT_RGB, lettering)
    context.restore()


def scale_bars(paper: Size) -> list[tuple[float, str]]:
    """The bars a sheet of `paper` carries: 50 mm always, 2 in too on Letter."""
    bars = [(SCALE_BAR_MM, "50 mm")]
    if paper.name == "letter":
        bars.append((2 * INCH_MM, "2 in"))
    return bars


MEASURE_NOTE = "measure the bar: it must be exactly this long, else print at 100 % (no scaling)"


def draw_scale_bar(
    context: CairoContext,
    paper: Size,
    band: Band,
    lettering: Lettering | None = None,
    note: str = MEASURE_NOTE,
) -> None:
    """Each bar of `scale_bars` with end ticks and its length under it, then what to check
    (`note`, in the kit's language: printgen.render.text.kit_words), shortened to the band's room
    past the bars."""
    context.save()
    _enter_band(context, paper, band)
    tick, x = 1.6, 2.0
    baseline = tick + 0.8 + ASCENT * FOOTER_SIZE_MM
    for length, label in scale_bars(paper):
        lines = [(x, tick / 2, x + length, tick / 2), (x, 0, x, tick)]
        lines.append((x + length, 0, x + length, tick))
        vector.stroke_segments(context, lines, 0.2)
        vector.caption(
            context, label, x + length / 2, baseline, FOOTER_SIZE_MM, TEXT_RGB, lettering
        )
        x += length + 8.0
    note = fit_note(
        note, band.along - x, lambda t: vector.caption_width(context, t, FOOTER_SIZE_MM, lettering)
    )
    middle = (x + band.along) / 2
    vector.caption(context, note, middle, baseline, FOOTER_SIZE_MM, TEXT_RGB, lettering)
    context.restore()


@contextmanager
def back_page(context: CairoContext, paper: Size, offset: BackOffset) -> Iterator[None]:
    """Draw a back page's whole content (cards, marks, footer) moved by the printer's back
    `offset` (printgen.layout.duplex): every back page of every duplex file is drawn inside
    this, so a new kind of back page gets the correction by being drawn here."""
    dx, dy = offset.on_back_page(paper)
    context.save()
    context.translate(dx, -dy)  # the context's y runs down
    try:
        yield
    finally:
        context.restore()
