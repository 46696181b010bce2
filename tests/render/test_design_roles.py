"""A design's roles (`suit: Colour`) name columns the way game.yaml's headers do: whatever
their case and spacing; a name no column has gets a did-you-mean."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game
from tests.model.designer import tavern

ROWS = [
    ["Innkeeper", 2, "Gain 2 @coin.", "Red"],
    ["Knight Champion", 1, "Pay 3 @Coin: draw a card.", "Blue"],
    ["Dice Goblin", 3, "Roll @d6; on 6 take @coin.", "Red"],
]


def game_with_roles(root: Path, roles: str) -> Path:
    """The third-party deck, its fourth column headed `Suit Colour`, with a design.yaml."""
    folder = tavern(root, rows=ROWS)
    text = (folder / "cards.csv").read_text().replace("Flavor", "Suit Colour", 1)
    (folder / "cards.csv").write_text(text)
    (folder / "design.yaml").write_text(
        roles + "\npalette:\n  suits:\n    Red: {fill: '#c0392b'}\n"
    )
    return folder


@pytest.mark.parametrize("written", ["Suit Colour", "suit_colour", "SUIT-COLOUR"])
def test_a_role_names_its_column_in_any_case_and_spacing(tmp_path: Path, written: str) -> None:
    from printgen.render.faces.render import design_of, roles

    game = load_game(game_with_roles(tmp_path, f"suit: {written}\nvalue: COUNT"))
    found = roles(game, design_of(game))
    assert (found["suit"], found["value"]) == ("suit_colour", "count")


def test_a_misspelt_role_asks_did_you_mean(tmp_path: Path) -> None:
    from printgen.render.faces.render import design_of

    game = load_game(game_with_roles(tmp_path, "suit: Suit Color"))
    with pytest.raises(DataError) as caught:
        design_of(game)
    assert str(caught.value).endswith(
        "design.yaml:1: suit: unknown column 'Suit Color'; did you mean 'suit_colour'? "
        "(the cards have id, name, count, kind, card_ability, suit_colour, art)"
    )
    # not also "palette.suits.Red: the game has no suit": Red is a suit once the role is right
    assert "palette.suits" not in str(caught.value)


@pytest.mark.parametrize("written", ["Frequency", "frequency", "Card Name"])
def test_a_role_may_name_a_column_by_the_header_the_deck_renames(
    tmp_path: Path, written: str
) -> None:
    """The deck renames `Frequency` to count and `Card Name` to name: the designer still sees
    Frequency in the sheet, and a role naming it finds the column it feeds."""
    from printgen.render.faces.render import design_of, roles

    game = load_game(game_with_roles(tmp_path, f"value: {written}"))
    expected = "name" if written == "Card Name" else "count"
    assert roles(game, design_of(game))["value"] == expected
