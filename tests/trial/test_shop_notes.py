"""A print shop's files hold a game's cards (and its rulebook for a shop that takes one): a
game of counters, markers and a map built with `--shop dtc` got no shop folder and no word
why, and `--shop print` only its rulebook (a designer's trial). The build now says what a
shop makes of the game and which decks print at home."""

from __future__ import annotations

from pathlib import Path

from printgen.commands.build import shop_notes
from printgen.model import load_game
from tests.pieces_game import GOALS_DECK, HARBOUR, write_game

TOKENS = "components:\n  pearls: {file: pearls.csv, shape: circle, size: 20mm}\n"
FILES = {"pearls.csv": "name,count\nWhite,9\n", "goals.csv": "name,count\nGather,2\n"}


def test_a_game_without_cards_is_told_what_each_shop_makes(tmp_path: Path) -> None:
    write_game(tmp_path, HARBOUR + TOKENS, FILES)
    notes = shop_notes(load_game(tmp_path / "harbour"), ("dtc", "print"))
    assert notes == [
        "harbour has no cards: --shop dtc makes nothing; pearls print at home",
        "harbour has no cards: --shop print makes its rulebook only; pearls print at home",
    ]


def test_cards_beside_pieces_and_cards_alone(tmp_path: Path) -> None:
    both = HARBOUR + GOALS_DECK + "  pearls: {file: pearls.csv, shape: circle, size: 20mm}\n"
    write_game(tmp_path / "a", both, FILES)
    assert shop_notes(load_game(tmp_path / "a" / "harbour"), ("tgc",)) == [
        "harbour: --shop tgc holds its cards only; pearls print at home"
    ]
    write_game(tmp_path / "b", HARBOUR + GOALS_DECK, FILES)
    assert shop_notes(load_game(tmp_path / "b" / "harbour"), ("dtc",)) == []


def test_the_build_says_it(cli, tmp_path: Path) -> None:
    write_game(tmp_path / "data", HARBOUR + TOKENS, FILES)
    out = tmp_path / "out"
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", out, "--shop", "dtc")
    assert run.code == 0, run.err
    assert "note: harbour has no cards: --shop dtc makes nothing" in run.err
