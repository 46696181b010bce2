"""validate checks the pieces in every language the kit prints: a token's German name cut on
all its tokens (`--lang de` printed "Schwarz-...") passed "every text fits its box", while a
card's German title cut was named (a designer's trial). The pieces of each other language
are drawn as the cards are, and named with the language's tag."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {min: 2, max: 4}
languages: [en, de]
components:
  pearls: {file: pearls.csv, shape: circle, size: 20mm}
"""
PEARLS = "name,name_de,count\nPearl,Perle,6\nBlack pearl,Donaudampfschifffahrtsperle,6\n"


def test_a_translated_piece_cut_is_named_with_its_language(cli, tmp_path: Path) -> None:
    write_game(tmp_path, GAME, {"pearls.csv": PEARLS})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert "warn card text fits: 1 text is cut or under the minimum size: [de] " in run.out
    assert "pearls.csv:3: box 'title'" in run.out
    assert "Traceback" not in run.err


def test_the_first_language_alone_passes(cli, tmp_path: Path) -> None:
    short = "name,name_de,count\nPearl,Perle,6\nBlack pearl,Schwarz,6\n"
    write_game(tmp_path, GAME, {"pearls.csv": short})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert "ok   card text fits" in run.out
