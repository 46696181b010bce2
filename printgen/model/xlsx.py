"""An `.xlsx` workbook's sheets as rows of cell values (openpyxl), and what openpyxl leaves unsaid.

openpyxl reads a formula cell's saved value. A formula whose value was never saved (a workbook
written by a program, or never recalculated) reads as empty, like a cell with nothing in it,
and a formula that failed reads as the text `#DIV/0!`. So the sheet's XML is read once more
for just those cells, and they reach the table builder as `UnsavedFormula` and `ErrorValue`,
to be refused at their cell; the same reading finds the merged ranges, which openpyxl's
read-only mode does not give. A formula that saved an empty text (`=IF(A2="","",...)`) says so
(`t="str"`) and stays an empty cell.

A cell `=IMAGE("https://.../farmer.png")` (Google Sheets, Excel 365) shows a picture from the
web and saves no value: it reads as its address, which an image column looks up by its file
name in the game's folders (`printgen.model.assets`), never on the web.

An Excel table (Insert > Table) may end in a totals row (`Total`, `=SUBTOTAL(109,[Qty])`): it
sums the cards, it is none, so its rows are left out, as the table itself says where it ends.
"""

from __future__ import annotations

import posixpath
import re
from functools import partial
from typing import Any, BinaryIO

from printgen.model.cells import (
    ErrorValue,
    Merged,
    Rows,
    SheetRows,
    UnsavedFormula,
    Workbook,
)
from printgen.model.money import shown_currency

Marks = dict[int, dict[int, Any]]
"""Row number -> column index (from 0) -> what the cell holds instead of its value."""

_SAVED_TEXT = ("s", "str", "inlineStr")
"""Cell types whose missing or empty value is a saved empty text, not an unsaved one."""


def read_xlsx(data: BinaryIO) -> Workbook:
    import openpyxl

    book = openpyxl.load_workbook(data, read_only=True, data_only=True)

    def rows(sheet: Any, marks: Marks) -> Rows:
        totals = _totals_rows(book, sheet)
        for number, row in enumerate(sheet.iter_rows(), start=1):
            if number in totals:
                continue
            cells = [_value(cell) for cell in row]
            for index, mark in marks.get(number, {}).items():
                cells += [None] * (index + 1 - len(cells))
                cells[index] = mark
            yield number, cells

    def read(sheet: Any) -> SheetRows:
        marks, merged, hidden = _scan(book, sheet)
        return SheetRows(rows(sheet, marks), merged, hidden)

    hidden = {ws.title for ws in book.worksheets if ws.sheet_state != "visible"}
    return {ws.title: partial(read, ws) for ws in book.worksheets}, hidden


def _scan(book: Any, sheet: Any) -> tuple[Marks, list[Merged], frozenset[int]]:
    """Formula cells with no saved value and error values, by row and column; merged ranges;
    the rows hidden (`<row hidden="1">`: by a filter or by Hide Rows).

    openpyxl keeps the sheet's file name and the open archive privately; should a version
    keep them elsewhere, those cells read as openpyxl reads them (empty, or the error's text)."""
    from openpyxl.utils.cell import coordinate_to_tuple, range_boundaries
    from openpyxl.xml.functions import iterparse  # defusedxml's, when installed, as openpyxl's

    archive = getattr(book, "_archive", None)
    path = getattr(sheet, "_worksheet_path", None)
    if archive is None or path is None:
        return {}, [], frozenset()
    marks: Marks = {}
    merged: list[Merged] = []
    hidden: set[int] = set()
    with archive.open(path) as stream:
        for _event, element in iterparse(stream):
            tag = _local(element.tag)
            if tag == "row":
                if element.get("hidden") in ("1", "true") and (element.get("r") or "").isdigit():
                    hidden.add(int(element.get("r")))
                element.clear()
            if tag == "mergeCell" and element.get("ref"):
                left, top, right, bottom = range_boundaries(element.get("ref"))
                merged.append(Merged(top, left - 1, bottom, right - 1))
            if tag != "c" or not element.get("r"):
                continue
            mark = _mark(element)
            if mark is not None:
                row, column = coordinate_to_tuple(element.get("r"))
                marks.setdefault(row, {})[column - 1] = mark
    return marks, merged, frozenset(hidden)


_PERCENT = re.compile(r'^[^"]*?0(?:\.(0+))?%')
"""A percent format (`0%`, `0.0%`), and its decimals."""


def _value(cell: Any) -> Any:
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


def _totals_rows(book: Any, sheet: Any) -> set[int]:
    """The row numbers of the sheet's tables' totals rows (a table's `totalsRowCount` last
    rows of its `ref`), found through the sheet's relationships to its table parts."""
    from openpyxl.utils.cell import range_boundaries
    from openpyxl.xml.functions import fromstring

    archive = getattr(book, "_archive", None)
    path = getattr(sheet, "_worksheet_path", None)
    if archive is None or path is None:
        return set()
    folder, name = posixpath.split(path)
    rels = posixpath.join(folder, "_rels", name + ".rels")
    if rels not in archive.namelist():
        return set()
    rows: set[int] = set()
    for link in fromstring(archive.read(rels)):
        target = link.get("Target") or ""
        if link.get("Type") != _TABLE or link.get("TargetMode") == "External":
            continue
        part = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
        part = posixpath.normpath(part)
        if part not in archive.namelist():
            continue
        table = fromstring(archive.read(part))
        count = int(table.get("totalsRowCount") or 0)
        if count > 0 and table.get("ref"):
            _left, _top, _right, bottom = range_boundaries(table.get("ref"))
            rows.update(range(bottom - count + 1, bottom + 1))
    return rows


_IMAGE = re.compile(r'\s*(?:_xlfn\.)?IMAGE\(\s*"([^"]+)"', re.IGNORECASE)
"""`IMAGE("address", ...)`, as Excel 365 (`_xlfn.`) and Google Sheets save it."""


def _mark(cell: Any) -> UnsavedFormula | ErrorValue | str | None:
    formula = value = None
    for child in cell:
        tag = _local(child.tag)
        if tag == "f":
            formula = child
        elif tag == "v":
            value = child.text
    kind = cell.get("t", "n")
    if formula is not None and (image := _IMAGE.match(formula.text or "")):
        return image.group(1)
    if kind == "e" and value:
        return ErrorValue(value)
    if formula is not None and not value and kind not in _SAVED_TEXT:
        return UnsavedFormula(f"={formula.text}" if formula.text else "")
    return None


def _local(tag: str) -> str:
    """`{namespace}c` -> `c` (transitional and strict workbooks name their namespace apart)."""
    return tag.rpartition("}")[2]
