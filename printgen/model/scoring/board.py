"""Where placed pieces lie: the cells of a game's grid as scoring rules see them.

A worked example names each piece's cell as the board prints it ("E4": a column letter from
the left, a row number from the top; `printgen.layout.grid`). Rules work on neighbours and
lines, so a cell is held here in coordinates where both are simple: axial coordinates for
hexagons (the board's offset columns, or rows with `corner_up`, converted), the column and row
for squares. A hexagon has six neighbours, a square four (no diagonals).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printgen.layout.tiles import column_letters

HEX_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SQUARE_STEPS = ((1, 0), (0, -1), (-1, 0), (0, 1))
CELL_NAME = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,4})$")

Cell = tuple[int, int]


@dataclass(frozen=True)
class Board:
    """A grid of `columns` x `rows` cells, square or hex (flat top, every second column half a
    cell lower; with `corner_up`, every second row half a cell to the right)."""

    shape: str = "hex"
    columns: int = 26
    rows: int = 99
    corner_up: bool = False

    @property
    def steps(self) -> tuple[Cell, ...]:
        return HEX_STEPS if self.shape == "hex" else SQUARE_STEPS

    def cell(self, name: object) -> Cell:
        """The cell a board calls `name` ("E4", any case); ValueError when there is none."""
        found = CELL_NAME.match(name.strip()) if isinstance(name, str) else None
        if found is None:
            raise ValueError(f"{name!r} is no cell name; expected a column letter and a row, as E4")
        column = _column_number(found.group(1).upper())
        row = int(found.group(2)) - 1
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            last = f"{column_letters(self.columns - 1)}{self.rows}"
            raise ValueError(f"{name!r} is off the board (its cells run from A1 to {last})")
        return self.from_offset(column, row)

    def from_offset(self, column: int, row: int) -> Cell:
        if self.shape != "hex":
            return column, row
        if self.corner_up:
            return column - (row - (row & 1)) // 2, row
        return column, row - (column - (column & 1)) // 2

    def to_offset(self, cell: Cell) -> Cell:
        q, r = cell
        if self.shape != "hex":
            return q, r
        if self.corner_up:
            return q + (r - (r & 1)) // 2, r
        return q, r + (q - (q & 1)) // 2

    def name(self, cell: Cell) -> str:
        column, row = self.to_offset(cell)
        return f"{column_letters(column)}{row + 1}"

    def around(self, cell: Cell) -> list[Cell]:
        """The cells beside `cell` (on the board or not)."""
        return [(cell[0] + dq, cell[1] + dr) for dq, dr in self.steps]

    def on_board(self, cell: Cell) -> bool:
        column, row = self.to_offset(cell)
        return 0 <= column < self.columns and 0 <= row < self.rows

    def on_edge(self, cell: Cell) -> bool:
        """Whether a cell of the board has a side on the board's edge."""
        return self.on_board(cell) and not all(self.on_board(c) for c in self.around(cell))

    def axes(self) -> tuple[Cell, ...]:
        """One step along each straight line through a cell (three for hexes, two for squares)."""
        return self.steps[: len(self.steps) // 2]


def _column_number(letters: str) -> int:
    """A -> 0, Z -> 25, AA -> 26 (as `column_letters` names them)."""
    number = 0
    for letter in letters:
        number = number * 26 + (ord(letter) - ord("A") + 1)
    return number - 1
