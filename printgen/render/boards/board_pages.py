"""The pages of a gated grid board's board.pdf, as geometry: the large single sheet and the tiles.

Page 1 is the whole board on the large paper (A3 by default, for a print shop); the pages after
it are the same drawing tiled across the chosen paper (A4 or Letter) to print at home and tape
together. Everything here is in mm; `Box` is in page coordinates with y down (SVG), the tiling
of `printgen.layout.tiles` keeps PDF's y up.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import RenderError
from printgen.layout.geometry import Point, Rect
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.layout.tiles import Tile, Tiling, row_letters, tile_drawing
from printgen.render.boards.board_layout import BoardLayout
from printgen.render.boards.box import Box
from printgen.render.boards.design import PartDesign

TITLE_MM = 30.0  # the title block above the board on the large page
LEGEND_MM = 62.0  # the move legend below it
HINT_ROOM_MM = 6.0  # the margin a "next tile" hint needs beside a tile
PAGE_MARGIN_MM = 5.0  # nothing is printed closer to the paper's edge (DESIGN.md section 7)
CUT_MARK_MM = 4.0  # the cut marks at a tile's corners, at most
CUT_OFFSET_MM = 1.0  # and their gap from the corner


@dataclass(frozen=True)
class LargePage:
    paper: Size
    margin: float
    title: Box
    board: Box
    legend: Box | None  # left out when the board leaves no room for it


@dataclass(frozen=True)
class Neighbour:
    label: str
    side: str  # left, right, top, bottom: where it joins this tile
    at: Point  # where its hint goes, page coordinates (y down)


@dataclass(frozen=True)
class TilePage:
    tile: Tile
    number: int  # 1-based among the tiles
    placement: Box  # where the tile's part of the drawing is, y down
    marks: tuple[Point, ...]  # alignment crosshair centres, y down
    neighbours: tuple[Neighbour, ...]
    band: Box  # the label band at the bottom
    cut_mark: float  # length of the cut marks at the tile's corners (0: no room for them)

    @property
    def row_name(self) -> str:
        return row_letters(self.tile.row)


def large_paper(design: PartDesign) -> tuple[Size, Box]:
    """The large paper and the room on it (inside the page margin)."""
    name = str(design.value("board", "large_paper"))
    if name not in PAPER_SIZES:
        raise RenderError(f"{design.path}: board.large_paper: unknown paper {name!r}")
    paper = PAPER_SIZES[name]
    margin = design.length("board", "page_margin")
    return paper, Box(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin)


def board_fit(design: PartDesign) -> float:
    """The largest board drawing (a side, mm) that the large page holds under its title."""
    _, room = large_paper(design)
    return min(room.w, room.h - TITLE_MM)


def large_page(layout: BoardLayout, design: PartDesign) -> LargePage:
    paper, room = large_paper(design)
    margin = room.x
    if layout.width > room.w or TITLE_MM + layout.height > room.h:
        raise RenderError(
            f"a {layout.width:g} mm board does not fit {paper} paper; make board.square smaller"
            f" in {design.path} or choose a larger board.large_paper"
        )
    legend = LEGEND_MM if TITLE_MM + layout.height + LEGEND_MM <= room.h else 0.0
    spare = room.h - TITLE_MM - layout.height - legend
    top = room.y + spare / 3
    title = Box(room.x, top, room.w, TITLE_MM)
    board = Box(room.x + (room.w - layout.width) / 2, title.bottom, layout.width, layout.height)
    legend_box = Box(room.x, board.bottom + spare / 3, room.w, legend) if legend else None
    return LargePage(paper, margin, title, board, legend_box)


def tiling(layout: BoardLayout, paper: Size, design: PartDesign) -> Tiling:
    return tile_drawing(
        Size(layout.width, layout.height),
        paper,
        overlap_mm=design.length("tiles", "overlap"),
        margin_mm=design.length("tiles", "margin"),
        label_band_mm=design.length("tiles", "label_band"),
    )


def tile_pages(tiles: Tiling) -> tuple[TilePage, ...]:
    height = tiles.paper.height
    margin = tiles.margin
    pages = []
    for number, tile in enumerate(tiles.tiles, start=1):
        box = _down(tile.placement, height)
        marks = tuple(Point(p.x, height - p.y) for p in tile.marks)
        hints = []
        for dr, dc, side in ((-1, 0, "top"), (1, 0, "bottom"), (0, -1, "left"), (0, 1, "right")):
            r, c = tile.row + dr, tile.column + dc
            if not (0 <= r < tiles.rows and 0 <= c < tiles.columns):
                continue
            at = {
                "top": Point(box.cx, box.y - 2.5),
                "bottom": Point(box.cx, box.bottom + 4.5),
                "left": Point(box.x - 3.5, box.cy),
                "right": Point(box.right + 3.5, box.cy),
            }[side]
            room = {
                "top": box.y - margin,
                "bottom": height - margin - (tile.label_at.y - margin) * 2 - box.bottom,
                "left": box.x - margin,
                "right": tiles.paper.width - margin - box.right,
            }[side]
            if room >= HINT_ROOM_MM:
                hints.append(Neighbour(tiles.tile(r, c).label, side, at))
        band_h = tile.label_at.y - margin
        band = Box(margin, height - margin - 2 * band_h, tiles.paper.width - 2 * margin, 2 * band_h)
        room = min(box.x, box.y, tiles.paper.width - box.right) - PAGE_MARGIN_MM
        room = min(room, band.y - box.bottom - 0.5)
        cut = max(0.0, min(CUT_MARK_MM, room - CUT_OFFSET_MM))
        pages.append(TilePage(tile, number, box, marks, tuple(hints), band, cut))
    return tuple(pages)


def _down(rect: Rect, height: float) -> Box:
    return Box(rect.left, height - rect.top, rect.width, rect.height)
