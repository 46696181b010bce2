"""One pattern for an icon's name in text, for cards, rulebooks and validate alike: a game's
icon named `2coins` or `big_coin` draws on its cards and in its rules.md, and validate agrees
(it reads an unknown one in either)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.check.rulebook import rulebook_checks
from printgen.model import load_game
from printgen.render.rulebook import rulebook_html
from printgen.render.rulebook.source import sources
from printgen.render.text.richtext import icons_in
from tests.conftest import edit
from tests.model.designer import ROWS, png, tavern

NAMES = ("2coins", "big_coin")


def game(tmp_path: Path, rules: str) -> Path:
    rows = [*ROWS, ["Banker", 1, "Pay :2coins: or :Big_Coin:.", ""]]
    folder = tavern(tmp_path / "data", rows=rows)
    (folder / "Img" / "Banker.png").write_bytes(png((90, 90, 90)))
    for name in NAMES:
        (folder / "icons" / f"{name}.png").write_bytes(png((200, 160, 20), 16))
    (folder / "rules.md").write_text(f"# Tavern Brawl\n\n{rules}\n", encoding="utf-8")
    return folder


def test_such_icons_draw_on_cards_and_in_the_rulebook(tmp_path: Path) -> None:
    folder = game(tmp_path, "Pay :2coins: or :big_coin: to bribe the guard.")
    loaded = load_game(folder)
    [banker] = [c for c in loaded.components["deck"].cards if c.name == "Banker"]
    assert banker.text("card_ability") == "Pay :2coins: or :big_coin:."
    assert icons_in(banker.text("card_ability")) == list(NAMES)  # as the card design reads it
    html = rulebook_html(sources(loaded)[0])
    assert html.count('<img class="icon"') == 2 and ":2coins:" not in html
    assert all(check.ok for check in rulebook_checks(loaded))


@pytest.mark.parametrize("unknown", [":3coins:", ":big_coins:"])
def test_validate_reads_an_unknown_one_in_the_rulebook(tmp_path: Path, unknown: str) -> None:
    loaded = load_game(game(tmp_path, f"Pay {unknown} to bribe the guard."))
    [icons] = [c for c in rulebook_checks(loaded) if c.name.endswith("icons")]
    assert not icons.ok and f"rules.md:3: unknown icon '{unknown}'" in icons.detail


def test_an_icon_file_named_in_capitals_is_drawn_by_its_lowercase_name(tmp_path: Path) -> None:
    folder = game(tmp_path, "Pay :coin: to bribe the guard.")
    (folder / "icons" / "coin.png").rename(folder / "icons" / "Coin.png")
    loaded = load_game(folder)
    assert loaded.components["deck"].cards[0].text("card_ability") == "Gain 2 :coin:."
    assert loaded.icons["coin"] == "icons/Coin.png"
    html = rulebook_html(sources(loaded)[0])
    assert html.count('<img class="icon"') == 1 and ":coin:" not in html
    assert all(check.ok for check in rulebook_checks(loaded))


def test_a_suit_is_named_in_the_rulebook_as_game_yaml_writes_it(tiny: Path) -> None:
    """`:Sea Glass:` and `:Fire:` in rules.md draw their suits' icons, as on the cards; they
    were printed as those letters. Other words between colons stay text."""
    edit(tiny / "game.yaml", "elements: [fire, water]", "elements: [fire, water, Sea Glass]")
    text = "Play :Sea Glass:, :sea glass:, :Fire: or :fire:. Odds 2:1 and 3:2; Note: fine.\n"
    (tiny / "rules.md").write_text(f"# Tiny\n\n{text}", encoding="utf-8")
    html = rulebook_html(sources(load_game(tiny))[0])
    assert html.count('<img class="icon"') == 4, html
    assert "Sea Glass:" not in html and ":Fire:" not in html
    assert "Odds 2:1 and 3:2; Note: fine." in html
