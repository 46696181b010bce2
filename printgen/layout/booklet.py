"""Saddle-stitched booklets: which rulebook page goes where on which side of which sheet, and
how large (issue 16).

A booklet of `pages` pages is padded with blank pages at the end to a multiple of 4, `total`.
Each sheet of paper, turned to landscape, holds four pages, two a side, and the sheets are
stacked, folded in the middle and stapled on the fold. Sheet `s` (from 0) carries on its front
pages `total - 2s` (left) and `2s + 1` (right), and on its back `2s + 2` (left) and
`total - 2s - 1` (right): the first sheet's front is "last page | page 1", the outside of the
book. Printed two-sided with a flip on the short edge (the sheet turns about the fold), each
back lands behind its front.

The pages are scaled to fit their half of the sheet inside the 5 mm margin, above the band the
sheet's footer takes, and meet at the fold, so the book's spine is the fold line: an A5 page
prints at 93.8 % on A4, and at 91 % on half a Letter sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.geometry import Rect
from printgen.layout.sizes import MIN_MARGIN_MM, Size


def padded(pages: int) -> int:
    """The page count of the booklet: `pages` rounded up to a multiple of 4 (at least 4)."""
    return max(4, -(-pages // 4) * 4)


def saddle_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page numbers (from 1) of each sheet side, front then back for each sheet;
    None for a blank page added as padding."""
    total = padded(pages)

    def page(number: int) -> int | None:
        return number if number <= pages else None

    sides = []
    for sheet in range(total // 4):
        sides.append((page(total - 2 * sheet), page(2 * sheet + 1)))
        sides.append((page(2 * sheet + 2), page(total - 2 * sheet - 1)))
    return sides


@dataclass(frozen=True)
class BookletSheet:
    paper: Size
    """The sheet, landscape."""
    scale: float
    left: Rect
    right: Rect
    """Where the left and right pages go (page coordinates, origin bottom-left)."""


def booklet_sheet(page: Size, paper: Size, footer_mm: float) -> BookletSheet:
    """Two `page`s side by side on `paper` turned to landscape, as large as they fit inside the
    5 mm margin with `footer_mm` more kept at the bottom, meeting at the fold."""
    sheet = Size(max(paper.width, paper.height), min(paper.width, paper.height), paper.name)
    fold = sheet.width / 2
    room_w = fold - MIN_MARGIN_MM
    bottom = MIN_MARGIN_MM + footer_mm
    room_h = sheet.height - MIN_MARGIN_MM - bottom
    scale = min(1.0, room_w / page.width, room_h / page.height)
    w, h = page.width * scale, page.height * scale
    y = bottom + (room_h - h) / 2
    return BookletSheet(
        sheet, scale, Rect(fold - w, y, fold, y + h), Rect(fold, y, fold + w, y + h)
    )
