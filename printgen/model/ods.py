"""An `.ods` workbook's sheets as rows of cell values (odfpy), with their merged ranges.

Repeated rows and cells are expanded (but not the million empty rows a sheet ends in). A formula
with no saved value (no value type: a file written by a program) and LibreOffice's error
values reach the table builder as `UnsavedFormula` and `ErrorValue`, as from an `.xlsx`. A
merged range is its first cell's spans; the cells it covers read as empty.

odfpy reads the whole document into memory, some 550 bytes an XML element, so every part is
weighed first (`printgen.model.workbook_limits`): at most `MAX_ELEMENTS` elements in all, no
DOCTYPE, nesting at most 100 deep. Repeats and spans are what the file claims: rows and cells
are expanded only as far as the rows and columns printgen reads, and merged ranges counted.

odfpy ships no types (no py.typed, no stubs in typeshed): its elements are `OdfElement`, an
alias of Any, the one place this reader leaves unchecked.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, TypeAlias

from printgen.errors import DataError, Problem
from printgen.model.cells import (
    MAX_COLUMNS,
    MAX_MERGES,
    MAX_ROWS,
    CellValue,
    DateCell,
    ErrorValue,
    Merged,
    SheetRows,
    UnsavedFormula,
    Workbook,
)
from printgen.model.workbook_limits import Budget, Tally, XmlScanner, open_zip, scan_parts

OdfElement: TypeAlias = Any  # odfpy ships no types: an odf.element.Element

MAX_ELEMENTS = 500_000  # about 150,000 cells of text: some 300 MB once odfpy has read them
_ADVICE = "; an .ods is read whole into memory: keep a deck this large as .xlsx or .csv"


def read_ods(raw: bytes, name: str) -> Workbook:
    from odf.opendocument import load  # loaded only when a workbook is read
    from odf.style import Style, TableProperties  # loaded only when a workbook is read
    from odf.table import Table as OdsTable  # loaded only when a workbook is read

    tally = Tally(MAX_ELEMENTS, _ADVICE)
    budget = Budget(MAX_ELEMENTS)
    scan_parts(
        open_zip(raw, name),
        lambda part: XmlScanner(name, part, budget, tally) if part.endswith(".xml") else None,
    )
    doc = load(io.BytesIO(raw))
    tables = doc.spreadsheet.getElementsByType(OdsTable)
    hiding = {  # a hidden sheet's style: <style:table-properties table:display="false">
        str(style.getAttribute("name"))
        for style in doc.automaticstyles.getElementsByType(Style)
        if any(
            p.getAttribute("display") == "false" for p in style.getElementsByType(TableProperties)
        )
    }
    hidden = {str(t.getAttribute("name")) for t in tables if t.getAttribute("stylename") in hiding}
    return {str(t.getAttribute("name")): partial(_sheet, t, name) for t in tables}, hidden


def _sheet(table: OdfElement, name: str) -> SheetRows:
    """The table's rows (read whole, so its merged ranges are all known), merged ranges and
    hidden rows (`table:visibility` `filter` or `collapse`), as far as printgen reads."""
    from odf.table import TableRow  # loaded only when a workbook is read

    rows: list[tuple[int, list[CellValue]]] = []
    merged: list[Merged] = []
    hidden: set[int] = set()
    number = 0
    for row in _descendants(table, TableRow):
        repeat = int(row.getAttribute("numberrowsrepeated") or 1)
        values, spans = _cells(row)
        if not any(v not in (None, "") for v in values):
            number += repeat  # a sheet ends in a million repeated empty rows
            continue
        shown = row.getAttribute("visibility") in (None, "", "visible")
        for _ in range(max(1, min(repeat, MAX_ROWS + 1 - number))):  # one past: reported
            number += 1
            rows.append((number, values))
            if not shown:
                hidden.add(number)
            merged += [
                Merged(number, left, number + down - 1, left + across - 1)
                for left, down, across in spans
            ]
            if len(merged) > MAX_MERGES:
                sheet = str(table.getAttribute("name"))
                message = f"refused: sheet {sheet!r} holds over {MAX_MERGES} merged ranges"
                raise DataError([Problem(name, None, "", message)])
        if number > MAX_ROWS:
            break
    return SheetRows(iter(rows), merged, frozenset(hidden))


def _descendants(node: OdfElement, kind: Callable[[], OdfElement]) -> Iterable[OdfElement]:
    """Rows directly in the table or inside row groups and header rows."""
    for child in node.childNodes:
        if getattr(child, "qname", None) == kind().qname:
            yield child
        elif getattr(child, "childNodes", None):
            yield from _descendants(child, kind)


_CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
"""LibreOffice marks a formula whose value is an error (`#DIV/0!`) in this namespace."""


def _cells(row: OdfElement) -> tuple[list[CellValue], list[tuple[int, int, int]]]:
    """A row's values, and its merged cells' spans: (column, rows down, columns across)."""
    values: list[CellValue] = []
    spans: list[tuple[int, int, int]] = []
    for cell in row.childNodes:
        if cell.qname[1] not in ("table-cell", "covered-table-cell"):
            continue
        if len(values) > MAX_COLUMNS:
            break  # the columns printgen reads end here
        repeat = min(int(cell.getAttribute("numbercolumnsrepeated") or 1), MAX_COLUMNS)
        repeat = min(repeat, MAX_COLUMNS + 1 - len(values))
        if cell.qname[1] == "covered-table-cell":  # under a merged range: its first cell says
            values.extend([None] * repeat)
            continue
        down = int(cell.getAttribute("numberrowsspanned") or 1)
        across = int(cell.getAttribute("numbercolumnsspanned") or 1)
        if down > 1 or across > 1:
            spans.append((len(values), down, across))
        value = _value(cell)
        values.extend([value] * repeat)
    while values and values[-1] in (None, ""):
        values.pop()
    return values, spans


def _value(cell: OdfElement) -> CellValue:
    """A cell's value, by its value type, as the table builder takes it."""
    from odf import teletype  # loaded only when a workbook is read

    kind = cell.getAttribute("valuetype")
    formula = cell.getAttribute("formula")
    if cell.attributes.get((_CALCEXT, "value-type")) == "error":
        return ErrorValue(teletype.extractText(cell))
    if formula and not kind:
        return UnsavedFormula(formula.removeprefix("of:"))
    if kind == "percentage":  # as the sheet shows it (`50%`), as its CSV export does
        return teletype.extractText(cell) or f"{float(cell.getAttribute('value')) * 100:g}%"
    if kind == "currency":  # as shown (`$3.00`), as its CSV export does
        return teletype.extractText(cell) or float(cell.getAttribute("value"))
    if kind == "float":
        return float(cell.getAttribute("value"))
    if kind == "boolean":
        return cell.getAttribute("booleanvalue") == "true"
    if kind in ("date", "time"):
        return DateCell(teletype.extractText(cell) or cell.getAttribute(f"{kind}value") or "")
    return "\n".join(teletype.extractText(p) for p in cell.childNodes) or None
