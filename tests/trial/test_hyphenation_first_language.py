"""A game's faces hyphenate in its first language: an Italian-first game's titles broke as
English words ("Telefon-are", "Avvoc-ato") unless its design named `language: it` (a
designer's trial). The design's `language:` still names the dictionary when given."""

from __future__ import annotations

from pathlib import Path

from printgen.model import load_game
from printgen.render.faces.render import design_of
from tests.pieces_game import GOALS_DECK, write_game


def _design_language(tmp_path: Path, languages: str, design: str = "") -> str:
    head = "id: harbour\nname: Harbour\nplayers: {min: 2, max: 4}\ncard_size: poker\n"
    files = {"goals.csv": "name,count\nA,2\n"}
    if design:
        files["design.yaml"] = design
    write_game(tmp_path, head + languages + GOALS_DECK, files)
    return design_of(load_game(tmp_path / "harbour")).language


def test_an_italian_first_game_hyphenates_in_italian(tmp_path: Path) -> None:
    assert _design_language(tmp_path, "languages: [it, en]\n") == "it"


def test_english_by_default_and_the_design_s_own_word_wins(tmp_path: Path) -> None:
    assert _design_language(tmp_path / "a", "") == "en"
    assert _design_language(tmp_path / "b", "languages: [it, en]\n", "language: es\n") == "es"


def test_a_second_language_s_faces_hyphenate_in_it(tmp_path: Path) -> None:
    _design_language(tmp_path, "languages: [it, en]\n")
    game = load_game(tmp_path / "harbour").in_language("en")
    assert design_of(game).language == "en"
