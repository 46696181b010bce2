"""Where dice go on paper: face labels for blank dice, and foldable nets. Millimetres, origin at
the paper's bottom-left (as in PDF).

Labels: each die's faces form a block, three labels a row, their bounding boxes butted (a
d6's squares share their cut lines). A label has its face's shape, 1 mm smaller each side for
the die's rounded edges, and the face is drawn in the largest upright square inside it
(`printgen.layout.dieface`: squares, triangles, kites).
The dice of one row of the deck (its `count` copies) share a line of the page, wrapping to more
lines when they do not fit, with the die's name in a column at the left; a page ends where the
next row would not fit, and the next page goes on. The top of the first page keeps room for a
heading.

Nets: one a die, each the cross of `printgen.layout.dienet`, in a grid with a gap between
them (`impose` with a gutter), as many a page as fit, each keeping room for its faces' bleed
past its plain cut edges (`NET_BLEED_MM`) inside the 5 mm clear edge.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.layout.dieface import Polygon, label_outline, label_side, label_square
from printgen.layout.dienet import Net, cube_net
from printgen.layout.geometry import LayoutError, Point, Rect
from printgen.layout.imposition import default_min_margin, impose
from printgen.layout.sizes import Size

LABEL_COLUMNS = 3
HEADING_MM = 16.0
NAME_COLUMN_MM = 28.0
BLOCK_GAP_MM = 6.0
LINE_GAP_MM = 6.0
NET_GAP_MM = 6.0
"""Between two nets' cut lines: their bleeds and white between, to cut round each."""
NET_BLEED_MM = 2.0
"""How far a net's face may run past a plain cut edge (the nets keep that much more than the
5 mm margin from the paper's edge)."""


@dataclass(frozen=True)
class DieKind:
    """One row of a dice deck: its name, how many dice, how many faces each."""

    name: str
    count: int
    faces: int


@dataclass(frozen=True)
class Block:
    """One die's labels: `outlines[k]` is face k + 1's label, to cut round, and `labels[k]`
    the square its drawing takes inside it (the whole label on a d6)."""

    kind: int
    """The row of the deck it belongs to (index into the kinds)."""
    copy: int
    """Which of the row's dice (from 0)."""
    labels: tuple[Rect, ...]
    outlines: tuple[Polygon, ...]

    @property
    def box(self) -> Rect:
        return Rect.union([_bounds(outline) for outline in self.outlines])


@dataclass(frozen=True)
class KindLine:
    """A row of the deck on a page: its name's box and its dice's blocks."""

    kind: int
    name: Rect
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class LabelPage:
    paper: Size
    heading: Rect | None
    """The room for the page's heading (the first page only)."""
    lines: tuple[KindLine, ...]

    @property
    def blocks(self) -> tuple[Block, ...]:
        return tuple(b for line in self.lines for b in line.blocks)

    @property
    def printed(self) -> Rect:
        return Rect.union([b.box for b in self.blocks])


def label_pages(kinds: Sequence[DieKind], edge: float, paper: Size) -> list[LabelPage]:
    """Every die's block of labels, row by row of the deck, on as many pages as it takes."""
    margin = default_min_margin(paper)
    room = Rect(margin, margin, paper.width - margin, paper.height - margin)
    pages: list[LabelPage] = []
    lines: list[KindLine] = []
    top = room.top - HEADING_MM
    for index, kind in enumerate(kinds):
        cell = _bounds(label_outline(edge, kind.faces))
        rows = math.ceil(kind.faces / LABEL_COLUMNS)
        block_w, block_h = LABEL_COLUMNS * cell.width, rows * cell.height
        per_line = int((room.width - NAME_COLUMN_MM + BLOCK_GAP_MM) // (block_w + BLOCK_GAP_MM))
        if per_line < 1 or block_h > room.height - HEADING_MM:
            label = label_side(edge, kind.faces)
            raise LayoutError(
                f"a block of {kind.faces} labels of {label:g} mm does not fit {paper}"
            )
        copy = 0
        while copy < kind.count:
            fit = int((top - room.bottom + LINE_GAP_MM) // (block_h + LINE_GAP_MM))
            if fit < 1:  # the page is full: the next one
                pages.append(_page(paper, pages, lines, room))
                lines, top = [], room.top
                continue
            take = min(kind.count - copy, fit * per_line)
            blocks = []
            for n in range(take):
                line, column = divmod(n, per_line)
                left = room.left + NAME_COLUMN_MM + column * (block_w + BLOCK_GAP_MM)
                block_top = top - line * (block_h + LINE_GAP_MM)
                blocks.append(Block(index, copy + n, *_labels(left, block_top, edge, kind.faces)))
            used = math.ceil(take / per_line)
            name = Rect(room.left, top - block_h, room.left + NAME_COLUMN_MM - 2, top)
            lines.append(KindLine(index, name, tuple(blocks)))
            top -= used * (block_h + LINE_GAP_MM)
            copy += take
    if lines or not pages:
        pages.append(_page(paper, pages, lines, room))
    return pages


def _page(paper: Size, pages: list[LabelPage], lines: list[KindLine], room: Rect) -> LabelPage:
    heading = None if pages else Rect(room.left, room.top - HEADING_MM, room.right, room.top)
    return LabelPage(paper, heading, tuple(lines))


def _labels(
    left: float, top: float, edge: float, faces: int
) -> tuple[tuple[Rect, ...], tuple[Polygon, ...]]:
    """Face 1 to `faces`' squares and labels, three a row from the top-left, their bounding
    boxes butted (a d6's squares share their cut lines)."""
    outline = label_outline(edge, faces)
    cell = _bounds(outline)
    square = label_square(edge, faces)
    squares, outlines = [], []
    for face in range(faces):
        row, column = divmod(face, LABEL_COLUMNS)
        x = left + column * cell.width
        y = top - (row + 1) * cell.height
        squares.append(square.translated(x, y))
        outlines.append(tuple(Point(p.x + x, p.y + y) for p in outline))
    return tuple(squares), tuple(outlines)


def _bounds(outline: Polygon) -> Rect:
    xs, ys = [p.x for p in outline], [p.y for p in outline]
    return Rect(min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class NetPage:
    paper: Size
    nets: tuple[Net, ...]


def net_pages(count: int, edge: float, paper: Size) -> list[NetPage]:
    """`count` nets of a die `edge` mm on a side, as many a page as fit, in reading order."""
    net = cube_net(edge)
    margin = default_min_margin(paper) + NET_BLEED_MM
    size = Size(net.width, net.height)
    sheet = impose(size, paper, bleed_mm=0.0, gutter_mm=NET_GAP_MM, min_margin_mm=margin)
    pages = []
    for start in range(0, count, sheet.capacity):
        slots = sheet.slots[: min(sheet.capacity, count - start)]
        pages.append(
            NetPage(paper, tuple(net.translated(s.trim.left, s.trim.bottom) for s in slots))
        )
    return pages
