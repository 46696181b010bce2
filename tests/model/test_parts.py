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
        "game.yaml:10: parts.pad.size: expected one of a4, a5, a3, letter, paper, card,"
        " [WIDTH, HEIGHT], got" in p
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


TEXT_KEYS = ("title", "note", "each", "in", "large_paper", "outline")
LENGTH_KEYS = ("thickness", "clearance", "overlap", "safe")
WRONG = {"a mapping": "{min: 2, max: 4}", "a list": "[a, b]", "a number": "12"}


@pytest.mark.parametrize("key", TEXT_KEYS)
@pytest.mark.parametrize("kind", WRONG)
def test_a_text_key_given_anything_but_text(tmp_path: Path, key: str, kind: str) -> None:
    # was (fuzz, validate the-way): TypeError: expected string or bytes-like object, got 'dict'
    found = problems(tmp_path, f"  board:\n    size: a4\n    {key}: {WRONG[kind]}\n")
    got = "got 12" if kind == "a number" else f"got {kind}"
    assert len(found) == 1, found
    assert found[0].startswith(f"{tmp_path}/meadow/game.yaml:10: parts.board.{key}: expected ")
    assert found[0].endswith(got), found


@pytest.mark.parametrize("key", ("tuck_box", *LENGTH_KEYS))
@pytest.mark.parametrize("kind", ("a mapping", "a list"))
def test_a_box_or_length_key_given_a_mapping_or_a_list(tmp_path: Path, key: str, kind: str) -> None:
    part = "tuck_box: market" if key in ("thickness", "clearance") else "size: a4"
    part = "" if key == "tuck_box" else f"    {part}\n"
    found = problems(tmp_path, f"  box:\n{part}    {key}: {WRONG[kind]}\n")
    line = 10 if part else 9
    assert any(
        p.startswith(f"{tmp_path}/meadow/game.yaml:{line}: parts.box.{key}: expected ")
        and p.endswith(f"got {kind}")
        for p in found
    ), found


@pytest.mark.parametrize(
    ("size", "message"),
    [
        ("[{min: 2, max: 4}, 248mm]", "expected [WIDTH, HEIGHT] of lengths such as 63.5mm, got {"),
        ("[248mm, [1, 2]]", "expected [WIDTH, HEIGHT] of lengths such as 63.5mm, got [1, 2]"),
        ("[true, 10mm]", "expected [WIDTH, HEIGHT] of lengths such as 63.5mm, got True"),
        ("[10mm, 20mm, 30mm]", "expected [WIDTH, HEIGHT], got 3 values"),
        ("[10mm, wide]", "expected a length such as 63.5mm or 2.5in, got 'wide'"),
        ("{width: 10mm}", "expected a4, a5, a3, letter, paper, card or [WIDTH, HEIGHT], got a"),
        ("12", "expected a4, a5, a3, letter, paper, card or [WIDTH, HEIGHT], got 12"),
    ],
)
def test_a_size_of_the_wrong_shape(tmp_path: Path, size: str, message: str) -> None:
    found = problems(tmp_path, f"  board:\n    title: Board\n    size: {size}\n")
    assert len(found) == 1 and found[0].startswith(
        f"{tmp_path}/meadow/game.yaml:10: parts.board.size: {message}"
    ), found


def test_validate_names_a_mapping_inside_a_size_and_exits_2(cli, tmp_path: Path) -> None:
    # the fuzz case Mutation('game.yaml', 'transplant', (408127, 3)) on The Way, made small
    game_with(tmp_path, "  board: {size: [{min: 2, max: 4}, 248mm], note: 7 x 7 squares}\n")
    run = cli("validate", "meadow", "--data", tmp_path)
    assert run.code == 2, run.out + run.err
    assert "Traceback" not in run.err and "internal error" not in run.err
    assert "game.yaml:8: parts.board.size: expected [WIDTH, HEIGHT] of lengths" in run.err
