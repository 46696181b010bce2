"""Workbook cells read as the sheet shows them, as its CSV export writes them: a number
formatted as a percentage is `50%`, not the fraction 0.5 it holds, and one formatted as
money is `$3`, so a deck gives the same cards from its workbook and from its CSV."""

from __future__ import annotations

import csv
from pathlib import Path

import pypdf
import pytest

from printgen.check.columns import undeclared_note
from printgen.model import load_game
from printgen.model.money import is_amount, shown_currency, whole_amount
from tests.conftest import edit
from tests.kit.conftest import build
from tests.model.designer import HEADER, ROWS, tavern, write_table
from tests.model.test_designer_data import cards_of, problems_of

Cell = tuple[float, str, str]
"""A cell's value, its number format in an .xlsx, and what the sheet shows."""
CHANCES: list[Cell] = [(0.5, "0%", "50%"), (0.125, "0.0%", "12.5%"), (1, "0%", "100%")]
PRICES: list[Cell] = [
    (3, '"$"#,##0', "$3"),
    (1250, '"$"#,##0.00_);[Red]\\("$"#,##0.00\\)', "$1,250.00"),
    (2, "#,##0.00\\ [$€-407]", "2.00 €"),
]


def percent_xlsx(path: Path, header: str = "Chance", cells: list[Cell] = CHANCES) -> None:
    """The tavern deck with a column of numbers in a format (value, format, shown)."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append([*HEADER, header])
    for row, (value, shown_as, _shown) in zip(ROWS, cells, strict=True):
        sheet.append([*row, value])
        sheet.cell(sheet.max_row, len(HEADER) + 1).number_format = shown_as
    book.save(path)


def percent_ods(
    path: Path, header: str = "Chance", cells: list[Cell] = CHANCES, kind: str = "percentage"
) -> None:
    """As LibreOffice saves a percentage (or currency) cell: its value, and the text it
    shows."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for index, row in enumerate([[*HEADER, header], *ROWS]):
        tr = TableRow()
        for value in row:
            cell = TableCell(valuetype="float" if isinstance(value, (int, float)) else "string")
            if isinstance(value, (int, float)):
                cell.setAttribute("value", value)
            cell.addElement(P(text=str(value)))
            tr.addElement(cell)
        if index:
            value, _format, shown = cells[index - 1]
            cell = TableCell(valuetype=kind, value=value)
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


@pytest.mark.parametrize("file", ["cards.xlsx", "cards.ods"])
def test_money_reads_as_the_sheet_shows_it(tmp_path: Path, file: str) -> None:
    folder = tavern(tmp_path, file)
    if file.endswith("xlsx"):
        percent_xlsx(folder / file, "Price", PRICES)
    else:
        percent_ods(folder / file, "Price", PRICES, "currency")
    assert [c[4]["price"] for c in cards_of(folder)] == ["$3", "$1,250.00", "2.00 €"]


def test_a_deck_with_money_gives_the_same_cards_from_its_workbook_and_its_csv(
    tmp_path: Path,
) -> None:
    sheet = tavern(tmp_path / "sheet", "cards.xlsx")
    percent_xlsx(sheet / "cards.xlsx", "Price", PRICES)
    csv = tavern(tmp_path / "csv", "cards.csv")
    rows = [[*row, shown] for row, (_value, _format, shown) in zip(ROWS, PRICES, strict=True)]
    write_table(csv / "cards.csv", [[*HEADER, "Price"], *rows])  # as the sheet's CSV export
    assert cards_of(sheet) == cards_of(csv)
    for folder in (sheet, csv):  # declared a number, the sign is the cell's format
        edit(folder / "game.yaml", "card_size: poker", "card_size: poker\ncolumns: {price: int}")
        assert [card[4]["price"] for card in cards_of(folder)] == [3, 1250, 2]


@pytest.mark.parametrize(
    ("value", "number_format", "shown"),
    [
        (3, '"$"#,##0', "$3"),
        (2.5, '"$"#,##0', "$3"),  # rounded half up, as the sheet shows it
        (-4, "$#,##0.00", "-$4.00"),
        (1250, "[$$-409]#,##0.00", "$1,250.00"),
        (1250, "[$€-407] #,##0.00", "€ 1,250.00"),
        (7, "_-* #,##0.00\\ [$€-40C]_-;-* #,##0.00\\ [$€-40C]_-", "7.00 €"),
        (12, '#,##0 "kr"', "12 kr"),
        (3, "£0", "£3"),
        (3, "0", None),  # no currency: read as the number
        (3, "[$-409]#,##0", None),  # a locale tag alone is no currency
        (3, "General", None),
    ],
)
def test_a_money_format_shows_its_number_as_the_sheet_does(
    value: float, number_format: str, shown: str | None
) -> None:
    assert shown_currency(value, number_format) == shown


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("$3", 3),
        ("3 €", 3),
        ("-$1,250.00", -1250),
        ("£ 12", 12),
        ("12 kr", 12),
        ("3 gold", None),
        ("3", None),
        ("$3.50", None),
        # a sheet set to German or French: comma decimals, thousands grouped by points
        ("3,00 €", 3),
        ("1.250,00 €", 1250),
        ("-1.250 €", -1250),
        ("€ 12,00", 12),
        ("2,50 €", None),
        ("1,250 €", 1250),  # a comma and three digits group thousands either way
        ("1.2.3 €", None),
    ],
)
def test_a_whole_amount_of_money_reads_as_its_number(text: str, amount: int | None) -> None:
    assert whole_amount(text) == amount


def test_a_column_of_money_prints_as_a_stat_with_its_name(tmp_path: Path) -> None:
    """Read as shown, `$3` would print bare among the card's rules, as a number did."""
    data = tmp_path / "data"
    folder = tavern(data, "cards.xlsx")
    percent_xlsx(folder / "cards.xlsx", "Price", PRICES)
    game = load_game(folder)
    assert game.columns["price"] == "money?"
    [note] = undeclared_note(game)
    assert "read as money (a card prints each as its name and amount, Price $3): " in note.detail
    out = tmp_path / "out"
    assert build(out, "tavern", "--data", data) == 0
    pages = [p.extract_text() for p in pypdf.PdfReader(out / "tavern" / "cards-print.pdf").pages]
    innkeeper = next(page for page in pages if "Innkeeper" in page)
    assert "Price $3" in innkeeper
    assert "$3" not in innkeeper.split("\n")  # not a bare line of its own
    assert any("Price 2.00 €" in page for page in pages)


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        *(("$3", True), ("$1.50", True), ("2.00 €", True), ("-$1,250.00", True)),
        *(("2,50 €", True), ("1.250,00 €", True), ("€ 0,99", True)),
        *(("3", False), ("3 gold", False), ("$", False), ("$3 each", False)),
        *(("2,5,0 €", False), ("1.2.3 €", False)),
    ],
)
def test_an_amount_of_money_is_told_from_other_text(text: str, amount: bool) -> None:
    assert is_amount(text) == amount


def test_a_declared_money_column_refuses_other_text_at_its_cell(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    rows = [[*row, price] for row, price in zip(ROWS, ["$3", "lots", "2.00 €"], strict=True)]
    write_table(folder / "cards.csv", [[*HEADER, "Price"], *rows])
    edit(folder / "game.yaml", "card_size: poker", "card_size: poker\ncolumns: {price: money}")
    [problem] = problems_of(folder)
    assert problem.endswith(
        "cards.csv:3: column 'Price': expected an amount of money ($3, 2.50 €), got 'lots'"
    )


def test_a_european_sheets_csv_reads_its_money_with_comma_decimals(tmp_path: Path) -> None:
    """A sheet set to German or French exports `2,50 €` and `1.250,00 €` (semicolons between
    the cells): read as money like `$2.50`, and as whole numbers where the column is an int."""
    folder = tavern(tmp_path)
    prices = ["3,00 €", "1.250,00 €", "2,50 €"]
    rows = [[*row, price] for row, price in zip(ROWS, prices, strict=True)]
    with (folder / "cards.csv").open("w", encoding="utf-8", newline="") as file:
        csv.writer(file, delimiter=";").writerows([[*HEADER, "Price"], *rows])
    game = load_game(folder)
    assert game.columns["price"] == "money?"
    assert [c[4]["price"] for c in cards_of(folder)] == prices  # printed as the sheet shows
    edit(folder / "cards.csv", "2,50 €", "7,00 €")
    edit(folder / "game.yaml", "card_size: poker", "card_size: poker\ncolumns: {price: int}")
    assert [c[4]["price"] for c in cards_of(folder)] == [3, 1250, 7]
