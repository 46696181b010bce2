"""A die of a face count no blank die has is said: `faces: 3` with three face columns passed
validate and printed three square labels for a die that does not exist (a designer's trial).
A warning names the common dice and, where one has a multiple of the count, the usual way."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {{min: 2, max: 4}}
components:
  dice: {{file: dice.csv, kind: dice, faces: {faces}}}
"""


@pytest.mark.parametrize(
    ("faces", "said"),
    [
        (3, "a d6 with each face twice rolls one of 3 (faces: 6, Face 4 as Face 1 ...)"),
        (5, "a d10 with each face twice rolls one of 5"),
        (7, "its labels print as squares\n"),  # no common die has a multiple of 7
        (6, None),
    ],
)
def test_an_uncommon_die_is_said(cli, tmp_path: Path, faces: int, said: str | None) -> None:
    header = ",".join(f"Face {n}" for n in range(1, faces + 1))
    cells = ",".join("ABCDEFG"[:faces])
    files = {"dice.csv": f"name,count,{header}\nTide,1,{cells}\n"}
    write_game(tmp_path, GAME.format(faces=faces), files)
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 0, run.out + run.err
    if said is None:
        assert "dice faces" not in run.out
        return
    assert "warn dice faces: " in run.out
    assert f"game.yaml:5: components.dice.faces: no blank die has {faces} faces (the common " in (
        run.out
    )
    assert said in run.out
