"""A deck's `back:` in game.yaml (a contract key of DESIGN.md section 10) draws that deck's
back: an image file, a template, a colour, or a mapping as the design's `decks:` takes. It was
accepted and ignored: the back came out the same with or without it (found by an audit)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printgen.errors import DataError, RenderError
from printgen.model import load_game
from printgen.render.draw.safety import file_url
from printgen.render.faces.game_faces import game_faces
from printgen.render.text.textfit import ApproxMeasure

GAME = """\
id: two-decks
name: Two Decks
players: {{min: 2, max: 4}}
card_size: poker
elements: [reed, stone]
components:
  market:
    file: market.csv
{back}
  heroes:
    file: heroes.csv
"""
ART = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    '<rect width="10" height="10" fill="#123456"/></svg>'
)
TEMPLATE = '<rect x="0" y="0" width="{{ card.w }}" height="{{ card.h }}" fill="#a1b2c3"/>'


def backs(tmp_path: Path, back: str) -> dict[str, str]:
    folder = tmp_path / "two-decks"
    (folder / "art").mkdir(parents=True)
    (folder / "templates").mkdir()
    (folder / "art" / "back.svg").write_text(ART)
    (folder / "templates" / "market-back.svg.j2").write_text(TEMPLATE)
    (folder / "game.yaml").write_text(GAME.format(back=back))
    (folder / "market.csv").write_text("name,element\nReed Seller,reed\nStone Seller,stone\n")
    (folder / "heroes.csv").write_text("name,element\nWarden,stone\n")
    decks = game_faces(load_game(folder), ApproxMeasure())
    return {d.deck.name: d.back.svg for d in decks}


def test_without_a_back_key_each_deck_gets_its_own_default(tmp_path: Path) -> None:
    found = backs(tmp_path, "")
    assert found["market"] != found["heroes"]


def test_an_image_file_is_the_back(tmp_path: Path) -> None:
    found = backs(tmp_path, "    back: art/back.svg")
    art = file_url(tmp_path / "two-decks" / "art" / "back.svg")
    assert f'<image href="{art}"' in found["market"] and art not in found["heroes"]


def test_a_colour_fills_the_back(tmp_path: Path) -> None:
    default = backs(tmp_path / "a", "")["market"]
    found = backs(tmp_path / "b", '    back: "#2b4162"')["market"]
    assert "#2b4162" in found and "#2b4162" not in default


def test_a_template_draws_the_back(tmp_path: Path) -> None:
    found = backs(tmp_path, "    back: market-back.svg.j2")["market"]
    assert re.search(r'fill="#a1b2c3"', found)


def test_a_mapping_gives_colour_and_title(tmp_path: Path) -> None:
    found = backs(tmp_path, '    back: {colour: "#2b4162", title: Traders}')["market"]
    assert "#2b4162" in found and ">TRADERS<" in found


def test_a_misspelt_key_is_named_with_its_line(tmp_path: Path) -> None:
    with pytest.raises(DataError) as error:
        backs(tmp_path, '    back: {colour: "#2b4162", titel: Traders}')
    text = str(error.value)
    assert "game.yaml:9" in text
    assert "components.market.back.titel" in text and "did you mean 'title'?" in text


def test_a_missing_image_is_named(tmp_path: Path) -> None:
    with pytest.raises((DataError, RenderError)) as error:
        backs(tmp_path, "    back: art/bakc.svg")
    assert "game.yaml:9: back of market: box image" in str(error.value)  # the back's line
    assert "'art/bakc.svg' not found" in str(error.value) and "did you mean 'art/back.svg'" in str(
        error.value
    )
