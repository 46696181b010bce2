"""game.yaml's pieces: `shape:`, `size:`, `corner_up:`, `sides:` and dice faces. Good values
are read as the shapes they say; a bad one is exit 2 naming game.yaml's line, with a
did-you-mean where a close word exists, never a traceback."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from printgen.model import load_game
from printgen.model.dice import face_count

GAME = """\
id: marsh
name: Marsh
players: {min: 1, max: 4}
elements: [reed, creek]
columns:
  terrain: element?
components:
  tiles:
    file: tiles.csv
    shape: hex
    size: 40mm
  tokens:
    file: tokens.csv
    shape: circle
    size: 1in
    sides: 2
  rooms:
    file: rooms.csv
    shape: rounded
    size: [50mm, 30mm]
  dice:
    file: dice.csv
    kind: dice
    faces: 6
"""
FILES = {
    "tiles.csv": "name,count,terrain\nReed,3,reed\nCreek,2,creek\n",
    "tokens.csv": "name,count,nest\nAvocet,2,Avocet nest\n",
    "rooms.csv": "name\nHall\n",
    "dice.csv": "name,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nWind,N,NE,SE,S,SW,NW\n",
}


def marsh(tmp_path: Path, game: str = GAME, **files: str) -> Path:
    folder = tmp_path / "marsh"
    folder.mkdir()
    (folder / "game.yaml").write_text(game)
    for name, text in {**FILES, **files}.items():
        (folder / name.replace("_", ".")).write_text(text)
    return folder


def test_decks_take_the_shapes_game_yaml_gives(tmp_path: Path) -> None:
    game = load_game(marsh(tmp_path))
    tiles, tokens, rooms, dice = (game.components[n] for n in ("tiles", "tokens", "rooms", "dice"))
    assert tiles.shape is not None and tiles.shape.kind == "hex"
    assert tiles.shape.across == 40 and tiles.shape.height == 40
    assert tiles.shape.width == pytest.approx(80 / math.sqrt(3))
    assert tokens.shape is not None and tokens.shape.kind == "circle"
    assert tokens.shape.width == pytest.approx(25.4) and tokens.sides == 2
    assert rooms.shape is not None and (rooms.shape.width, rooms.shape.height) == (50, 30)
    assert dice.shape is not None and dice.shape.width == 16  # a die's edge by default
    assert game.printed_decks == []  # no cards: every deck is a deck of pieces
    assert [d.name for d in game.piece_decks] == ["tiles", "tokens", "rooms", "dice"]


def test_corner_up_turns_a_hexagon(tmp_path: Path) -> None:
    text = GAME.replace("    size: 40mm\n", "    size: 40mm\n    corner_up: true\n")
    shape = load_game(marsh(tmp_path, text)).components["tiles"].shape
    assert shape is not None and shape.corner_up
    assert shape.width == 40 and shape.height == pytest.approx(80 / math.sqrt(3))


BAD = [  # (old, new, line, field, message); game.yaml's lines: tiles' shape 10 and size 11,
    # tokens' shape 14, size 15 and sides 16, rooms' size 20, dice's kind 23 and faces 24
    (
        "shape: hex\n",
        "shape: hexagon\n",
        10,
        "tiles.shape",
        "unknown shape 'hexagon'; did you mean 'hex'?",
    ),
    ("shape: hex\n", "shape: hexx\n", 10, "tiles.shape", "did you mean 'hex'?"),
    ("size: 40mm\n", "size: -40mm\n", 11, "tiles.size", "expected a length over 0 mm, got '-40mm'"),
    ("size: 40mm\n", "size: -40\n", 11, "tiles.size", "expected a length over 0 mm, got -40"),
    ("size: 40mm\n", "size: [40mm, 30mm]\n", 11, "tiles.size", "a hex takes one length"),
    ("size: 40mm\n", "size: 2mm\n", 11, "tiles.size", "a piece of 2 mm is outside 10 to 420 mm"),
    ("size: 40mm\n", "size: 40 mm wide\n", 11, "tiles.size", "expected a length such as 30mm"),
    ("    size: 40mm\n", "", 10, "tiles.shape", "a hex needs a size: its width across the flats"),
    (
        "sides: 2\n",
        "sides: 3\n",
        16,
        "tokens.sides",
        "expected 1 or 2 (sides: 2 gives each row its own back), got 3",
    ),
    (
        "size: 1in\n",
        "size: 1in\n    corner_up: true\n",
        16,
        "tokens.corner_up",
        "corner_up is for a hexagon",
    ),
    ("shape: circle\n", "shape: round\n", 14, "tokens.shape", "did you mean 'circle'?"),
    (
        "size: [50mm, 30mm]\n",
        "size: [50mm]\n",
        20,
        "rooms.size",
        "expected [width, height], got a list of 1",
    ),
    ("faces: 6\n", "faces: 6\n    shape: hex\n", 25, "dice.shape", "a die is a cube"),
]


@pytest.mark.parametrize(("old", "new", "line", "field", "message"), BAD)
def test_a_bad_piece_is_named_at_its_line(
    cli, tmp_path: Path, old: str, new: str, line: int, field: str, message: str
) -> None:
    folder = marsh(tmp_path, GAME.replace(old, new, 1))
    run = cli("validate", "--data", tmp_path, "marsh")
    assert run.code == 2, run.err
    assert f"game.yaml:{line}: components.{field}: " in run.err, run.err
    assert message in run.err
    assert "Traceback" not in run.err
    assert folder.is_dir()


def test_a_die_missing_a_face_is_named_at_its_cell(cli, tmp_path: Path) -> None:
    dice = "name,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nWind,N,NE,,S,SW,NW\n"
    marsh(tmp_path, dice_csv=dice)
    run = cli("validate", "--data", tmp_path, "marsh")
    assert run.code == 2
    assert "dice.csv:2: column 'Face 3': the die 'Wind' has no face 3" in run.err


def test_a_face_column_missing_is_named_at_the_decks_line(cli, tmp_path: Path) -> None:
    dice = "name,Face 1,Face 2,Face 3,Face 4\nWind,N,E,S,W\n"
    marsh(tmp_path, dice_csv=dice)
    run = cli("validate", "--data", tmp_path, "marsh")
    assert run.code == 2
    assert "game.yaml:24: components.dice.faces: 6 faces, but dice.csv has no Face 5, " in (run.err)
    assert "Face 5, Face 6" in run.err


def test_a_die_with_no_faces_and_no_element_cannot_be_printed(cli, tmp_path: Path) -> None:
    marsh(tmp_path, dice_csv="name,count\nPlain,2\n")
    run = cli("validate", "--data", tmp_path, "marsh")
    assert run.code == 2
    assert "game.yaml:23: components.dice.kind: a die needs its faces: columns Face 1 ... " in (
        run.err
    )


def test_a_die_of_the_rows_element_needs_no_face_columns(tmp_path: Path) -> None:
    text = GAME + "  coloured:\n    file: coloured.csv\n    kind: dice\n    size: 20mm\n"
    folder = marsh(tmp_path, text, coloured_csv="name,count,terrain\nReed die,3,reed\n")
    dice = load_game(folder).components["coloured"]
    assert dice.total == 3 and dice.shape is not None and dice.shape.width == 20


def test_the_bundled_dice_read_as_dice_of_their_element(data_copy: Path) -> None:
    dice = load_game(data_copy / "feng-shui-master").components["dice"]
    assert dice.pieces and dice.shape is not None and dice.shape.width == 16


def test_cards_with_a_back_each_are_rectangles_of_the_card_size(tmp_path: Path) -> None:
    text = GAME.replace(
        "players: {min: 1, max: 4}\n", "players: {min: 1, max: 4}\ncard_size: mini\n"
    )
    text += "  heroes:\n    file: heroes.csv\n    sides: 2\n"
    folder = marsh(tmp_path, text, heroes_csv="name,count\nAda,1\nBo,1\n")
    heroes = load_game(folder).components["heroes"]
    assert heroes.pieces and not heroes.printed  # printed to heroes.pdf, each with its back
    assert heroes.shape is not None and heroes.shape.kind == "rect"
    assert (heroes.shape.width, heroes.shape.height) == (44.45, 63.5)


def test_cards_with_a_back_each_need_a_size(cli, tmp_path: Path) -> None:
    text = GAME + "  heroes:\n    file: heroes.csv\n    sides: 2\n"
    marsh(tmp_path, text, heroes_csv="name\nAda\n")
    run = cli("validate", "--data", tmp_path, "marsh")
    assert run.code == 2
    assert (
        "game.yaml:27: components.heroes.sides: a deck with sides: 2 needs a size: or the "
        "game's card_size:"
    ) in run.err


@pytest.mark.parametrize("name", ["rules", "cards", "tts", "board-fold"])
def test_a_deck_of_pieces_cannot_take_a_kit_files_name(cli, tmp_path: Path, name: str) -> None:
    marsh(tmp_path, GAME.replace("  tiles:\n", f"  {name}:\n"))
    run = cli("validate", "--data", tmp_path, "marsh")
    assert run.code == 2
    assert f"game.yaml:8: components.{name}: a deck of pieces prints to {name}.pdf" in run.err


def test_list_names_each_deck_of_pieces_with_its_shape(cli, tmp_path: Path) -> None:
    marsh(tmp_path)
    run = cli("list", "--data", tmp_path)
    assert run.code == 0
    assert "tiles         5 pieces (40 mm flat-top hexagon), 2 different faces" in run.out
    assert "tokens        2 pieces (25.4 mm circle), all alike" in run.out
    assert "dice          1 die\n" in run.out  # one: nothing to tell apart
    listed = cli("list", "--data", tmp_path, "--json").json()["games"][0]["components"]
    assert listed["rooms"]["shape"] == "50 x 30 mm rounded rectangle"
    assert listed["dice"]["shape"] == "16 mm die"


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        (
            5,
            "face columns stop at Face 5, and no common die has 5 faces: add Face 6 (a d6), or "
            "say faces: 5 for a die of 5 faces",
        ),
        (7, "add Face 8 (a d8)"),
        (9, "add Face 10 (a d10)"),
        (3, "add Face 4 (a d4)"),
    ],
)
def test_face_columns_of_no_common_die_need_faces_said(
    cli, tmp_path: Path, headers: int, expected: str
) -> None:
    """A designer's d6 whose Face 6 column was dropped printed as a five-faced die, silently:
    without `faces:`, the columns' count must be a common die's (4, 6, 8, 10, 12, 20)."""
    game = GAME.replace("    faces: 6\n", "")
    row = ",".join(str(n) for n in range(1, headers + 1))
    heads = ",".join(f"Face {n}" for n in range(1, headers + 1))
    marsh(tmp_path, game, dice_csv=f"name,{heads}\nWind,{row}\n")
    run = cli("validate", "--data", tmp_path, "marsh")
    assert run.code == 2, run.out
    assert "game.yaml:23: components.dice.kind: dice.csv's " in run.err, run.err
    assert expected in run.err
    assert "Traceback" not in run.err


@pytest.mark.parametrize("headers", [4, 8, 12])
def test_face_columns_of_a_common_die_give_its_faces(tmp_path: Path, headers: int) -> None:
    game = GAME.replace("    faces: 6\n", "")
    row = ",".join(str(n) for n in range(1, headers + 1))
    heads = ",".join(f"Face {n}" for n in range(1, headers + 1))
    folder = marsh(tmp_path, game, dice_csv=f"name,{heads}\nWind,{row}\n")
    dice = load_game(folder).components["dice"]
    assert face_count(dice, [f"face_{n}" for n in range(1, headers + 1)]) == headers
