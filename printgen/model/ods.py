"""An `.ods` workbook's sheets as rows of cell values, with their merged ranges.

Repeated rows and cells are expanded (but not the million empty rows a sheet ends in). A formula
with no saved value (no value type: a file written by a program) and LibreOffice's error
values reach the table builder as `UnsavedFormula` and `ErrorValue`, as from an `.xlsx`. A
merged range is its first cell's spans; the cells it covers read as empty.

The XML is read in one pass of expat (`printgen.model.ods_content`), as odfpy's document
would give it but without an object for every element: a deck of 5,000 cards of 20 columns
took 20.6 s of CPU through odfpy and takes 4.2 s here. Every part is weighed first all the same
(`printgen.model.workbook_limits`): at most `MAX_ELEMENTS` elements in all, no DOCTYPE,
nesting at most 100 deep. Repeats and spans are what the file claims: rows and cells are
expanded only as far as the rows and columns printgen reads, and merged ranges counted.
"""

from __future__ import annotations

from functools import partial

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
from printgen.model.ods_content import Cell, Row, Table, read_content
from printgen.model.workbook_limits import Budget, Tally, XmlScanner, open_zip, scan_parts

MAX_ELEMENTS = 500_000  # about 150,000 cells of text
_ADVICE = "; an .ods is read whole into memory: keep a deck this large as .xlsx or .csv"


def read_ods(raw: bytes, name: str) -> Workbook:
    tally = Tally(MAX_ELEMENTS, _ADVICE)
    budget = Budget(MAX_ELEMENTS)
    book = open_zip(raw, name)
    scan_parts(
        book,
        lambda part: XmlScanner(name, part, budget, tally) if part.endswith(".xml") else None,
    )
    content = read_content(book)
    tables = content.tables
    hidden = {str(t.name) for t in tables if t.style in content.hiding}
    return {str(t.name): partial(_sheet, t, name) for t in tables}, hidden


def _sheet(table: Table, name: str) -> SheetRows:
    """The table's rows (read whole, so its merged ranges are all known), merged ranges and
    hidden rows (`table:visibility` `filter` or `collapse`), as far as printgen reads."""
    rows: list[tuple[int, list[CellValue]]] = []
    merged: list[Merged] = []
    hidden: set[int] = set()
    number = 0
    for row in table.rows:
        repeat = int(row.repeated or 1)
        values, spans = _cells(row)
        if not any(v not in (None, "") for v in values):
            number += repeat  # a sheet ends in a million repeated empty rows
            continue
        shown = row.visibility in (None, "", "visible")
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
                sheet = str(table.name)
                message = f"refused: sheet {sheet!r} holds over {MAX_MERGES} merged ranges"
                raise DataError([Problem(name, None, "", message)])
        if number > MAX_ROWS:
            break
    return SheetRows(iter(rows), merged, frozenset(hidden))


def _cells(row: Row) -> tuple[list[CellValue], list[tuple[int, int, int]]]:
    """A row's values, and its merged cells' spans: (column, rows down, columns across)."""
    values: list[CellValue] = []
    spans: list[tuple[int, int, int]] = []
    for cell in row.cells:
        if len(values) > MAX_COLUMNS:
            break  # the columns printgen reads end here
        repeat = min(int(cell.attribute("columns-repeated") or 1), MAX_COLUMNS)
        repeat = min(repeat, MAX_COLUMNS + 1 - len(values))
        if cell.covered:  # under a merged range: its first cell says
            values.extend([None] * repeat)
            continue
        down = int(cell.attribute("rows-spanned") or 1)
        across = int(cell.attribute("columns-spanned") or 1)
        if down > 1 or across > 1:
            spans.append((len(values), down, across))
        value = _value(cell)
        values.extend([value] * repeat)
    while values and values[-1] in (None, ""):
        values.pop()
    return values, spans


def _value(cell: Cell) -> CellValue:
    """A cell's value, by its value type, as the table builder takes it."""
    kind = cell.attribute("value-type")
    formula = cell.attribute("formula")
    if cell.attribute("calc-value-type") == "error":
        return ErrorValue(cell.text())
    if formula and not kind:
        return UnsavedFormula(formula.removeprefix("of:"))
    if kind == "percentage":  # as the sheet shows it (`50%`), as its CSV export does
        return cell.text() or f"{_number(cell) * 100:g}%"
    if kind == "currency":  # as shown (`$3.00`), as its CSV export does
        return cell.text() or _number(cell)
    if kind == "float":
        return _number(cell)
    if kind == "boolean":
        return cell.attribute("boolean-value") == "true"
    if kind in ("date", "time"):
        return DateCell(cell.text() or cell.attribute(f"{kind}-value") or "")
    return "\n".join(cell.children) or None


def _number(cell: Cell) -> float:
    """The cell's `office:value` (a number cell with none: the whole file is refused, as
    `sheets.load_sheet` refuses what a reader cannot read)."""
    value = cell.attribute("value")
    if value is None:
        raise ValueError(f"a {cell.attribute('value-type')} cell has no office:value")
    return float(value)
