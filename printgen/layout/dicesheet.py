"""Where dice go on paper: face labels for blank dice, and foldable nets. Millimetres, origin at
the paper's bottom-left (as in PDF).

Labels: each die's faces form a block, three labels a row, butted so that neighbours share
their cut lines (a label is the die's edge less 1 mm each side, for the die's rounded edges).
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

from printgen.layout.dienet import Net, cube_net
from printgen.layout.geometry import LayoutError, Rect
from printgen.layout.imposition import default_min_margin, impose
from printgen.layout.sizes import Size

LABEL_INSET_MM = 1.0
"""How much smaller than the die's face a label is on each side."""
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
    """One die's labels: `labels[k]` is face k + 1's square."""

    kind: int
    """The row of the deck it belongs to (index into the kinds)."""
    copy: int
    """Which of the row's dice (from 0)."""
    labels: tuple[Rect, ...]

    @property
    def box(self) -> Rect:
        return Rect.union(list(self.labels))


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


TRIANGLE_FACES = (4, 8, 20)
"""Dice whose faces are equilateral triangles, their side the die's edge."""


def label_side(edge: float, faces: int = 6) -> float:
    """A face label's side: the face less LABEL_INSET_MM each side. A triangle's label is
    the largest square standing on its base inside the triangle so inset (side a' =
    a - 2√3·inset, square a'√3 / (2 + √3): 5.82 mm on a 16 mm d8, where the d6's 14 mm
    square would hang off the face); other faces (a d12's pentagon) hold the square."""
    if faces in TRIANGLE_FACES:
        inner = edge - 2 * math.sqrt(3) * LABEL_INSET_MM
        return inner * math.sqrt(3) / (2 + math.sqrt(3))
    return edge - 2 * LABEL_INSET_MM


def label_pages(kinds: Sequence[DieKind], edge: float, paper: Size) -> list[LabelPage]:
    """Every die's block of labels, row by row of the deck, on as many pages as it takes."""
    margin = default_min_margin(paper)
    room = Rect(margin, margin, paper.width - margin, paper.height - margin)
    pages: list[LabelPage] = []
    lines: list[KindLine] = []
    top = room.top - HEADING_MM
    for index, kind in enumerate(kinds):
        label = label_side(edge, kind.faces)
        rows = math.ceil(kind.faces / LABEL_COLUMNS)
        block_w, block_h = LABEL_COLUMNS * label, rows * label
        per_line = int((room.width - NAME_COLUMN_MM + BLOCK_GAP_MM) // (block_w + BLOCK_GAP_MM))
        if per_line < 1 or block_h > room.height - HEADING_MM:
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
                blocks.append(Block(index, copy + n, _labels(left, block_top, label, kind.faces)))
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


def _labels(left: float, top: float, label: float, faces: int) -> tuple[Rect, ...]:
    """Face 1 to `faces`' squares, three a row from the top-left, butted."""
    squares = []
    for face in range(faces):
        row, column = divmod(face, LABEL_COLUMNS)
        x = left + column * label
        y = top - (row + 1) * label
        squares.append(Rect(x, y, x + label, y + label))
    return tuple(squares)


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
