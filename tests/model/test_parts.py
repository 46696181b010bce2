"""game.yaml `parts:`: boards, sheets, tuck boxes; each mistake at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.layout.sizes import Size
from printgen.model import load_game

GAME = """\
id: meadow
name: Meadow
players: {min: 1, max: 4}
card_size: poker
components:
  market: {file: market.csv}
parts:
"""


def game_with(tmp_path: Path, parts: str) -> Path:
    folder = tmp_path / "meadow"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME + parts)
    (folder / "market.csv").write_text("name,count\nFox,3\nHare,4\n")
    return folder


def problems(tmp_path: Path, parts: str) -> list[str]:
    with pytest.raises(DataError) as caught:
        load_game(game_with(tmp_path, parts))
    return [str(p) for p in caught.value.problems]


def test_boards_sheets_and_tuck_boxes(tmp_path: Path) -> None:
    game = load_game(
        game_with(
            tmp_path,
            "  board: {size: [500mm, 20in]}\n"
            "  score-pad: {size: a5, copies: 20, note: Tear one off a player.}\n"
            "  sheet: {size: paper}\n"
            "  deck-box: {tuck_box: market, thickness: 0.32mm, clearance: 0}\n"
            "  pawn: {size: [22, 82], each: pawns, in: components}\n",
        )
    )
    board, pad, sheet, box, pawn = game.parts.values()
    assert board.size == Size(500.0, 508.0) and board.copies == 1 and board.file == "board"
    assert (pad.size, pad.copies, pad.label, pad.note) == (
        Size(148.0, 210.0, "a5"),
        20,
        "Score pad",
        "Tear one off a player.",
    )
    assert sheet.paper and sheet.size is None
    assert (box.tuck_box, box.thickness, box.clearance) == ("market", 0.32, 0.0)
    assert (pawn.each, pawn.group, pawn.file) == ("pawns", "components", "components")
    assert board.where.endswith("meadow/game.yaml:8")


def test_each_mistake_at_its_line_with_the_close_name(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        "  box: {tuck_box: markt}\n"
        "  board: {size: [-5mm, 100mm]}\n"
        "  pad: {size: a6}\n"
        "  cards: {size: a4}\n"
        "  sheet: {size: a4, thickness: 1mm}\n"
        "  both: {size: a4, tuck_box: market}\n"
        "  tile: {size: [10mm, 10mm], copies: 0}\n",
    )
    assert any(
        "game.yaml:8: parts.box.tuck_box: the game has no deck 'markt'; did you mean 'market'?" in p
        for p in found
    ), found
    assert any("game.yaml:9: parts.board.size: expected a length" in p for p in found), found
    assert any(
        "game.yaml:10: parts.pad.size: expected one of a4, a5, a3, letter, paper" in p
        for p in found
    ), found
    assert any("game.yaml:11: parts.cards: cards.pdf is the kit's own" in p for p in found)
    assert any("game.yaml:12: parts.sheet.thickness: only a tuck box" in p for p in found)
    assert any("game.yaml:13: parts.both: give exactly one of size or tuck_box" in p for p in found)
    assert any(
        "game.yaml:14: parts.tile.copies: expected a whole number from 1" in p for p in found
    )
    assert len(found) == 7


def test_a_part_may_not_take_a_decks_name_or_an_unknown_key(tmp_path: Path) -> None:
    found = problems(tmp_path, "  market: {size: a4}\n  board: {size: a4, copy: 2}\n")
    assert any("parts.market: a deck is called 'market' too" in p for p in found)
    assert any("parts.board.copy: unknown key; did you mean 'copies'?" in p for p in found)


def test_a_part_the_size_of_the_games_cards(tmp_path: Path) -> None:
    game = load_game(game_with(tmp_path, "  aid: {size: card, copies: 4}\n"))
    assert game.parts["aid"].size == Size(63.5, 88.9, "card")
    folder = tmp_path / "meadow"
    text = (folder / "game.yaml").read_text().replace("card_size: poker\n", "")
    (folder / "game.yaml").write_text(text)
    with pytest.raises(DataError, match=r"parts.aid.size: card: the game has no card_size"):
        load_game(folder)
