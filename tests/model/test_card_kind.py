"""A deck kept as a file of one kind says so once, in game.yaml (`card_kind: event`), instead
of a Kind column repeating it on every row: a designer whose instruments deck was all one kind
had to add the column to it (found by a designer's trial). A Kind cell still says otherwise
for its card; a kind the game lacks is named at game.yaml's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from tests.conftest import edit
from tests.render.winds import winds_game

EVENTS = "name,count,effect\nDead Calm,1,Skip the wind phase.\nSquall,2,Discard a card.\n"


def test_a_deck_of_one_kind_names_it_once(tmp_path: Path) -> None:
    folder = winds_game(tmp_path, csv=EVENTS)
    edit(folder / "game.yaml", "    declared: 3\n", "    declared: 3\n    card_kind: Sky Event\n")
    game = load_game(folder)
    assert [(c.name, c.kind) for c in game.components["winds"].cards] == [
        ("Dead Calm", "event"),
        ("Squall", "event"),
    ]


def test_a_kind_cell_says_otherwise_for_its_card(tmp_path: Path) -> None:
    csv = "name,count,kind,effect\nDead Calm,1,,Skip.\nZephyr,1,wind,Move.\n"
    folder = winds_game(tmp_path, csv=csv)
    edit(folder / "game.yaml", "    declared: 3\n", "    declared: 3\n    card_kind: event\n")
    game = load_game(folder)
    assert [c.kind for c in game.components["winds"].cards] == ["event", "wind"]


def test_a_card_kind_the_game_lacks_is_named_at_its_line(tmp_path: Path) -> None:
    folder = winds_game(tmp_path, csv=EVENTS)
    edit(folder / "game.yaml", "    declared: 3\n", "    declared: 3\n    card_kind: evnt\n")
    with pytest.raises(DataError) as caught:
        load_game(folder)
    assert (
        "game.yaml:20: components.winds.card_kind: unknown kind 'evnt'; did you mean 'event'? "
        "expected one of wind, event"
    ) in str(caught.value)
    assert "missing column" not in str(caught.value)  # the deck's one mistake, once
