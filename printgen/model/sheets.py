"""A sheet of an `.xlsx` (openpyxl) or `.ods` (odfpy) workbook as a `Table` of text cells.

Cells are turned into the text a CSV export would hold, so the loader types them once for
every kind of file: a number cell `3.0` is `3`, `2.5` stays `2.5`, TRUE is `TRUE`. A date or
time cell is refused at its cell (`cards.xlsx:Actions!C7`): spreadsheets turn `3-4` or `1/2`
into dates unasked, and printing a date the designer never typed would be wrong either way.
Both libraries read and write their format, so the tests make their fixture workbooks with
the very library that reads them.
"""

from __future__ import annotations

import datetime
import difflib
import io
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from printgen.errors import DataError, Problem, display_path
from printgen.files.guarded import read_guarded
from printgen.model.cells import DateCell, ErrorValue, UnsavedFormula
from printgen.model.sources import MAX_FILE_BYTES
from printgen.model.tables import Row, Table, cell_name, header_problems
from printgen.model.xlsx import Sheets, read_xlsx

MAX_ROWS = 20_000
MAX_COLUMNS = 200


def load_sheet(path: Path, sheet: str | None) -> Table:
    """One sheet (the first, unless `sheet` names one) of a workbook, as text cells."""
    name = display_path(path)
    raw = read_guarded(path, MAX_FILE_BYTES, path.parent, name)  # a link out, a FIFO: refused
    reader = read_xlsx if path.suffix.lower() == ".xlsx" else _read_ods
    try:
        sheets = reader(io.BytesIO(raw))
        names = list(sheets)
    except DataError:
        raise
    except Exception as exc:  # a damaged or mislabelled file: each library raises its own
        kind = path.suffix.lower().lstrip(".")
        raise DataError(
            [Problem(name, None, "", f"cannot be read as an {kind} workbook ({exc})")]
        ) from None
    if not names:
        raise DataError([Problem(name, None, "", "the workbook has no sheets")])
    chosen = names[0] if sheet is None else sheet
    if chosen not in sheets:
        close = difflib.get_close_matches(chosen, names, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise DataError(
            [Problem(name, None, "sheet", f"no sheet {chosen!r}; {hint}sheets: {', '.join(names)}")]
        )
    return _table(name, chosen, sheets[chosen]())


def _table(name: str, sheet: str, rows: Iterator[tuple[int, list[Any]]]) -> Table:
    problems: list[Problem] = []
    columns: list[str] | None = None
    header_line = 0
    found: list[Row] = []

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
                problems.append(Problem(at(index, line), None, named(index), wrong))
            cells.append(text)
        if not any(cells) or cells[0].startswith("#"):
            continue
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
    if columns is None and not problems:
        problems.append(Problem(name, None, "", f"sheet {sheet!r} is empty: expected a header row"))
    if problems:
        raise DataError(problems)
    return Table(name, header_line, columns or [], found, sheet=sheet)


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


def _read_ods(data: BinaryIO) -> Sheets:
    from odf.opendocument import load
    from odf.table import Table as OdsTable

    doc = load(data)
    tables = doc.spreadsheet.getElementsByType(OdsTable)
    return {str(t.getAttribute("name")): (lambda t=t: _ods_rows(t)) for t in tables}


def _ods_rows(table: Any) -> Iterator[tuple[int, list[Any]]]:
    """Rows of an ODS table, expanding repeated rows and cells (but not endless empty ones)."""
    from odf.table import TableRow

    number = 0
    for row in _descendants(table, TableRow):
        repeat = int(row.getAttribute("numberrowsrepeated") or 1)
        values = _ods_cells(row)
        if not any(v not in (None, "") for v in values):
            number += repeat  # a sheet ends in a million repeated empty rows
            continue
        for _ in range(min(repeat, MAX_ROWS)):
            number += 1
            yield number, values


def _descendants(node: Any, kind: Any) -> Iterable[Any]:
    """Rows directly in the table or inside row groups and header rows."""
    for child in node.childNodes:
        if getattr(child, "qname", None) == kind().qname:
            yield child
        elif getattr(child, "childNodes", None):
            yield from _descendants(child, kind)


_CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
"""LibreOffice marks a formula whose value is an error (`#DIV/0!`) in this namespace."""


def _ods_cells(row: Any) -> list[Any]:
    from odf import teletype

    values: list[Any] = []
    for cell in row.childNodes:
        if cell.qname[1] not in ("table-cell", "covered-table-cell"):
            continue
        repeat = min(int(cell.getAttribute("numbercolumnsrepeated") or 1), MAX_COLUMNS)
        kind = cell.getAttribute("valuetype")
        formula = cell.getAttribute("formula")
        value: Any
        if cell.attributes.get((_CALCEXT, "value-type")) == "error":
            value = ErrorValue(teletype.extractText(cell))
        elif formula and not kind:
            value = UnsavedFormula(formula.removeprefix("of:"))
        elif kind in ("float", "percentage", "currency"):
            value = float(cell.getAttribute("value"))
        elif kind == "boolean":
            value = cell.getAttribute("booleanvalue") == "true"
        elif kind in ("date", "time"):
            shown = teletype.extractText(cell) or cell.getAttribute(f"{kind}value") or ""
            value = DateCell(shown)
        else:
            value = "\n".join(teletype.extractText(p) for p in cell.childNodes) or None
        values.extend([value] * repeat)
    while values and values[-1] in (None, ""):
        values.pop()
    return values
