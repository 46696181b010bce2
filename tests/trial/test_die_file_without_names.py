"""A dice file whose name column is missing (`Die,Face 1,...`) is one mistake, named at its
header: the designer's trial also got "components.dice.kind: a die needs its faces: columns
Face 1 ... Face 6 in dice.csv", of a file whose six face columns were there."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: storm
name: Storm
players: {min: 2, max: 4}
components:
  dice: {file: dice.csv, kind: dice}
"""


def test_a_missing_name_column_is_the_only_message(cli, tmp_path: Path) -> None:
    rows = "Die,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nTide,1,2,3,4,5,ebb\n"
    write_game(tmp_path, GAME, {"dice.csv": rows})
    run = cli("validate", "--data", tmp_path, "storm")
    assert run.code == 2
    assert "dice.csv:1: column 'name': missing column" in run.err
    assert "a die needs its faces" not in run.err
    assert "Traceback" not in run.err
