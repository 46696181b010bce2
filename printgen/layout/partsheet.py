"""Where a part goes on paper: several up on a home sheet when it fits, or whole on one large
sheet (and tiled across home sheets, `printgen.layout.tiles`) when it does not.

Millimetres, origin at the paper's top-left, y down (as the pages are drawn). A part is a
rectangle printed at full size; it may be turned a quarter turn when that fits more of them
(a 250 x 180 mm board fits A4 only turned). Parts keep `GAP_MM` apart, so each has its own
cut lines, and stay inside the paper less its margin and a caption band at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.geometry import EPS, LayoutError
from printgen.layout.sizes import LARGE_PAPERS, MIN_MARGIN_MM, Size

GAP_MM = 6.0
"""Between two parts on a sheet: room to cut each along its own line."""
CAPTION_MM = 9.0
"""The band at the bottom of a sheet that says what it is and how to print it."""
LARGE_MARGIN_MM = 10.0
"""Round a part on a large sheet (a print shop's margin)."""


@dataclass(frozen=True)
class Placed:
    """One copy of a part on a sheet: its top-left corner, its size as printed and whether it
    is turned a quarter turn (clockwise) to fit."""

    copy: int
    x: float
    y: float
    w: float
    h: float
    turned: bool


@dataclass(frozen=True)
class Layout:
    """How many copies go on one sheet, and where."""

    columns: int
    rows: int
    turned: bool
    slots: tuple[Placed, ...]
    """The places on one sheet, row by row (`copy` counts from 0 on each sheet)."""

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows


def room(paper: Size, margin: float = MIN_MARGIN_MM, caption: float = CAPTION_MM) -> Size:
    """What a sheet leaves for parts: the paper less its margins and the caption band."""
    return Size(paper.width - 2 * margin, paper.height - 2 * margin - caption)


def fits(part: Size, paper: Size, margin: float = MIN_MARGIN_MM) -> bool:
    """Whether one copy goes on the paper, either way round."""
    free = room(paper, margin)
    return _count(part.width, part.height, free) > 0 or _count(part.height, part.width, free) > 0


def up(part: Size, paper: Size, copies: int, margin: float = MIN_MARGIN_MM) -> Layout:
    """The copies of `part` one sheet of `paper` holds, centred in its room: the way round
    that holds more (upright when both hold as many), no more rows and columns than `copies`
    needs. LayoutError when not one copy fits."""
    free = room(paper, margin)
    upright = _grid(part.width, part.height, free, copies)
    turned = _grid(part.height, part.width, free, copies)
    if upright[0] * upright[1] == 0 and turned[0] * turned[1] == 0:
        raise LayoutError(f"a {part} part does not fit {paper} paper")
    turn = turned[0] * turned[1] > upright[0] * upright[1]
    columns, rows = turned if turn else upright
    w, h = (part.height, part.width) if turn else (part.width, part.height)
    span_w = columns * w + (columns - 1) * GAP_MM
    span_h = rows * h + (rows - 1) * GAP_MM
    left = margin + (free.width - span_w) / 2
    top = margin + (free.height - span_h) / 2
    slots = tuple(
        Placed(r * columns + c, left + c * (w + GAP_MM), top + r * (h + GAP_MM), w, h, turn)
        for r in range(rows)
        for c in range(columns)
    )
    return Layout(columns, rows, turn, slots)


def _count(w: float, h: float, free: Size) -> int:
    return _fit(w, free.width) * _fit(h, free.height)


def _fit(length: float, space: float) -> int:
    """How many of `length` go in `space`, `GAP_MM` apart."""
    if length > space + EPS:
        return 0
    return int((space + GAP_MM + EPS) // (length + GAP_MM))


def _grid(w: float, h: float, free: Size, copies: int) -> tuple[int, int]:
    """Columns and rows for `copies` (as square a block as the room allows)."""
    columns, rows = _fit(w, free.width), _fit(h, free.height)
    if columns * rows == 0:
        return 0, 0
    if copies >= columns * rows:
        return columns, rows
    rows_needed = -(-copies // columns)
    if rows_needed <= rows:
        columns = min(columns, copies)
        return columns, rows_needed
    return columns, rows


def large_sheet(part: Size, name: str | None = None) -> Size:
    """The sheet a part too large for home paper is printed whole on: `name` (a3, a2, a1, a0)
    when given, else the smallest of them that holds it with `LARGE_MARGIN_MM` round it and
    the caption band under it, else a sheet of its own size plus those. A sheet is turned to
    landscape for a wide part. LayoutError when the sheet named is too small."""
    need_w = part.width + 2 * LARGE_MARGIN_MM
    need_h = part.height + 2 * LARGE_MARGIN_MM + CAPTION_MM
    wide = part.width > part.height
    candidates = [LARGE_PAPERS[name]] if name is not None else list(LARGE_PAPERS.values())
    for sheet in candidates:
        w, h = (sheet.height, sheet.width) if wide else (sheet.width, sheet.height)
        if need_w <= w + EPS and need_h <= h + EPS:
            return Size(w, h, sheet.name)
    if name is not None:
        raise LayoutError(f"a {part} part does not fit {LARGE_PAPERS[name]} paper")
    return Size(need_w, need_h, "custom")
