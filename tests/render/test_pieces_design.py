"""A deck of pieces' design: its boxes sit in the shape's own safe zone (a text box whose
corners leave a circle is bad input at its design line, though its box is inside the circle's
square), its own `decks:` boxes change the shape's default, `validate` checks its text, and a
die's faces read their column. Exit 2 with the file and line, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.render import Renderer

GAME = """\
id: pond
name: Pond
players: {min: 1, max: 4}
elements: [reed, lily]
columns:
  terrain: element?
  points: int[0..9]?
components:
  tokens: {file: tokens.csv, shape: circle, size: 30mm, sides: 2}
  tiles: {file: tiles.csv, shape: hex, size: 40mm, corner_up: true}
  dice: {file: dice.csv, kind: dice}
"""
FILES = {
    "tokens.csv": "name,count,terrain,points,nest\nHeron,2,reed,3,Heron nest\n",
    "tiles.csv": "name,count,terrain,points\nLily pad,4,lily,1\n",
    "dice.csv": "name,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\n"
    "Pond die,:reed:,:lily:,1,2,Go,Stop\n",
}


def pond(tmp_path: Path, design: str = "") -> Path:
    folder = tmp_path / "data" / "pond"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    for name, text in FILES.items():
        (folder / name).write_text(text)
    if design:
        (folder / "design.yaml").write_text(design)
    return folder


def test_the_default_designs_fit_every_shape_and_validate(cli, tmp_path: Path) -> None:
    pond(tmp_path)
    run = cli("validate", "--data", tmp_path / "data", "pond")
    assert run.code == 0, run.err + run.out
    assert "card text fits: every text fits" in run.out


def test_a_box_leaving_the_circle_is_named_at_its_line(cli, tmp_path: Path) -> None:
    # a title band across the top of the circle's safe square: inside the square, its
    # corners outside the circle
    design = """\
decks:
  tokens:
    front:
      boxes:
        title: {text: "{{ name }}", left: 0, right: 0, top: 0, height: 20%, size: 8pt}
"""
    pond(tmp_path, design)
    run = cli("validate", "--data", tmp_path / "data", "pond")
    assert run.code == 2
    assert "design.yaml:5: box title: the box (" in run.err
    assert "leaves the 3 mm safe zone of the 30 mm circle" in run.err
    assert "Traceback" not in run.err


def test_a_decks_own_boxes_change_its_shapes_default(tmp_path: Path) -> None:
    design = """\
decks:
  tokens:
    front:
      boxes:
        suit_icon: null
        title: {size: 9pt}
    back:
      boxes:
        nest: {text: "{{ nest }}", left: 20%, right: 20%, top: 35%, height: 30%, size: 8pt}
"""
    game = load_game(pond(tmp_path, design))
    renderer = Renderer(game, CairoMeasure())
    deck = game.components["tokens"]
    heron = deck.cards[0]
    front = renderer.piece_front(deck, heron)
    assert "Heron" in front.svg
    back = renderer.piece_back(deck, heron)
    assert back.name == "heron-back" and "Heron nest" in back.svg  # the row's own column
    assert 'font-size="3.175"' in front.svg  # 9pt, as the deck's design says


def test_a_die_face_is_its_cell(tmp_path: Path) -> None:
    game = load_game(pond(tmp_path))
    renderer = Renderer(game, CairoMeasure())
    deck = game.components["dice"]
    faces = renderer.die_faces(deck, deck.cards[0], 16.0, True)
    assert [face.name for face in faces] == [f"pond-die-{n}" for n in range(1, 7)]
    assert "<text" not in faces[0].svg  # :reed: alone: its icon, no letters
    assert ">Stop</text>" in faces[5].svg
    assert 'width="20.35mm"' in faces[0].svg  # a 14 mm label and its 1/8 in bleed each side


@pytest.mark.parametrize(
    ("design", "line", "message"),
    [
        (
            "shapes:\n  hexx:\n    front: {boxes: {}}\n",
            2,
            "shapes.hexx: unknown shape; did you mean 'hex'?",
        ),
        (
            "decks:\n  tokens:\n    fronts: {boxes: {}}\n",
            3,
            "decks.tokens.fronts: unknown key; did you mean 'front'?",
        ),
        (
            "decks:\n  tokens:\n    front:\n      boxes:\n        title: {sise: 8pt}\n",
            5,
            "box title: unknown key 'sise'; did you mean 'size'?",
        ),
    ],
)
def test_a_mistake_in_a_pieces_design_is_exit_2_at_its_line(
    cli, tmp_path: Path, design: str, line: int, message: str
) -> None:
    pond(tmp_path, design)
    run = cli("build", "--data", tmp_path / "data", "pond", "--out", tmp_path / "out")
    assert run.code == 2, run.err + run.out
    assert f"design.yaml:{line}: {message}" in run.err + run.out
    assert "Traceback" not in run.err + run.out


def test_a_dies_unknown_icon_is_named_at_its_cell(cli, tmp_path: Path) -> None:
    folder = pond(tmp_path)
    dice = folder / "dice.csv"
    dice.write_text(dice.read_text().replace(":lily:", ":lilly:"))
    run = cli("validate", "--data", tmp_path / "data", "pond")
    assert run.code == 2
    assert "dice.csv:2: column 'Face 2': unknown icon ':lilly:'; did you mean ':lily:'?" in run.err
