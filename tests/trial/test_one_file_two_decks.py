"""Two decks reading one file (round tokens and square chits printed from the same rows) gave
a message for each row naming the row itself: `chits.csv:2: column 'id': 'c1' already used
on line 2` (a designer's trial). It is one message now, at the second deck's `file:` in
game.yaml, naming both decks."""

from __future__ import annotations

from pathlib import Path

from tests.model.designer import write_xlsx
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


def test_two_sheets_of_one_workbook_are_two_files(cli, tmp_path: Path) -> None:
    """Two decks reading two sheets of one workbook read two tables: an id on both is a
    clash named by its cell, not "both read chits.xlsx" (a review's finding)."""
    game = GAME.replace(
        "{file: chits.csv, shape: circle", "{file: chits.xlsx, sheet: Red, shape: circle"
    )
    game = game.replace(
        "{file: chits.csv, shape: rect", "{file: chits.xlsx, sheet: Blue, shape: rect"
    )
    write_game(tmp_path, game, {})
    rows: list[list[object]] = [["id", "name", "count"], ["c1", "Coin", 3]]
    write_xlsx(tmp_path / "bits" / "chits.xlsx", {"Red": rows, "Blue": rows})
    run = cli("validate", "--data", tmp_path, "bits")
    assert run.code == 2
    assert "both read" not in run.err, run.err
    assert "'c1' already used on Red!A2" in run.err, run.err
