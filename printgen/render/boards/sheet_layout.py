"""A roll-and-write player sheet as geometry (mm, y down), from the engine's parsed rules of
the sheet and the game's design file (`player-sheet.yaml`).

One page: a header with the player's name; the map (rows numbered by die face, circles on
their vertices) with the element compass and the symbol key beside it; a track per element
and the scoring table below; a short reminder of the rules at the foot. What the rules say
comes from the engine's model of the sheet (`Engine.part_models["player-sheet"]`: the map's
size and circles, the elements, which feeds which, what may not touch what); how it looks
from the design (sizes, the compass's top element, the score table's columns).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from printgen.errors import RenderError
from printgen.layout.sizes import Size
from printgen.render.boards.box import Box
from printgen.render.boards.design import PartDesign, paper_size

SheetRules = Any  # the engine's parsed rules of the sheet (Engine.part_models["player-sheet"])

HEADER_MM = 17.0
LABELS_MM = 12.0  # the row numbers left of the map
COLUMN_NUMBERS_MM = 11.0  # the map's title and column numbers above it
GAP_MM = 6.0
BOTTOM_MM = 80.0  # tracks and scoring table
FOOTER_MM = 13.0
TRACK_ROW_MM = 9.5
SCORE_ROW_MM = 7.2


@dataclass(frozen=True)
class Circle:
    vertex: tuple[int, int]  # (i, j) as in the data, 1-based
    cx: float
    cy: float
    r: float


@dataclass(frozen=True)
class EnergyMap:
    rows: int
    columns: int
    square: float
    grid: Box
    circles: tuple[Circle, ...]


@dataclass(frozen=True)
class Node:
    element: str
    x: float
    y: float


@dataclass(frozen=True)
class Compass:
    box: Box
    cx: float
    cy: float
    radius: float
    node: float  # each element's disc diameter
    nodes: tuple[Node, ...]  # around the cycle the rules' `feeder` makes, clockwise
    feeds: tuple[tuple[str, str], ...]  # (a, b): a feeds b
    apart: tuple[tuple[str, str], ...]  # may not touch

    def at(self, element: str) -> Node:
        return next(n for n in self.nodes if n.element == element)


@dataclass(frozen=True)
class Track:
    element: str
    label: Box
    boxes: tuple[Box, ...]


@dataclass(frozen=True)
class ScoreTable:
    box: Box
    first: float  # width of the element column
    cell: float  # width of each number column
    head: float  # height of the header row
    row: float
    elements: tuple[str, ...]
    columns: int  # number columns right of the element column
    after: int  # rows under the elements' (the template fills them)

    def column_x(self, k: int) -> float:
        return self.box.x + self.first + k * self.cell


@dataclass(frozen=True)
class SheetLayout:
    paper: Size
    margin: float
    header: Box
    map: EnergyMap
    side: Box
    compass: Compass
    key: Box
    tracks_box: Box
    tracks: tuple[Track, ...]
    score: ScoreTable
    footer: Box


def sheet_layout(rules: SheetRules, paper_name: str, design: PartDesign) -> SheetLayout:
    paper = paper_size(paper_name)
    margin = design.length("sheet", "margin")
    room = Box(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin)
    side_w = design.length("sheet", "side_column")
    map_h = room.h - HEADER_MM - GAP_MM - BOTTOM_MM - GAP_MM - FOOTER_MM - COLUMN_NUMBERS_MM
    map_w = room.w - LABELS_MM - GAP_MM - side_w
    square = min(design.length("sheet", "max_square"), map_w / rules.columns, map_h / rules.rows)
    least = design.length("sheet", "min_square")
    if square < least:
        raise RenderError(
            f"{design.path}: sheet.min_square: a {rules.rows} x {rules.columns} map needs squares"
            f" of {square:.1f} mm on {paper} paper, under the {least:g} mm a symbol needs"
        )
    header = Box(room.x, room.y, room.w, HEADER_MM)
    top = header.bottom + COLUMN_NUMBERS_MM
    grid = Box(room.x + LABELS_MM, top, rules.columns * square, rules.rows * square)
    radius = square * design.number("sheet", "circle")
    circles = tuple(
        Circle((i, j), grid.x + j * square, grid.y + i * square, radius) for i, j in rules.circles
    )
    energy = EnergyMap(rules.rows, rules.columns, square, grid, circles)
    side = Box(room.right - side_w, header.bottom, side_w, grid.bottom - header.bottom)
    top = design.optional("sheet", "compass_top")
    compass = _compass(
        rules, Box(side.x, side.y, side.w, min(side.w + 8, side.h * 0.55)), top and str(top)
    )
    key = Box(side.x, compass.box.bottom, side.w, side.bottom - compass.box.bottom)
    bottom = Box(room.x, grid.bottom + GAP_MM, room.w, BOTTOM_MM)
    tracks_box, tracks = _tracks(rules, bottom, design.length("sheet", "box"))
    score = _score(
        rules,
        Box(
            tracks_box.right + GAP_MM, bottom.y, bottom.right - tracks_box.right - GAP_MM, bottom.h
        ),
        design.whole("score", "columns"),
        design.whole("score", "rows_after"),
    )
    footer = Box(room.x, room.bottom - FOOTER_MM, room.w, FOOTER_MM)
    return SheetLayout(
        paper, margin, header, energy, side, compass, key, tracks_box, tracks, score, footer
    )


def cycle(elements: tuple[str, ...], feeder: dict[str, str], top: str | None) -> list[str]:
    """The elements round the cycle `feeder` makes (element -> the one that feeds it), from
    `top` (the first element when None or not one of them); elements the cycle does not
    reach follow in their listed order."""
    fed = _fed(feeder, elements)
    order = [top if top in elements else elements[0]]
    while fed.get(order[-1]) in elements and fed[order[-1]] not in order:
        order.append(fed[order[-1]])
    return order + [e for e in elements if e not in order]


def _fed(feeder: dict[str, str], elements: tuple[str, ...]) -> dict[str, str]:
    """Element -> the element it feeds, among `elements`."""
    return {before: after for after, before in feeder.items() if after in elements}


def _compass(rules: SheetRules, box: Box, top: str | None) -> Compass:
    node = box.w * 0.24
    cx, cy = box.cx, box.y + 8 + (box.h - 8) / 2
    radius = min(box.w, box.h - 8) / 2 - node / 2 - 0.5
    order = cycle(rules.elements, rules.feeder, top)
    nodes = tuple(
        Node(
            e,
            cx + radius * math.sin(2 * math.pi * k / len(order)),
            cy - radius * math.cos(2 * math.pi * k / len(order)),
        )
        for k, e in enumerate(order)
    )
    fed = _fed(rules.feeder, rules.elements)
    feeds = tuple((e, fed[e]) for e in order if fed.get(e) in order)
    apart = tuple((a, b) for a, others in rules.may_not_touch.items() for b in others)
    return Compass(box, cx, cy, radius, node, nodes, feeds, apart)


def _tracks(rules: SheetRules, bottom: Box, size: float) -> tuple[Box, tuple[Track, ...]]:
    label_w = 24.0
    width = label_w + rules.track * size
    box = Box(bottom.x, bottom.y, width, 9 + len(rules.elements) * TRACK_ROW_MM)
    tracks = []
    for k, element in enumerate(rules.elements):
        y = box.y + 9 + k * TRACK_ROW_MM
        boxes = tuple(Box(box.x + label_w + n * size, y, size, size) for n in range(rules.track))
        tracks.append(Track(element, Box(box.x, y, label_w, size), boxes))
    return box, tuple(tracks)


def _score(rules: SheetRules, box: Box, columns: int, after: int) -> ScoreTable:
    first = 22.0
    cell = (box.w - first) / columns
    rows = len(rules.elements) + after
    height = 9 + 12 + rows * SCORE_ROW_MM
    return ScoreTable(
        Box(box.x, box.y, box.w, height),
        first,
        cell,
        12.0,
        SCORE_ROW_MM,
        rules.elements,
        columns,
        after,
    )
