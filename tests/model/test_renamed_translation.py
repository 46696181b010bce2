"""A renamed header's translation feeds the renamed column's. A designer's trial: with
`rename: {"Card Name": name}`, a column `Card Name_it` beside it was read as optional text and
`--lang it` printed the English names, though docs/languages.md says a column `X_it` beside
`X` translates it. It now feeds `name_it` when `it` is one of the game's languages; one the
deck renames itself is left as it says, and another suffix (`_bg`) is no translation."""

from __future__ import annotations

from pathlib import Path

from printgen.model import load_game
from tests.model.designer import tavern, write_table


def test_a_renamed_headers_translation_feeds_the_renamed_column(tmp_path: Path) -> None:
    folder = tavern(tmp_path)
    game_yaml = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(game_yaml + "languages: [en, it]\n", encoding="utf-8")
    write_table(
        folder / "cards.csv",
        [
            ["Card Name", "Card Name_it", "Card Name_bg", "Frequency", "Card Ability"],
            ["Innkeeper", "Oste", "plain", 2, "Gain 2 @coin."],
            ["Knight Champion", "", "", 1, "Draw a card."],
        ],
    )
    deck = load_game(folder).components["deck"]
    assert [card.fields.get("name_it") for card in deck.cards] == ["Oste", None]
    assert [card.name for card in deck.cards] == ["Innkeeper", "Knight Champion"]
    assert "name_bg" not in deck.cards[0].fields  # bg is no language of the game's
