"""validate's note says an undeclared column the design reads as the suit is the suit: a
spreadsheet's `Suit` header (no element column declared) coloured the cards by suit and was
checked against the game's elements, while the note listed it among the columns "read as
optional text" (a designer's trial)."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import GOALS_DECK, HARBOUR, write_game

GAME = (
    HARBOUR
    + """\
elements: [beam, storm]
"""
    + GOALS_DECK
)


def test_the_suit_column_is_said_as_the_suit(cli, tmp_path: Path) -> None:
    write_game(tmp_path, GAME, {"goals.csv": "name,count,Suit,Ability\nGather,2,beam,Go\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 0, run.out + run.err
    note = next(line for line in run.out.splitlines() if "undeclared columns" in line)
    assert (
        "read as the cards' suit (the design's suit: its colours and icon): goals.csv: 'Suit'"
        in (note)
    )
    assert "read as optional text: goals.csv: 'Ability'" in note
