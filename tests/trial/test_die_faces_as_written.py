"""A die's faces print as written. A d10 whose faces are 0 to 7, `X` and `No` printed a blank
kite for 0 and `True…` or nothing for the others (a designer's trial): a face column whose
cells were all whole numbers, or all true/false words, was typed as a number or a flag column
like any undeclared column, and the label read the number 0 as an empty cell and the flag as
True or False. A die's face columns are its printed faces: text, never typed."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber

from printgen.kit.names import path_of
from printgen.kit.options import BuildOptions
from printgen.kit.pieces import piece_files
from printgen.model import load_game
from tests.pieces_game import write_game

GAME = """\
id: isles
name: Isles
players: {min: 1, max: 4}
components:
  d10: {file: d10.csv, kind: dice, size: 22mm}
"""
FACES = ("0", "1", "2", "3", "4", "5", "6", "7", "X", "No")
D10 = "id,name,count," + ",".join(f"Face {n}" for n in range(1, 11)) + "\n"
D10 += "wind,Wind die,1," + ",".join(FACES) + "\n"
MM = 25.4 / 72


def test_face_cells_are_read_as_text(tmp_path: Path) -> None:
    game = load_game(write_game(tmp_path, GAME, {"d10.csv": D10}))
    (die,) = game.components["d10"].cards
    assert [die.fields[f"face_{n}"] for n in range(1, 11)] == list(FACES)


def test_every_face_prints_as_written(tmp_path: Path) -> None:
    game = load_game(write_game(tmp_path, GAME, {"d10.csv": D10}))
    pdf = {path_of(o): data for o, data in piece_files(game, BuildOptions())}["d10.pdf"]
    with pdfplumber.open(io.BytesIO(pdf)) as opened:
        page = opened.pages[0]
        labels = page.crop((32 / MM, 25 / MM, page.width, 250 / MM))  # right of the names
        words = labels.extract_words()
    assert [w["text"] for w in words] == list(FACES), words


def test_a_face_column_declared_a_number_prints_its_zero(tmp_path: Path) -> None:
    declared = GAME.replace("components:", "columns: {face_1: 'int[0..9]?'}\ncomponents:")
    game = load_game(write_game(tmp_path, declared, {"d10.csv": D10}))
    assert game.components["d10"].cards[0].fields["face_1"] == 0
    pdf = {path_of(o): data for o, data in piece_files(game, BuildOptions())}["d10.pdf"]
    with pdfplumber.open(io.BytesIO(pdf)) as opened:
        page = opened.pages[0]
        labels = page.crop((32 / MM, 25 / MM, page.width, 250 / MM))
        assert [w["text"] for w in labels.extract_words()][:2] == ["0", "1"]
