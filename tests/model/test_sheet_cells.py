"""Workbook cells a CSV export would not show as they are: formulas (saved or not) and error
values. Each is read as its saved value, or refused at its sheet and cell with what to do."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from printgen.model import load_game
from tests.model.designer import HEADER, ROWS, tavern, write_xlsx
from tests.model.test_designer_data import problems_of

SAVE_IT = "open the workbook in a spreadsheet program and save it"


def save_values(path: Path, saved: dict[str, str]) -> None:
    """Give formula cells the saved value a spreadsheet program writes (openpyxl writes none):
    `{"B3": '<v>3</v>'}`, or a cell's whole XML for a saved text (`t="str"`)."""
    with zipfile.ZipFile(path) as book:
        parts = {name: book.read(name) for name in book.namelist()}
    name = "xl/worksheets/sheet1.xml"
    xml = parts[name].decode()
    for cell, value in saved.items():
        start = xml.index(f'<c r="{cell}"')
        end = xml.index("</c>", start) + len("</c>")
        formula = xml[xml.index("<f>", start) : xml.index("</f>", start) + len("</f>")]
        if value.startswith("<c"):
            xml = xml[:start] + value.replace("F", formula) + xml[end:]
        else:
            xml = xml[:start] + f'<c r="{cell}">{formula}{value}</c>' + xml[end:]
    parts[name] = xml.encode()
    with zipfile.ZipFile(path, "w") as book:
        for part, data in parts.items():
            book.writestr(part, data)


def deck(rows: list[list[object]]) -> list[list[object]]:
    return [HEADER, *rows]


def test_a_formula_with_no_saved_value_is_named_at_its_cell(tmp_path: Path) -> None:
    folder = tavern(tmp_path, "cards.xlsx")
    rows = [ROWS[0], [*ROWS[1][:1], "=B2+1", *ROWS[1][2:]], ROWS[2]]
    write_xlsx(folder / "cards.xlsx", {"Cards": deck(rows)})
    [problem] = problems_of(folder)
    assert problem.endswith(
        f"cards.xlsx:Cards!B3: column 'Frequency': a formula (=B2+1) with no saved value: {SAVE_IT}"
    )


def test_a_formula_with_a_saved_value_reads_its_value(tmp_path: Path) -> None:
    folder = tavern(tmp_path, "cards.xlsx")
    rows = [
        ROWS[0],
        [*ROWS[1][:1], "=B2+1", '=IF(B2>5,"Rare","")', *ROWS[1][3:]],
        [*ROWS[2][:2], '="Roll "&"@d6."', *ROWS[2][3:]],
    ]
    write_xlsx(folder / "cards.xlsx", {"Cards": deck(rows)})
    save_values(
        folder / "cards.xlsx",
        {
            "B3": "<v>3</v>",
            "C3": '<c r="C3" t="str">F<v></v></c>',  # a saved empty text stays empty
            "C4": '<c r="C4" t="str">F<v>Roll @d6.</v></c>',
        },
    )
    cards = load_game(folder).components["deck"].cards
    assert [c.count for c in cards] == [2, 3, 3]
    assert cards[1].text("card_ability") is None
    assert cards[2].text("card_ability") == "Roll :d6:."


def test_a_formula_whose_value_is_an_error_is_named_at_its_cell(tmp_path: Path) -> None:
    folder = tavern(tmp_path, "cards.xlsx")
    rows = [ROWS[0], [*ROWS[1][:1], "=1/0", *ROWS[1][2:]], ROWS[2]]
    write_xlsx(folder / "cards.xlsx", {"Cards": deck(rows)})
    save_values(folder / "cards.xlsx", {"B3": '<c r="B3" t="e">F<v>#DIV/0!</v></c>'})
    [problem] = problems_of(folder)
    assert problem.endswith(
        "cards.xlsx:Cards!B3: column 'Frequency': the formula's value is an error (#DIV/0!): "
        "fix it or type the value"
    )


@pytest.mark.parametrize("saved", [False, True])
def test_an_ods_formula_reads_its_saved_value_or_is_named(tmp_path: Path, saved: bool) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    folder = tavern(tmp_path, "cards.ods")
    doc = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for number, row in enumerate(deck(ROWS), start=1):
        tr = TableRow()
        for index, value in enumerate(row):
            if number == 3 and index == 1:  # Knight Champion's Frequency: =B2+1
                cell = TableCell(formula="of:=[.B2]+1")
                if saved:
                    cell = TableCell(formula="of:=[.B2]+1", valuetype="float", value=3)
                    cell.addElement(P(text="3"))
            elif isinstance(value, (int, float)):
                cell = TableCell(valuetype="float", value=value)
                cell.addElement(P(text=str(value)))
            else:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=str(value)))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(folder / "cards.ods"))
    if saved:
        assert [c.count for c in load_game(folder).components["deck"].cards] == [2, 3, 3]
        return
    [problem] = problems_of(folder)
    assert problem.endswith(
        f"cards.ods:Cards!B3: column 'Frequency': a formula (=[.B2]+1) with no saved value: "
        f"{SAVE_IT}"
    )


# --- merged cells ----------------------------------------------------------------------------


def merged_xlsx(path: Path, ranges: list[str]) -> None:
    import openpyxl

    write_xlsx(path, {"Cards": deck(ROWS)})
    book = openpyxl.load_workbook(path)
    for cells in ranges:
        book["Cards"].merge_cells(cells)
    book.save(path)


def merged_ods(path: Path, anchor: tuple[int, int], down: int, across: int) -> None:
    """The deck as an .ods with the cell at (row, column) from 0 merged over its neighbours."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import CoveredTableCell, Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Cards")
    for r, row in enumerate(deck(ROWS)):
        tr = TableRow()
        for c, value in enumerate(row):
            covered = anchor[0] <= r < anchor[0] + down and anchor[1] <= c < anchor[1] + across
            if covered and (r, c) != anchor:
                tr.addElement(CoveredTableCell())  # as LibreOffice keeps them: empty
                continue
            spans = {"numberrowsspanned": down, "numbercolumnsspanned": across}
            typed = (
                {"valuetype": "float", "value": value} if isinstance(value, (int, float)) else {}
            )
            cell = TableCell(**typed, **(spans if (r, c) == anchor else {}))
            cell.addElement(P(text=str(value)))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_a_cell_merged_down_a_column_fills_each_row_it_covers(tmp_path: Path, suffix: str) -> None:
    folder = tavern(tmp_path, f"cards.{suffix}")
    if suffix == "xlsx":
        merged_xlsx(folder / "cards.xlsx", ["C2:C3"])
    else:
        merged_ods(folder / "cards.ods", (1, 2), down=2, across=1)
    cards = load_game(folder).components["deck"].cards
    assert [c.text("card_ability") for c in cards] == [
        "Gain 2 :coin:.",
        "Gain 2 :coin:.",  # Knight Champion's Card Ability, under Innkeeper's merged cell
        "Roll :d6:; on 6 take :coin:.",
    ]


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_cells_merged_across_columns_are_refused_at_their_range(
    tmp_path: Path, suffix: str
) -> None:
    folder = tavern(tmp_path, f"cards.{suffix}")
    if suffix == "xlsx":
        merged_xlsx(folder / "cards.xlsx", ["C3:D3"])
    else:
        merged_ods(folder / "cards.ods", (2, 2), down=1, across=2)
    [problem] = problems_of(folder)
    assert problem.endswith(
        f"cards.{suffix}:Cards!C3:D3: column 'Card Ability': cells merged across columns: a "
        "value belongs to one column; unmerge them"
    )


# --- every message about a workbook's card names its sheet and cell --------------------------


def test_an_id_clash_in_a_workbook_names_both_cells(tmp_path: Path) -> None:
    folder = tavern(tmp_path, "cards.xlsx", rows=[*ROWS, ["Knight-Champion!", 1, "", ""]])
    [problem] = problems_of(folder)
    assert problem.endswith(
        "cards.xlsx:Cards!A5: column 'id': the id 'knight-champion' made from the name "
        "'Knight-Champion!' is already made from 'Knight Champion' on Cards!A3; ids are unique "
        "across a game: give the cards different names or an id column"
    )


def test_validate_names_a_workbook_card_by_its_cell(tmp_path: Path) -> None:
    from printgen.check.data import counts
    from printgen.check.design import design_checks
    from printgen.errors import DataError
    from tests.conftest import edit
    from tests.model.designer import png

    thief = ["Thief", 0, "Steal :crownz:.", ""]
    folder = tavern(tmp_path, "cards.xlsx", rows=[*ROWS, thief])
    (folder / "Img" / "Thief.png").write_bytes(png((1, 2, 3)))
    edit(folder / "game.yaml", '"Frequency": count}', '"Frequency": count, "Card Ability": text}')
    assert counts(load_game(folder)).detail.endswith("cards.xlsx:Cards!B5 thief")
    write_xlsx(folder / "cards.xlsx", {"Cards": deck([*ROWS, [*thief[:1], 1, *thief[2:]]])})
    with pytest.raises(DataError) as caught:
        design_checks(load_game(folder))
    assert str(caught.value).split(": ", 1)[0].endswith("cards.xlsx:Cards!C5")  # its text
    assert "column 'Card Ability': unknown icon ':crownz:'" in str(caught.value)


def test_every_bad_cell_of_a_workbook_is_named_in_one_run(tmp_path: Path) -> None:
    """A designer's trial: a workbook's formula cells stopped its reading, so a misspelt value
    elsewhere in the sheet was said only in the next run. Every bad cell is named at once,
    and a formula cell read as empty says nothing more (an empty name, an empty count)."""
    folder = tavern(tmp_path, "cards.xlsx")
    rows = [
        [ROWS[0][0], "many", *ROWS[0][2:]],
        [*ROWS[1][:1], "=B2+1", *ROWS[1][2:]],
        ["=A3", "=1/0", *ROWS[2][2:]],
    ]
    write_xlsx(folder / "cards.xlsx", {"Cards": deck(rows)})
    save_values(folder / "cards.xlsx", {"B4": '<c r="B4" t="e">F<v>#DIV/0!</v></c>'})
    said = problems_of(folder)
    where = sorted(problem.split(": ")[0].rsplit("!", 1)[1] for problem in said)
    assert where == ["A4", "B2", "B3", "B4"], said
    assert any("B2: column 'Frequency'" in p and "'many'" in p for p in said), said
    assert any(
        p.endswith(f"A4: column 'Card Name': a formula (=A3) with no saved value: {SAVE_IT}")
        for p in said
    ), said
