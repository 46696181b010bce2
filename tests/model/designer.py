"""A designer's game folder made in a test: a small game.yaml, a deck file, images and icons.

The third-party deck is CardMaker-style, as a designer brings it: headers `Card Name`,
`Frequency`, `Card Ability`, `@coin` markers in the text and an `Img/` folder of art named
any which way. Workbooks are written with the libraries that read them (openpyxl, odfpy),
so every fixture is reviewable code, never a checked-in binary.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

HEADER = ["Card Name", "Frequency", "Card Ability", "Flavor"]
ROWS = [
    ["Innkeeper", 2, "Gain 2 @coin.", "Warm beds."],
    ["Knight Champion", 1, "Pay 3 @Coin: draw a card.", ""],
    ["Dice Goblin", 3.0, "Roll @d6; on 6 take @coin.", "Hee hee."],
]
ART = ["Innkeeper.png", "knightchampion.png", "DICE_goblin.PNG"]
GAME_YAML = """\
id: tavern
name: Tavern Brawl
players: {min: 2, max: 4}
card_size: poker
components:
  deck:
    file: FILE
    rename: {"Card Name": name, "Frequency": count}
    images: Img/
    image_from: Card Name
    icons: {marker: "@"}
"""


def one_deck_game(file: str) -> str:
    """The game.yaml of a game `trial` whose one deck is the export `file`, as it is named."""
    return (
        "id: trial\nname: Trial\nplayers: {min: 2, max: 4}\ncard_size: poker\n"
        f"components:\n  deck:\n    file: {file}\n"
    )


def png(colour: tuple[int, int, int], size: int = 24) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(out, format="PNG")
    return out.getvalue()


def tavern(root: Path, file: str = "cards.csv", rows: list[list[object]] | None = None) -> Path:
    """The third-party deck in a game folder under `root` (its data folder), as `file`."""
    folder = root / "tavern"
    (folder / "Img").mkdir(parents=True)
    (folder / "icons").mkdir()
    for index, name in enumerate(ART):
        (folder / "Img" / name).write_bytes(png((60 * index, 120, 200)))
    (folder / "icons" / "coin.png").write_bytes(png((230, 190, 40), 16))
    (folder / "icons" / "d6.png").write_bytes(png((20, 20, 20), 16))
    (folder / "game.yaml").write_text(GAME_YAML.replace("FILE", file), encoding="utf-8")
    write_table(folder / file, [HEADER, *(rows if rows is not None else ROWS)])
    return folder


def write_table(path: Path, rows: list[list[object]], sheet: str = "Cards") -> None:
    """Rows as a CSV, an .xlsx or an .ods, by the file's suffix."""
    if path.suffix == ".xlsx":
        write_xlsx(path, {sheet: rows})
    elif path.suffix == ".ods":
        write_ods(path, {sheet: rows})
    else:
        path.write_text("\n".join(",".join(_csv(v) for v in row) for row in rows) + "\n")


def _csv(value: object) -> str:
    text = str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    return f'"{text}"' if "," in text or '"' in text else text


def write_xlsx(
    path: Path,
    sheets: dict[str, list[list[object]]],
    hidden: tuple[str, ...] = (),
    merged: tuple[str, ...] = (),
) -> None:
    """`hidden` sheets by name; `merged` ranges (`A1:D1`) in every sheet."""
    import openpyxl

    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
        for cells in merged:
            sheet.merge_cells(cells)
        if title in hidden:
            sheet.sheet_state = "hidden"
    book.save(path)


def write_ods(
    path: Path,
    sheets: dict[str, list[list[object]]],
    hidden: tuple[str, ...] = (),
    filtered: tuple[int, ...] = (),
) -> None:
    """`hidden` sheets by name, as LibreOffice hides them (a table style, display false);
    `filtered` rows by number (from 1), as it saves rows a filter hides (visibility filter)."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.style import Style, TableProperties
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    hiding = Style(name="ta-hidden", family="table")
    hiding.addElement(TableProperties(display="false"))
    doc.automaticstyles.addElement(hiding)
    for title, rows in sheets.items():
        table = Table(name=title, stylename=hiding) if title in hidden else Table(name=title)
        for number, row in enumerate(rows, start=1):
            tr = TableRow(visibility="filter") if number in filtered else TableRow()
            for value in row:
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    cell = TableCell(valuetype="float", value=value)
                    cell.addElement(P(text=str(value)))
                elif hasattr(value, "isoformat"):
                    cell = TableCell(valuetype="date", datevalue=value.isoformat())  # type: ignore[attr-defined]
                    cell.addElement(P(text=value.isoformat()))  # type: ignore[attr-defined]
                else:
                    cell = TableCell(valuetype="string")
                    if value != "":
                        cell.addElement(P(text=str(value)))
                tr.addElement(cell)
            table.addElement(tr)
        doc.spreadsheet.addElement(table)
    doc.save(str(path))
