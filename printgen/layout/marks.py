"""Crop marks and alignment crosshairs as line segments (mm, origin bottom-left as in PDF).

Crop marks extend every cut line of a sheet (each vertical and horizontal trim line of the
grid, shared inner lines included, and with a gutter both trim lines of every card) out into
the margin, on both ends: a vertical cut line gets a mark below and above the grid, a
horizontal one a mark left and right of it. Each mark

- starts `offset_mm` (1 mm) beyond the printed area, the union of every card's bleed box, so
  it never touches a card's bleed even when the cut or the print is slightly off;
- is up to `length_mm` (5 mm) long, long enough to line up a ruler or a guillotine;
- ends at least `keep` from the paper's edge: 5 mm by default, the margin most home printers
  cannot print (DESIGN.md 10), and more on a side that carries the sheet's footer.

Where the margin outside the printed area leaves a mark under `USABLE_LENGTH_MM` (2 mm), the
mark is *moved onto the outer bleed* when it is longer there: it runs from the kept margin
towards the grid and stops `ON_BLEED_GAP_MM` short of the trim. The outer bleed is cut away
with the margin, so the mark never shows on a card; on a dark bleed the renderer gives it a
white edge. Poker cards on Letter show the case: three rows leave 6.35 mm above and below the
grid, the outer bleed is 1.35 mm (5 mm stay blank), and the top and bottom marks sit on that
bleed from 5 mm to 6.05 mm from the edge (1.05 mm long). A mark is left out only when even that
leaves under `min_length_mm`, or when its cut line itself lies in the kept margin.

Marks sit only around the outside of the grid, never in a gutter: the gutter is at most a few
millimetres of white between two bleeds, and the outer marks already fix every cut line.

The marks of a backs sheet are the same segments: its grid is the front grid mirrored about the
page's centre line, and the front grid is centred.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.geometry import Point, Rect, Segment
from printgen.layout.imposition import Sheet
from printgen.layout.sizes import MIN_MARGIN_MM

MARK_OFFSET_MM = 1.0
MARK_LENGTH_MM = 5.0
MARK_MIN_LENGTH_MM = 0.5
USABLE_LENGTH_MM = 2.0
"""A mark outside the printed area shorter than this is hard to line up: the mark moves onto
the bleed when it is longer there."""
ON_BLEED_GAP_MM = 0.3
"""How far short of the trim a mark moved onto the bleed stops."""


@dataclass(frozen=True)
class Keep:
    """How far from each paper edge no mark may come."""

    left: float = MIN_MARGIN_MM
    bottom: float = MIN_MARGIN_MM
    right: float = MIN_MARGIN_MM
    top: float = MIN_MARGIN_MM

    def inside(self, page: Rect) -> Rect:
        """The part of `page` marks may use."""
        return Rect(
            page.left + self.left,
            page.bottom + self.bottom,
            page.right - self.right,
            page.top - self.top,
        )


def crop_marks(
    sheet: Sheet,
    *,
    offset_mm: float = MARK_OFFSET_MM,
    length_mm: float = MARK_LENGTH_MM,
    keep: Keep | None = None,
    min_length_mm: float = MARK_MIN_LENGTH_MM,
) -> tuple[Segment, ...]:
    """Every crop mark of `sheet`: vertical cut lines left to right, then horizontal ones
    bottom to top, each as its (below, above) or (left, right) marks."""
    return marks_around(
        sheet.cut_xs,
        sheet.cut_ys,
        sheet.printed,
        sheet.grid,
        sheet.page,
        offset_mm=offset_mm,
        length_mm=length_mm,
        keep=keep,
        min_length_mm=min_length_mm,
    )


def marks_around(
    cut_xs: tuple[float, ...],
    cut_ys: tuple[float, ...],
    printed: Rect,
    grid: Rect,
    page: Rect,
    *,
    offset_mm: float = MARK_OFFSET_MM,
    length_mm: float = MARK_LENGTH_MM,
    keep: Keep | None = None,
    min_length_mm: float = MARK_MIN_LENGTH_MM,
    sides: str = "lbrt",
) -> tuple[Segment, ...]:
    """The marks of any grid: cut lines `cut_xs` and `cut_ys`, printed area `printed`, trim
    boxes spanning `grid`, on `page`; only on the `sides` named (l, b, r, t)."""
    room = (keep or Keep()).inside(page)
    sizes = (offset_mm, length_mm, min_length_mm)
    below = _span(printed.bottom, grid.bottom, -1, room.bottom, *sizes) if "b" in sides else None
    above = _span(printed.top, grid.top, +1, room.top, *sizes) if "t" in sides else None
    left = _span(printed.left, grid.left, -1, room.left, *sizes) if "l" in sides else None
    right = _span(printed.right, grid.right, +1, room.right, *sizes) if "r" in sides else None
    marks: list[Segment] = []
    for x in cut_xs:
        if room.left <= x <= room.right:
            marks.extend(Segment(x, span[0], x, span[1]) for span in (below, above) if span)
    for y in cut_ys:
        if room.bottom <= y <= room.top:
            marks.extend(Segment(span[0], y, span[1], y) for span in (left, right) if span)
    return tuple(marks)


def crosshair(center: Point, size_mm: float = 6.0) -> tuple[Segment, Segment]:
    """A `+` of two `size_mm` lines crossing at `center`, for lining up tiles."""
    half = size_mm / 2
    return (
        Segment(center.x - half, center.y, center.x + half, center.y),
        Segment(center.x, center.y - half, center.x, center.y + half),
    )


def _span(
    printed: float,
    trim: float,
    direction: int,
    limit: float,
    offset: float,
    length: float,
    min_length: float,
) -> tuple[float, float] | None:
    """Start and end of a mark leaving the grid towards the paper edge in `direction`, never
    past `limit`: outside the printed area when there is room, else on the outer bleed (see
    the module docstring), else None."""
    start = printed + direction * offset
    room = (limit - start) * direction
    outside = (start, limit if room <= length else start + direction * length)
    if min(room, length) >= min(USABLE_LENGTH_MM, length):
        return outside
    end = trim + direction * ON_BLEED_GAP_MM
    on_bleed = (limit - end) * direction
    if on_bleed >= min_length and on_bleed > room:
        return end, end + direction * min(on_bleed, length)
    return outside if room >= min_length else None
