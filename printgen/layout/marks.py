"""Crop marks and alignment crosshairs as line segments (mm, origin bottom-left as in PDF).

Crop marks extend every cut line of a sheet (each vertical and horizontal trim line of the
grid, shared inner lines included, and with a gutter both trim lines of every card) out into
the margin, on both ends: a vertical cut line gets a mark below and above the grid, a
horizontal one a mark left and right of it. Each mark

- starts `offset_mm` (1 mm) beyond the printed area, the union of every card's bleed box, so
  it never touches a card's bleed even when the cut or the print is slightly off;
- is up to `length_mm` (5 mm) long, long enough to line up a ruler or a guillotine;
- ends at least `edge_mm` (2 mm) from the paper's edge, so it stays on the paper; where the
  margin leaves less than `min_length_mm` (0.5 mm) for it, or the cut line itself is closer
  than `edge_mm` to the edge (only with almost no margin), the mark is left out.

Marks sit only around the outside of the grid, never in a gutter: the gutter is at most a few
millimetres of white between two bleeds, and the outer marks already fix every cut line.

Poker cards on Letter show the tight case: the printed area is 4 mm from the top and bottom
edges, so the marks there run from 3 mm to 2 mm from the edge (1 mm long), while the side
margins of 10.35 mm take full 5 mm marks.

The marks of a backs sheet are the same segments: its grid is the front grid mirrored about the
page's centre line, and the front grid is centred.
"""

from __future__ import annotations

from printgen.layout.geometry import Point, Segment
from printgen.layout.imposition import Sheet

MARK_OFFSET_MM = 1.0
MARK_LENGTH_MM = 5.0
MARK_EDGE_MM = 2.0
MARK_MIN_LENGTH_MM = 0.5


def crop_marks(
    sheet: Sheet,
    *,
    offset_mm: float = MARK_OFFSET_MM,
    length_mm: float = MARK_LENGTH_MM,
    edge_mm: float = MARK_EDGE_MM,
    min_length_mm: float = MARK_MIN_LENGTH_MM,
) -> tuple[Segment, ...]:
    """Every crop mark of `sheet`: vertical cut lines left to right, then horizontal ones
    bottom to top, each as its (below, above) or (left, right) marks."""
    printed, paper = sheet.printed, sheet.paper
    sizes = (offset_mm, length_mm, edge_mm, min_length_mm)
    below = _outward(printed.bottom, -1, 0.0, *sizes)
    above = _outward(printed.top, +1, paper.height, *sizes)
    left = _outward(printed.left, -1, 0.0, *sizes)
    right = _outward(printed.right, +1, paper.width, *sizes)
    marks: list[Segment] = []
    for x in _away_from_edges(sheet.cut_xs, paper.width, edge_mm):
        marks.extend(Segment(x, span[0], x, span[1]) for span in (below, above) if span)
    for y in _away_from_edges(sheet.cut_ys, paper.height, edge_mm):
        marks.extend(Segment(span[0], y, span[1], y) for span in (left, right) if span)
    return tuple(marks)


def crosshair(center: Point, size_mm: float = 6.0) -> tuple[Segment, Segment]:
    """A `+` of two `size_mm` lines crossing at `center`, for lining up tiles."""
    half = size_mm / 2
    return (
        Segment(center.x - half, center.y, center.x + half, center.y),
        Segment(center.x, center.y - half, center.x, center.y + half),
    )


def _away_from_edges(lines: tuple[float, ...], paper: float, keep: float) -> list[float]:
    """The cut lines at least `keep` mm from both paper edges: with (almost) no margin, the
    cut line of an outer card can itself be too close to the edge to carry a mark."""
    return [line for line in lines if keep <= line <= paper - keep]


def _outward(
    edge: float,
    direction: int,
    paper_edge: float,
    offset: float,
    length: float,
    keep: float,
    min_length: float,
) -> tuple[float, float] | None:
    """Start and end of a mark leaving the printed area at `edge` towards `paper_edge`, or
    None when the margin leaves less than `min_length` for it.

    The end never comes closer than `keep` mm to the paper edge.
    """
    start = edge + direction * offset
    limit = paper_edge - direction * keep
    room = (limit - start) * direction
    if min(room, length) < min_length:
        return None
    return start, limit if room <= length else start + direction * length
