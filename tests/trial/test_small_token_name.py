"""A 15 mm token printed its version stamp's hash and nothing of its name. A designer's
trial: the default circle design's name box, 15 % of the safe zone high, is lower than one
line at the 6 pt minimum on a 15 mm coin, and a text cut at its minimum size kept no line,
while the stamp fitted its own box. A box too low for one line now shows its first line (cut
as any other, validate names it), and an `optional: true` text that would print over a text
drawn before it (the stamp under that name) gives way, as where it does not fit."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.pieces_game import build_game, write_game

GAME = """\
id: coins
name: Coins
players: {min: 2, max: 4}
version: 1
date: 2025-05-14
components:
  small: {file: small.csv, shape: circle, size: 15mm}
  large: {file: large.csv, shape: circle, size: 30mm}
"""
FILES = {"small.csv": "id,name,count\ncoin,Coin,2\n", "large.csv": "id,name,count\ndisc,Disc,2\n"}


def _words(pdf_path: Path) -> list[str]:
    with pdfplumber.open(pdf_path) as pdf:
        return (pdf.pages[0].extract_text() or "").split()


def test_a_small_token_prints_its_name_and_leaves_the_stamp_out(tmp_path: Path) -> None:
    kit = build_game(tmp_path, GAME, FILES)
    small, large = _words(kit / "small.pdf"), _words(kit / "large.pdf")
    assert small.count("Coin") == 2, small
    assert not any(len(w) == 6 and all(c in "0123456789abcdef" for c in w) for w in small)
    assert large.count("Disc") == 2, large
    assert sum(w == "v1" or w.startswith("v1") for w in large) == 2, large  # its stamp


def test_validate_says_the_name_prints_whole_past_its_low_box(cli, tmp_path: Path) -> None:
    """It was told "it was cut" of a name printed whole (a designer's trial), at printgen's
    own templates/common/design.yaml."""
    write_game(tmp_path, GAME, FILES)
    run = cli("validate", "--data", tmp_path, "coins")
    assert run.code == 0, run.err
    said = run.out.replace(f"{tmp_path}/", "")
    assert (
        "coins/small.csv:2: box 'title' (the default design's): the text does not fit at"
        " 6.0 pt, the design's minimum; it prints whole, over the box's top and bottom (a"
        " taller box holds it)" in said
    ), said
