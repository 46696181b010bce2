"""What a workbook reader hands the table builder (`printgen.model.sheets`): a sheet's rows of
cell values, with the cells that hold no value a CSV export would show.

A cell is None, a bool, a number, a text, a date (refused later at its cell), or one of the
small types below, each kept only to be refused with words the designer can act on.
"""

from __future__ import annotations

from dataclasses import dataclass


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
