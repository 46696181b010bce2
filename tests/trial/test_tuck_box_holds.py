"""A tuck box says what it holds: a box for a deck of 40 mm hex tiles printed "36 cards" on
its back, and one for a deck of dice was a 16 mm box for "2 cards" (a designer's sweep of
edge cases). Tiles and tokens are named so; a deck of dice is refused at the part's line."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {{min: 2, max: 4}}
card_size: poker
components:
  tiles: {{file: tiles.csv, shape: hex, size: 40mm}}
  pearls: {{file: pearls.csv, shape: circle, size: 20mm}}
  goals: {{file: goals.csv}}
  dice: {{file: dice.csv, kind: dice}}
parts:
  box: {{tuck_box: {deck}}}
"""
FILES = {
    "tiles.csv": "name,count\nReef,20\nShoal,16\n",
    "pearls.csv": "name,count\nWhite,9\n",
    "goals.csv": "name,count\nGather,5\n",
    "dice.csv": "name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nTide,2,1,2,3,4,5,6\n",
}


@pytest.mark.parametrize(
    ("deck", "words"), [("tiles", "36 tiles"), ("pearls", "9 tokens"), ("goals", "5 cards")]
)
def test_the_box_names_what_it_holds(cli, tmp_path: Path, deck: str, words: str) -> None:
    write_game(tmp_path / "data", GAME.format(deck=deck), FILES)
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", tmp_path / "out")
    assert run.code == 0, run.err
    with pdfplumber.open(tmp_path / "out" / "harbour" / "box.pdf") as pdf:
        text = pdf.pages[0].extract_text().replace(" ", "")  # "5 cards" reads as "5cards"
    assert words.replace(" ", "") in text
    assert ("cards" in text) == (deck == "goals")


def test_a_box_for_dice_is_refused_at_its_line(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", GAME.format(deck="dice"), FILES)
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert run.code == 2
    assert "game.yaml:11: parts.box.tuck_box: 'dice' is a deck of dice: a tuck box holds" in (
        run.err
    )
    assert "Traceback" not in run.err
