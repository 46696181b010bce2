"""A sheet of an `.xlsx` (openpyxl) or `.ods` (odfpy) workbook as a `Table` of text cells.

Cells are turned into the text a CSV export would hold, so the loader types them once for
every kind of file: a number cell `3.0` is `3`, `2.5` stays `2.5`, TRUE is `TRUE`. A date or
time cell is refused at its cell (`cards.xlsx:Actions!C7`): spreadsheets turn `3-4` or `1/2`
into dates unasked, and printing a date the designer never typed would be wrong either way.
Both libraries read and write their format, so the tests make their fixture workbooks with
the very library that reads them.

A cell merged down a column (an Effect over two rows) gives its value to every row it covers,
as if typed in each: that is what a designer means by merging two cards' Effect. A merged
range across columns is refused at its range: a value belongs to one column.
"""

from __future__ import annotations

import datetime
import difflib
import itertools
from pathlib import Path
from typing import Any

from printgen.errors import DataError, Problem, display_path
from printgen.files.guarded import read_guarded
from printgen.model.cells import (
    MAX_COLUMNS,
    MAX_MERGED_CELLS,
    MAX_ROWS,
    DateCell,
    ErrorValue,
    Merged,
    Rows,
    Sheets,
    UnsavedFormula,
    cell_name,
)
from printgen.model.ods import read_ods
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
from printgen.model.xlsx import read_xlsx


def load_sheet(path: Path, sheet: str | None, is_header: HeaderTest | None = None) -> Table:
    """One sheet of a workbook, as text cells: the one `sheet` names, or else the first visible
    sheet that has a header row (`is_header`: a "Notes" sheet or a hidden sheet of lists
    before the cards is passed over), or else the first visible sheet."""
    name = display_path(path)
    raw = read_guarded(path, MAX_FILE_BYTES, path.parent, name)  # a link out, a FIFO: refused
    reader = read_xlsx if path.suffix.lower() == ".xlsx" else read_ods
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


def _head(rows: Rows) -> list[tuple[int, list[Any]]]:
    """The rows up to one past the limit (which is then reported), never the million after."""
    return list(itertools.takewhile(lambda row: row[0] <= MAX_ROWS + 1, rows))


def _texts(values: list[Any]) -> list[str]:
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
    listed = _head(rows)
    start = header_index([_texts(values) for _line, values in listed], is_header)
    pair = [(line, _texts(values)) for line, values in listed[start : start + 2]]
    texts = join_header(pair, 0, is_header)
    if len(texts) == 1:  # a header on two rows, read as one (`two_row_header`)
        listed[start : start + 2] = [(texts[0][0], list(texts[0][1]))]
    first = listed[start][0] if listed else 0
    rows = iter(listed[start:])
    merged = [merge for merge in merged if merge.top >= first]
    _check_merged(name, sheet, merged)
    problems, unread = list[Problem](), list[Problem]()  # unread: cells read as empty
    columns: list[str] | None = None
    header_line = 0
    found: list[Row] = []
    hidden_read: list[int] = []
    anchored: dict[int, list[Merged]] = {}
    for merge in merged:
        anchored.setdefault(merge.top, []).append(merge)
    filled: dict[int, dict[int, str]] = {}  # row -> column -> a merged value from above

    def at(index: int, line: int) -> str:
        return f"{name}:{sheet}!{cell_name(index, line)}"

    def named(index: int) -> str:
        """A cell's column, once the header row has named it."""
        header = columns[index] if columns and index < len(columns) else ""
        return f"column '{header}'" if header else ""

    for line, values in rows:
        if line > MAX_ROWS:
            problems.append(Problem(name, None, "", f"sheet {sheet!r} has over {MAX_ROWS} rows"))
            break
        cells: list[str] = []
        for index, value in enumerate(values[:MAX_COLUMNS]):
            text, wrong = _text(value)
            if wrong:
                unread.append(Problem(at(index, line), None, named(index), wrong))
            cells.append(text)
        for index, text in filled.pop(line, {}).items():
            cells += [""] * (index + 1 - len(cells))
            cells[index] = text
        if not any(cells) or is_comment(cells):
            continue
        for merge in anchored.get(line, []):
            text = cells[merge.left] if merge.left < len(cells) else ""
            if not text:
                continue
            if merge.right > merge.left:
                problems.append(
                    Problem(f"{name}:{sheet}!{merge.name}", None, named(merge.left), _ACROSS)
                )
            elif columns is not None:  # a card's cell, not a header's
                for below in range(merge.top + 1, min(merge.bottom, MAX_ROWS) + 1):
                    filled.setdefault(below, {})[merge.left] = text
        if columns is None:
            while cells and not cells[-1]:
                cells.pop()
            columns, header_line = cells, line
            problems += header_problems(columns, lambda index: (at(index, line), None))  # noqa: B023
            continue
        extra = [i for i in range(len(columns), len(cells)) if cells[i]]
        if extra:
            problems.append(
                Problem(at(extra[0], line), None, "", "a value in a column with no name")
            )
            continue
        cells += [""] * (len(columns) - len(cells))
        found.append(Row(line, dict(zip(columns, cells[: len(columns)], strict=True))))
        if line in hidden:
            hidden_read.append(line)
    if columns is None and not problems:
        problems.append(Problem(name, None, "", f"sheet {sheet!r} is empty: expected a header row"))
    if problems:
        raise DataError(problems + unread)
    return Table(name, header_line, columns or [], found, sheet, tuple(hidden_read), tuple(unread))


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


def _text(value: Any) -> tuple[str, str | None]:
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
