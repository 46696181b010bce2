"""A message about a CSV row names the line the row starts on: a card whose text held line
breaks was named at its record's last line (`carte.csv:60` for a cell on line 42), so a
designer looked at the wrong card (a designer's trial)."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import GOALS_DECK, HARBOUR, write_game

GAME = HARBOUR + "elements: [fire, water]\ncolumns:\n  element: element\n" + GOALS_DECK
CARDS = 'name,element,text\nA,fire,"one\ntwo\nthree"\nB,earth,"a\nb\nc"\nC,wind,x\n'


def test_a_row_is_named_at_its_first_line(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", GAME, {"goals.csv": CARDS})
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert run.code == 2
    assert "goals.csv:5: column 'element': unknown element 'earth'" in run.err, run.err
    assert "goals.csv:8: column 'element': unknown element 'wind'" in run.err, run.err
