"""The print guide tells how to make the dice a kit prints: a d8's or d12's file holds labels
only (nets are drawn for six-sided dice alone), yet the guide said "card stock for the nets",
"Nets: cut along the solid lines" and "Dice nets: ... the last face closing the cube" for
them (a designer's trial with a d8 and a d12)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.pieces_game import build_game

GAME = """\
id: orchard
name: Orchard
players: {min: 1, max: 3}
components:
  d8: {file: d8.csv, kind: dice, size: 18mm}
  d6: {file: d6.csv, kind: dice}
"""
FILES = {
    "d8.csv": "name,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6,Face 7,Face 8\n"
    "Harvest,1,2,3,4,5,6,Frost,Sun\n",
    "d6.csv": "name,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nWind,N,E,S,W,Calm,Gale\n",
}


def guide_text(kit: Path) -> str:
    with pdfplumber.open(kit / "print-guide.pdf") as pdf:
        return " ".join((page.extract_text() or "") for page in pdf.pages).replace("\n", " ")


def test_labels_only_dice_are_not_told_of_nets(tmp_path: Path) -> None:
    text = guide_text(build_game(tmp_path, GAME, FILES))
    d8 = text[text.index("d8.pdf") : text.index("d6.pdf")]
    assert "labels" in d8 and "net" not in d8.lower()
    d6 = text[text.index("d6.pdf") :]
    assert "Nets: cut along the solid lines" in d6  # the d6 has its cross nets
    assert text.count("closing the cube") == 1
