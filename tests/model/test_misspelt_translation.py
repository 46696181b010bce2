"""A misspelt translation column is named. A designer's trial: `Efect_fr` beside `Effect`,
in a game whose languages are en and fr, was read as optional text (printed on every face,
in both languages) and validate only listed it among the undeclared columns."""

from __future__ import annotations

from pathlib import Path

from printgen.check.columns import translation_note
from printgen.model import load_game
from tests.model.designer import tavern, write_table


def _game(tmp_path: Path, headers: list[str], languages: str = "[en, fr]") -> Path:
    folder = tavern(tmp_path)
    game_yaml = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(game_yaml + f"languages: {languages}\n", encoding="utf-8")
    write_table(
        folder / "cards.csv",
        [headers, ["Innkeeper", 2, "Gain 2 @coin.", "Gagnez 2 @coin."]],
    )
    return folder


def test_a_misspelt_translation_is_named_with_the_column_it_meant(tmp_path: Path) -> None:
    folder = _game(tmp_path, ["Card Name", "Frequency", "Card Ability", "Card Abilty_fr"])
    (note,) = translation_note(load_game(folder))
    assert not note.ok and note.level == "warning"
    assert "'Card Abilty_fr' (did you mean Card Ability_fr?)" in note.detail
    assert "optional text on every face" in note.detail


def test_a_real_translation_or_another_languages_suffix_says_nothing(tmp_path: Path) -> None:
    folder = _game(tmp_path, ["Card Name", "Frequency", "Card Ability", "Card Ability_fr"])
    assert translation_note(load_game(folder)) == []
    renamed = _game(
        tmp_path / "renamed", ["Card Name", "Frequency", "Card Ability", "Card Name_fr"]
    )
    assert translation_note(load_game(renamed)) == []  # the renamed name's: name_fr
    other = _game(tmp_path / "de", ["Card Name", "Frequency", "Card Ability", "Tally_de"])
    assert translation_note(load_game(other)) == []  # de is none of the game's languages
    unlike = _game(
        tmp_path / "id", ["Card Name", "Frequency", "Card Ability", "Set_id"], "[en, id]"
    )
    assert translation_note(load_game(unlike)) == []  # no column like `set`: no translation


def test_a_real_translation_is_not_listed_among_the_undeclared_columns(tmp_path: Path) -> None:
    """`Card Ability_fr` feeds the French faces: nothing to declare (a designer's trial found
    name_fr and effect_fr listed as 'read as optional text'); a misspelt one still is."""
    from printgen.check.columns import undeclared_note

    folder = _game(tmp_path, ["Card Name", "Frequency", "Card Ability", "Card Ability_fr"])
    (note,) = undeclared_note(load_game(folder))
    assert "'Card Ability'" in note.detail and "_fr" not in note.detail
    misspelt = _game(tmp_path / "m", ["Card Name", "Frequency", "Card Ability", "Card Abilty_fr"])
    (note,) = undeclared_note(load_game(misspelt))
    assert "'Card Abilty_fr'" in note.detail
