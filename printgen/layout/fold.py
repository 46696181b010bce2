"""Fold-over sheets: each card's front and back on the same side of the paper, for printers
without duplex (issue 16). Print one-sided, fold along the line down the middle, glue, cut.

The page is split by a vertical fold line at its centre. The fronts are imposed on the left
half like any sheet (`impose` on half the paper, butted, 5 mm margins: the margin at the fold
keeps the fronts' bleed clear of it, so a fold a little off never shows a back's colour on a
front). Each back sits at its front's place *mirrored about the fold line*: folding the right
half behind the left turns it about that line, so the back lands exactly behind its front and
reads upright. The backs are drawn unmirrored, as on a duplex backs sheet.

Both orientations of the paper are tried and the one holding more cards wins (portrait on a
tie): poker cards go 2 x 2 on landscape A4 or Letter (Squib's `letter_poker_foldable_8up`),
tarot 1 x 2 on portrait paper. Crop marks sit on the outer edges only (left, top and bottom of
the fronts, right, top and bottom of the backs): after folding, the marks of both halves lie
on the same cut lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from printgen.layout.geometry import LayoutError, Rect, Segment
from printgen.layout.imposition import Sheet, Slot, impose
from printgen.layout.marks import Keep, marks_around
from printgen.layout.sizes import BLEED_MM, MIN_MARGIN_MM, Size


class _Fronts(Protocol):
    @property
    def printed(self) -> Rect: ...

    @property
    def capacity(self) -> int: ...


class FoldPage:
    """What every fold-over page has: the fold down the middle of the `paper` as printed, the
    fronts on its left half, their backs mirrored about the fold (cards: `FoldSheet`; pieces of
    any shape: `printgen.layout.packing.FoldPieces`)."""

    paper: Size
    fronts: _Fronts

    @property
    def fold_x(self) -> float:
        return self.paper.width / 2

    @property
    def capacity(self) -> int:
        return self.fronts.capacity

    @property
    def page(self) -> Rect:
        return Rect(0.0, 0.0, self.paper.width, self.paper.height)

    @property
    def printed(self) -> Rect:
        """Everything the fronts and backs print."""
        front = self.fronts.printed
        return Rect.union([front, front.mirrored(self.paper.width)])

    def fold_line(self, keep: Keep | None = None) -> Segment:
        """The fold, from the bottom to the top margin (less what `keep` keeps clear)."""
        kept = (keep or Keep()).inside(self.page)
        return Segment(self.fold_x, kept.bottom, self.fold_x, kept.top)


@dataclass(frozen=True)
class FoldSheet(FoldPage):
    paper: Size
    """The page as printed: the paper, turned to landscape when that holds more cards."""
    fronts: Sheet
    """The fronts, imposed on the left half (its coordinates are the page's)."""

    def back(self, slot: Slot) -> Slot:
        """Where the back of the card in front `slot` goes: mirrored about the fold line."""
        width = self.paper.width
        return Slot(
            slot.index,
            slot.row,
            slot.column,
            slot.trim.mirrored(width),
            slot.bleed.mirrored(width),
            slot.image.mirrored(width),
        )

    def marks(self, keep: Keep | None = None) -> tuple[Segment, ...]:
        """Crop marks on the outer edges of both halves, never at the fold."""
        fronts = self.fronts
        left = marks_around(
            fronts.cut_xs,
            fronts.cut_ys,
            fronts.printed,
            fronts.grid,
            self.page,
            keep=keep,
            sides="lbt",
        )
        mirrored = Keep(
            left=(keep or Keep()).right,
            bottom=(keep or Keep()).bottom,
            right=(keep or Keep()).left,
            top=(keep or Keep()).top,
        )
        right = marks_around(
            fronts.cut_xs,
            fronts.cut_ys,
            fronts.printed,
            fronts.grid,
            self.page,
            keep=mirrored,
            sides="lbt",
        )
        width = self.paper.width
        return left + tuple(Segment(width - m.x1, m.y1, width - m.x2, m.y2) for m in right)


FOLD_GAP_MM = 1.5
"""The least room between the fronts' bleed and the fold, when the 5 mm margin there would
cost bleed (issue 33: poker cards on Letter kept 1.35 mm). The fold needs no margin of the
paper's: what lies past the bleed is cut off with it."""


def _toward_the_fold(
    card: Size, half: Size, fronts: Sheet, bleed_mm: float, min_margin_mm: float | None
) -> Sheet:
    """`fronts` laid out again between the paper's margin and FOLD_GAP_MM from the fold (the
    half page's right edge), when that gives the same cards a fuller bleed."""
    margin = MIN_MARGIN_MM if min_margin_mm is None else min_margin_mm
    if margin <= FOLD_GAP_MM:
        return fronts
    wider = Size(half.width + margin - FOLD_GAP_MM, half.height, half.name)
    try:
        moved = impose(card, wider, bleed_mm=bleed_mm, min_margin_mm=min_margin_mm)
    except LayoutError:
        return fronts
    if moved.capacity != fronts.capacity or moved.outer_bleed <= fronts.outer_bleed:
        return fronts
    return moved


def fold_sheet(
    card: Size, paper: Size, *, bleed_mm: float = BLEED_MM, min_margin_mm: float | None = None
) -> FoldSheet:
    """The fold-over layout of `card` on `paper` (see the module docstring).

    Raises LayoutError when not even one card and its back fit on either orientation.
    """
    best: FoldSheet | None = None
    for page in (paper, paper.turned):
        half = Size(page.width / 2, page.height, page.name)
        try:
            fronts = impose(card, half, bleed_mm=bleed_mm, min_margin_mm=min_margin_mm)
        except LayoutError:
            continue
        if fronts.outer_bleed < bleed_mm:
            fronts = _toward_the_fold(card, half, fronts, bleed_mm, min_margin_mm)
        if best is None or fronts.capacity > best.capacity:
            best = FoldSheet(page, fronts)
    if best is None:
        raise LayoutError(
            f"a {card} card and its back do not fit side by side on {paper} paper, upright"
            " or turned"
        )
    return best
