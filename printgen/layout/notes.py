"""Where a sheet's margin notes go: the footer that says how to print the sheet ("print at
100 % · flip on long edge") and what it is, on every sheet of every mode, and the scale bar
on the first sheet of a card PDF (issue 16).

A note keeps the 5 mm printable margin like everything else. It takes a *band*: a strip along
one side of the paper, between the 5 mm margin and the printed area. The footer prefers the
bottom margin and the scale bar the top one; where that margin is too narrow (poker cards on
Letter leave 5 mm of blank margin above and below the grid, nothing more) the note turns 90
degrees into the left (footer) or right (scale bar) margin. Crop marks on that side then stop
short of the band (`Band.keep`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from printgen.layout.geometry import Rect
from printgen.layout.marks import Keep
from printgen.layout.sizes import MIN_MARGIN_MM

Side = Literal["bottom", "left", "top", "right"]

FOOTER_SIZE_MM = 2.3
"""6.5 pt: DESIGN.md 10 allows no text under 6 pt on a sheet."""
ASCENT, DESCENT = 0.78, 0.24
"""Of the font size: Lato's ascender and descender, with a little room."""
FOOTER_DEPTH_MM = (ASCENT + DESCENT) * FOOTER_SIZE_MM
SCALE_BAR_DEPTH_MM = 1.6 + 0.8 + FOOTER_DEPTH_MM
"""The bar's end ticks, a gap, and a line of text under it."""
BAND_GAP_MM = 0.6
"""Between a band and the printed area (or the nearest mark)."""


@dataclass(frozen=True)
class Band:
    side: Side
    rect: Rect
    """The strip the note may draw in, in page coordinates (origin bottom-left)."""

    @property
    def keep(self) -> Keep:
        """What crop marks must keep clear of so that they stay off this band."""
        page_gap = MIN_MARGIN_MM + (
            self.rect.height if self.side in ("bottom", "top") else self.rect.width
        )
        return Keep(**{self.side: page_gap + BAND_GAP_MM})

    @property
    def along(self) -> float:
        """How long the band is (the room for the note's length)."""
        return self.rect.width if self.side in ("bottom", "top") else self.rect.height


def place_band(
    page: Rect, printed: Rect, depth: float, sides: Sequence[Side] = ("bottom", "left")
) -> Band | None:
    """A strip `depth` deep along the first of `sides` whose margin (between the 5 mm kept
    at the paper edge and `printed`, with a gap) has room for it; None when none has."""
    m = MIN_MARGIN_MM
    need = depth + 2 * BAND_GAP_MM
    room = {
        "bottom": printed.bottom - page.bottom - m,
        "top": page.top - printed.top - m,
        "left": printed.left - page.left - m,
        "right": page.right - printed.right - m,
    }
    inner = page.outset(-m)
    for side in sides:
        if room[side] < need:
            continue
        if side == "bottom":
            rect = Rect(inner.left, inner.bottom, inner.right, inner.bottom + depth)
        elif side == "top":
            rect = Rect(inner.left, inner.top - depth, inner.right, inner.top)
        elif side == "left":
            rect = Rect(inner.left, inner.bottom, inner.left + depth, inner.top)
        else:
            rect = Rect(inner.right - depth, inner.bottom, inner.right, inner.top)
        return Band(side, rect)
    return None


def scale_band(
    page: Rect, printed: Rect, footer: Band | None, sides: Sequence[Side] = ("top", "right")
) -> Band | None:
    """Where a sheet's scale bar goes: along the first of `sides` with room, else at the
    page's foot: just above a footer there (the band reaches down over the footer, so that
    crop marks keep clear of both; the bar is drawn at its top), or right of a footer in the
    left margin. None when none has room."""
    band = place_band(page, printed, SCALE_BAR_DEPTH_MM, sides)
    if band is not None or footer is None:
        return band
    if footer.side == "left":  # the foot beside it, right of the footer's strip
        right_of = footer.rect.right + BAND_GAP_MM - MIN_MARGIN_MM
        return place_band(
            Rect(right_of, page.bottom, page.right, page.top),
            printed,
            SCALE_BAR_DEPTH_MM,
            ("bottom",),
        )
    if footer.side != "bottom":
        return None
    depth = footer.rect.height + BAND_GAP_MM + SCALE_BAR_DEPTH_MM
    return place_band(page, printed, depth, ("bottom",))


def combined_keep(bands: Sequence[Band | None]) -> Keep:
    """The keep of several bands at once (the largest on each side)."""
    keeps = [b.keep for b in bands if b is not None] + [Keep()]
    return Keep(
        left=max(k.left for k in keeps),
        bottom=max(k.bottom for k in keeps),
        right=max(k.right for k in keeps),
        top=max(k.top for k in keeps),
    )
