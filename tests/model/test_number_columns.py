"""Undeclared columns holding whole numbers (`Attack`, `Cost`) are read as numbers and print
as stats with their name (`Attack 3`), not as a bare `3` among the card's rules text."""

from __future__ import annotations

from pathlib import Path

import pypdf

from printgen.check.columns import undeclared_note
from printgen.model import load_game
from tests.kit.conftest import build
from tests.model.designer import tavern

ROWS = [
    ["Innkeeper", 2, "Gain 2 @coin.", "", 1, "1,5"],
    ["Knight Champion", 1, "Pay 3 @Coin: draw a card.", "", 4, "2"],
    ["Dice Goblin", 3, "Roll @d6.", "", "", "x"],
]


def deck(root: Path) -> Path:
    folder = tavern(root, rows=ROWS)
    text = (folder / "cards.csv").read_text()
    (folder / "cards.csv").write_text(text.replace("Flavor", "Flavor,Attack,Weight", 1))
    return folder


def test_a_column_of_whole_numbers_reads_as_numbers_and_others_as_text(tmp_path: Path) -> None:
    game = load_game(deck(tmp_path))
    cards = game.components["deck"].cards
    assert [c.get("attack") for c in cards] == [1, 4, None]  # an empty cell stays empty
    assert [c.get("weight") for c in cards] == ["1,5", "2", "x"]  # not all numbers: text
    assert game.columns["attack"] == "int?" and game.columns["weight"] == "text?"
    [note] = undeclared_note(game)
    assert note.detail == (
        "read as optional text: cards.csv: 'Card Ability', 'Flavor', 'Weight'; read as whole "
        "numbers (a card prints each as its name and value): cards.csv: 'Attack' "
        "(declare them under columns: to type them)"
    )


def test_a_number_column_prints_with_its_name_not_as_a_bare_number(tmp_path: Path) -> None:
    data = tmp_path / "data"
    deck(data)
    out = tmp_path / "out"
    assert build(out, "tavern", "--data", data) == 0
    pages = pypdf.PdfReader(out / "tavern" / "cards-print.pdf").pages
    knight = next(p.extract_text() for p in pages if "Knight Champion" in p.extract_text())
    lines = knight.split("\n")
    assert "Attack 4" in knight
    assert "4" not in lines  # neither the body's bare number nor the corner value


def test_a_column_of_zero_padded_numbers_stays_text(tmp_path: Path) -> None:
    """Collector numbers (`001`, `007`) are whole numbers, but read as numbers they would
    print as `No 1` and lose the zeros the designer wrote."""
    folder = tavern(tmp_path, rows=[[*row[:4], f"00{i}", row[5]] for i, row in enumerate(ROWS)])
    text = (folder / "cards.csv").read_text()
    (folder / "cards.csv").write_text(text.replace("Flavor", "Flavor,No,Weight", 1))
    game = load_game(folder)
    assert [c.get("no") for c in game.components["deck"].cards] == ["000", "001", "002"]
    assert game.columns["no"] == "text?"
