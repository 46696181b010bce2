"""A card front's key (printgen.render.faces.face_keys) stands for its SVG: the build store keeps a
face's pictures, and the validate report's faces, by it. The same data gives the same key
wherever the folder is; a change to the card's row, to the game's design files or to a fact
of the whole game (the card size, the suits in order) gives another."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from printgen.files import memo
from printgen.layout.sizes import CARD_SIZES
from printgen.model import Game, load_game
from printgen.render.draw import vector
from printgen.render.faces.face_keys import design_key, front_key
from printgen.render.faces.game_faces import game_faces
from printgen.render.faces.render import Renderer
from printgen.render.text.textfit import ApproxMeasure
from tests.conftest import edit

SOURCE = Path(__file__).resolve().parents[2] / "card_data" / "mywuxing"


def keys(game: Game) -> list[str]:
    design = design_key(game, Renderer(game, vector.CairoMeasure()))
    return [front_key(design, deck, card) for deck in game.printed_decks for card in deck.cards]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return Path(shutil.copytree(SOURCE, tmp_path / "mywuxing"))


def test_the_same_data_in_another_folder_has_the_same_keys(folder: Path, tmp_path: Path) -> None:
    other = Path(shutil.copytree(folder, tmp_path / "elsewhere" / "mywuxing"))
    assert keys(load_game(folder)) == keys(load_game(other))


def test_a_cards_row_changes_its_key_only(folder: Path) -> None:
    game = load_game(folder)
    before = keys(game)
    edit(folder / "cards.csv", "Destroys every card", "Destroys all cards")
    after = keys(load_game(folder))
    cards = game.printed_decks[0].cards
    changed = [card.id for card, a, b in zip(cards, before, after, strict=True) if a != b]
    assert changed == ["star"]


def test_the_card_size_and_the_design_files_change_every_key(folder: Path) -> None:
    game = load_game(folder)
    before = keys(game)
    mini = keys(replace(game, card_size=CARD_SIZES["mini"]))
    assert all(a != b for a, b in zip(before, mini, strict=True))
    (folder / "icons").mkdir(exist_ok=True)
    (folder / "icons" / "extra.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    assert all(a != b for a, b in zip(before, keys(load_game(folder)), strict=True))


def test_validate_in_a_build_writes_each_face_once(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the build's store, the validate report's faces are kept by their keys: the same
    game again writes no SVG, one edited card writes one."""
    written: list[str] = []
    front = Renderer.front

    def counting(self: Renderer, deck, card):  # type: ignore[no-untyped-def]
        written.append(card.id)
        return front(self, deck, card)

    monkeypatch.setattr(Renderer, "front", counting)
    memo.configure(tmp_path / "store")
    try:
        first = game_faces(load_game(folder), ApproxMeasure())
        assert len(written) == sum(len(deck.fronts) for deck in first)
        written.clear()
        again = game_faces(load_game(folder), ApproxMeasure())
        assert written == [] and again == first
        edit(folder / "cards.csv", "Destroys every card", "Destroys all cards")
        game_faces(load_game(folder), ApproxMeasure())
        assert written == ["star"]
    finally:
        memo.configure(None)


def test_a_process_takes_each_front_key_once(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build's parent takes every front's key to find the batches that changed; the
    whole-deck pieces, in processes forked from it, find them kept instead of hashing every row
    again. A key is kept by the card itself: another card (an edited row) gets its own."""
    from printgen.kit import card_faces
    from printgen.kit.card_faces import GameFaces

    game = load_game(folder)
    deck = game.printed_decks[0]
    first = [GameFaces(game).front(deck, card).key for card in deck.cards]
    assert first == keys(game)[: len(deck.cards)]
    calls: list[str] = []
    monkeypatch.setattr(card_faces, "front_key", lambda *args: calls.append("x") or "")
    again = [GameFaces(game).front(deck, card).key for card in deck.cards]
    assert again == first and calls == []
    edited = replace(deck.cards[0], name="Renamed")
    assert GameFaces(game).front(deck, edited).key == "" and calls == ["x"]
