"""A mirrored corner number that turned round reads as another (6 and 9, 66, 68, 16) gets a
bar under it on both copies, in the text's colour; 8, 69, 10 and words get none; a design
turns it off with `turn_mark: false`. Read from the face's SVG (CL4SH's corner values)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from printgen.model import load_game
from printgen.render.draw.vector import CairoMeasure
from printgen.render.faces.game_faces import front_face
from printgen.render.faces.turned import reads_as_another
from tests.pieces_game import write_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("text", "marked"),
    [("6", True), ("9", True), ("66", True), ("99", True), ("68", True), ("89", True),
     ("86", True), ("16", True), ("8", False), ("69", False), ("96", False), ("0", False),
     ("11", False), ("10", False), ("60", False), ("7", False), ("+6", False), ("", False)],
)  # fmt: skip
def test_which_numbers_read_as_another_turned_round(text: str, marked: bool) -> None:
    assert reads_as_another(text) is marked


def _corner_bars(folder: Path, card_id: str) -> list[str]:
    """Each bar drawn with a number (just before its text), in the face's SVG."""
    game = load_game(folder)
    deck, card = next(
        (deck, card) for deck in game.components.values() for card in deck.cards
        if card.id == card_id
    )  # fmt: skip
    svg = front_face(game, deck, card, CairoMeasure()).svg
    return re.findall(r"<rect [^>]*/><text [^>]*>[0-9]+</text>", svg)


def test_a_mirrored_6_and_9_get_a_bar_on_both_copies_and_8_none(tmp_path: Path) -> None:
    folder = ROOT / "card_data" / "cl4sh"
    six, nine, eight = (_corner_bars(folder, f"air-{n}") for n in (6, 9, 8))
    assert len(six) == 2 and len(nine) == 2, (six, nine)  # the corner and its turned copy
    assert eight == []
    copy = tmp_path / "cl4sh"
    shutil.copytree(folder, copy)
    design = (copy / "design.yaml").read_text(encoding="utf-8")
    design = design.replace(
        "colour: suit.ink, mirror: true}",
        "colour: suit.ink, mirror: true,\n            turn_mark: false}",
        1,
    )
    (copy / "design.yaml").write_text(design, encoding="utf-8")
    assert _corner_bars(copy, "air-6") == []


def test_a_dies_6_and_9_get_a_bar_as_it_lands_any_way_up(tmp_path: Path) -> None:
    """A designer's trial: a d10's and a d20's 6 and 9 labels had no bar, so stuck on a die
    they could not be told apart. The default design's die faces say `turn_mark: true`."""
    from printgen.render.faces.render import Renderer

    faces = ",".join(f"Face {n}" for n in range(1, 11))
    folder = write_game(
        tmp_path,
        "id: dz\nname: Dz\nplayers: {min: 2, max: 4}\n"
        "components:\n  d10: {file: d10.csv, kind: dice, size: 18mm}\n",
        {"d10.csv": f"name,{faces}\nWind,0,1,2,3,4,5,6,7,8,9\n"},
    )
    game = load_game(folder)
    deck = game.components["d10"]
    drawn = Renderer(game, CairoMeasure()).die_faces(deck, deck.cards[0], 18.0, label=True)
    barred = {
        text
        for face in drawn
        for text in re.findall(r"<rect [^>]*/><text [^>]*>([0-9]+)</text>", face.svg)
    }
    assert barred == {"6", "9"}
