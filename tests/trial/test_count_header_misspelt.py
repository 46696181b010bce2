"""A misspelt count header is named: a spreadsheet headed `Qtty` (for `Qty`) read every card
once, 40 cards as 16, and printed `Qtty 4` on each card as a number, with nothing said but
the column among those read as numbers (a designer's trial). A header of whole numbers one
letter from the count's (its first kept), in a deck whose every card counts one, is a
warning naming it; `Country`, `Mount` or `Quality` is a column of its own (the review)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pieces_game import GOALS_DECK, HARBOUR, write_game

GAME = HARBOUR + GOALS_DECK


@pytest.mark.parametrize(
    ("header", "said"), [("Qtty", "'Qty'"), ("Quantitty", "'Quantity'"), ("Coppies", "'Copies'")]
)
def test_a_header_like_the_counts_is_named(cli, tmp_path: Path, header: str, said: str) -> None:
    write_game(tmp_path, GAME, {"goals.csv": f"name,{header}\nGather,4\nSail,3\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 0
    assert f"warn count column: goals.csv: column '{header}' reads like the count ({said})" in (
        run.out
    )


@pytest.mark.parametrize("header", ["Quality", "Coins", "Cost"])
def test_a_column_of_its_own_is_quiet(cli, tmp_path: Path, header: str) -> None:
    """Whole numbers under a header more than one letter from the count's, or with another
    first letter: a column of the deck's own, in a deck of cards one of each."""
    write_game(tmp_path, GAME, {"goals.csv": f"name,{header}\nGather,4\nSail,3\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 0
    assert "count column" not in run.out


def test_a_deck_with_a_count_is_quiet(cli, tmp_path: Path) -> None:
    write_game(tmp_path, GAME, {"goals.csv": "name,Qty,Qtty\nGather,4,2\nSail,3,1\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert "count column" not in run.out


def test_a_misspelt_count_of_a_letter_is_an_unknown_column(cli, tmp_path: Path) -> None:
    """`Cuont` is a column game.yaml knows (`count`), misspelt: bad input, as before."""
    write_game(tmp_path, GAME, {"goals.csv": "name,Cuont\nGather,4\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 2
    assert "column 'Cuont': unknown column; did you mean 'count'?" in run.err


def test_a_column_like_a_known_one_says_how_to_keep_it(cli, tmp_path: Path) -> None:
    """`Country` in a deck with no count was refused as a misspelt `count`, with no word of
    how to keep a column of that name (the review): the message says to declare it."""
    write_game(tmp_path, GAME, {"goals.csv": "name,Country\nGather,4\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 2
    assert (
        "column 'Country': unknown column; did you mean 'count'? (or, a column of its own: "
        "declare it under columns: in game.yaml)"
    ) in run.err
    declared = GAME.replace("card_size: poker\n", "card_size: poker\ncolumns:\n  country: int?\n")
    write_game(tmp_path / "again", declared, {"goals.csv": "name,Country\nGather,4\n"})
    assert cli("validate", "--data", tmp_path / "again", "harbour").code == 0
