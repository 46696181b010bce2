"""A grid of square or hexagonal cells in a box: a board's map, a sheet's table of boxes.

Millimetres, in the box's own drawing with the origin at its top-left and y growing downward
(as the design's boxes and SVG have it). Pure geometry: nothing here draws.

- Square cells are `size` a side; the grid is `columns * size` by `rows * size`.
- Hexagons are `size` across their flats, as a hex piece is (DESIGN.md section 11). A flat-top
  hexagon (the default) is `size` high and `2 * size / sqrt(3)` wide; its columns step by three
  quarters of that width and every second column (B, D, ...) sits half a cell lower, so they
  nest. With `corner_up` the hexagon has a point at the top: `size` wide, rows step by three
  quarters of its height and every second row sits half a cell to the right.
- Cells are named as on a map: a column letter from the left and a row number from the top
  ("A1" is the top-left cell; after Z come AA, AB ...).
- A grid is centred in its box. With no `size`, cells are as large as the box allows; square
  cells then stretch to fill it (a score pad's table), hexagons stay regular.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.layout.geometry import EPS, LayoutError, Point
from printgen.layout.tiles import column_letters

SQRT3 = math.sqrt(3.0)
SHAPES = ("square", "hex")


@dataclass(frozen=True)
class GridSpec:
    """What a design asks for: `grid: {shape, columns, rows, size}` (size None: fit the box)."""

    shape: str
    columns: int
    rows: int
    size: float | None = None
    corner_up: bool = False

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise LayoutError(f"a grid is square or hex, not {self.shape!r}")
        if self.columns < 1 or self.rows < 1:
            raise LayoutError(
                f"a grid needs at least 1 column and 1 row, got {self.columns} x {self.rows}"
            )
        if self.size is not None and self.size <= 0:
            raise LayoutError(f"a grid's cells need a size above 0 mm, got {self.size:g}")


@dataclass(frozen=True)
class Cell:
    """One cell: its column and row from 0, its map name, centre and outline (clockwise)."""

    column: int
    row: int
    name: str
    centre: Point
    corners: tuple[Point, ...]


@dataclass(frozen=True)
class Grid:
    """A grid placed in a box: its cell size, its extent and its cells, row by row."""

    spec: GridSpec
    size: float
    """The cell size: a square's side, a hexagon's width across its flats (a stretched
    square cell's shorter side)."""
    cell_w: float
    cell_h: float
    """A square cell's width and height (both `size` unless stretched); a hexagon's box."""
    left: float
    top: float
    width: float
    height: float
    cells: tuple[Cell, ...]

    def cell(self, column: int, row: int) -> Cell:
        if not (0 <= column < self.spec.columns and 0 <= row < self.spec.rows):
            raise IndexError(f"no cell at column {column}, row {row}")
        return self.cells[row * self.spec.columns + column]

    def named(self, name: str) -> Cell | None:
        """The cell called `name` ("C4", any case), or None."""
        wanted = name.strip().upper()
        return next((c for c in self.cells if c.name == wanted), None)

    def vertex(self, column: int, row: int) -> Point:
        """The corner of a square grid's lines: column and row lines counted from 0 at the
        top-left (vertex (1, 1) is the corner shared by A1, B1, A2 and B2)."""
        return Point(self.left + column * self.cell_w, self.top + row * self.cell_h)


def cell_name(column: int, row: int) -> str:
    """0, 0 -> "A1": a column letter from the left, a row number from the top."""
    return f"{column_letters(column)}{row + 1}"


def extent(spec: GridSpec, size: float) -> tuple[float, float]:
    """The width and height of the grid with cells of `size`."""
    if spec.shape == "square":
        return spec.columns * size, spec.rows * size
    long = 2 * size / SQRT3  # point to point
    if spec.corner_up:
        shift = size / 2 if spec.rows > 1 else 0.0
        return spec.columns * size + shift, long * (0.75 * (spec.rows - 1) + 1)
    shift = size / 2 if spec.columns > 1 else 0.0
    return long * (0.75 * (spec.columns - 1) + 1), spec.rows * size + shift


def largest_size(spec: GridSpec, width: float, height: float) -> float:
    """The largest cell size whose grid fits a `width` x `height` box (extent is linear in
    the size, so one division per axis)."""
    unit_w, unit_h = extent(spec, 1.0)
    return min(width / unit_w, height / unit_h)


def place_grid(spec: GridSpec, width: float, height: float) -> Grid:
    """The grid centred in a `width` x `height` box; LayoutError when its declared cell size
    makes it larger than the box (saying how large it would be and the largest size that fits)."""
    if spec.shape == "square" and spec.size is None:
        return _stretched(spec, width, height)
    size = spec.size if spec.size is not None else largest_size(spec, width, height)
    grid_w, grid_h = extent(spec, size)
    if grid_w > width + EPS or grid_h > height + EPS:
        raise LayoutError(
            f"a {spec.columns} x {spec.rows} {spec.shape} grid of {size:g} mm cells is"
            f" {grid_w:.1f} x {grid_h:.1f} mm, larger than its {width:.1f} x {height:.1f} mm box"
            f" (cells of at most {largest_size(spec, width, height):.1f} mm fit)"
        )
    left, top = (width - grid_w) / 2, (height - grid_h) / 2
    cells = tuple(
        _cell(spec, size, size, left, top, column, row)
        for row in range(spec.rows)
        for column in range(spec.columns)
    )
    cell_w, cell_h = (size, size) if spec.shape == "square" else _hex_box(spec, size)
    return Grid(spec, size, cell_w, cell_h, left, top, grid_w, grid_h, cells)


def _stretched(spec: GridSpec, width: float, height: float) -> Grid:
    """Square cells stretched to fill the box: `columns` across its width, `rows` down."""
    w, h = width / spec.columns, height / spec.rows
    cells = tuple(
        _cell(spec, w, h, 0.0, 0.0, column, row)
        for row in range(spec.rows)
        for column in range(spec.columns)
    )
    return Grid(spec, min(w, h), w, h, 0.0, 0.0, width, height, cells)


def _hex_box(spec: GridSpec, size: float) -> tuple[float, float]:
    long = 2 * size / SQRT3
    return (size, long) if spec.corner_up else (long, size)


def _cell(
    spec: GridSpec, size: float, tall: float, left: float, top: float, column: int, row: int
) -> Cell:
    """A cell: a square `size` wide and `tall` high, or a hexagon `size` across its flats."""
    name = cell_name(column, row)
    if spec.shape == "square":
        x, y = left + column * size, top + row * tall
        square = (Point(x, y), Point(x + size, y), Point(x + size, y + tall), Point(x, y + tall))
        return Cell(column, row, name, Point(x + size / 2, y + tall / 2), square)
    long = 2 * size / SQRT3
    if spec.corner_up:
        cx = left + size / 2 + column * size + (size / 2 if row % 2 else 0.0)
        cy = top + long / 2 + row * 0.75 * long
        angles = (-90, -30, 30, 90, 150, 210)
    else:
        cx = left + long / 2 + column * 0.75 * long
        cy = top + size / 2 + row * size + (size / 2 if column % 2 else 0.0)
        angles = (-120, -60, 0, 60, 120, 180)
    radius = long / 2
    corners = tuple(
        Point(
            cx + radius * math.cos(math.radians(a)),
            cy + radius * math.sin(math.radians(a)),
        )
        for a in angles
    )
    return Cell(column, row, name, Point(cx, cy), corners)
