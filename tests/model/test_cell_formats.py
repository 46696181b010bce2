"""Workbook cells read as the sheet shows them, as its CSV export writes them: a number
formatted as a percentage is `50%`, not the fraction 0.5 it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.model.designer import HEADER, ROWS, tavern
from tests.model.test_designer_data import cards_of

CHANCES = [(0.5, "0%", "50%"), (0.125, "0.0%", "12.5%"), (1, "0%", "100%")]


def percent_xlsx(path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append([*HEADER, "Chance"])
    for row, (value, shown_as, _shown) in zip(ROWS, CHANCES, strict=True):
        sheet.append([*row, value])
        sheet.cell(sheet.max_row, len(HEADER) + 1).number_format = shown_as
    book.save(path)


def percent_ods(path: Path) -> None:
    """As LibreOffice saves a percentage cell: its value, and the text it shows."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for index, row in enumerate([[*HEADER, "Chance"], *ROWS]):
        tr = TableRow()
        for value in row:
            cell = TableCell(valuetype="float" if isinstance(value, (int, float)) else "string")
            if isinstance(value, (int, float)):
                cell.setAttribute("value", value)
            cell.addElement(P(text=str(value)))
            tr.addElement(cell)
        if index:
            value, _format, shown = CHANCES[index - 1]
            cell = TableCell(valuetype="percentage", value=value)
            cell.addElement(P(text=shown))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))


@pytest.mark.parametrize("file", ["cards.xlsx", "cards.ods"])
def test_a_percentage_reads_as_the_sheet_shows_it(tmp_path: Path, file: str) -> None:
    folder = tavern(tmp_path, file)
    (percent_xlsx if file.endswith("xlsx") else percent_ods)(folder / file)
    assert [c[4]["chance"] for c in cards_of(folder)] == ["50%", "12.5%", "100%"]
    assert [c[2] for c in cards_of(folder)] == [2, 1, 3]  # plain numbers as they were
