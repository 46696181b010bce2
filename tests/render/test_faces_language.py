"""Card faces in another language (`build --lang LANG`, issue 15): each column X reads from
X_<lang> where the card has one, the design's own words come from `design.<lang>.yaml`, and a
rulebook in that language pictures its cards in it. A game without the language keeps its
faces as written, with a note."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

from printgen.model import load_game
from printgen.render.faces.game_faces import game_faces
from printgen.render.text.textfit import ApproxMeasure
from tests.render.conftest import CARD_DATA, shared_build

ELEMENTA = CARD_DATA / "elementa"


def pdf_text(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        pages = [page.extract_text(x_tolerance=1) or "" for page in pdf.pages]
    return " ".join(" ".join(text.split()) for text in pages)


def svg_text(svg: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", svg).split())


@pytest.fixture(scope="module")
def italian_cards(tmp_path_factory: pytest.TempPathFactory) -> str:
    game = load_game(ELEMENTA).in_language("it")
    folder = shared_build(tmp_path_factory, "cards-it", game, outputs=("cards.pdf",))
    return pdf_text(folder / "cards.pdf")


def test_elementa_italian_faces_name_their_relations_in_italian(italian_cards: str) -> None:
    """The source is bilingual (seeds/003): the Italian kit's cards say who destroys and who
    feeds each suit in Italian, with the Italian card names."""
    assert "distrutto da" in italian_cards and "nutrito da" in italian_cards
    assert "Acqua 1" in italian_cards and "Lo Specchio di Bronzo" in italian_cards
    assert "Metallo" in italian_cards and "RELIQUIA" in italian_cards
    for english in ("destroyed by", "fed by", "Water 1", "The Bronze Mirror", "RELIC "):
        assert english not in italian_cards


def test_the_default_faces_stay_english() -> None:
    game = load_game(ELEMENTA)
    assert game.in_language("en") is game and game.in_language(None) is game
    text = " ".join(
        svg_text(face.svg)
        for deck in game_faces(game, ApproxMeasure())
        for _, face in deck.fronts[:3]
    )
    assert "destroyed by" in text and "Water 1" in text and "distrutto da" not in text


def test_a_designers_columns_read_their_translation(tmp_path: Path) -> None:
    """Any game: `text_it` replaces `text` on Italian faces (and only there), and the default
    design's text never prints both languages at once."""
    folder = tmp_path / "duel"
    folder.mkdir()
    (folder / "game.yaml").write_text(
        "id: duel\nname: Duel\nplayers: {min: 2, max: 2}\ncard_size: poker\n"
        "languages: [en, it]\ncomponents:\n  deck: {file: cards.csv}\n",
        encoding="utf-8",
    )
    (folder / "cards.csv").write_text(
        "name,name_it,text,text_it\nSword,Spada,Strike twice.,Colpisci due volte.\n"
        "Shield,,Block one blow.,\n",
        encoding="utf-8",
    )
    game = load_game(folder)

    def words(lang: str | None) -> str:
        decks = game_faces(game.in_language(lang), ApproxMeasure())
        return " | ".join(svg_text(face.svg) for _, face in decks[0].fronts)

    english, italian = words(None), words("it")
    assert "Sword" in english and "Strike twice." in english
    assert "Spada" not in english and "Colpisci" not in english
    assert "Spada" in italian and "Colpisci due volte." in italian
    assert "Sword" not in italian and "Strike twice." not in italian
    assert "Shield" in italian and "Block one blow." in italian  # no translation: as written


def test_lang_on_the_command_line(cli, tmp_path: Path) -> None:
    bad = cli("build", "elementa", "--lang", "it!", "--out", tmp_path / "out")
    assert bad.code == 2 and "not a language code" in bad.err
    assert not (tmp_path / "out").exists()
