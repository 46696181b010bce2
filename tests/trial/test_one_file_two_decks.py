"""Two decks reading one file (round tokens and square chits printed from the same rows) gave
a message for each row naming the row itself: `chits.csv:2: column 'id': 'c1' already used
on line 2` (a designer's trial). It is one message now, at the second deck's `file:` in
game.yaml, naming both decks."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: bits
name: Bits
players: {min: 2, max: 4}
components:
  chits: {file: chits.csv, shape: circle, size: 22mm}
  squares: {file: chits.csv, shape: rect, size: 0.75in}
"""
ROWS = "id,name,count\nc1,Coin,3\nc2,Gem,3\n"


def test_one_message_names_both_decks(cli, tmp_path: Path) -> None:
    write_game(tmp_path, GAME, {"chits.csv": ROWS})
    run = cli("validate", "--data", tmp_path, "bits")
    assert run.code == 2
    assert run.err.count("printgen:") == 1, run.err
    assert (
        "bits/game.yaml:6: components.squares.file: the decks 'chits' and 'squares' both read "
        "chits.csv: each deck needs a file of its own" in run.err
    ), run.err


def test_a_real_clash_still_names_the_first_line(cli, tmp_path: Path) -> None:
    game = GAME.replace("{file: chits.csv, shape: rect", "{file: squares.csv, shape: rect")
    write_game(tmp_path, game, {"chits.csv": ROWS, "squares.csv": "id,name\nc2,Block\n"})
    run = cli("validate", "--data", tmp_path, "bits")
    assert "squares.csv:2: column 'id': 'c2' already used on " in run.err, run.err
    assert "chits.csv:3" in run.err, run.err
