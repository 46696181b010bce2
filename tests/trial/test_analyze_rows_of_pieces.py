"""analyze names what it counts: a game with tokens and a die said "26 cards (127 copies)",
counting the die and every token as cards (a designer's trial). Where pieces or dice are
among the decks it counts rows; a game of cards still counts cards."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {{min: 2, max: 4}}
card_size: poker
columns:
  cost: int?
components:
  goals: {{file: goals.csv}}
{more}"""
FILES = {
    "goals.csv": "name,count,cost\nGather,2,1\nSail,3,2\n",
    "pearls.csv": "name,count\nWhite,6\n",
}


def test_pieces_among_the_decks_are_counted_as_rows(cli, tmp_path: Path) -> None:
    more = "  pearls: {file: pearls.csv, shape: circle, size: 20mm}\n"
    write_game(tmp_path, GAME.format(more=more), FILES)
    run = cli("analyze", "harbour", "--data", tmp_path)
    assert run.code == 0, run.err
    assert "harbour: 3 rows (11 copies) in 2 decks (goals, pearls)" in run.out
    assert "All rows: 3 rows, 11 copies" in run.out


def test_a_game_of_cards_counts_cards(cli, tmp_path: Path) -> None:
    write_game(tmp_path, GAME.format(more=""), FILES)
    run = cli("analyze", "harbour", "--data", tmp_path)
    assert "harbour: 2 cards (5 copies) in 1 deck (goals)" in run.out
    assert "All cards: 2 cards, 5 copies" in run.out
