"""A game's rulebooks as pieces the kit builds apart, one a language: found from the file names
alone, and together the same files, byte for byte, as the rulebooks made in one go."""

from __future__ import annotations

from pathlib import Path

from printgen.kit.names import path_of
from printgen.kit.parts import PARTS
from printgen.render.rulebook import rule_files
from printgen.render.rulebook.source import rule_pieces
from tests.conftest import edit
from tests.rulebook.conftest import load


def two_languages(tiny: Path) -> Path:
    edit(tiny / "game.yaml", "card_size: poker", "card_size: poker\nlanguages: [en, it]")
    (tiny / "rules.it.md").write_text("# Regole\n\nGioca una carta.\n", encoding="utf-8")
    return tiny


def test_one_rulebook_is_one_piece(tiny: Path) -> None:
    assert rule_pieces(load(tiny)) == []


def test_each_language_is_a_piece_main_first(tiny: Path) -> None:
    game = load(two_languages(tiny))
    assert rule_pieces(game) == [("en", 2), ("it", 2)]
    assert PARTS["rules"].pieces_of(game, None) == (("en", 2), ("it", 2))


def test_a_rulebook_that_cannot_be_read_is_still_a_piece(tiny: Path) -> None:
    game = load(two_languages(tiny))
    (tiny / "rules.it.md").write_bytes(b"---\ntitle: [\n---\n\xff")  # fails its part, later
    assert rule_pieces(game) == [("en", 2), ("it", 2)]


def test_the_pieces_make_the_same_files_as_the_whole(tiny: Path) -> None:
    game = load(two_languages(tiny))
    whole = rule_files(game, None)
    assert sorted(map(path_of, whole)) == [
        "rules-booklet.it.pdf",
        "rules-booklet.pdf",
        "rules.it.pdf",
        "rules.pdf",
    ]
    english = rule_files(game, None, None, "en")
    italian = rule_files(game, None, None, "it")
    assert sorted(map(path_of, english)) == ["rules-booklet.pdf", "rules.pdf"]
    assert english | italian == whole
