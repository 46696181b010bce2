"""A language game.yaml lists with no rules file for it is named: a designer deleted (or
misnamed) rules.de.md, and validate said "ok" while the kit printed no German rulebook (a
designer's trial). A warning names the language and the file it looks for."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {min: 2, max: 4}
languages: [en, de, fr]
components:
  goals: {file: goals.csv}
"""
FILES = {"goals.csv": "name,count\nGather,4\n", "rules.md": "# Harbour\n\nPlay well.\n"}


def test_a_listed_language_without_its_rules_file_is_named(cli, tmp_path: Path) -> None:
    write_game(tmp_path, GAME, {**FILES, "rules.fr.md": "# Port\n\nJouez bien.\n"})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 0, run.out + run.err  # a warning
    assert (
        "warn rulebook languages: game.yaml lists 'de' in languages:, but harbour/ has no "
        "rules.de.md: the kit prints no rulebook in it (the cards do, with --lang)"
    ) in run.out


def test_every_language_with_its_rules_is_quiet(cli, tmp_path: Path) -> None:
    more = {"rules.fr.md": "# Port\n\nJouez bien.\n", "rules.de.md": "# Hafen\n\nGut.\n"}
    write_game(tmp_path, GAME, {**FILES, **more})
    run = cli("validate", "--data", tmp_path, "harbour")
    assert "rulebook languages" not in run.out
