"""A tuck box for a deck of two-sided pieces is drawn: a box for 96 two-sided counters (each
row its own back) stopped validate with an internal error (StopIteration), and with no `null`
box in the back it named the back's `{{ reduced_attack }}` as undefined (a designer's trial).
The box's front shows the deck's first row's front; a one-sided deck's, its pieces' back."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {min: 2, max: 4}
card_size: poker
components:
  counters: {file: counters.csv, shape: rect, size: 0.5in, sides: 2}
  pearls: {file: pearls.csv, shape: circle, size: 20mm}
parts:
  box: {tuck_box: counters}
  pearl-box: {tuck_box: pearls}
"""
DESIGN = """\
decks:
  counters:
    front:
      boxes:
        title: null
        strength: {text: "{{ attack }}", size: 7pt}
    back:
      boxes:
        frame: null
        title: null
        reduced: {text: "{{ reduced }}", size: 7pt}
"""
FILES = {
    "counters.csv": "name,count,attack,reduced\nInfantry,4,4,2\nCavalry,3,6,3\n",
    "pearls.csv": "name,count\nWhite,9\n",
    "design.yaml": DESIGN,
}


@pytest.fixture
def built(cli, tmp_path: Path) -> Path:
    write_game(tmp_path / "data", GAME, FILES)
    run = cli("validate", "harbour", "--data", tmp_path / "data")
    assert run.code == 0, run.err
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", tmp_path / "out")
    assert run.code == 0, run.err
    return tmp_path / "out" / "harbour"


def test_the_box_of_two_sided_counters_shows_the_first_front(built: Path) -> None:
    with pdfplumber.open(built / "box.pdf") as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
    assert "4" in words  # the infantry's attack, on the front panel
    assert "2" not in words  # not its reduced back
    assert "7pieces" in words  # "7 pieces" on the back panel (pdfplumber joins the words)


def test_a_one_sided_deck_s_box_is_drawn_too(built: Path) -> None:
    with pdfplumber.open(built / "pearl-box.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "9tokens" in text.replace(" ", "")
