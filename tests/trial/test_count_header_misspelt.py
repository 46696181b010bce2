"""A misspelt count header is named: a spreadsheet headed `Qtty` (for `Qty`) read every card
once, 40 cards as 16, and printed `Qtty 4` on each card as a number, with nothing said but
the column among those read as numbers (a designer's trial). A header a letter or two from
the count's, in a deck whose every card counts one, is a warning naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {min: 2, max: 4}
card_size: poker
components:
  goals: {file: goals.csv}
"""


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


@pytest.mark.parametrize("header", ["Qty", "Quality", "Coins", "Cost"])
def test_a_count_or_a_column_of_its_own_is_quiet(cli, tmp_path: Path, header: str) -> None:
    rows = f"name,Qty,{header}\nGather,4,2\nSail,3,1\n" if header != "Qty" else "name,Qty\nG,4\n"
    write_game(tmp_path, GAME, {"goals.csv": rows})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert "count column" not in run.out


def test_a_misspelt_count_of_a_letter_is_an_unknown_column(cli, tmp_path: Path) -> None:
    """`Cuont` is a column game.yaml knows (`count`), misspelt: bad input, as before."""
    write_game(tmp_path, GAME, {"goals.csv": "name,Cuont\nGather,4\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 2
    assert "column 'Cuont': unknown column; did you mean 'count'?" in run.err
