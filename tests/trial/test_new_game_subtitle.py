"""A new game's rulebook cover follows game.yaml. `printgen new` wrote `title:` and `subtitle:
A new game` into rules.md's front matter, which print instead of game.yaml's: a designer's
trial gave game.yaml a name and subtitle, saw them on the print guide and the parts' sheets,
and found "A new game" on the rulebook's cover. The subtitle is now written in game.yaml,
once, and rules.md's front matter leaves both to it."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printgen.cli import main
from printgen.model import load_game
from printgen.render.rulebook.source import sources


def test_the_cover_prints_game_yamls_name_and_subtitle(cli, tmp_path: Path) -> None:
    out, tmp_path = tmp_path / "out", tmp_path / "data"
    with pytest.raises(SystemExit) as made:
        main(["new", "ember-isles", "--data", str(tmp_path)])
    assert made.value.code == 0
    game_yaml = tmp_path / "ember-isles" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "subtitle: A new game" in text
    game_yaml.write_text(
        text.replace("name: Ember Isles", "name: Ember Isles & Co").replace(
            "subtitle: A new game", 'subtitle: Volcanoes, ferries & "lucky" embers'
        ),
        encoding="utf-8",
    )
    run = cli("build", "ember-isles", "--data", tmp_path, "--out", out)
    assert run.code == 0, run.err
    with pdfplumber.open(out / "ember-isles" / "rules.pdf") as pdf:
        cover = pdf.pages[0].extract_text() or ""
    assert 'Volcanoes, ferries & "lucky" embers' in cover and "A new game" not in cover, cover
    (source,) = sources(load_game(tmp_path / "ember-isles"))
    assert (source.title, source.subtitle) == (
        "Ember Isles & Co",
        'Volcanoes, ferries & "lucky" embers',
    )


def test_a_title_in_rules_md_still_wins(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["new", "moonrise", "--data", str(tmp_path)])
    rules = tmp_path / "moonrise" / "rules.md"
    rules.write_text(rules.read_text().replace("\n---\n", "\nsubtitle: Second edition\n---\n", 1))
    (source,) = sources(load_game(tmp_path / "moonrise"))
    assert source.subtitle == "Second edition"
