"""A game's own rulebook words live in its folder, not in printgen's shared words.

The shared labels (templates/common/rulebook/labels/) hold only the words printgen's shared
code prints; the words a game's engine prints in its pictures (MyWuXing's Universe, Elementa's
teams) are the game's `rules-labels.yaml`, read over the shared ones, with
`rules-labels.<lang>.yaml` over it for a rulebook in another language, and checked as
front-matter labels are (file, line, field)."""

from __future__ import annotations

import ast
import re
import shutil
import string
from pathlib import Path

import pytest
import yaml

from printgen.errors import DataError
from printgen.model import load_game
from printgen.render.rulebook.source import sources
from printgen.render.text.labels import labels_for
from printgen.rules.pictures import example_words, phrase
from tests.conftest import CARD_DATA, edit
from tests.rulebook.conftest import pdf_text

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / "templates" / "common"
LABELS = SHARED / "rulebook" / "labels"
GAME_PACKAGES = ("mywuxing", "cl4sh", "the_way", "elementa", "feng_shui")


def copy(tmp_path: Path, game_id: str) -> Path:
    target = tmp_path / "data" / game_id
    shutil.copytree(CARD_DATA / game_id, target)
    return target


def main_source(folder: Path, lang: str = "en"):  # type: ignore[no-untyped-def]
    return next(s for s in sources(load_game(folder)) if s.lang == lang)


def _keys(words: dict[str, object], path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for key, value in words.items():
        found.append((*path, key))
        if isinstance(value, dict):
            found += _keys(value, (*path, key))  # type: ignore[arg-type]
    return found


def _shared_code_strings() -> set[str]:
    """Every string printgen's shared code holds (outside the games' own packages) and every
    `labels.NAME` its shared templates read."""
    found: set[str] = set()
    for path in (ROOT / "printgen").rglob("*.py"):
        parts = path.relative_to(ROOT / "printgen").parts
        if parts[0] == "rules" and len(parts) > 2 and parts[1] in GAME_PACKAGES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    for path in SHARED.rglob("*.j2"):
        found |= set(re.findall(r"labels\.(\w+)", path.read_text(encoding="utf-8")))
    return found


def test_the_shared_words_are_those_the_shared_code_prints() -> None:
    """Each word of the shared labels (at any depth: `ex.universe` too) is named by shared
    code, so a game's word (named only in its engine's package) cannot come back into them;
    `elements` names the shared icons; no other language's file has a word English lacks."""
    english = yaml.safe_load((LABELS / "en.yaml").read_text(encoding="utf-8"))
    strings = _shared_code_strings()
    words = [path for path in _keys(english) if path[0] != "elements" or len(path) == 1]
    unread = [".".join(path) for path in words if path[-1] not in strings]
    assert not unread, f"shared words no shared code prints: {unread}"
    assert set(english["elements"]) == set(_shared_icon_names())
    for path in sorted(LABELS.glob("*.yaml")):
        words = yaml.safe_load(path.read_text(encoding="utf-8"))
        extra = set(_keys(words)) - set(_keys(english))
        assert not extra, (path.name, extra)


def _shared_icon_names() -> list[str]:
    from printgen.render.rulebook.icons import shared_icons

    return sorted(shared_icons())


def test_the_check_finds_a_games_word_among_the_shared_ones() -> None:
    strings = _shared_code_strings()
    assert "generating_cycle" in strings  # the shared Wu Xing diagram's legend
    assert "universe" not in strings and "team_a" not in strings  # two games' own words


def test_a_game_reads_its_own_words_over_the_shared_ones() -> None:
    assert "ex" not in labels_for("en", {})
    source = main_source(CARD_DATA / "mywuxing")
    assert phrase(source, "universe") == "Universe"
    assert phrase(source, "player", n=2) == "Player 2"
    assert source.label("components") == "Components"  # a shared word, as before


def test_the_italian_rulebook_reads_its_words_over_the_games(tmp_path: Path) -> None:
    folder = copy(tmp_path, "elementa")
    italian = main_source(folder, "it")
    assert phrase(italian, "takes") == "fa la presa"
    assert italian.label("components") == "Componenti"  # the shared Italian word
    assert phrase(main_source(folder), "takes") == "takes the hand"
    edit(folder / "rules-labels.it.yaml", "  takes: fa la presa\n", "")
    # a word the translation leaves out is the game's own, as design.it.yaml works
    assert phrase(main_source(folder, "it"), "takes") == "takes the hand"


def test_a_changed_word_prints_in_the_rulebook(tmp_path: Path, cli) -> None:
    folder = copy(tmp_path, "cl4sh")
    edit(folder / "rules-labels.yaml", "challenger: Challenger", "challenger: Attacker")
    out = tmp_path / "out"
    run = cli("build", "cl4sh", "--data", folder.parent, "--out", out, "--jobs", "1")
    assert run.code == 0, run.err
    text = pdf_text(out / "cl4sh" / "rules.pdf")
    assert "Attacker" in text and "Challenger: wins" not in text


MISTAKES = {
    "padded field": ('ex:\n  player: "Player {n:>99999}"\n', "rules-labels.yaml:2: ex.player"),
    "not text": ("ex:\n  pot: [1, 2]\n", "rules-labels.yaml:2: ex.pot: expected text"),
    "shared field": (
        'players: "{min} to {many}"\n',
        "rules-labels.yaml:1: players: unknown field {many}; fields this label takes: {max}, {min}",
    ),
    "not a mapping": ("- Universe\n", "rules-labels.yaml:1: expected a mapping of words"),
}


@pytest.mark.parametrize(("text", "message"), MISTAKES.values(), ids=MISTAKES.keys())
def test_a_mistake_in_the_games_words_names_its_line(
    tmp_path: Path, cli, text: str, message: str
) -> None:
    folder = copy(tmp_path, "mywuxing")
    (folder / "rules-labels.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        main_source(folder)
    assert any(message in str(p) for p in caught.value.problems), caught.value.problems
    run = cli("validate", "mywuxing", "--data", folder.parent)
    assert message in run.out + run.err


@pytest.mark.parametrize("text", ["ex: 3\n", "ex:\n  relations: -1\n"])
def test_a_number_where_the_pictures_words_go_falls_back_to_their_keys(
    tmp_path: Path, text: str
) -> None:
    """A game's own word group is the game's to shape, so a number there is not refused; the
    worked-example pictures then print their keys (found by the fuzz test: a traceback)."""
    folder = copy(tmp_path, "mywuxing")
    (folder / "rules-labels.yaml").write_text(text, encoding="utf-8")
    source = main_source(folder)
    assert example_words(source, "relations") == {}
    assert phrase(source, "player", n=2) == "player"


def test_a_translation_and_the_front_matter_take_the_games_fields(tmp_path: Path) -> None:
    """A game's word with a field (`Winner: {name}`) is checked in its translation and in a
    rulebook's front matter against the game's own word, as shared words are against English."""
    folder = copy(tmp_path, "elementa")
    edit(folder / "rules-labels.it.yaml", '"Vince: {name}"', '"Vince: {nome}"')
    with pytest.raises(DataError, match=r"rules-labels.it.yaml:9: ex.winner: unknown field "):
        main_source(folder, "it")
    edit(folder / "rules-labels.it.yaml", '"Vince: {nome}"', '"Vince: {name}"')
    rules = folder / "rules.md"
    edit(rules, "labels:\n", 'labels:\n  ex: {winner: "Won by {name}"}\n')
    assert phrase(main_source(folder), "winner", name="Team A") == "Won by Team A"
    edit(rules, '"Won by {name}"', '"Won by {who}"')
    with pytest.raises(DataError, match=r"labels.ex.winner: unknown field \{who\}"):
        main_source(folder)


def test_a_field_the_engine_does_not_fill_prints_as_written(tmp_path: Path) -> None:
    folder = copy(tmp_path, "mywuxing")
    edit(folder / "rules-labels.yaml", '"Player {n}"', '"Player {seat}"')
    assert phrase(main_source(folder), "player", n=1) == "Player {seat}"


def test_a_game_gives_printgens_words_in_a_language_printgen_lacks(tiny: Path) -> None:
    """printgen has English, Italian, French, German and Spanish words; a Dutch rulebook's
    game file gives the rest."""
    edit(
        tiny / "game.yaml",
        "players: {min: 2, max: 3}\n",
        "players: {min: 2, max: 3}\nlanguages: [en, nl]\n",
    )
    (tiny / "rules.nl.md").write_text("## Overzicht\n\n{{ components() }}\n", encoding="utf-8")
    (tiny / "rules-labels.nl.yaml").write_text(
        'components: Onderdelen\nplayers: "{min} tot {max} spelers"\nelements: {fire: Vuur}\n',
        encoding="utf-8",
    )
    dutch = main_source(tiny, "nl")
    assert dutch.label("components") == "Onderdelen"
    assert dutch.label("players", min=2, max=3) == "2 tot 3 spelers"
    assert dutch.element("fire") == "Vuur" and dutch.element("earth") == "Earth"
    assert main_source(tiny).label("components") == "Components"


def test_every_language_gives_each_word_the_fields_english_gives_it() -> None:
    """A translated word takes the same `{fields}` as the English one (a missing `{n}` would
    print a count as nothing, an extra one would fail the build)."""
    english = yaml.safe_load((LABELS / "en.yaml").read_text(encoding="utf-8"))
    languages = sorted(path.stem for path in LABELS.glob("*.yaml"))
    assert {"de", "en", "es", "fr", "it"} <= set(languages)
    for lang in languages:
        words = yaml.safe_load((LABELS / f"{lang}.yaml").read_text(encoding="utf-8"))
        for key, word in words.items():
            if isinstance(word, str):
                assert _fields(word) == _fields(english[key]), (lang, key, word)
            assert isinstance(word, type(english[key])), (lang, key)


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}
