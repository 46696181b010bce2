"""A box whose content key is misspelt (`txet:` for `text:`) is named with the key and the
one meant: the designer's trial got only "box lamp: needs exactly one of text, image, ...",
which names neither the mistake nor the fix. Exit 2, at the box's line, no traceback."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: buoy
name: Buoy
players: {min: 2, max: 4}
components:
  buoys: {file: buoys.csv, shape: circle, size: 30mm}
"""
DESIGN = """\
decks:
  buoys:
    front:
      boxes:
        lamp: {txet: "{{ lamp }}", left: 25%, right: 25%, top: 40%, height: 20%}
"""


def test_a_misspelt_content_key_is_named_with_the_one_meant(cli, tmp_path: Path) -> None:
    write_game(tmp_path, GAME, {"design.yaml": DESIGN, "buoys.csv": "name,lamp,count\nRed,Lit,2\n"})
    run = cli("validate", "--data", tmp_path, "buoy")
    assert run.code == 2
    assert "design.yaml:5: box lamp: unknown key 'txet'; did you mean 'text'?" in run.err
    assert "Traceback" not in run.err
