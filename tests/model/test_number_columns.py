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
    assert [c.fields.get("attack") for c in cards] == [1, 4, None]  # an empty cell stays empty
    assert [c.text("weight") for c in cards] == ["1,5", "2", "x"]  # not all numbers: text
    assert game.columns["attack"] == "int?" and game.columns["weight"] == "text?"
    [note] = undeclared_note(game)
    assert game.components["deck"].figures == ("Weight",)  # 1,5 2 x: figures, not words
    assert note.detail == (
        "read as optional text: cards.csv: 'Card Ability', 'Flavor'; read as whole "
        "numbers (a card prints each as its name and value): cards.csv: 'Attack'; read as "
        "figures (a card prints each as its name and value, P/T 2 / 2): cards.csv: 'Weight' "
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
    # issue 36, trap 5: a text column of figures printed bare (`2`) among the rules
    assert "Attack 4 · Weight 2" in knight and "2" not in lines


def test_a_column_of_figures_prints_with_its_name(tmp_path: Path) -> None:
    """Issue 36, trap 5: an undeclared `P/T` column (`2 / 2`, `* / *`) printed bare among
    the card's rules, where number columns print `Attack 3`. A column whose every cell is a
    figure prints with its header in the stats; one with words in a cell stays rules text."""
    from printgen.render.draw.vector import CairoMeasure
    from printgen.render.faces.render import Renderer, card_context

    figures = zip(ROWS, ["2 / 2", "* / *", "1/3"], ["X", "+1", "two"], strict=True)
    rows = [[*row[:4], pt, word] for row, pt, word in figures]
    folder = tavern(tmp_path, rows=rows)
    text = (folder / "cards.csv").read_text()
    (folder / "cards.csv").write_text(text.replace("Flavor", "Flavor,P/T,Bonus", 1))
    game = load_game(folder)
    deck = game.components["deck"]
    assert deck.figures == ("P/T",)
    assert game.columns["bonus"] == "text?"  # `two` is a word: the column stays rules text
    renderer = Renderer(game, CairoMeasure())
    knight = card_context(game, deck, deck.cards[1], renderer.stage, renderer.found)
    assert knight["stats"] == "P/T * / *"
    assert "* / *" not in knight["body"] and "+1" in knight["body"]


def test_a_column_of_zero_padded_numbers_stays_text(tmp_path: Path) -> None:
    """Collector numbers (`001`, `007`) are whole numbers, but read as numbers they would
    print as `No 1` and lose the zeros the designer wrote."""
    folder = tavern(tmp_path, rows=[[*row[:4], f"00{i}", row[5]] for i, row in enumerate(ROWS)])
    text = (folder / "cards.csv").read_text()
    (folder / "cards.csv").write_text(text.replace("Flavor", "Flavor,No,Weight", 1))
    game = load_game(folder)
    assert [c.text("no") for c in game.components["deck"].cards] == ["000", "001", "002"]
    assert game.columns["no"] == "text?"
