"""Imposition: where each card goes on a sheet, and where its back goes for duplex printing.

Millimetres, origin at the paper's bottom-left corner (as in PDF). Rows are counted from the
top of the page and columns from the left, so slot 0 is the top-left card and slots run in
reading order; a page of cards fills its slots in that order.

Two ways to lay cards out (issue 4, issue 16):

- Butted (`gutter_mm=0`, the default). Neighbours share their cut lines: one cut separates two
  cards, so there is no room for a bleed between them. Each card image is still drawn with its
  full bleed (`Slot.image`) and clipped to `Slot.bleed`, which is the trim box except on the
  outer edges of the grid, where it runs out by the sheet's *outer bleed*. The outer bleed is
  the same on all four sides (a single number is simpler to cut to, and it is what the
  narrowest side allows), up to the card bleed (3 mm).
- With a gutter (`gutter_mm > 0`). Cards are `gutter_mm` apart and each keeps its own bleed
  into the gutter: half the gutter, up to the card bleed, so bleeds may touch but never
  overlap. A gutter costs only its own width, so a 2 mm gutter still gives 9 poker cards on
  A4 (it used to be widened to two full bleeds, which dropped the sheet to 6).

How much fits: the largest grid first, then the largest bleed. The grid is the largest whose
trim boxes (and gutters) fit inside the paper less the minimum margin *with no bleed at all*;
the outer bleed then grows up to `bleed_mm` while the margins allow it. So on Letter three rows
of poker cards keep their place and the outer bleed shrinks to 1.35 mm rather than losing a
row. The grid is centred on the page. Landscape grids (cards turned 90 degrees) are not tried.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from printgen.layout.geometry import EPS, LayoutError, Rect
from printgen.layout.sizes import BLEED_MM, MIN_MARGIN_MM, Size

T = TypeVar("T")


@dataclass(frozen=True)
class Margins:
    """Distance from each paper edge to the nearest printed (bleed) area."""

    left: float
    bottom: float
    right: float
    top: float

    @property
    def smallest(self) -> float:
        return min(self.left, self.bottom, self.right, self.top)


@dataclass(frozen=True)
class Slot:
    """One card's place on a sheet.

    `trim` is where the card is cut. `image` is where the card's picture (drawn with its full
    bleed) goes: the trim box grown by the card bleed on every side. `bleed` is the part of that
    picture that is printed: clip `image` to it. It runs out by the sheet's outer bleed on the
    grid's outer edges and by half the gutter (at most the card bleed) on inner edges: not at
    all when the cards are butted.
    """

    index: int
    row: int
    column: int
    trim: Rect
    bleed: Rect
    image: Rect


@dataclass(frozen=True)
class Sheet:
    """The cards of one sheet of paper, laid out: the result of `impose`."""

    paper: Size
    card: Size
    rows: int
    columns: int
    slots: tuple[Slot, ...]
    card_bleed: float
    """The bleed each card image is drawn with (`Slot.image` = trim grown by this)."""
    outer_bleed: float
    """How far the printed area runs past the trim boxes around the outside of the grid."""
    gutter: float
    """The gap between neighbouring trim lines: 0 when butted."""
    min_margin: float
    margins: Margins

    @property
    def capacity(self) -> int:
        """Cards on a full sheet."""
        return self.rows * self.columns

    @property
    def page(self) -> Rect:
        return Rect(0.0, 0.0, self.paper.width, self.paper.height)

    @property
    def grid(self) -> Rect:
        """The smallest rectangle holding every trim box."""
        return Rect.union([slot.trim for slot in self.slots])

    @property
    def printed(self) -> Rect:
        """The smallest rectangle holding every printed (bleed) box."""
        return Rect.union([slot.bleed for slot in self.slots])

    @property
    def cut_xs(self) -> tuple[float, ...]:
        """Every vertical cut line, left to right (shared lines once)."""
        return tuple(sorted({x for s in self.slots for x in (s.trim.left, s.trim.right)}))

    @property
    def cut_ys(self) -> tuple[float, ...]:
        """Every horizontal cut line, bottom to top (shared lines once)."""
        return tuple(sorted({y for s in self.slots for y in (s.trim.bottom, s.trim.top)}))

    def slot(self, row: int, column: int) -> Slot:
        if not (0 <= row < self.rows and 0 <= column < self.columns):
            raise IndexError(f"no slot at row {row}, column {column} in a {self}")
        return self.slots[row * self.columns + column]

    def __str__(self) -> str:
        return f"{self.columns} x {self.rows} grid of {self.card} cards on {self.paper}"


def default_min_margin(paper: Size) -> float:
    """The smallest margin allowed on `paper`: 5 mm on every paper (DESIGN.md 7 and 10).

    Letter once had 4 mm to keep more bleed on poker sheets; most home printers cannot print
    the outer 5 mm, so the bleed shrinks there instead (issue 16)."""
    del paper  # the same for every paper; kept as a function so callers need not know that
    return MIN_MARGIN_MM


def impose(
    card: Size,
    paper: Size,
    *,
    bleed_mm: float = BLEED_MM,
    gutter_mm: float = 0.0,
    min_margin_mm: float | None = None,
    min_outer_mm: float = 0.0,
) -> Sheet:
    """Lay out as many `card`s as fit on `paper` (see the module docstring for the rules),
    their outer bleed at least `min_outer_mm` (at most `bleed_mm`): a grid that would leave
    less gives up a column or row (pieces keep their art past the cut where cards keep
    their count).

    Raises LayoutError when not even one card fits.
    """
    check_not_negative(
        bleed_mm=bleed_mm,
        gutter_mm=gutter_mm,
        min_margin_mm=min_margin_mm,
        min_outer_mm=min_outer_mm,
    )
    margin = default_min_margin(paper) if min_margin_mm is None else min_margin_mm
    room_x = paper.width - 2 * margin
    room_y = paper.height - 2 * margin
    gap = gutter_mm
    least = 2 * min(min_outer_mm, bleed_mm)  # the outer bleed both sides ask for
    columns = _count(card.width, room_x - least, gap)
    rows = _count(card.height, room_y - least, gap)
    spare_x = room_x - columns * card.width - (columns - 1) * gap
    spare_y = room_y - rows * card.height - (rows - 1) * gap
    outer = max(0.0, min(bleed_mm, spare_x / 2, spare_y / 2))
    inner = min(bleed_mm, gap / 2)
    if columns == 0 or rows == 0:
        raise LayoutError(_does_not_fit(card, paper, margin, gutter_mm))
    xs = _spans(paper.width, card.width, columns, gap)
    ys = _spans(paper.height, card.height, rows, gap)[::-1]  # row 0 is the top row
    slots = tuple(
        _slot(r, c, xs, ys, outer, inner, bleed_mm) for r in range(rows) for c in range(columns)
    )
    printed = Rect.union([s.bleed for s in slots])
    margins = Margins(
        printed.left, printed.bottom, paper.width - printed.right, paper.height - printed.top
    )
    return Sheet(paper, card, rows, columns, slots, bleed_mm, outer, gap, margin, margins)


def back_slot(sheet: Sheet, row: int, column: int) -> Slot:
    """Where the back of the card at (`row`, `column`) goes on the backs sheet.

    For long-edge duplex the paper turns about its vertical axis, so the back sits at the same
    row and the mirrored column, and every box is the front's mirrored about the page's
    vertical centre line. The slot keeps the front's index (the card it belongs to).
    """
    front = sheet.slot(row, column)
    width = sheet.paper.width
    return Slot(
        index=front.index,
        row=row,
        column=sheet.columns - 1 - column,
        trim=front.trim.mirrored(width),
        bleed=front.bleed.mirrored(width),
        image=front.image.mirrored(width),
    )


def backs(sheet: Sheet) -> tuple[Slot, ...]:
    """The backs sheet: `backs(sheet)[i]` is where the back of the card in slot i goes."""
    return tuple(back_slot(sheet, s.row, s.column) for s in sheet.slots)


def split_pages(items: Sequence[T], per_page: int) -> list[tuple[T, ...]]:
    """`items` in pages of `per_page` (the last may be shorter); no items, no pages."""
    if per_page < 1:
        raise ValueError(f"a page holds at least one item, got {per_page}")
    return [tuple(items[i : i + per_page]) for i in range(0, len(items), per_page)]


def _count(size: float, room: float, gap: float) -> int:
    """The most items of `size` that fit in `room` with `gap` between neighbours."""
    if room < size - EPS:
        return 0
    return math.floor((room + gap + EPS) / (size + gap))


def _spans(length: float, size: float, count: int, gap: float) -> list[tuple[float, float]]:
    """(start, end) of `count` items of `size` centred in `length`, `gap` apart.

    Butted items take their shared edges from one list, so that neighbours meet exactly.
    """
    start = (length - (count * size + (count - 1) * gap)) / 2
    if gap == 0:
        edges = [start + i * size for i in range(count + 1)]
        return [(edges[i], edges[i + 1]) for i in range(count)]
    return [(start + i * (size + gap), start + i * (size + gap) + size) for i in range(count)]


def _slot(
    row: int,
    column: int,
    xs: list[tuple[float, float]],
    ys: list[tuple[float, float]],
    outer: float,
    inner: float,
    bleed: float,
) -> Slot:
    """The slot at (`row`, `column`) of the grid whose columns span `xs` and rows `ys`: its
    printed area runs `outer` past the trim on the grid's outer edges, `inner` elsewhere."""
    trim = Rect(xs[column][0], ys[row][0], xs[column][1], ys[row][1])
    printed = trim.grown(
        left=outer if column == 0 else inner,
        bottom=outer if row == len(ys) - 1 else inner,
        right=outer if column == len(xs) - 1 else inner,
        top=outer if row == 0 else inner,
    )
    return Slot(row * len(xs) + column, row, column, trim, printed, trim.outset(bleed))


def check_not_negative(**values: float | None) -> None:
    """LayoutError for a bleed, gutter or margin under 0 mm (or not a number)."""
    for name, value in values.items():
        if value is not None and (value < 0 or not math.isfinite(value)):
            raise LayoutError(f"{name.removesuffix('_mm')} must be 0 mm or more, got {value}")


def _does_not_fit(card: Size, paper: Size, margin: float, gutter: float) -> str:
    needs = f"margins of {margin:g} mm"
    if gutter > 0:
        needs += f" and a {gutter:g} mm gutter"
    return f"a {card} card does not fit on {paper} paper with {needs}"
