"""Where a box goes: lengths in a design (`12mm`, `40%`, `9pt`, a bare number is mm) and the
rectangle a box takes on a card of any size.

A box is placed inside an anchor rectangle, the card's safe zone (the default), its trim or
its bleed; on each axis it names up to two of start, size and end (`left`/`width`/`right`,
`top`/`height`/`bottom`), each in mm or as a percentage of the anchor's side. Missing edges
fall back to the anchor's edges, so an empty box fills its anchor: positions are relative
and the same design fits every card size.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.layout.geometry import Rect
from printgen.layout.units import length

_EM = re.compile(r"^\s*(\d+(?:\.\d+)?|\.\d+)\s*em\s*$")
MAX_SPACING_EM = 1.0
MAX_SPACING_MM = 5.0
ANCHORS = ("safe", "trim", "bleed")
EDGES = ("left", "top", "right", "bottom", "width", "height")


@dataclass(frozen=True)
class Area:
    """Where a box goes on a face: its top-left corner and size in mm, y down as SVG draws.

    Not `printgen.layout.geometry.Rect`, which keeps a rectangle's four edges (a PDF box, a
    cut line, an outline's bounds); `Area.edges` gives that rectangle.
    """

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Area, slack: float = 0.01) -> bool:
        return (
            self.x < other.right - slack
            and other.x < self.right - slack
            and self.y < other.bottom - slack
            and other.y < self.bottom - slack
        )

    def inside(self, other: Area, slack: float = 0.01) -> bool:
        return (
            self.x >= other.x - slack
            and self.y >= other.y - slack
            and self.right <= other.right + slack
            and self.bottom <= other.bottom + slack
        )

    @property
    def edges(self) -> Rect:
        """The same rectangle by its edges (`left`, `bottom` = y, `right`, `top` = y + h)."""
        return Rect(self.x, self.y, self.right, self.bottom)

    def inset(self, by: float) -> Area:
        return Area(self.x + by, self.y + by, self.w - 2 * by, self.h - 2 * by)


def overlapping_pairs(rects: Sequence[Area], slack: float = 0.01) -> list[tuple[int, int]]:
    """Each pair (i, j), i < j, of `rects` that overlap (`Area.overlaps`), in order. A sweep
    along x: each rectangle is compared only with those whose x range it reaches, not with
    every other (a face's boxes were compared pair by pair)."""
    by_left = sorted(range(len(rects)), key=lambda i: rects[i].x)
    open_: list[int] = []
    pairs = []
    for i in by_left:
        rect = rects[i]
        open_ = [j for j in open_ if rects[j].right - slack > rect.x]  # the others are passed
        pairs += [(min(i, j), max(i, j)) for j in open_ if rects[j].overlaps(rect, slack)]
        open_.append(i)
    return sorted(pairs)


def letter_spacing(value: object) -> tuple[float, float]:
    """A text box's `letter_spacing:` as (em, mm): `0.25em` is a share of the text's size
    (it follows the size when the text shrinks to fit its box), a length (`0.6mm`, `1.5pt`,
    a bare number is mm) stays that length. Spacing is added after each character, as CSS's
    letter-spacing; it does not tighten (no negative values). Raises ValueError."""
    ask = "expected a spacing such as 0.2em, 0.6mm or 1.5pt (0 or more)"
    match = _EM.match(value) if isinstance(value, str) else None
    if match:
        em = float(match.group(1))
        if em > MAX_SPACING_EM:
            raise ValueError(f"{ask}, at most {MAX_SPACING_EM:g}em; got {value!r}")
        return em, 0.0
    try:
        mm = length(value)
    except ValueError:
        raise ValueError(f"{ask}, got {value!r}") from None
    if isinstance(value, str) and value.strip().endswith("%"):
        raise ValueError(f"{ask}, got {value!r}")
    if not 0.0 <= mm <= MAX_SPACING_MM:
        raise ValueError(f"{ask}, at most {MAX_SPACING_MM:g}mm; got {value!r}")
    return 0.0, mm


def anchor_rect(anchor: str, width: float, height: float, safe: float, bleed: float) -> Area:
    if anchor == "trim":
        return Area(0, 0, width, height)
    if anchor == "bleed":
        return Area(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed)
    return Area(safe, safe, width - 2 * safe, height - 2 * safe)


def place(edges: dict[str, object], anchor: Area) -> Area:
    """The rectangle of a box whose `edges` are given inside `anchor`."""
    x, w = _axis(edges.get("left"), edges.get("width"), edges.get("right"), anchor.x, anchor.w)
    y, h = _axis(edges.get("top"), edges.get("height"), edges.get("bottom"), anchor.y, anchor.h)
    return Area(x, y, w, h)


def _axis(
    start: object, size: object, end: object, origin: float, whole: float
) -> tuple[float, float]:
    s = None if start is None else length(start, whole)
    z = None if size is None else length(size, whole)
    e = None if end is None else length(end, whole)
    if z is None:
        s, e = s or 0.0, e or 0.0
        return origin + s, whole - s - e
    if s is None and e is not None:
        return origin + whole - e - z, z
    if s is None:  # only a size: centred on the anchor
        return origin + (whole - z) / 2, z
    return origin + s, z
