"""validate's "undeclared columns" note leaves out a die's face columns: the die prints them
(a designer's trial was told `dice.csv: 'Face 1', ... 'Face 6'` were read as optional text,
and a d10's numbered faces as whole numbers), while a card deck's own undeclared column,
and one the dice file adds beside its faces, are still said."""

from __future__ import annotations

from pathlib import Path

from printgen.check.columns import undeclared_note
from printgen.model import load_game
from tests.pieces_game import write_game

GAME = """\
id: rolls
name: Rolls
players: {min: 1, max: 4}
components:
  cards: {file: cards.csv}
  dice: {file: dice.csv, kind: dice, size: 16mm}
  d10: {file: d10.csv, kind: dice, size: 16mm}
"""
FILES = {
    "cards.csv": "id,name,count,Mood\nember,Ember,2,warm\n",
    "dice.csv": "id,name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6,Maker\n"
    "wind,Wind,1,N,E,S,W,Calm,Gust,Ada\n",
    "d10.csv": "id,name,count," + ",".join(f"Face {n}" for n in range(1, 11)) + "\n"
    "ten,Ten,1," + ",".join(str(n) for n in range(10)) + "\n",
}


def test_a_dies_face_columns_are_not_noted_as_undeclared(tmp_path: Path) -> None:
    game = load_game(write_game(tmp_path, GAME, FILES))
    [note] = undeclared_note(game)
    assert note.name == "undeclared columns"
    assert "Face" not in note.detail, note.detail
    assert "cards.csv: 'Mood'" in note.detail and "dice.csv: 'Maker'" in note.detail
    assert "whole numbers" not in note.detail  # the d10's faces 0-9 were said as numbers


def test_a_game_whose_only_undeclared_columns_are_faces_has_no_note(tmp_path: Path) -> None:
    files = {**FILES, "cards.csv": "id,name,count\nember,Ember,2\n"}
    files["dice.csv"] = "id,name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\n"
    files["dice.csv"] += "wind,Wind,1,N,E,S,W,Calm,Gust\n"
    assert undeclared_note(load_game(write_game(tmp_path, GAME, files))) == []
