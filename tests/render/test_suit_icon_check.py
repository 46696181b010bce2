"""validate warns about a suit that has no icon file: the default design's corner suit icon is
optional, so such a suit's cards printed no icon and differed from the others by colour alone,
and validate said ok (found by an audit with a game of its own)."""

from __future__ import annotations

from pathlib import Path

from printgen.check.design import design_checks
from printgen.model import load_game

GAME = """\
id: marsh
name: Marsh
players: {min: 2, max: 4}
card_size: poker
elements: [reed, stone, fire]
columns:
  element: element
components:
  deck:
    file: cards.csv
"""
CARDS = "name,element\nReed Seller,reed\nReed Cutter,reed\nStone Seller,stone\nTorch,fire\n"
ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<circle r="4" cx="5" cy="5"/></svg>'
)


def suit_warnings(tmp_path: Path, icons: list[str]) -> list[str]:
    folder = tmp_path / "marsh"
    (folder / "icons").mkdir(parents=True)
    for name in icons:
        (folder / "icons" / f"{name}.svg").write_text(ICON)
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.csv").write_text(CARDS)
    return [c.detail for c in design_checks(load_game(folder)) if c.name == "suit icons"]


def test_a_suit_with_no_icon_is_named_with_its_first_card(tmp_path: Path) -> None:
    (warning,) = suit_warnings(tmp_path, ["stone"])
    assert "no icon for 'reed' (" in warning and "marsh/cards.csv:2 and 1 more cards)" in warning
    assert "box 'suit_icon'" in warning and "add icons/reed.svg" in warning
    assert "'stone'" not in warning and "'fire'" not in warning  # own icon; a shared one


def test_no_warning_when_every_suit_has_an_icon(tmp_path: Path) -> None:
    assert suit_warnings(tmp_path, ["reed", "stone"]) == []
