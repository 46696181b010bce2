"""Tiling: a drawing larger than the paper (a board) split across pages that overlap.

Millimetres; the drawing and each page have their origin at the bottom-left (as in PDF). The
drawing is printed at full size (no scaling), so a 30 mm square stays 30 mm.

- Each page prints a *tile* of the drawing inside the paper less `margin_mm` on every side and
  less a band of `label_band_mm` at the bottom, which holds the tile's label ("B2").
- Tiles are as many as needed per axis and all the same size along it: the drawing plus the
  overlaps, shared out evenly, so no page carries a thin sliver. Neighbouring tiles overlap by
  exactly `overlap_mm`, the first starts at the drawing's edge and the last ends at the other.
- Each tile is centred in the page's free area.
- Labels: columns are letters from the left (A, B, ... Z, AA, AB ...), rows numbers from the
  top, as a board's grid names its cells (`layout.grid`) and a spreadsheet its cells: "A1" is
  the top-left tile, "B1" the one right of it. (Rows were letters once: on a board whose map
  is a grid, "B1" then named two places.)
- Alignment marks (crosshair centres) sit in the middle of every overlap strip, two per strip,
  at a quarter and three quarters of the part of the strip that no third tile shares. Each is
  therefore printed on exactly the two tiles that meet there: lay one page over the other so
  the crosshairs coincide.
- The overlap must be under a third of the free area, so that only neighbours ever overlap.
"""

from __future__ import annotations

import itertools
import math
import string
from collections.abc import Iterable
from dataclasses import dataclass

from printgen.layout.geometry import EPS, LayoutError, Point, Rect
from printgen.layout.imposition import default_min_margin
from printgen.layout.sizes import Size

TILE_OVERLAP_MM = 10.0
LABEL_BAND_MM = 8.0


@dataclass(frozen=True)
class Tile:
    """One page of a tiling: which part of the drawing it shows and where it goes on the page."""

    row: int
    column: int
    label: str
    source: Rect
    """The part of the drawing, in drawing coordinates."""
    placement: Rect
    """Where `source` goes on the page: the same size, moved by `offset`; clip to it."""
    overlaps: tuple[Rect, ...]
    """The strips shared with neighbouring tiles, in page coordinates."""
    marks: tuple[Point, ...]
    """Centres of the alignment marks on this tile, in page coordinates."""
    label_at: Point
    """The centre of the label band, in page coordinates."""

    @property
    def offset(self) -> Point:
        """Add to a drawing point to get its place on this page."""
        return Point(
            self.placement.left - self.source.left, self.placement.bottom - self.source.bottom
        )

    def to_page(self, point: Point) -> Point:
        return Point(point.x + self.offset.x, point.y + self.offset.y)


@dataclass(frozen=True)
class Tiling:
    """A drawing split into tiles: the result of `tile_drawing`."""

    drawing: Size
    paper: Size
    overlap: float
    margin: float
    rows: int
    columns: int
    tiles: tuple[Tile, ...]
    """Row by row from the top (A1, A2, ..., B1, ...)."""
    marks: tuple[Point, ...]
    """Every alignment mark, in drawing coordinates."""

    def tile(self, row: int, column: int) -> Tile:
        if not (0 <= row < self.rows and 0 <= column < self.columns):
            raise IndexError(f"no tile at row {row}, column {column}")
        return self.tiles[row * self.columns + column]

    @property
    def mark_size(self) -> float:
        """A crosshair size that stays inside the overlap strip (6 mm at most)."""
        return min(6.0, self.overlap)


def tile_drawing(
    drawing: Size,
    paper: Size,
    *,
    overlap_mm: float = TILE_OVERLAP_MM,
    margin_mm: float | None = None,
    label_band_mm: float = LABEL_BAND_MM,
) -> Tiling:
    """Split `drawing` across pages of `paper` (see the module docstring for the rules).

    `margin_mm` defaults to the paper's minimum margin (5 mm, 4 mm on Letter). Raises
    LayoutError when the free area is too small for the overlap.
    """
    margin = default_min_margin(paper) if margin_mm is None else margin_mm
    _check(paper, overlap_mm, margin, label_band_mm)
    free = Rect(margin, margin + label_band_mm, paper.width - margin, paper.height - margin)
    xs = _spans(drawing.width, free.width, overlap_mm)
    ys = _spans(drawing.height, free.height, overlap_mm)
    marks = tuple(_marks(xs, overlap_mm, ys, vertical=True) + _marks(ys, overlap_mm, xs))
    ys.reverse()  # row A is the top row
    sources = [[Rect(x0, y0, x1, y1) for x0, x1 in xs] for y0, y1 in ys]
    label_at = Point(paper.width / 2, margin + label_band_mm / 2)
    tiles = tuple(
        _tile(r, c, sources, free, marks, label_at) for r in range(len(ys)) for c in range(len(xs))
    )
    return Tiling(drawing, paper, overlap_mm, margin, len(ys), len(xs), tiles, marks)


def on_fewest(tilings: Iterable[Tiling]) -> Tiling:
    """Of `tilings` (a drawing on the paper upright, then turned), the one of fewest sheets,
    the first when they tie: a 440 x 320 mm board takes 6 A4 sheets upright, 4 turned."""
    return min(tilings, key=lambda tiling: len(tiling.tiles))


def column_letters(column: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, as spreadsheet columns are named."""
    letters = ""
    left = column + 1
    while left:
        left, rest = divmod(left - 1, 26)
        letters = string.ascii_uppercase[rest] + letters
    return letters


def tile_label(row: int, column: int) -> str:
    """A tile's name: columns are letters from A, rows numbers from 1 ("A1" is top-left,
    "B1" right of it), as a grid's cells are named."""
    return f"{column_letters(column)}{row + 1}"


def _check(paper: Size, overlap: float, margin: float, band: float) -> None:
    if min(overlap, margin, band) < 0:
        raise LayoutError("overlap, margin and label band must be 0 mm or more")
    free = min(paper.width - 2 * margin, paper.height - 2 * margin - band)
    if free <= 0:
        raise LayoutError(f"no room left on {paper} paper with margins of {margin:g} mm")
    if overlap * 3 >= free:
        raise LayoutError(
            f"an overlap of {overlap:g} mm is too large for {paper} paper: it must be under a"
            f" third of the {free:g} mm a page leaves free"
        )


def _spans(length: float, room: float, overlap: float) -> list[tuple[float, float]]:
    """(start, end) of the fewest equal tiles, each at most `room`, covering `length` with
    neighbours overlapping by `overlap`; bottom-to-top or left-to-right."""
    if length <= room + EPS:
        return [(0.0, length)]
    count = math.ceil((length - overlap) / (room - overlap) - EPS)
    size = (length + (count - 1) * overlap) / count
    step = size - overlap
    starts = [i * step for i in range(count)]
    # Each end from the next start, so that with no overlap neighbours meet exactly; the last
    # ends exactly at the drawing's edge.
    return [(a, b + overlap) for a, b in itertools.pairwise(starts)] + [(starts[-1], length)]


def _marks(
    across: list[tuple[float, float]],
    overlap: float,
    along: list[tuple[float, float]],
    *,
    vertical: bool = False,
) -> list[Point]:
    """Two marks in each overlap strip between neighbours in `across`, for every span of
    `along`, kept off the corners that a third tile shares. `vertical`: strips run up.
    Both lists run in increasing order."""
    points = []
    for (_, end), (start, _) in itertools.pairwise(across):
        middle = (start + end) / 2
        for i, (lo, hi) in enumerate(along):
            lo += overlap if i > 0 else 0.0
            hi -= overlap if i < len(along) - 1 else 0.0
            for at in (lo + (hi - lo) / 4, lo + 3 * (hi - lo) / 4):
                points.append(Point(middle, at) if vertical else Point(at, middle))
    return points


def _tile(
    row: int,
    column: int,
    sources: list[list[Rect]],
    free: Rect,
    marks: tuple[Point, ...],
    label_at: Point,
) -> Tile:
    source = sources[row][column]
    centre = free.center
    placement = Rect(
        centre.x - source.width / 2,
        centre.y - source.height / 2,
        centre.x + source.width / 2,
        centre.y + source.height / 2,
    )
    dx, dy = placement.left - source.left, placement.bottom - source.bottom
    neighbours = [
        sources[r][c]
        for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
        if 0 <= r < len(sources) and 0 <= c < len(sources[0])
    ]
    overlaps = tuple(
        strip.translated(dx, dy)
        for strip in (source.intersection(n) for n in neighbours)
        if strip is not None
    )
    on_tile = tuple(Point(p.x + dx, p.y + dy) for p in marks if source.contains_point(p))
    label = tile_label(row, column)
    return Tile(row, column, label, source, placement, overlaps, on_tile, label_at)
