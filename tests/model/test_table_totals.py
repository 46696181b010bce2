"""A totals row is no card: an Excel table's totals row is left out; a last row that looks like
one elsewhere (a CSV export of the table) is read, and validate asks about it."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from tests.conftest import edit
from tests.model.designer import HEADER, ROWS, tavern, write_table
from tests.model.test_designer_data import cards_of


def table_with_totals(path: Path, total: object, relative: bool) -> None:
    """The deck as an Excel table (Insert > Table) with its totals row switched on: the row
    under the cards that Excel fills with `Total` and `=SUBTOTAL(109,[Frequency])`."""
    import openpyxl
    from openpyxl.worksheet.table import Table

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in [HEADER, *ROWS, ["Total", total, "", ""]]:
        sheet.append(row)
    sheet.add_table(Table(displayName="Cards", ref="A1:D5", totalsRowCount=1))
    out = io.BytesIO()
    book.save(out)
    if relative:  # Excel links its table parts relative to the sheet, openpyxl from the root
        out = _relinked(out.getvalue())
    path.write_bytes(out.getvalue())


def _relinked(data: bytes) -> io.BytesIO:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as old, zipfile.ZipFile(out, "w") as new:
        for item in old.infolist():
            content = old.read(item)
            if item.filename.endswith("sheet1.xml.rels"):
                assert b'Target="/xl/tables/' in content
                content = content.replace(b'Target="/xl/tables/', b'Target="../tables/')
            new.writestr(item, content)
    return out


@pytest.mark.parametrize("total", [6, "=SUBTOTAL(109,Cards[Frequency])"])
@pytest.mark.parametrize("relative", [False, True])
def test_an_excel_tables_totals_row_is_no_card(
    tmp_path: Path, total: object, relative: bool
) -> None:
    folder = tavern(tmp_path, "cards.xlsx")
    expected = cards_of(folder)
    table_with_totals(folder / "cards.xlsx", total, relative)
    assert cards_of(folder) == expected  # 3 cards, 6 copies: no `Total` card of 6


@pytest.mark.parametrize("file", ["cards.csv", "cards.xlsx"])
def test_a_last_row_that_sums_the_cards_is_read_and_questioned(tmp_path: Path, file: str) -> None:
    """A CSV export of that table, or a sum typed under a plain sheet: read as written (a card
    may be called Sum), and validate asks whether it is a totals row, naming its place."""
    from printgen.check.data import totals_row
    from printgen.model.load import load_game

    folder = tavern(tmp_path, file, rows=[*ROWS, ["Total", 6, "", ""]])
    edit(folder / "game.yaml", "    image_from: Card Name\n", "")  # no art for Total
    game = load_game(folder)
    assert [c.name for c in game.components["deck"].cards][-1] == "Total"
    [check] = totals_row(game)
    assert (check.ok, check.level) == (False, "warning")
    place = "cards.csv:5" if file == "cards.csv" else "cards.xlsx:Cards!A5"
    assert check.detail.endswith(
        f"{place}: the last card, 'Total' x6, counts the 3 cards above it: a totals row? "
        "It prints as 6 cards; delete the row if it is no card"
    )
    write_table(folder / file, [HEADER, *ROWS, ["Sum", 5, "", ""]])  # 5 is not 6: a card
    assert totals_row(load_game(folder)) == []
