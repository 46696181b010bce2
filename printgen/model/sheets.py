"""A sheet of an `.xlsx` (openpyxl) or `.ods` (expat, `model/ods.py`) workbook as a `Table` of
text cells.

Cells are turned into the text a CSV export would hold, so the loader types them once for
every kind of file: a number cell `3.0` is `3`, `2.5` stays `2.5`, TRUE is `TRUE`. A date or
time cell is refused at its cell (`cards.xlsx:Actions!C7`): spreadsheets turn `3-4` or `1/2`
into dates unasked, and printing a date the designer never typed would be wrong either way.
The tests make their fixture workbooks with the libraries that write those formats (openpyxl,
and odfpy, which also gives `tests/model/test_ods_reader.py` its reference reading).

A cell merged down a column (an Effect over two rows) gives its value to every row it covers,
as if typed in each: that is what a designer means by merging two cards' Effect. A merged
range across columns is refused at its range: a value belongs to one column.
"""

from __future__ import annotations

import datetime
import difflib
import itertools
from collections.abc import Callable
from pathlib import Path

from printgen.errors import DataError, Problem, display_path
from printgen.files.guarded import read_guarded
from printgen.model.cells import (
    MAX_COLUMNS,
    MAX_MERGED_CELLS,
    MAX_ROWS,
    CellValue,
    DateCell,
    ErrorValue,
    Merged,
    Rows,
    Sheets,
    UnsavedFormula,
    Workbook,
    cell_name,
)
from printgen.model.sources import MAX_FILE_BYTES
from printgen.model.tables import (
    HeaderTest,
    Row,
    Table,
    header_index,
    header_problems,
    is_comment,
    join_header,
)


def _reader(path: Path) -> Callable[[bytes, str], Workbook]:
    """The reader of the workbook's kind, imported here for start-up time: the workbook
    readers (zipfile, the XML budget, openpyxl's glue) load only for a game kept in one."""
    if path.suffix.lower() == ".xlsx":
        from printgen.model.xlsx import read_xlsx  # start-up: see above

        return read_xlsx
    from printgen.model.ods import read_ods  # start-up: see above

    return read_ods


def load_sheet(path: Path, sheet: str | None, is_header: HeaderTest | None = None) -> Table:
    """One sheet of a workbook, as text cells: the one `sheet` names, or else the first visible
    sheet that has a header row (`is_header`: a "Notes" sheet or a hidden sheet of lists
    before the cards is passed over), or else the first visible sheet."""
    name = display_path(path)
    raw = read_guarded(path, MAX_FILE_BYTES, path.parent, name)  # a link out, a FIFO: refused
    reader = _reader(path)
    try:
        sheets, hidden = reader(raw, name)
        names = list(sheets)
        if not names:
            raise DataError([Problem(name, None, "", "the workbook has no sheets")])
        chosen = _default_sheet(sheets, hidden, is_header) if sheet is None else sheet
        if chosen not in sheets:
            close = difflib.get_close_matches(chosen, names, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            listed = f"no sheet {chosen!r}; {hint}sheets: {', '.join(names)}"
            raise DataError([Problem(name, None, "sheet", listed)])
        read = sheets[chosen]()
        return _table(name, chosen, read.rows, read.merged, is_header, read.hidden)
    except DataError:
        raise
    except Exception as exc:  # a damaged or mislabelled file: each library raises its own
        kind = path.suffix.lower().lstrip(".")
        raise DataError(
            [Problem(name, None, "", f"cannot be read as an {kind} workbook ({exc})")]
        ) from None


def _default_sheet(sheets: Sheets, hidden: set[str], is_header: HeaderTest | None) -> str:
    visible = [n for n in sheets if n not in hidden] or list(sheets)
    if is_header is not None and len(visible) > 1:
        for sheet in visible:
            rows = sheets[sheet]().rows
            if any(is_header(_texts(values)) for _line, values in _head(rows)):
                return sheet
    return visible[0]


def _head(rows: Rows) -> list[tuple[int, list[CellValue]]]:
    """The rows up to one past the limit (which is then reported), never the million after."""
    return list(itertools.takewhile(lambda row: row[0] <= MAX_ROWS + 1, rows))


def _texts(values: list[CellValue]) -> list[str]:
    return [_text(value)[0] for value in values[:MAX_COLUMNS]]


def _table(
    name: str,
    sheet: str,
    rows: Rows,
    merged: list[Merged],
    is_header: HeaderTest | None = None,
    hidden: frozenset[int] = frozenset(),
) -> Table:
    """The sheet's table: its header is the row `is_header` accepts (`header_index`), rows
    above it (a title, merged across the table or not) are no part of it. Rows `hidden` in
    the sheet (a filter, Hide Rows, a collapsed group) are read as the others, as the
    sheet's CSV export has them; the table names them (`Table.hidden`) for validate to say so."""
    listed = _from_header(_head(rows), is_header)
    first = listed[0][0] if listed else 0
    merged = [merge for merge in merged if merge.top >= first]
    _check_merged(name, sheet, merged)
    reading = _Reading(name, sheet, merged, hidden)
    for line, values in listed:
        if line > MAX_ROWS:
            reading.problems.append(
                Problem(name, None, "", f"sheet {sheet!r} has over {MAX_ROWS} rows")
            )
            break
        reading.row(line, values)
    return reading.table()


def _from_header(
    listed: list[tuple[int, list[CellValue]]], is_header: HeaderTest | None
) -> list[tuple[int, list[CellValue]]]:
    """The rows from the header row down, a header written on two rows made one."""
    start = header_index([_texts(values) for _line, values in listed], is_header)
    pair = [(line, _texts(values)) for line, values in listed[start : start + 2]]
    texts = join_header(pair, 0, is_header)
    if len(texts) == 1:  # a header on two rows, read as one (`two_row_header`)
        listed[start : start + 2] = [(texts[0][0], list(texts[0][1]))]
    return listed[start:]


class _Reading:
    """A sheet's rows read one by one into a table's header and rows: a merged range down a
    column fills the rows it covers, one across columns is refused, a cell that cannot be
    read is read as empty and noted (`unread`)."""

    def __init__(self, name: str, sheet: str, merged: list[Merged], hidden: frozenset[int]):
        self.name, self.sheet, self.hidden = name, sheet, hidden
        self.problems: list[Problem] = []
        self.unread: list[Problem] = []  # cells read as empty
        self.nameless: set[int] = set()  # columns past the header's, said at their first value
        self.columns: list[str] | None = None
        self.header_line = 0
        self.found: list[Row] = []
        self.hidden_read: list[int] = []
        self.anchored: dict[int, list[Merged]] = {}
        for merge in merged:
            self.anchored.setdefault(merge.top, []).append(merge)
        self.filled: dict[int, dict[int, str]] = {}  # row -> column -> a merged value from above

    def at(self, index: int, line: int) -> str:
        return f"{self.name}:{self.sheet}!{cell_name(index, line)}"

    def named(self, index: int) -> str:
        """A cell's column, once the header row has named it."""
        header = self.columns[index] if self.columns and index < len(self.columns) else ""
        return f"column '{header}'" if header else ""

    def row(self, line: int, values: list[CellValue]) -> None:
        """One row: the header (the first holding a value), or a card's."""
        cells = self._cells(line, values)
        if not any(cells) or is_comment(cells):
            return
        self._spread(line, cells)
        if self.columns is None:
            while cells and not cells[-1]:
                cells.pop()
            self.columns, self.header_line = cells, line
            self.problems += header_problems(cells, lambda index: (self.at(index, line), None))
            return
        extra = [i for i in range(len(self.columns), len(cells)) if cells[i]]
        if extra:
            if extra[0] not in self.nameless:  # a column once, at its first value
                self.problems.append(
                    Problem(self.at(extra[0], line), None, "", "a value in a column with no name")
                )
            self.nameless.update(extra)
            return
        cells += [""] * (len(self.columns) - len(cells))
        self.found.append(
            Row(line, dict(zip(self.columns, cells[: len(self.columns)], strict=True)))
        )
        if line in self.hidden:
            self.hidden_read.append(line)

    def _cells(self, line: int, values: list[CellValue]) -> list[str]:
        """The row's cells as text, with the values merged down into it from above."""
        cells: list[str] = []
        for index, value in enumerate(values[:MAX_COLUMNS]):
            text, wrong = _text(value)
            if wrong:
                self.unread.append(Problem(self.at(index, line), None, self.named(index), wrong))
            cells.append(text)
        for index, text in self.filled.pop(line, {}).items():
            cells += [""] * (index + 1 - len(cells))
            cells[index] = text
        return cells

    def _spread(self, line: int, cells: list[str]) -> None:
        """The merged ranges starting on this row: one down a card's column gives its value to
        the rows below; one across columns is refused."""
        for merge in self.anchored.get(line, []):
            text = cells[merge.left] if merge.left < len(cells) else ""
            if not text:
                continue
            if merge.right > merge.left:
                place = f"{self.name}:{self.sheet}!{merge.name}"
                self.problems.append(Problem(place, None, self.named(merge.left), _ACROSS))
            elif self.columns is not None:  # a card's cell, not a header's
                for below in range(merge.top + 1, min(merge.bottom, MAX_ROWS) + 1):
                    self.filled.setdefault(below, {})[merge.left] = text

    def table(self) -> Table:
        """The table read, or every problem found (the unread cells' last)."""
        if self.columns is None and not self.problems:
            empty = f"sheet {self.sheet!r} is empty: expected a header row"
            self.problems.append(Problem(self.name, None, "", empty))
        if self.problems:
            raise DataError(self.problems + self.unread)
        return Table(
            self.name,
            self.header_line,
            self.columns or [],
            self.found,
            self.sheet,
            tuple(self.hidden_read),
            tuple(self.unread),
        )


def _check_merged(name: str, sheet: str, merged: list[Merged]) -> None:
    """Merged ranges down a column fill each row they cover: refused when together they would
    fill more cells than a sheet holds (overlapping ranges, or a file's claims)."""
    covered = sum(
        max(0, min(merge.bottom, MAX_ROWS) - merge.top)
        for merge in merged
        if merge.right == merge.left
    )
    if covered > MAX_MERGED_CELLS:
        message = (
            f"refused: the merged ranges of sheet {sheet!r} cover over {MAX_MERGED_CELLS} cells"
        )
        raise DataError([Problem(name, None, "", message)])


_ACROSS = "cells merged across columns: a value belongs to one column; unmerge them"


def _text(value: CellValue) -> tuple[str, str | None]:
    """A cell's value as CSV text, or a problem."""
    if value is None:
        return "", None
    if isinstance(value, bool):
        return ("TRUE" if value else "FALSE"), None
    if isinstance(value, int):
        return str(value), None
    if isinstance(value, float):
        return (str(int(value)) if value.is_integer() else repr(value)), None
    if isinstance(value, UnsavedFormula):
        shown = f" ({value.formula})" if value.formula else ""
        return "", (
            f"a formula{shown} with no saved value: open the workbook in a spreadsheet "
            "program and save it"
        )
    if isinstance(value, ErrorValue):
        return "", f"the formula's value is an error ({value.code}): fix it or type the value"
    if isinstance(value, (datetime.date, datetime.time, datetime.timedelta, DateCell)):
        return "", (
            f"a date or time cell ({value}); format the cell as text "
            "(spreadsheets turn entries like 3-4 into dates)"
        )
    return str(value).strip(), None
