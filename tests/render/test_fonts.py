"""The font-coverage check of `validate`: every character on a card is in the font file that
fontconfig resolves for it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.check.fonts import font_checks
from printgen.errors import display_path
from printgen.model import load_game
from printgen.render.text.fonts import FontRequest, resolve, text_by_font
from tests.games import WITH_CARDS
from tests.render.conftest import CARD_DATA

GAMES = WITH_CARDS
needs_fontconfig = pytest.mark.skipif(
    shutil.which("fc-match") is None, reason="fontconfig's fc-match is not installed"
)


@needs_fontconfig
@pytest.mark.parametrize("game", GAMES)
def test_the_bundled_cards_are_covered_by_lato(game: str) -> None:
    checks = font_checks(load_game(CARD_DATA / game))
    assert checks, "no text found on the cards"
    for check in checks:
        assert check.ok, check.detail
        assert "Lato" in check.detail


def test_a_game_without_cards_checks_its_dice() -> None:
    """Feng Shui Master has no cards; its dice labels print the numbers 1 to 6 in the title
    font (the default die design), and nothing else as text."""
    checks = font_checks(load_game(CARD_DATA / "feng-shui-master"))
    assert [(c.name, c.ok) for c in checks] == [("font Lato Black", True)]
    assert "all 6 characters" in checks[0].detail


@needs_fontconfig
def test_a_character_lato_lacks_fails_and_names_its_cell(tmp_path: Path) -> None:
    """The message leads to the line and column that hold the character, not to the card's
    id (for a name in another script, an id made of a digest)."""
    folder = tmp_path / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", folder)
    cards = folder / "cards.csv"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("Destructive Star", "Destructive 星 Star"),
        encoding="utf-8",
    )
    failed = [c for c in font_checks(load_game(folder)) if not c.ok]
    assert failed
    assert f"U+661F '星' ({display_path(cards)}:8: column 'name')" in failed[0].detail
    assert failed[0].level == "error"


@needs_fontconfig
@pytest.mark.parametrize("file", ["cards.csv", "cards.xlsx"])
def test_a_name_in_another_script_is_named_by_its_cell_not_its_id(
    tmp_path: Path, file: str
) -> None:
    """A name in another script gets an id of its own letters (`فارس`): the message names
    the name's line or cell, and its header, where the designer can act, not the id."""
    from tests.model.designer import ROWS, tavern

    rows = [ROWS[0], ["فارس", 1, "", ""]]
    folder = tavern(tmp_path, file, rows=rows)
    (folder / "Img" / "فارس.png").write_bytes((folder / "Img" / "Innkeeper.png").read_bytes())
    failed = [c for c in font_checks(load_game(folder)) if not c.ok]
    assert failed
    place = "cards.csv:3" if file == "cards.csv" else "cards.xlsx:Cards!A3"
    for check in failed:
        assert f"U+0641 'ف' ({display_path(folder / place)}: column 'Card Name')" in check.detail
        assert "card-" not in check.detail


def test_fonts_are_read_as_cairosvg_asks_for_them() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><g font-family="Lato Black, sans-serif">'
        '<text>Ab</text><text font-weight="700" font-style="italic">Cd</text></g>'
        '<text font-weight="bold">E<tspan font-family="DejaVu Sans">f</tspan>g</text></svg>'
    )
    assert text_by_font(svg) == {
        FontRequest("Lato Black"): "Ab",
        FontRequest("Lato Black", bold=True, italic=True): "Cd",
        FontRequest("sans-serif", bold=True): "Eg",
        FontRequest("DejaVu Sans", bold=True): "f",
    }


@needs_fontconfig
def test_fc_match_gives_the_weights_cairo_uses() -> None:
    assert resolve(FontRequest("Lato", bold=True)).file.name == "Lato-Bold.ttf"
    assert resolve(FontRequest("Lato Black")).file.name == "Lato-Black.ttf"
