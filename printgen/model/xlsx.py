"""An `.xlsx` workbook's sheets as rows of cell values (openpyxl), and what openpyxl leaves unsaid.

openpyxl reads a formula cell's saved value. A formula whose value was never saved (a workbook
written by a program, or never recalculated) reads as empty, like a cell with nothing in it,
and a formula that failed reads as the text `#DIV/0!`. So the sheet's XML is read once more
for just those cells, and they reach the table builder as `UnsavedFormula` and `ErrorValue`,
to be refused at their cell; the same reading finds the merged ranges, which openpyxl's
read-only mode does not give. That reading comes first and weighs every part of the workbook
against its budget (`printgen.model.workbook_limits`) before openpyxl allocates anything, and
openpyxl is then told how many rows to read, not the sheet's `<dimension>`. A formula that
saved an empty text (`=IF(A2="","",...)`) says so (`t="str"`) and stays an empty cell.

A cell `=IMAGE("https://.../farmer.png")` (Google Sheets, Excel 365) shows a picture from the
web and saves no value: it reads as its address, which an image column looks up by its file
name in the game's folders (`printgen.model.assets`), never on the web.

An Excel table (Insert > Table) may end in a totals row (`Total`, `=SUBTOTAL(109,[Qty])`): it
sums the cards, it is none, so its rows are left out, as the table itself says where it ends.

openpyxl ships no types (no py.typed). typeshed's types-openpyxl is not installed: it types a
read-only sheet's cells as `Cell` and `MergedCell`, not the `ReadOnlyCell` and `EmptyCell` they
are. Its workbook, sheets and cells are `Book`, `Sheet` and `SheetCell`, aliases of Any: the
one place this reader leaves unchecked.
"""

from __future__ import annotations

import io
import posixpath
import re
from functools import partial
from typing import Any, TypeAlias

from printgen.errors import DataError, Problem
from printgen.model.cells import (
    MAX_COLUMNS,
    MAX_MERGES,
    MAX_ROWS,
    CellValue,
    ErrorValue,
    Merged,
    Rows,
    SheetRows,
    UnsavedFormula,
    Workbook,
)
from printgen.model.money import shown_currency
from printgen.model.workbook_limits import Budget, Tally, XmlScanner, open_zip, scan_parts

Book: TypeAlias = Any  # openpyxl ships no types: a read-only openpyxl Workbook
Sheet: TypeAlias = Any  # likewise: a ReadOnlyWorksheet
SheetCell: TypeAlias = Any  # likewise: a ReadOnlyCell or EmptyCell

Marks = dict[int, dict[int, CellValue]]
"""Row number -> column index (from 0) -> what the cell holds instead of its value."""

_SAVED_TEXT = ("s", "str", "inlineStr")
"""Cell types whose missing or empty value is a saved empty text, not an unsaved one."""

MAX_CELLS = 1_000_000  # a sheet's <c> elements: 20,000 cards of 50 columns
MAX_STYLES = 65_536  # of each kind; Excel itself keeps at most 64,000 cell formats
_SHEET = Budget(
    4_000_000,
    {"c": (MAX_CELLS, "cells"), "mergeCell": (MAX_MERGES, "merged ranges")},
    {"row": (16_384, "a row of over 16384 cells (a sheet has 16384 columns)")},
)
_BUDGETS = {
    "worksheet": _SHEET,
    "sst": Budget(4_000_000, {"si": (MAX_CELLS, "shared strings")}),
    "styleSheet": Budget(
        500_000,
        {
            "xf": (2 * MAX_STYLES, "cell formats"),
            **{
                tag: (MAX_STYLES, words)
                for tag, words in (
                    ("numFmt", "number formats"),
                    ("font", "fonts"),
                    ("fill", "fills"),
                    ("border", "borders"),
                    ("cellStyle", "cell styles"),
                    ("dxf", "conditional formats"),
                )
            },
        },
    ),
    "table": Budget(100_000),
}
_OTHER = Budget(500_000)
_WORKBOOK_ELEMENTS = 8_000_000
_XML = (".xml", ".rels", ".vml")


def read_xlsx(raw: bytes, name: str) -> Workbook:
    """The workbook's sheets, each read when asked; every XML part is weighed first
    (`printgen.model.workbook_limits`), then openpyxl reads the sheet asked for."""
    import openpyxl  # loaded only when a workbook is read

    tally = Tally(_WORKBOOK_ELEMENTS)
    parts = scan_parts(
        open_zip(raw, name),
        lambda part: _Part(name, part, tally) if part.lower().endswith(_XML) else None,
    )
    sheets = {scan.part: scan for scan in parts if isinstance(scan, _Part) and scan.is_sheet}
    book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)

    def rows(sheet: Sheet, marks: Marks) -> Rows:
        totals = _totals_rows(book, sheet, name)
        sheet.reset_dimensions()  # its <dimension> is what the file claims, not what it holds
        for number, row in enumerate(sheet.iter_rows(max_row=MAX_ROWS + 1), start=1):
            if any(low <= number <= high for low, high in totals):
                continue
            row = row[:MAX_COLUMNS]
            end = len(row)
            while end and row[end - 1].value is None:
                end -= 1
            cells = [_value(cell) for cell in row[:end]]
            for index, mark in marks.get(number, {}).items():
                cells += [None] * (index + 1 - len(cells))
                cells[index] = mark
            yield number, cells

    def read(sheet: Sheet) -> SheetRows:
        scan = sheets.get(getattr(sheet, "_worksheet_path", None) or "")
        if scan is None:  # openpyxl keeps the sheet's part privately; should a version not
            return SheetRows(rows(sheet, {}), [])  # those cells read as openpyxl reads them
        return SheetRows(rows(sheet, scan.marks()), scan.merged(), frozenset(scan.hidden))

    hidden = {ws.title for ws in book.worksheets if ws.sheet_state != "visible"}
    return {ws.title: partial(read, ws) for ws in book.worksheets}, hidden


class _Part(XmlScanner):
    """One XML part weighed against the budget its root element calls for; a sheet's also
    gives what openpyxl leaves unsaid: formula cells with no saved value and error values,
    by row and column; merged ranges; the rows hidden (`<row hidden="1">`: by a filter or
    by Hide Rows). Only what lies inside the rows and columns printgen reads is kept."""

    text_tags = frozenset({"f", "v"})

    def __init__(self, name: str, part: str, tally: Tally) -> None:
        super().__init__(name, part, _OTHER, tally)
        self.is_sheet = False
        self.cells: list[tuple[str, UnsavedFormula | ErrorValue | str]] = []
        self.merges: list[str] = []
        self.hidden: set[int] = set()
        self._cell: tuple[str, str] | None = None  # (reference, type) of the open <c>
        self._formula: str | None = None
        self._value: str | None = None

    def root(self, tag: str) -> None:
        self.budget = _BUDGETS.get(tag, _OTHER)
        self.is_sheet = tag == "worksheet"

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if not self.is_sheet:
            return
        if tag == "c":
            self._cell = (attrs.get("r") or "", attrs.get("t") or "n")
            self._formula = self._value = None
        elif tag == "row":
            number = attrs.get("r") or ""
            hidden = attrs.get("hidden") in ("1", "true")
            if hidden and number.isdigit() and len(number) < 8 and int(number) <= MAX_ROWS + 1:
                self.hidden.add(int(number))
        elif tag == "mergeCell" and attrs.get("ref"):
            self.merges.append(attrs["ref"])

    def end(self, tag: str, text: str) -> None:
        if not self.is_sheet:
            return
        if tag == "f" and len(self.open_tags) and self.open_tags[-1] == "c":
            self._formula = text
        elif tag == "v" and len(self.open_tags) and self.open_tags[-1] == "c":
            self._value = text
        elif tag == "c" and self._cell is not None:
            mark = _mark(self._cell[1], self._formula, self._value)
            if mark is not None and self._cell[0]:
                self.cells.append((self._cell[0], mark))
            self._cell = None

    def marks(self) -> Marks:
        from openpyxl.utils.cell import coordinate_to_tuple  # loaded only when a workbook is read

        marks: Marks = {}
        for reference, mark in self.cells:
            row, column = coordinate_to_tuple(reference)
            if row <= MAX_ROWS + 1 and column <= MAX_COLUMNS:
                marks.setdefault(row, {})[column - 1] = mark
        return marks

    def merged(self) -> list[Merged]:
        from openpyxl.utils.cell import range_boundaries  # loaded only when a workbook is read

        merged = []
        for reference in self.merges:
            left, top, right, bottom = range_boundaries(reference)
            merged.append(Merged(top, left - 1, bottom, right - 1))
        return merged


_PERCENT = re.compile(r'^[^"]*?0(?:\.(0+))?%')
"""A percent format (`0%`, `0.0%`), and its decimals."""


def _value(cell: SheetCell) -> CellValue:
    """A cell's value; a number shown as a percentage or as money as the sheet shows it (0.5
    as `50%`, 3 as `$3`), as a CSV export of the sheet writes it (`printgen.model.money`)."""
    value = cell.value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number_format = str(getattr(cell, "number_format", None) or "")
        percent = _PERCENT.match(number_format)
        if percent:
            decimals = len(percent.group(1) or "")
            return f"{value * 100:.{decimals}f}%"
        return shown_currency(value, number_format) or value  # `$3`, as its CSV has it
    return value


_TABLE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/table"


MAX_TABLES = 100  # tables on one sheet


def _totals_rows(book: Book, sheet: Sheet, name: str) -> list[tuple[int, int]]:
    """The first and last row numbers of the sheet's tables' totals rows (a table's
    `totalsRowCount` last rows of its `ref`), found through the sheet's relationships to its
    table parts; only the rows printgen reads (what a table claims is not believed)."""
    from openpyxl.utils.cell import range_boundaries  # loaded only when a workbook is read
    from openpyxl.xml.functions import fromstring  # loaded only when a workbook is read

    archive = getattr(book, "_archive", None)
    path = getattr(sheet, "_worksheet_path", None)
    if archive is None or path is None:
        return []
    folder, file = posixpath.split(path)
    rels = posixpath.join(folder, "_rels", file + ".rels")
    parts = set(archive.namelist())
    if rels not in parts:
        return []
    rows: list[tuple[int, int]] = []
    links = [link for link in fromstring(archive.read(rels)) if link.get("Type") == _TABLE]
    if len(links) > MAX_TABLES:
        message = f"refused: sheet {sheet.title!r} holds over {MAX_TABLES} tables"
        raise DataError([Problem(name, None, "", message)])
    for link in links:
        target = link.get("Target") or ""
        if link.get("TargetMode") == "External":
            continue
        part = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
        part = posixpath.normpath(part)
        if part not in parts:
            continue
        table = fromstring(archive.read(part))
        count = int(table.get("totalsRowCount") or 0)
        if count > 0 and table.get("ref"):
            _left, top, _right, bottom = range_boundaries(table.get("ref"))
            rows.append((max(bottom - count + 1, top + 1), min(bottom, MAX_ROWS + 1)))
    return rows


_IMAGE = re.compile(r'\s*(?:_xlfn\.)?IMAGE\(\s*"([^"]+)"', re.IGNORECASE)
"""`IMAGE("address", ...)`, as Excel 365 (`_xlfn.`) and Google Sheets save it."""


def _mark(
    kind: str, formula: str | None, value: str | None
) -> UnsavedFormula | ErrorValue | str | None:
    """What a cell of type `kind` with this formula (None: none) and saved value holds
    instead of its value, if anything."""
    if formula is not None and (image := _IMAGE.match(formula)):
        return image.group(1)
    if kind == "e" and value:
        return ErrorValue(value)
    if formula is not None and not value and kind not in _SAVED_TEXT:
        return UnsavedFormula(f"={formula}" if formula else "")
    return None
