"""A third-party deck goes in as it is: built from CSV and from a workbook, the same cards.pdf;
bad designer input ends in one message with its place and exit 2, never a traceback."""

from __future__ import annotations

import datetime
from pathlib import Path

import pypdf
import pytest

from tests.conftest import edit
from tests.kit.conftest import build
from tests.model.designer import HEADER, ROWS, tavern, write_xlsx


def test_a_spreadsheet_deck_builds_the_same_cards_pdf_as_its_csv(tmp_path: Path) -> None:
    pdfs = {}
    for kind in ("csv", "xlsx"):
        data = tmp_path / kind
        tavern(data, f"cards.{kind}")
        out = tmp_path / f"out-{kind}"
        assert build(out, "tavern", "--data", data) == 0
        pdfs[kind] = (out / "tavern" / "cards.pdf").read_bytes()
    assert pdfs["csv"] == pdfs["xlsx"]
    reader = pypdf.PdfReader(tmp_path / "out-csv" / "tavern" / "cards.pdf")
    text = reader.pages[0].extract_text()
    # six fronts (2 + 1 + 3 copies), the names and the ability text of the third-party columns
    assert text.count("Innkeeper") == 2 and text.count("Dice Goblin") == 3
    assert "Pay 3" in text
    # the three arts (found by loose names; 24 px wide, the 16 px icons aside), drawn on
    # their cards: image_from's art column is the card's art (it was found, never printed)
    arts = [i for i in reader.pages[0].images if i.image.width == 24]
    assert len(arts) >= 3, [i.image.size for i in reader.pages[0].images]


BAD_INPUTS = [
    # (what to change, the message's end)
    (
        lambda f: edit(f / "game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 4"),
        "game.yaml:4:10: a mapping opened with '{' is not closed with '}' (or a ',' is missing)",
    ),
    (
        lambda f: edit(f / "game.yaml", "    images: Img/", "\timages: Img/"),
        "game.yaml:9:1: a tab character here: YAML indents with spaces only; "
        "replace the tab with spaces",
    ),
    (
        lambda f: edit(f / "game.yaml", "    images: Img/", "    images: Art/"),
        "game.yaml:9: components.deck.images: no folder 'Art/' in the game's folder",
    ),
    (
        lambda f: edit(f / "cards.csv", "Gain 2 @coin.", "Gain 2 @gem."),
        "cards.csv:2: column 'Card Ability': unknown icon '@gem'",
    ),
    (
        lambda f: (f / "cards.csv").write_bytes(
            "Card Name,Frequency\nCaf\xe9,1\n".encode("cp1252")
        ),
        "cards.csv:2: not valid UTF-8 (byte 0xe9); it looks like Windows-1252: name it in the "
        'deck (encoding: cp1252), or save the file as "CSV UTF-8"',
    ),
    (
        lambda f: (
            write_xlsx(
                f / "cards.csv.xlsx", {"Cards": [HEADER, ["Innkeeper", datetime.date(2024, 1, 2)]]}
            )
            or edit(f / "game.yaml", "file: cards.csv", "file: cards.csv.xlsx")
        ),
        "cards.csv.xlsx:Cards!B2: column 'Frequency': a date or time cell (2024-01-02 00:00:00); "
        "format the cell as text (spreadsheets turn entries like 3-4 into dates)",
    ),
]


@pytest.mark.parametrize(("change", "message"), BAD_INPUTS)
def test_bad_designer_input_is_exit_2_with_its_place(cli, tmp_path: Path, change, message) -> None:
    folder = tavern(tmp_path / "data")
    change(folder)
    for command in ("validate", "build"):
        args = ["--out", tmp_path / "out"] if command == "build" else []
        run = cli(command, "tavern", "--data", tmp_path / "data", *args)
        assert run.code == 2, (command, run.out, run.err)
        assert message in run.err
        assert "Traceback" not in run.err
    assert not (tmp_path / "out" / "tavern" / "cards.pdf").exists()


def test_rows_written_in_every_place_a_designer_might(tmp_path: Path) -> None:
    """The deck with a blank line, a comment line and a short row still reads."""
    rows = [*ROWS[:2], [], ["# retired cards below"], ["Dice Goblin", 3]]
    folder = tavern(tmp_path / "data", rows=rows)  # OUT beside the data: inside it is refused
    assert build(tmp_path / "out", "tavern", "--data", tmp_path / "data") == 0
    assert folder.is_dir()
