"""A deck's file as a table of text cells, each able to say where it stands, and how its
header row is found.

A deck may be a CSV file or a sheet of an `.xlsx` or `.ods` workbook (`printgen.model.sheets`),
read by `printgen.model.table_files`. Either way the loader sees the same `Table`: a header of
column names and rows of text, so typing a cell is done once, for every kind of file. Places
read as a designer finds them: `cards.csv:14` for a line, `cards.xlsx:Actions!C7` for a cell.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from printgen.errors import Problem
from printgen.model.cells import cell_name


@dataclass(frozen=True)
class Row:
    line: int
    """The CSV line, or the sheet's row number."""
    values: dict[str, str]


@dataclass(frozen=True)
class Table:
    file: str
    header_line: int
    columns: list[str]
    rows: list[Row]
    sheet: str | None = None
    """The sheet's name, for a spreadsheet: places are then cells (`Actions!C7`)."""
    hidden: tuple[int, ...] = ()
    """The rows read that the sheet hides (a filter, Hide Rows): read as the others."""
    unread: tuple[Problem, ...] = ()
    """A spreadsheet's cells whose value could not be read (a formula never saved, an error
    value, a date), each read as empty: the deck's reader says them beside whatever else is
    wrong with its cells, so that one run names every bad cell."""

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def place(self, line: int, column: str | None = None) -> tuple[str, int | None]:
        """(file, line) for a Problem: a CSV line, or a sheet's cell or row."""
        if self.sheet is None:
            return self.file, line
        if column is not None and column in self.columns:
            return f"{self.file}:{self.sheet}!{cell_name(self.columns.index(column), line)}", None
        return f"{self.file}:{self.sheet}!row {line}", None

    def problem(self, line: int, column: str | None, field: str, message: str) -> Problem:
        file, at = self.place(line, column)
        return Problem(file, at, field, message)


@dataclass(frozen=True)
class SheetCells:
    """Where the cards of one sheet have their cells: each column's letter (by the column the
    header feeds: `name`, `count`, `effect`), shared by every card of the sheet."""

    sheet: str  # `cards.xlsx:Cards`
    letters: dict[str, str]

    def at(self, column: str | None, row: int) -> str:
        letter = self.letters.get(column or "name") or self.letters.get("name")
        return f"{self.sheet}!{letter}{row}" if letter else f"{self.sheet}!row {row}"


HeaderTest = Callable[[list[str]], bool]
"""Whether a row's cells are the header row (it names the cards' name column)."""


def header_index(rows: list[list[str]], is_header: HeaderTest | None) -> int:
    """Which row is the header: the first that `is_header` accepts, so a title row or notes
    above the table (`Tavern Brawl, cards v3`) are not taken for column names; else the first
    its `fallback` accepts, if it has one; else the first row (its missing columns are then
    reported as such)."""
    if is_header is not None:
        for test in (is_header, getattr(is_header, "fallback", None)):
            for index, cells in enumerate(rows if test is not None else []):
                if test is not None and test(cells):
                    return index
    return 0


def two_row_header(first: list[str], second: list[str], is_header: HeaderTest) -> list[str] | None:
    """The column names of a header written on two rows, or None when `second` is no part of it.

    A sheet may head its columns with group titles over the real names (`Stats` over `Attack`
    and `Defense`, the title merged across them), with the names of ungrouped columns on the
    first row (`Name` merged down the two). Then each column is named by the second row, or
    by the first where the second is empty. It is taken for one only when the first row names
    the cards' name column (`is_header`) and reading it alone fails: the second names a column
    the first leaves empty, holds no number (a card's count would), and is empty under the
    name column (a card would have a name there)."""
    if not _under_a_header(first, second, is_header):
        return None
    width = max(len(first), len(second))
    first = first + [""] * (width - len(first))
    second = second + [""] * (width - len(second))
    names = [below or above for above, below in zip(first, second, strict=True)]
    while names and not names[-1]:
        names.pop()
    return names


def _under_a_header(first: list[str], second: list[str], is_header: HeaderTest) -> bool:
    """Whether `second` is the names under `first`'s group titles: it names a column the
    first leaves empty, holds no number, is empty under the name column, and the first row
    names the cards' name column."""
    gaps = [i for i, cell in enumerate(second) if cell and (i >= len(first) or not first[i])]
    if not gaps or any(_is_number(cell) for cell in second) or not is_header(first):
        return False
    return not any(
        is_header([above]) and i < len(second) and second[i] for i, above in enumerate(first)
    )


def join_header(
    records: list[tuple[int, list[str]]], start: int, is_header: HeaderTest | None = None
) -> list[tuple[int, list[str]]]:
    """The records with a header written on two rows (`two_row_header`) from `start` made one,
    at the second row's number, where the column names are."""
    if start + 1 >= len(records) or is_header is None:
        return records
    names = two_row_header(records[start][1], records[start + 1][1], is_header)
    if names is None:
        return records
    return [*records[:start], (records[start + 1][0], names), *records[start + 2 :]]


def _is_number(text: str) -> bool:
    return bool(re.fullmatch(r"-?\d+(?:[.,]\d+)?", text.strip()))


_NO_NAME = (
    "a column has no name (if this row holds titles over the column names of the row below, "
    "delete this row)"
)


def header_problems(
    columns: list[str], place: Callable[[int], tuple[str, int | None]]
) -> list[Problem]:
    """Empty and repeated column names; `place(index)` says where a header cell stands."""
    found: list[Problem] = []
    seen: set[str] = set()
    for index, col in enumerate(columns):
        if not col:
            found.append(Problem(*place(index), "", _NO_NAME))
        elif col in seen:
            found.append(Problem(*place(index), f"column '{col}'", "appears twice"))
        seen.add(col)
    return found


def is_comment(cells: list[str]) -> bool:
    """A row that is a comment, not a card: its first cell starts with `#` (`# Expansion`).

    A first cell that is `#` alone, with more values beside it, is a column's name: exports
    head a numbering column `#`, and that row is the header."""
    first = cells[0].strip() if cells else ""
    if not first.startswith("#"):
        return False
    return first != "#" or not any(cell.strip() for cell in cells[1:])
