"""Imposition of pieces of any shape: where each tile, token or card of a deck goes on a sheet,
and where its back goes for long-edge duplex. Millimetres, origin at the paper's bottom-left.

- Rectangles and rounded rectangles go in the card grid (`printgen.layout.imposition`), butted
  unless a gutter is asked for.
- Hexagons nest in a honeycomb: a flat-top hexagon's columns are `f * sqrt(3) / 2` apart and
  every other column is half a hexagon lower (a corner-up hexagon's rows likewise). Butted by
  default, neighbours share a side, one cut separating two tiles; with a gutter `g` the
  hexagons stand `g` apart across every side. Of the two ways to start the lattice (the first
  column high or low), the one that holds more wins.
- Circles sit in offset rows, every other row half a circle along and the rows closer by
  `sqrt(3) / 2`; a plain grid is taken instead where it holds more. Circles cannot share a cut,
  so they always stand apart: `CIRCLE_GAP_MM` unless a gutter says otherwise.

Every piece's drawing has the full bleed; what is printed of it (`Place.printed`, the clip)
follows its outline: out by the sheet's outer bleed where nothing is beyond, by half the gap
(at most the bleed) towards a neighbour, not at all across a side shared with one. As for
cards, the grid is the largest whose trims fit inside the paper less the 5 mm margin with no
bleed at all (or, with `min_outer_mm`, with that much: the piece sheets ask 1.5 mm, so that a
grid filling the margins gives up a column rather than print its outer pieces with none); the
outer bleed then grows up to the bleed while the margins allow it. The pieces are centred on
the page.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from printgen.layout.fold import FoldPage
from printgen.layout.geometry import EPS, LayoutError, Point, Rect
from printgen.layout.imposition import check_not_negative, default_min_margin, impose
from printgen.layout.shapes import SQRT3, Outline, Shape, hex_normals
from printgen.layout.sizes import BLEED_MM, Size

CIRCLE_GAP_MM = 3.0
"""How far apart circles stand when no gutter is asked for: each keeps 1.5 mm of bleed."""


@dataclass(frozen=True)
class Place:
    """One piece's place on a sheet.

    `trim` is where it is cut; `printed` the part of its drawing that prints (clip the drawing
    to it); `image` where its drawing, made with the sheet's full `bleed`, goes: the trim's
    bounding box grown by the bleed."""

    index: int
    center: Point
    trim: Outline
    printed: Outline
    image: Rect
    outer: float = 0.0
    """How far `printed` runs past the trim where no neighbour is (for a circle, all round)."""

    def mirrored(self, page_width: float) -> Place:
        """The place mirrored about the vertical centre line of a page `page_width` wide."""
        return Place(
            self.index,
            Point(page_width - self.center.x, self.center.y),
            self.trim.mirrored(page_width),
            self.printed.mirrored(page_width),
            self.image.mirrored(page_width),
            self.outer,
        )


@dataclass(frozen=True)
class PieceSheet:
    """The pieces of one sheet of paper, laid out: the result of `pack`."""

    paper: Size
    shape: Shape
    places: tuple[Place, ...]
    bleed: float
    """The bleed each piece's drawing is made with (`Place.image` is the trim grown by it)."""
    gap: float
    """The distance between neighbouring trims (0: butted)."""
    outer_bleed: float
    """How far the printed area runs past the trims where no neighbour is."""
    min_margin: float

    @property
    def capacity(self) -> int:
        return len(self.places)

    @property
    def page(self) -> Rect:
        return Rect(0.0, 0.0, self.paper.width, self.paper.height)

    @property
    def printed(self) -> Rect:
        """The smallest rectangle holding every printed area."""
        return Rect.union([place.printed.bounds for place in self.places])

    @property
    def grid(self) -> Rect:
        """The smallest rectangle holding every trim."""
        return Rect.union([place.trim.bounds for place in self.places])

    def back(self, place: Place) -> Place:
        """Where the back of the piece at `place` goes for long-edge duplex: mirrored about
        the page's vertical centre line (the paper turns about it)."""
        return place.mirrored(self.paper.width)

    def __str__(self) -> str:
        return f"{self.capacity} {self.shape} pieces on {self.paper}"


def pack(
    shape: Shape,
    paper: Size,
    *,
    bleed_mm: float = BLEED_MM,
    gutter_mm: float = 0.0,
    min_margin_mm: float | None = None,
    min_outer_mm: float = 0.0,
) -> PieceSheet:
    """As many pieces of `shape` as fit on `paper` (see the module docstring), each
    printing at least `min_outer_mm` (at most `bleed_mm`) past its trim where no neighbour
    is: a cutter's sheet asks for the art a slightly-off cut needs at the sheet's edge too.
    Raises LayoutError when not even one fits."""
    check_not_negative(
        bleed_mm=bleed_mm,
        gutter_mm=gutter_mm,
        min_margin_mm=min_margin_mm,
        min_outer_mm=min_outer_mm,
    )
    margin = default_min_margin(paper) if min_margin_mm is None else min_margin_mm
    if shape.kind in ("rect", "rounded"):
        return _grid(shape, paper, bleed_mm, gutter_mm, margin, min_outer_mm)
    room = Rect(margin, margin, paper.width - margin, paper.height - margin)
    fit = room.outset(-shape.reach(min(min_outer_mm, bleed_mm)))  # the trims' room
    if shape.kind == "circle":
        gap = gutter_mm if gutter_mm > 0 else CIRCLE_GAP_MM
        centers = _best(_circle_lattices(shape, fit, gap), shape, fit, paper, bleed_mm)
    else:
        gap = gutter_mm
        centers = _best(_hex_lattices(shape, fit, gap), shape, fit, paper, bleed_mm)
    neighbours = _neighbour_test(shape, centers, gap)
    inner = min(bleed_mm, gap / 2)
    places = []
    for index, center in enumerate(centers):
        faced = neighbours(center)

        def placed(
            outer: float, i: int = index, c: Point = center, f: tuple[bool, ...] = faced
        ) -> Place:
            return _place(i, shape, c, f, outer, inner, bleed_mm)

        outer = _largest(lambda x: room.contains(placed(x).printed.bounds, 1e-7), bleed_mm)
        places.append(placed(outer))
    outer_bleed = min(p.outer for p in places)
    return PieceSheet(paper, shape, tuple(places), bleed_mm, gap, outer_bleed, margin)


def _grid(
    shape: Shape, paper: Size, bleed: float, gutter: float, margin: float, min_outer: float
) -> PieceSheet:
    """Rectangles in the card grid: each slot's trim as the piece's outline."""
    sheet = impose(
        Size(shape.width, shape.height),
        paper,
        bleed_mm=bleed,
        gutter_mm=gutter,
        min_margin_mm=margin,
        min_outer_mm=min_outer,
    )
    places = tuple(
        Place(
            slot.index,
            slot.trim.center,
            shape.outline(slot.trim.center),
            Outline.rectangle(slot.bleed),
            slot.image,
            sheet.outer_bleed,
        )
        for slot in sheet.slots
    )
    return PieceSheet(paper, shape, places, bleed, sheet.gutter, sheet.outer_bleed, margin)


Lattice = list[Point]


def _best(
    lattices: Iterable[Lattice], shape: Shape, room: Rect, paper: Size, bleed: float
) -> Lattice:
    """The lattice holding the most pieces, of equals the one leaving the most room for the
    outer bleed (up to `bleed`), then the first; centred on the page, in reading order (rows
    from the top, each left to right)."""
    best: Lattice = []
    best_key = (0, 0.0)
    for lattice in lattices:
        if not lattice:
            continue
        spare = min(
            room.width - _extent(lattice, shape).width, room.height - _extent(lattice, shape).height
        )
        key = (len(lattice), min(bleed, spare / 2))
        if key > best_key:
            best, best_key = lattice, key
    if not best:
        raise LayoutError(
            f"a {shape} does not fit on {paper} paper with margins of {room.left:g} mm"
        )
    extent = _extent(best, shape)
    dx = room.center.x - extent.center.x
    dy = room.center.y - extent.center.y
    moved = [Point(p.x + dx, p.y + dy) for p in best]
    return sorted(moved, key=lambda p: (-round(p.y, 6), round(p.x, 6)))


def _extent(lattice: Lattice, shape: Shape) -> Rect:
    """The smallest rectangle holding the trims of pieces centred on `lattice`."""
    half_w, half_h = shape.width / 2, shape.height / 2
    return Rect(
        min(p.x for p in lattice) - half_w,
        min(p.y for p in lattice) - half_h,
        max(p.x for p in lattice) + half_w,
        max(p.y for p in lattice) + half_h,
    )


def _hex_lattices(shape: Shape, room: Rect, gap: float) -> Iterable[Lattice]:
    """The honeycombs of `shape` in `room`: the first column (or row) high, then low."""
    pitch = shape.across + gap  # centre to centre across a side
    for shifted_first in (False, True):
        if shape.corner_up:  # rows of hexagons side by side, every other row half along
            yield _staggered(
                room, shape.width, shape.height, pitch, pitch * SQRT3 / 2, shifted_first, rows=True
            )
        else:  # columns of hexagons stacked, every other column half lower
            yield _staggered(
                room, shape.width, shape.height, pitch * SQRT3 / 2, pitch, shifted_first, rows=False
            )


def _circle_lattices(shape: Shape, room: Rect, gap: float) -> Iterable[Lattice]:
    """Offset rows of circles (the first row long, then short), then a plain grid."""
    d = shape.width
    pitch = d + gap
    for shifted_first in (False, True):
        yield _staggered(room, d, d, pitch, pitch * SQRT3 / 2, shifted_first, rows=True)
    yield _staggered(room, d, d, pitch, pitch, False, rows=True, offset=False)


def _staggered(
    room: Rect,
    width: float,
    height: float,
    step_x: float,
    step_y: float,
    shifted_first: bool,
    *,
    rows: bool,
    offset: bool = True,
) -> Lattice:
    """Centres of pieces `width` x `height` in `room`, `step_x` apart along x and `step_y`
    along y; every other row (`rows`) or column is moved half a step along it when `offset`
    (the first one when `shifted_first`). Row 0 is at the top, column 0 at the left."""
    found = []
    lines = _count(
        room.height if rows else room.width, height if rows else width, step_y if rows else step_x
    )
    for line in range(lines):
        shift = offset and (line % 2 == 1) != shifted_first
        if rows:
            y = room.top - height / 2 - line * step_y
            start = room.left + width / 2 + (step_x / 2 if shift else 0.0)
            for k in range(_count(room.right - start + width / 2, width, step_x)):
                found.append(Point(start + k * step_x, y))
        else:
            x = room.left + width / 2 + line * step_x
            start = room.top - height / 2 - (step_y / 2 if shift else 0.0)
            for k in range(_count(start + height / 2 - room.bottom, height, step_y)):
                found.append(Point(x, start - k * step_y))
    return found


def _count(length: float, size: float, step: float) -> int:
    """How many pieces `size` long, `step` apart, fit in `length`."""
    if length < size - EPS:
        return 0
    return math.floor((length - size + EPS) / step) + 1


def _neighbour_test(
    shape: Shape, centers: Lattice, gap: float
) -> Callable[[Point], tuple[bool, ...]]:
    """For a hexagon's centre, whether each of its sides (in `hex_normals` order) faces a
    neighbour; a circle or rectangle has none here (its bleed is the same all round)."""
    if shape.kind != "hex":
        return lambda _: ()
    pitch = shape.across + gap
    keys = {(round(c.x, 4), round(c.y, 4)) for c in centers}
    normals = hex_normals(shape.corner_up)

    def sides(c: Point) -> tuple[bool, ...]:
        return tuple(
            (round(c.x + pitch * math.cos(a), 4), round(c.y + pitch * math.sin(a), 4)) in keys
            for a in normals
        )

    return sides


def _place(
    index: int,
    shape: Shape,
    center: Point,
    faced: tuple[bool, ...],
    outer: float,
    inner: float,
    bleed: float,
) -> Place:
    trim = shape.outline(center)
    if shape.kind == "hex":
        printed = shape.outline(center, [inner if n else outer for n in faced])
    else:
        outer = min(inner, outer)
        printed = shape.outline(center, outer)
    return Place(index, center, trim, printed, trim.bounds.outset(shape.reach(bleed)), outer)


def _largest(fits: Callable[[float], bool], most: float) -> float:
    """The largest x in [0, most] with `fits(x)` (which holds at 0 and, once false, stays
    false as x grows), to a micrometre."""
    if fits(most):
        return most
    low, high = 0.0, most
    while high - low > 1e-4:
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


@dataclass(frozen=True)
class FoldPieces(FoldPage):
    """Pieces for printers without duplex: fronts on the left half of the page, each back at
    its front's place mirrored about the fold line down the middle (as `printgen.layout.fold`
    does for cards), so that folding the right half behind the left puts every back behind
    its front."""

    paper: Size
    """The page as printed: the paper, turned to landscape when that holds more pieces."""
    fronts: PieceSheet
    """The fronts, packed on the left half (in the page's coordinates)."""

    def back(self, place: Place) -> Place:
        """Where the back of the piece at front `place` goes: mirrored about the fold."""
        return place.mirrored(self.paper.width)


def fold_pack(
    shape: Shape,
    paper: Size,
    *,
    bleed_mm: float = BLEED_MM,
    gutter_mm: float = 0.0,
    min_margin_mm: float | None = None,
    min_outer_mm: float = 0.0,
) -> FoldPieces:
    """The fold-over layout of `shape` on `paper`, upright or turned, whichever holds more
    (upright on a tie). Each half keeps the 5 mm margin (or `min_margin_mm`), at the fold
    too, so that a fold a little off never shows a back's colour on a front. Raises
    LayoutError when not even one piece and its back fit."""
    best: FoldPieces | None = None
    for page in (paper, paper.turned):
        half = Size(page.width / 2, page.height, page.name)
        try:
            fronts = pack(
                shape,
                half,
                bleed_mm=bleed_mm,
                gutter_mm=gutter_mm,
                min_margin_mm=min_margin_mm,
                min_outer_mm=min_outer_mm,
            )
        except LayoutError:
            continue
        if best is None or fronts.capacity > best.capacity:
            best = FoldPieces(page, PieceSheet(page, *_rest(fronts)))
    if best is None:
        raise LayoutError(f"a {shape} and its back do not fit side by side on {paper} paper")
    return best


def _rest(sheet: PieceSheet) -> tuple[Shape, tuple[Place, ...], float, float, float, float]:
    """A half page's sheet but its paper (the fold-over page is the whole paper)."""
    return (sheet.shape, sheet.places, sheet.bleed, sheet.gap, sheet.outer_bleed, sheet.min_margin)
