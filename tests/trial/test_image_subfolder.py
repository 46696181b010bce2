"""A picture in a subfolder of the art is found by its path: `derelict/void_hulk.png` (and
`art/derelict/void_hulk.png`) was "no image" though the file was there (a designer's
trial). A path out of the game's folder, or through a link, is not followed."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from printgen.model import load_game
from tests.pieces_game import HARBOUR, write_game

GAME = HARBOUR + "components:\n  ships: {file: ships.csv}\n"


def _game(tmp_path: Path, art: str) -> Path:
    folder = write_game(tmp_path / "data", GAME, {"ships.csv": f"name,count,art\nHulk,1,{art}\n"})
    (folder / "art" / "derelict").mkdir(parents=True)
    Image.new("RGB", (40, 40), "#445566").save(folder / "art" / "derelict" / "void_hulk.png")
    return folder


def test_a_path_under_the_art_or_the_game_folder_is_found(tmp_path: Path) -> None:
    for art in ("derelict/void_hulk.png", "art/derelict/void_hulk.png"):
        folder = _game(tmp_path / art.replace("/", "-"), art)
        card = load_game(folder).components["ships"].cards[0]
        assert card.fields["art"] == "art/derelict/void_hulk.png", art


def test_no_path_out_of_the_game_or_through_a_link(cli, tmp_path: Path) -> None:
    folder = _game(tmp_path / "a", "../outside.png")
    Image.new("RGB", (40, 40)).save(folder.parent / "outside.png")
    run = cli("validate", "harbour", "--data", folder.parent)
    assert run.code == 2 and "no image '../outside.png'" in run.err, run.err
    folder = _game(tmp_path / "b", "linked/void_hulk.png")
    (folder / "art" / "linked").symlink_to(folder / "art" / "derelict")
    run = cli("validate", "harbour", "--data", folder.parent)
    assert run.code == 2 and "no image 'linked/void_hulk.png'" in run.err, run.err
