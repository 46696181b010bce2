"""`validate` names the words a rulebook prints in another language than its own
(printgen.render.rulebook.words, printgen.check.rulebook)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from printgen.check.rulebook import rulebook_checks
from printgen.model import load_game
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import sources
from printgen.render.rulebook.words import untranslated_words
from tests.conftest import edit
from tests.rulebook.conftest import copy_game

LABELS = Path(__file__).resolve().parents[2] / "templates" / "common" / "rulebook" / "labels"


def _words_check(folder: Path, file: str):  # type: ignore[no-untyped-def]
    checks = rulebook_checks(load_game(folder))
    return next(c for c in checks if c.name == f"rulebook {file} words")


def _second_language(tiny: Path, lang: str, text: str) -> None:
    edit(
        tiny / "game.yaml",
        "players: {min: 2, max: 3}\n",
        f"players: {{min: 2, max: 3}}\nlanguages: [en, {lang}]\n",
    )
    (tiny / f"rules.{lang}.md").write_text(text, encoding="utf-8")


def test_a_rulebook_in_a_language_printgen_lacks_names_the_english_it_prints(
    tiny: Path,
) -> None:
    """A Dutch rulebook's components table prints English headings; the words it never
    prints (a clarification, a cycle's caption) are not named; the booklet's footer always is."""
    _second_language(tiny, "nl", "## Onderdelen\n\n{{ components() }}\n")
    check = _words_check(tiny, "rules.nl.pdf")
    assert not check.ok and check.level == "warning"
    message = check.detail
    assert "card: 'Card'" in message and "count: 'Count'" in message, message
    assert "tiny/rules-labels.nl.yaml" in message
    assert "no words of its own in 'nl'; it has de, en, es, fr, it" in message
    keys = [key for key, _ in _untranslated(tiny, "nl")]
    assert {"card", "count", "booklet_note", "booklet_sheet"} <= set(keys)
    assert "clarifications" not in keys and "generating_cycle" not in keys
    assert "elements.metal" not in keys  # not a suit of this game's
    # the suits' names are only an icon's alt text and the page's keywords here: not printed
    assert "elements.fire" not in keys

    words = "card: Kaart\ncount: Aantal\nkind: Soort\ntotal: Totaal\ncontents: Inhoud\n"
    (tiny / "rules-labels.nl.yaml").write_text(words, encoding="utf-8")
    keys = [key for key, _ in _untranslated(tiny, "nl")]
    assert "card" not in keys and "count" not in keys
    assert "booklet_note" in keys  # still English


def _untranslated(folder: Path, lang: str) -> list[tuple[str, str]]:
    game = load_game(folder)
    source = next(s for s in sources(game) if s.lang == lang)
    return untranslated_words(source, Icons(game))


def test_every_word_given_passes(tiny: Path) -> None:
    """The words it prints, given in the game's file, leave none."""
    _second_language(tiny, "nl", "## Onderdelen\n\n{{ components() }}\n")
    assert not _words_check(tiny, "rules.nl.pdf").ok
    english = yaml.safe_load((LABELS / "en.yaml").read_text(encoding="utf-8"))
    (tiny / "rules-labels.nl.yaml").write_text(yaml.safe_dump(_dutch(english)), encoding="utf-8")
    check = _words_check(tiny, "rules.nl.pdf")
    assert check.ok, check.detail
    assert check.detail == "every word it prints is in 'nl'"


def _dutch(words: dict[str, object]) -> dict[str, object]:
    """Every word of `words` as a stand-in "translation" (`nl Card`)."""
    return {
        key: _dutch(value) if isinstance(value, dict) else f"nl {value}"
        for key, value in words.items()
        if isinstance(value, dict | str)
    }


def test_a_french_rulebook_prints_printgens_words_in_french(tiny: Path) -> None:
    _second_language(tiny, "fr", "## Matériel\n\n{{ components() }}\n")
    source = next(s for s in sources(load_game(tiny)) if s.lang == "fr")
    assert source.label("card") == "Carte" and source.label("contents") == "Sommaire"
    assert source.label("players", min=2, max=4) == "2 à 4 joueurs"
    check = _words_check(tiny, "rules.fr.pdf")
    assert check.ok, check.detail


def test_a_word_of_the_games_own_the_translation_leaves_out_is_named(tmp_path: Path) -> None:
    """Elementa's Italian worked examples print its `ex.takes` (in a figure's picture): left
    out of rules-labels.it.yaml, it prints in English, and validate says which."""
    folder = copy_game(tmp_path, "elementa")
    assert _words_check(folder, "rules.it.pdf").ok
    edit(folder / "rules-labels.it.yaml", "  takes: fa la presa\n", "")
    check = _words_check(folder, "rules.it.pdf")
    assert not check.ok
    assert "ex.takes: 'takes the hand'" in check.detail
    assert "elementa/rules-labels.it.yaml" in check.detail
    assert "no words of its own" not in check.detail  # printgen has Italian


def test_an_english_main_rulebook_has_no_words_check(tiny: Path) -> None:
    checks = rulebook_checks(load_game(tiny))
    assert not [c for c in checks if c.name.endswith(" words")]


def test_a_page_the_markers_break_names_every_untranslated_word(
    tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should a word be read for more than its text (and its marker break the page), every
    untranslated word is named rather than validate failing."""
    from printgen.errors import RenderError
    from printgen.render.rulebook import words

    _second_language(tiny, "nl", "## Onderdelen\n\n{{ components() }}\n")

    def broken(*args: object) -> str:
        raise RenderError("a marker where a number was read")

    monkeypatch.setattr(words, "page_html", broken)
    game = load_game(tiny)
    source = next(s for s in sources(game) if s.lang == "nl")
    named = [key for key, _ in untranslated_words(source, Icons(game))]
    assert "clarifications" in named and "card" in named  # all, printed or not


def test_game_yamls_rest_is_gives_way_to_the_languages_own_word(tiny: Path) -> None:
    """game.yaml's `rest_is` is written in the game's first language: a French rulebook
    printed it in its deal table, and `deal_rest` in rules-labels.fr.yaml changed nothing (a
    designer's trial). validate names it; given, the French table prints the French word."""
    from printgen.render.rulebook.blocks import deal_table

    edit(
        tiny / "game.yaml",
        "  cards_each: {2: 2, 3: 1}\n",
        "  cards_each: {2: 2, 3: 1}\n  rest_is: the well\n",
    )
    _second_language(tiny, "fr", "## Mise en place\n\n{{ deal_table() }}\n")
    check = _words_check(tiny, "rules.fr.pdf")
    assert not check.ok
    assert "1 word prints untranslated (deal_rest: 'the well'): give it in " in check.detail
    (tiny / "rules-labels.fr.yaml").write_text("deal_rest: le puits\n", encoding="utf-8")
    assert _words_check(tiny, "rules.fr.pdf").ok
    tables = {s.lang: str(deal_table(s)) for s in sources(load_game(tiny))}
    assert "The well" in tables["en"] and "Le puits" in tables["fr"]
    assert "well" not in tables["fr"]
