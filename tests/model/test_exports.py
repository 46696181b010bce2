"""A deck as other tools export it, read with no edit: numbers shown with decimals (`3.0`),
the empty columns and rows a spreadsheet's CSV export keeps after the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.model.decks import column_key
from printgen.model.encodings import guess_legacy
from printgen.model.load import load_game
from tests.conftest import edit
from tests.model.designer import HEADER, ROWS, tavern, write_ods, write_table, write_xlsx
from tests.model.test_designer_data import cards_of, problems_of


def test_a_whole_number_written_with_zero_decimals_reads_as_that_number(tmp_path: Path) -> None:
    rows = [["Innkeeper", "2.0", "", ""], ["Knight Champion", "1.00", "", ""]]
    folder = tavern(tmp_path, rows=rows)
    assert [c[2] for c in cards_of(folder)] == [2, 1]
    rows = [["Innkeeper", "2.5", "", ""], ["Knight Champion", "1.", "", ""]]
    problems = problems_of(tavern(tmp_path / "halves", rows=rows))
    assert [p.rsplit(": ", 1)[1] for p in problems] == [
        "expected a whole number, got '2.5'",
        "expected a whole number, got '1.'",
    ]


def test_empty_columns_and_rows_after_the_table_are_left_out(tmp_path: Path) -> None:
    folder = tavern(tmp_path, rows=[])
    lines = [HEADER, ["Innkeeper", "2", "Gain 2 @coin.", ""], ["Dice Goblin", "3", "", ""]]
    text = "".join(",".join([*row, "", "", ""]) + "\r\n" for row in lines) + ",,,,,,\r\n" * 3
    (folder / "cards.csv").write_text(text, newline="")
    assert [c[:3] for c in cards_of(folder)] == [
        ("innkeeper", "Innkeeper", 2),
        ("dice-goblin", "Dice Goblin", 3),
    ]
    (folder / "cards.csv").write_text(text.replace("Dice Goblin,3,,,,", "Dice Goblin,3,,,,x"))
    [problem] = problems_of(folder)
    assert problem.endswith("cards.csv:3: 6 values but 4 columns (separated by ',')")


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_excel_unicode_text_reads_as_it_is_saved(tmp_path: Path, codec: str) -> None:
    """Excel's "Unicode text": UTF-16 with a byte-order mark, tab-separated, CRLF."""
    folder = tavern(tmp_path)
    expected = cards_of(folder)
    lines = (folder / "cards.csv").read_text().splitlines()
    text = "".join(line.replace(",", "\t") + "\r\n" for line in lines)
    (folder / "cards.csv").write_bytes("\ufeff".encode(codec) + text.encode(codec))
    assert cards_of(folder) == expected


@pytest.mark.parametrize("header", ["Qty", "Quantity", "COPIES"])
def test_a_quantity_column_is_the_count_when_there_is_none(tmp_path: Path, header: str) -> None:
    folder = tavern(tmp_path)
    edit(folder / "game.yaml", '"Frequency": count', '"Frequency": frequency')
    assert [c[2] for c in cards_of(folder)] == [1, 1, 1]  # Frequency is not one of them
    (folder / "cards.csv").write_text(
        (folder / "cards.csv").read_text().replace("Frequency", header)
    )
    edit(folder / "game.yaml", '"Frequency": frequency', '"Flavor": flavour')
    assert [c[2] for c in cards_of(folder)] == [2, 1, 3]
    rows = ["Innkeeper,2,4", "Knight Champion,1,1", "Dice Goblin,3,1"]
    (folder / "cards.csv").write_text("\n".join([f"Card Name,{header},Count", *rows]) + "\n")
    edit(folder / "game.yaml", '"Flavor": flavour', '"Count": count')  # a count column wins
    assert [(c[2], c[4][column_key(header)]) for c in cards_of(folder)] == [
        (4, 2),  # a column of whole numbers, read as numbers
        (1, 1),
        (1, 3),
    ]


@pytest.mark.parametrize("file", ["cards.csv", "cards.xlsx", "cards.ods"])
def test_a_numbering_column_headed_hash_is_a_column_not_a_comment(
    tmp_path: Path, file: str
) -> None:
    """Exports often begin with a numbering column headed `#`; `# note` lines stay comments.
    The numbering is the export's, not the card's: it is left out (`# 1` printed on cards)."""
    rows = [["#", *HEADER], [1, "Innkeeper", 2, "", ""], ["# spare cards", "", "", "", ""]]
    folder = tavern(tmp_path, file, rows=[[2, "Dice Goblin", 3, "", ""]])
    write_table(folder / file, [["# made by hand"], *rows, [2, "Dice Goblin", 3, "", ""]])
    assert [(c[1], c[2], "#" in c[4]) for c in cards_of(folder)] == [
        ("Innkeeper", 2, False),
        ("Dice Goblin", 3, False),
    ]
    assert load_game(folder).components["deck"].metadata == ("#",)


@pytest.mark.parametrize("file", ["cards.xlsx", "cards.ods"])
def test_a_workbooks_problems_read_row_by_row_as_the_sheet_does(tmp_path: Path, file: str) -> None:
    rows: list[list[object]] = [[f"Card {n}", 1, "", ""] for n in range(2, 31)]
    rows[5 - 2][1] = rows[10 - 2][1] = rows[27 - 2][1] = "many"  # B5, B10, B27
    rows[7 - 2][2] = rows[10 - 2][2] = "Take @nothing."  # C7, C10: an unknown icon
    folder = tavern(tmp_path, file, rows=rows)
    edit(folder / "game.yaml", "    image_from: Card Name\n", "")  # no art for these cards
    places = [p.split(": ", 1)[0].rpartition("!")[2] for p in problems_of(folder)]
    assert places == ["B5", "C7", "B10", "C10", "B27"]


@pytest.mark.parametrize("file", ["cards.csv", "cards.xlsx"])
def test_a_card_with_no_name_is_one_problem(tmp_path: Path, file: str) -> None:
    """A row with counts but no name (a half-filled sheet): the name is missing, and the id
    the name would make is not a second problem."""
    folder = tavern(tmp_path, file, rows=[["Innkeeper", 2, "", ""], ["", 1, "Gain 2 @coin.", ""]])
    [problem] = problems_of(folder)
    assert problem.split(": ", 1)[1] == "column 'Card Name': expected a name, got nothing"


@pytest.mark.parametrize("file", ["cards.tsv", "cards.txt", "CARDS.TSV"])
def test_a_tab_separated_export_reads_as_its_csv_does(tmp_path: Path, file: str) -> None:
    """Google Sheets and Numbers save "Tab-separated values" as .tsv, Excel "Text (Tab
    delimited)" as .txt: the same deck as the CSV, by its name, no rename to .csv."""
    folder = tavern(tmp_path)
    expected = cards_of(folder)
    lines = (folder / "cards.csv").read_text().splitlines()
    (folder / file).write_text("".join(line.replace(",", "\t") + "\r\n" for line in lines))
    edit(folder / "game.yaml", "file: cards.csv", f"file: {file}")
    assert cards_of(folder) == expected


def test_a_tsv_is_tab_separated_whatever_its_header_holds(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    header = "Card Name\tFrequency\tCost (gold, silver, copper)"  # as many commas as tabs
    (folder / "cards.tsv").write_text(f"{header}\nCastle, Old\t2\t1, 2, 3\nInn; Keep\t1\t\n")
    edit(folder / "game.yaml", "file: cards.csv", "file: cards.tsv")
    edit(folder / "game.yaml", "    image_from: Card Name\n", "")
    assert [c[1:3] for c in cards_of(folder)] == [("Castle, Old", 2), ("Inn; Keep", 1)]


@pytest.mark.parametrize("file", ["cards.xlsx", "cards.ods"])
def test_the_cards_sheet_is_found_past_hidden_lists_and_notes(tmp_path: Path, file: str) -> None:
    """No `sheet:`: a hidden sheet of lists and a "Notes" sheet before the cards are passed
    over (the first visible sheet that has the name column), and a title row above the
    header is no header."""
    folder = tavern(tmp_path, file)
    expected = cards_of(folder)
    sheets: dict[str, list[list[object]]] = {
        "Lists": [["Card Name", "Kinds"], ["Warm", "Goods"]],  # hidden: not the cards
        "Notes": [["Playtest notes"], ["Knight too strong?"]],
        "Cards": [["Tavern Brawl: cards, v3", "", "", ""], [], [*HEADER], *ROWS],
    }
    if file.endswith("xlsx"):
        write_xlsx(folder / file, sheets, hidden=("Lists",), merged=("A1:D1",))
    else:
        write_ods(folder / file, sheets, hidden=("Lists",))
    assert cards_of(folder) == expected
    [problem] = problems_of(tavern(tmp_path / "bad", file, rows=[["", 1, "", ""]]))
    assert "Cards!A2: column 'Card Name': expected a name" in problem  # still read


def test_a_title_line_above_a_csv_header_is_no_header(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    expected = cards_of(folder)
    text = (folder / "cards.csv").read_text()
    (folder / "cards.csv").write_text("Tavern Brawl cards (v3),,,\n,,,\n" + text)
    assert cards_of(folder) == expected
    (folder / "cards.csv").write_text("Tavern Brawl cards (v3),,,\nTitle,Frequency\n")
    problems = problems_of(folder)  # no row names the cards: the one with a renamed header
    assert [p.replace(f"{folder}/", "") for p in problems] == [
        "cards.csv:2: column 'name': missing column",
        "game.yaml:8: components.deck.rename: no column 'Card Name' in cards.csv",
        "game.yaml:10: components.deck.image_from: no column 'Card Name' in cards.csv",
    ]


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_unicode_text_saved_without_a_byte_order_mark_reads(tmp_path: Path, codec: str) -> None:
    """Some tools write UTF-16 with no mark: every other byte of its ASCII is NUL."""
    folder = tavern(tmp_path)
    expected = cards_of(folder)
    lines = (folder / "cards.csv").read_text().splitlines()
    text = "".join(line.replace(",", "\t") + "\r\n" for line in lines)
    (folder / "cards.csv").write_bytes(text.encode(codec))
    assert cards_of(folder) == expected


def test_a_mac_roman_export_is_named_in_the_message_and_reads_once_declared(
    tmp_path: Path,
) -> None:
    folder = tavern(tmp_path)
    text = (folder / "cards.csv").read_text()
    text = text.replace("Innkeeper,", "Café crème,").replace("Warm beds.", "Don’t “wake” à l’aube")
    (folder / "cards.csv").write_bytes(text.encode("mac_roman"))
    (folder / "Img" / "Innkeeper.png").rename(folder / "Img" / "cafecreme.png")
    [problem] = problems_of(folder)
    assert problem.endswith(
        "cards.csv:2: not valid UTF-8 (byte 0x8e); it looks like Mac Roman: name it in the deck "
        '(encoding: mac_roman), or save the file as "CSV UTF-8"'
    )
    edit(folder / "game.yaml", "    images: Img/", "    encoding: mac_roman\n    images: Img/")
    card = cards_of(folder)[0]
    assert card[:2] == ("cafe-creme", "Café crème")
    assert card[4]["flavor"] == "Don’t “wake” à l’aube"


@pytest.mark.parametrize(
    ("text", "codec", "guess"),
    [
        ("Café crème, Ærø, naïve", "cp1252", "cp1252"),
        ("CAFÉ", "cp1252", "cp1252"),
        ("Café crème, Ærø, naïve", "mac_roman", "mac_roman"),
        ("“Über” – señor", "mac_roman", "mac_roman"),
        ("“Über” – señor", "cp1252", "cp1252"),
        ("∞ ± ≤ ≥ ∂ ∑", "mac_roman", None),  # symbols, no words: no guess
    ],
)
def test_the_legacy_encoding_guessed_is_the_one_written(
    text: str, codec: str, guess: str | None
) -> None:
    assert guess_legacy(text.encode(codec)) == guess
