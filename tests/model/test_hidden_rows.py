"""Rows a sheet hides (a filter, Hide Rows) are read as cards, as the sheet's CSV export has
them, and validate names them (`printgen.check.data.hidden_rows`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.check.data import hidden_rows
from printgen.model import load_game
from tests.model.designer import HEADER, ROWS, tavern, write_ods


def hiding_xlsx(path: Path, hide: tuple[int, ...]) -> None:
    """The tavern deck with a filter on Frequency hiding the rows `hide`, as Excel saves it."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in [HEADER, *ROWS]:
        sheet.append(row)
    sheet.auto_filter.ref = f"A1:D{len(ROWS) + 1}"
    sheet.auto_filter.add_filter_column(1, ["2"])
    for number in hide:
        sheet.row_dimensions[number].hidden = True
    book.save(path)


def hiding_ods(path: Path, hide: tuple[int, ...]) -> None:
    """The same, as LibreOffice saves rows a filter hides (`table:visibility="filter"`)."""
    write_ods(path, {"Cards": [HEADER, *ROWS]}, filtered=hide)


@pytest.mark.parametrize("file", ["cards.xlsx", "cards.ods"])
def test_rows_a_filter_hides_are_read_and_named_by_validate(tmp_path: Path, file: str) -> None:
    folder = tavern(tmp_path, file)
    (hiding_xlsx if file.endswith("xlsx") else hiding_ods)(folder / file, (3, 4))
    game = load_game(folder)
    cards = game.components["deck"].cards
    assert [(c.name, c.count) for c in cards] == [
        ("Innkeeper", 2),
        ("Knight Champion", 1),
        ("Dice Goblin", 3),
    ]
    [check] = hidden_rows(game)
    assert (check.level, check.ok) == ("warning", False)
    assert check.detail == (
        f"{folder / file}:Cards!A3 'Knight Champion', {folder / file}:Cards!A4 'Dice Goblin': "
        "hidden in the sheet (a filter, Hide Rows or a collapsed group), read as cards like "
        "every row, as the sheet's CSV export has them; delete a row, or set its count to 0, to "
        "leave its card out"
    )


def test_a_sheet_with_no_hidden_row_says_nothing(tmp_path: Path) -> None:
    folder = tavern(tmp_path, "cards.xlsx")
    hiding_xlsx(folder / "cards.xlsx", ())
    assert hidden_rows(load_game(folder)) == []


def test_rows_of_a_collapsed_group_are_read_and_named_too(tmp_path: Path) -> None:
    """Data > Group, collapsed: Excel saves the rows hidden, with their outline level."""
    import openpyxl

    folder = tavern(tmp_path, "cards.xlsx")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in [HEADER, *ROWS]:
        sheet.append(row)
    sheet.row_dimensions.group(3, 4, outline_level=1, hidden=True)
    book.save(folder / "cards.xlsx")
    game = load_game(folder)
    assert len(game.components["deck"].cards) == 3
    [check] = hidden_rows(game)
    assert check.detail.startswith(f"{folder / 'cards.xlsx'}:Cards!A3 'Knight Champion', ")
