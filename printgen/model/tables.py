"""A deck's file as a table of text cells, each able to say where it stands.

A deck may be a CSV file (as a spreadsheet saves it: `,`, `;` or tab between values, UTF-8 with
or without a byte-order mark, or another encoding the deck names) or a sheet of an `.xlsx` or
`.ods` workbook (`printgen.model.sheets`). Either way the loader sees the same `Table`: a header
of column names and rows of text, so typing a cell is done once, for every kind of file. Places
read as a designer finds them: `cards.csv:14` for a line, `cards.xlsx:Actions!C7` for a cell.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from printgen.errors import DataError, Problem, display_path
from printgen.model.encodings import LEGACY, guess_legacy
from printgen.model.sources import read_text

DELIMITERS = {",": "','", ";": "';'", "\t": "tab"}
"""The separators a spreadsheet's "Save as CSV" writes, and how a message names each."""
SPREADSHEETS = (".xlsx", ".ods")
TEXT_TABLES = (".csv", ".tsv", ".txt")
"""Delimited text: `.tsv` is Google Sheets' and Numbers' tab-separated export, `.txt` Excel's
"Unicode text" (UTF-16, tab-separated) and "Text (Tab delimited)"."""
TABLE_SUFFIXES = (*TEXT_TABLES, *SPREADSHEETS)


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


def cell_name(index: int, row: int) -> str:
    """A spreadsheet's name of a cell: column 0, row 7 -> `A7`."""
    return f"{column_letters(index)}{row}"


def column_letters(index: int) -> str:
    """A spreadsheet's name of a column: 0 -> `A`, 27 -> `AB`."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def load_table(
    path: Path,
    *,
    sheet: str | None = None,
    delimiter: str | None = None,
    encoding: str | None = None,
    is_header: HeaderTest | None = None,
) -> Table:
    """A deck's file as a table, by its suffix. `is_header` tells the header row (the one
    naming the cards' name column) from a title or notes above it; see `header_index`."""
    if path.suffix.lower() in SPREADSHEETS:
        from printgen.model.sheets import load_sheet  # the spreadsheet readers load only here

        return load_sheet(path, sheet, is_header)
    if delimiter is None and path.suffix.lower() == ".tsv":
        delimiter = "\t"  # tab-separated by its name, whatever its header holds
    return load_csv(path, delimiter=delimiter, encoding=encoding, is_header=is_header)


HeaderTest = Callable[[list[str]], bool]
"""Whether a row's cells are the header row (it names the cards' name column)."""


def header_index(rows: list[list[str]], is_header: HeaderTest | None) -> int:
    """Which row is the header: the first that `is_header` accepts, so a title row or notes
    above the table (`Tavern Brawl, cards v3`) are not taken for column names; when no row is
    accepted, the first row (its missing columns are then reported as such)."""
    if is_header is not None:
        for index, cells in enumerate(rows):
            if is_header(cells):
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
    gaps = [i for i, cell in enumerate(second) if cell and (i >= len(first) or not first[i])]
    if not gaps or any(_is_number(cell) for cell in second) or not is_header(first):
        return None
    if any(is_header([above]) and i < len(second) and second[i] for i, above in enumerate(first)):
        return None
    width = max(len(first), len(second))
    first = first + [""] * (width - len(first))
    second = second + [""] * (width - len(second))
    names = [below or above for above, below in zip(first, second, strict=True)]
    while names and not names[-1]:
        names.pop()
    return names


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


def load_csv(
    path: Path,
    *,
    delimiter: str | None = None,
    encoding: str | None = None,
    is_header: HeaderTest | None = None,
) -> Table:
    """A CSV file as rows of text, each with its line number; blank lines and `#` lines skipped,
    and the lines above the header row (`header_index`).

    Without a `delimiter`, the header line decides: whichever of `,`, `;` and tab it holds most
    (a spreadsheet in a comma-decimal locale saves `;`)."""
    name = display_path(path)
    text = read_text(path, encoding=encoding, hint=_encoding_hint)
    used = delimiter or _sniff(text)
    problems: list[Problem] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=used, strict=True)
    columns: list[str] | None = None
    header_line = 0
    rows: list[Row] = []
    records: list[tuple[int, list[str]]] = []
    try:
        for record in reader:
            if any(cell.strip() for cell in record) and not is_comment(record):
                records.append((reader.line_num, [cell.strip() for cell in record]))
    except csv.Error as exc:
        problems.append(Problem(name, reader.line_num, "", f"malformed CSV: {exc}"))
    start = header_index([cells for _line, cells in records], is_header)
    records = join_header(records, start, is_header)
    for line, cells in records[start:]:
        while len(cells) > len(columns or ()) and not cells[-1]:
            cells.pop()  # a spreadsheet's export keeps the empty columns after the last one
        if columns is None:
            columns, header_line = cells, line
            problems += header_problems(columns, lambda _index: (name, line))  # noqa: B023
            continue
        if len(cells) > len(columns):
            problems.append(Problem(name, line, "", _too_many(cells, columns, used)))
            continue
        cells += [""] * (len(columns) - len(cells))
        rows.append(Row(line, dict(zip(columns, cells, strict=True))))
    if columns is None and not problems:
        problems.append(Problem(name, 1, "", "empty file: expected a header row of column names"))
    if problems:
        raise DataError(problems)
    return Table(name, header_line, columns or [], rows)


def _encoding_hint(raw: bytes) -> str:
    """What to do with a CSV that is not UTF-8, naming the encoding its bytes look like."""
    guess = guess_legacy(raw)
    if guess is None:
        return 'save the file as "CSV UTF-8", or name its encoding in the deck (encoding: cp1252)'
    return (
        f"it looks like {LEGACY[guess]}: name it in the deck (encoding: {guess}), "
        'or save the file as "CSV UTF-8"'
    )


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


def _sniff(text: str) -> str:
    header = next(
        (
            line
            for line in text.splitlines()
            if line.strip() and not is_comment(re.split("[,;\t]", line, maxsplit=1))
        ),
        "",
    )
    counts = {d: _outside_quotes(header).count(d) for d in DELIMITERS}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] > counts[","] else ","


def _outside_quotes(line: str) -> str:
    return "".join(part for i, part in enumerate(line.split('"')) if i % 2 == 0)


def _too_many(cells: list[str], columns: list[str], used: str) -> str:
    """`3 values but 1 column (separated by ','): is the file separated by ';'? ...`."""
    plural = "column" if len(columns) == 1 else "columns"
    message = f"{len(cells)} values but {len(columns)} {plural} (separated by {DELIMITERS[used]})"
    seen = "".join(columns + cells)
    other = next((d for d in DELIMITERS if d != used and d in seen), None)
    if other is not None:
        key = "'\\t'" if other == "\t" else DELIMITERS[other]
        message += (
            f": is the file separated by {DELIMITERS[other]}? Add delimiter: {key} to the deck"
        )
    return message
