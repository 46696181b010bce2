"""Suits as a designer writes them: `elements: [Void Syndicate, Ceres Union]` in game.yaml
gives the ids void-syndicate and ceres-union (slugs, as card ids are made from names) and
keeps the written names for printing; a deck's cell may name a suit either way; a misspelt
one gets a did-you-mean."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.model import load_game

GAME_YAML = """\
id: couriers
name: Couriers
players: {min: 2, max: 4}
elements: [Void Syndicate, Ceres Union, io]
card_size: poker
columns:
  faction: element?
components:
  deck:
    file: cards.csv
"""


def couriers(root: Path, rows: str, elements: str | None = None) -> Path:
    folder = root / "couriers"
    folder.mkdir()
    text = GAME_YAML
    if elements is not None:
        text = text.replace("[Void Syndicate, Ceres Union, io]", elements)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    (folder / "cards.csv").write_text("name,faction\n" + rows, encoding="utf-8")
    return folder


def test_written_names_become_ids_and_stay_for_printing(tmp_path: Path) -> None:
    rows = "Smuggler,Ceres Union\nBroker,void-syndicate\nMiner,ceres union\nScout,IO\n"
    game = load_game(couriers(tmp_path, rows))
    assert game.elements == ("void-syndicate", "ceres-union", "io")
    assert game.element_names == {"void-syndicate": "Void Syndicate", "ceres-union": "Ceres Union"}
    factions = [card.text("faction") for card in game.components["deck"].cards]
    assert factions == ["ceres-union", "void-syndicate", "ceres-union", "io"]


def test_a_misspelt_suit_gets_a_did_you_mean(tmp_path: Path) -> None:
    with pytest.raises(DataError) as raised:
        load_game(couriers(tmp_path, "Smuggler,Ceres Unoin\n"))
    message = str(raised.value)
    assert "cards.csv:2: column 'faction': unknown element 'Ceres Unoin'" in message
    assert "did you mean 'Ceres Union'? expected one of Void Syndicate, Ceres Union, io" in message


def test_suits_in_other_scripts_are_names_and_keep_their_letters(tmp_path: Path) -> None:
    """`elements: [Ceres Union, Тень, 夜]` was refused ('expected names with letters or
    digits, got 'Тень''), though they are letters, and a card of that name was accepted. The
    ids keep the letters, lowercase; a cell names the suit either way; `:Тень:` in text is
    its icon; a misspelt one gets a did-you-mean in the same script."""
    folder = couriers(tmp_path, "", "[Ceres Union, Тень, 夜]")
    text = "name,faction,text\nShade,тень,Pay :Тень: and :夜:\nNight,夜,\nDusk,ТЕНЬ,\n"
    (folder / "cards.csv").write_text(text, encoding="utf-8")
    game = load_game(folder)
    assert game.elements == ("ceres-union", "тень", "夜")
    assert game.element_names == {"ceres-union": "Ceres Union", "тень": "Тень"}
    cards = game.components["deck"].cards
    assert [card.text("faction") for card in cards] == ["тень", "夜", "тень"]
    assert cards[0].text("text") == "Pay :тень: and :夜:"
    (folder / "cards.csv").write_text("name,faction\nShade,Тенъ\n", encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load_game(folder)
    assert "unknown element 'Тенъ'" in str(raised.value)
    assert "did you mean 'Тень'?" in str(raised.value)


def test_symbols_and_ids_in_other_scripts_are_accepted_lowercase(tmp_path: Path) -> None:
    folder = couriers(tmp_path, "")
    yaml = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(yaml + "symbols: [монета, 星]\n", encoding="utf-8")
    (folder / "cards.csv").write_text("id,name,faction\nлодка,Boat,io\n", encoding="utf-8")
    game = load_game(folder)
    assert game.symbols[-2:] == ("монета", "星")
    assert [card.id for card in game.components["deck"].cards] == ["лодка"]
    (folder / "game.yaml").write_text(yaml + "symbols: [Монета]\n", encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load_game(folder)
    assert "expected lowercase names (letters, digits, -), got 'Монета'" in str(raised.value)


@pytest.mark.parametrize(
    ("elements", "expected"),
    [
        ("[Ceres Union, ceres-union]", "'ceres-union' and 'Ceres Union' are one name"),
        ("[Ceres Union, '!!']", "expected names with letters or digits, got '!!'"),
    ],
)
def test_names_that_make_no_id_or_the_same_id_are_refused(
    tmp_path: Path, elements: str, expected: str
) -> None:
    with pytest.raises(DataError) as raised:
        load_game(couriers(tmp_path, "Smuggler,Ceres Union\n", elements))
    assert expected in str(raised.value)
    assert "game.yaml:4" in str(raised.value)


def test_text_names_a_suits_icon_as_game_yaml_writes_the_suit(tmp_path: Path) -> None:
    """`:Ceres Union:` (a space, capitals) is the suit's icon, as `:ceres-union:` is; it was
    printed as those letters, with no warning."""
    folder = couriers(tmp_path, "")
    text = (
        "name,faction,text\n"
        'Smuggler,io,"Pay :Ceres Union: or :ceres union:, then :Void Syndicate: and :IO:"\n'
        'Broker,io,"Ratio 2:1, :Fire: and :coin: as written: here: too"\n'
    )
    (folder / "cards.csv").write_text(text, encoding="utf-8")
    smuggler, broker = load_game(folder).components["deck"].cards
    wanted = "Pay :ceres-union: or :ceres-union:, then :void-syndicate: and :io:"
    assert smuggler.text("text") == wanted
    assert broker.text("text") == "Ratio 2:1, :fire: and :coin: as written: here: too"


def test_a_deck_named_with_spaces_is_told_its_lowercase_name(tmp_path: Path) -> None:
    """`components: {Lighthouse Keepers: ...}` said only 'expected a lowercase name'."""
    folder = couriers(tmp_path, "Smuggler,io\n")
    edit = (folder / "game.yaml").read_text(encoding="utf-8").replace("  deck:", "  Sea Deck:")
    (folder / "game.yaml").write_text(edit, encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load_game(folder)
    assert "game.yaml:9: components.Sea Deck: expected a lowercase name" in str(raised.value)
    assert "did you mean 'sea-deck'?" in str(raised.value)


def test_an_id_written_as_a_name_is_told_its_lowercase_id(tmp_path: Path) -> None:
    """An id cell `Été Lantern` said only 'expected a lowercase id (a-z, 0-9, -)'."""
    folder = couriers(tmp_path, "")
    (folder / "cards.csv").write_text("id,name,faction\nÉté Lantern,Lantern,io\n", "utf-8")
    with pytest.raises(DataError) as raised:
        load_game(folder)
    message = str(raised.value)
    expected = "cards.csv:2: column 'id': expected a lowercase id (letters, digits, -), got 'Été"
    assert expected in message
    assert "did you mean 'ete-lantern'?" in message
