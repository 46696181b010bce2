"""Where a part goes on paper: several up on a home sheet when it fits, or whole on one large
sheet (and tiled across home sheets, `printgen.layout.tiles`) when it does not.

Millimetres, origin at the paper's top-left, y down (as the pages are drawn). A part is a
rectangle printed at full size, turned a quarter turn when it fits only so (a 250 x 180 mm
board fits A4 only turned) or its copies take fewer sheets so (130 x 180 mm pads go two to a
sheet turned, one upright). Parts keep `GAP_MM` apart, so each has its own cut lines, and
stay inside the paper less its margin and a caption band at the bottom.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

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


def room(paper: Size, margin: float = MIN_MARGIN_MM, caption: float = CAPTION_MM) -> Size:
    """What a sheet leaves for parts: the paper less its margins and the caption band."""
    return Size(paper.width - 2 * margin, paper.height - 2 * margin - caption)


def fits(part: Size, paper: Size, margin: float = MIN_MARGIN_MM) -> bool:
    """Whether one copy goes on the paper, either way round."""
    free = room(paper, margin)
    upright = part.width <= free.width + EPS and part.height <= free.height + EPS
    return upright or (part.height <= free.width + EPS and part.width <= free.height + EPS)


def pack(
    sizes: Sequence[Size],
    paper: Size,
    margin: float = MIN_MARGIN_MM,
    reserve: float = 0.0,
    at_top: bool = False,
) -> list[list[Placed]]:
    """The parts of `sizes` (each copy one entry, in order) on as few sheets of `paper` as a
    first-fit shelf packing gives: each goes on the first shelf of the current sheet with room
    for it (a shelf is a row as high as its tallest part; the last one may grow), else on a
    new shelf, else on a new sheet. A part is turned when it fits only so or its copies take
    fewer sheets so. Each sheet's parts are centred as a block (`at_top`: across, and at the top
    of the room, under a heading with their notes after them), above `reserve` mm kept for
    notes over the caption band. `Placed.copy` is the part's index in `sizes`. LayoutError
    names the first part that does not fit the paper either way round."""
    free = room(paper, margin, CAPTION_MM + reserve)
    counts = Counter((s.width, s.height) for s in sizes)
    ways = {key: _orient(Size(*key), free, paper, count) for key, count in counts.items()}
    sheets: list[list[_Shelf]] = [[]]
    for index, size in enumerate(sizes):
        w, h, turned = ways[(size.width, size.height)]
        shelves = sheets[-1]
        shelf = next((s for s in shelves if s.takes(w, h, s is shelves[-1], free)), None)
        if shelf is None:
            top = shelves[-1].y + shelves[-1].h + GAP_MM if shelves else 0.0
            if top + h > free.height + EPS:
                sheets.append([])
                top = 0.0
            shelf = _Shelf(top)
            sheets[-1].append(shelf)
        shelf.add(index, w, h, turned)
    return [_centred(shelves, free, margin, at_top) for shelves in sheets if shelves]


def _orient(size: Size, free: Size, paper: Size, count: int) -> tuple[float, float, bool]:
    """Upright, or turned when only that fits or its `count` copies take fewer sheets so."""
    upright = _up(size.width, size.height, free)
    turned = _up(size.height, size.width, free)
    if upright == turned == 0:
        raise LayoutError(f"a {size} part does not fit {paper} paper")
    if upright == 0 or (turned and -(-count // turned) < -(-count // upright)):
        return size.height, size.width, True
    return size.width, size.height, False


def _up(w: float, h: float, free: Size) -> int:
    """How many of a w x h part a sheet's room holds in rows and columns, `GAP_MM` apart."""
    if w > free.width + EPS or h > free.height + EPS:
        return 0
    return int((free.width + GAP_MM + EPS) // (w + GAP_MM)) * int(
        (free.height + GAP_MM + EPS) // (h + GAP_MM)
    )


@dataclass
class _Shelf:
    y: float
    h: float = 0.0
    w: float = 0.0
    parts: list[tuple[int, float, float, float, bool]] = field(default_factory=list)

    def takes(self, w: float, h: float, last: bool, free: Size) -> bool:
        x = self.w + (GAP_MM if self.parts else 0.0)
        if x + w > free.width + EPS:
            return False
        return h <= self.h + EPS or (last and self.y + h <= free.height + EPS)

    def add(self, index: int, w: float, h: float, turned: bool) -> None:
        x = self.w + (GAP_MM if self.parts else 0.0)
        self.parts.append((index, x, w, h, turned))
        self.w = x + w
        self.h = max(self.h, h)


def _centred(shelves: list[_Shelf], free: Size, margin: float, at_top: bool) -> list[Placed]:
    width = max(s.w for s in shelves)
    height = shelves[-1].y + shelves[-1].h
    left = margin + (free.width - width) / 2
    top = margin + (0.0 if at_top else (free.height - height) / 2)
    return [
        Placed(index, left + x, top + shelf.y, w, h, turned)
        for shelf in shelves
        for index, x, w, h, turned in shelf.parts
    ]


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


NEARLY = 1.15
"""A part at most this much over a large sheet's room either way was likely meant for it."""


def sheet_missed(part: Size) -> tuple[Size, Size] | None:
    """The large sheet one size smaller than the one `large_sheet` takes for `part`, and the
    largest part it holds (as turned as the part), when the part is over that room by at most
    `NEARLY` either way (a 420 x 300 mm board made for A3, which holds at most 400 x 268 mm
    within its margins and caption, goes on A2); None otherwise."""
    chosen = large_sheet(part)
    names = list(LARGE_PAPERS)
    if chosen.name not in names or names.index(chosen.name) == 0:
        return None
    smaller = LARGE_PAPERS[names[names.index(chosen.name) - 1]]
    wide = part.width > part.height
    w, h = (smaller.height, smaller.width) if wide else (smaller.width, smaller.height)
    most = Size(w - 2 * LARGE_MARGIN_MM, h - 2 * LARGE_MARGIN_MM - CAPTION_MM)
    if part.width <= most.width * NEARLY and part.height <= most.height * NEARLY:
        return smaller, most
    return None
