"""An English contraction's apostrophe joins its word in the id made from a card's name, as
the word is read: `Zephyr's Whisper` is zephyrs-whisper (its PNG cards/zephyrs-whisper.png),
not zephyr-s-whisper (found by a designer's trial). Quotes round a word and an elision's
apostrophe (`d'Orage`) still part words."""

from __future__ import annotations

from pathlib import Path

from printgen.model import load_game
from tests.model.designer import one_deck_game


def test_ids_made_from_names_with_apostrophes(tmp_path: Path) -> None:
    folder = tmp_path / "trial"
    folder.mkdir()
    (folder / "game.yaml").write_text(one_deck_game("cards.csv"), encoding="utf-8")
    (folder / "cards.csv").write_text(
        "Name,Count\nZephyr's Whisper,1\nThe Bosun’s Knot,1\nRock 'n' Roll,1\n'Calm',1\n"
        "Don't Look Up,1\nCoup d'Orage,1\n",
        encoding="utf-8",
    )
    ids = [card.id for card in load_game(folder).components["deck"].cards]
    assert ids == [
        "zephyrs-whisper", "the-bosuns-knot", "rock-n-roll", "calm", "dont-look-up", "coup-d-orage"
    ]  # fmt: skip
