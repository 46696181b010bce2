"""What a workbook reader hands the table builder (`printgen.model.sheets`): a sheet's rows of
cell values, with the cells that hold no value a CSV export would show, and its merged ranges.

A cell is None, a bool, a number, a text, a date (refused later at its cell), or one of the
small types below, each kept only to be refused with words the designer can act on.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from printgen.layout.tiles import column_letters

MAX_ROWS = 20_000
MAX_COLUMNS = 200
MAX_MERGES = 20_000  # merged ranges on one sheet: one a card
MAX_MERGED_CELLS = 1_000_000  # the cells they cover together (within the rows and columns read)


@dataclass(frozen=True)
class DateCell:
    """An ODS date or time cell, kept only to be refused with the text the sheet shows."""

    shown: str

    def __str__(self) -> str:
        return self.shown


@dataclass(frozen=True)
class UnsavedFormula:
    """A formula cell whose value was never saved (the workbook was written by a program or
    saved without recalculating): its value is unknown, not empty."""

    formula: str  # `=B4+1`, or "" when the file does not say (a shared formula's other cells)


@dataclass(frozen=True)
class ErrorValue:
    """A formula whose saved value is a spreadsheet error (`#DIV/0!`, `#REF!`)."""

    code: str


@dataclass(frozen=True)
class Merged:
    """A merged range, by its first and last row (numbered from 1) and column (from 0)."""

    top: int
    left: int
    bottom: int
    right: int

    @property
    def name(self) -> str:
        return f"{cell_name(self.left, self.top)}:{cell_name(self.right, self.bottom)}"


def cell_name(index: int, row: int) -> str:
    """A spreadsheet's name of a cell: column 0, row 7 -> `A7`."""
    return f"{column_letters(index)}{row}"


CellValue = (
    None
    | bool
    | int
    | float
    | str
    | datetime.date
    | datetime.time
    | datetime.timedelta
    | DateCell
    | UnsavedFormula
    | ErrorValue
)
"""What a workbook reader gives for one cell (see the module's docstring)."""
Rows = Iterator[tuple[int, list[CellValue]]]
"""A sheet's rows in order, each (row number, cell values from column A)."""


class SheetRows(NamedTuple):
    """What a workbook reader gives of one sheet."""

    rows: Rows
    merged: list[Merged]
    hidden: frozenset[int] = frozenset()
    """The numbers of the rows hidden in the sheet (by a filter, or Hide Rows)."""


Sheets = dict[str, Callable[[], SheetRows]]
"""Sheet name -> a function giving the sheet's rows, merged ranges and hidden rows."""
Workbook = tuple[Sheets, set[str]]
"""A workbook's sheets, and the names of those hidden (not picked unless named)."""
