"""Text and icons keep the design's `clearance:` (1 mm unless it says) from the edges of the
shapes drawn round them, or validate warns, naming the card, the box and its line (issue 36:
MyWuXing's Dragon text ran to 0.4 mm of its gold inner frame, Elementa's footer badges to
0.35 mm of the panel line, and validate said nothing). The distances are worked out by hand
from the boxes below: the six winds' bridge cards, a frame drawn round a seal."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.check.design import design_checks
from printgen.errors import DataError
from printgen.model import load_game
from printgen.render.faces.game_faces import game_faces
from printgen.render.text.shaping import ShapedMeasure
from printgen.rules.engine import Check
from tests.conftest import CARD_DATA
from tests.render.winds import winds_game

# The frame's line is 0.4 mm wide, centred on the box's edge: its ink ends 0.2 mm inside, at
# 20.2 mm from the trim's left. The seal's icon is drawn in its 6 mm box from 20.5 mm: 0.30 mm.
FRAMED = """\
CLEARANCE
front:
  boxes:
    seal_frame: {shape: rect, anchor: trim, left: 20mm, width: 20mm, top: 60mm, height: 12mm,
                 stroke: ink, stroke_width: 0.4mm}
    seal: {icon: fire, anchor: trim, left: SEAL, top: 63mm, width: 6mm, height: 6mm}
"""


def _framed(tmp_path: Path, seal: str = "20.5mm", clearance: str = "") -> Path:
    return winds_game(
        tmp_path / "data", FRAMED.replace("SEAL", seal).replace("CLEARANCE", clearance)
    )


def _cramped(folder: Path) -> list[str]:
    decks = game_faces(load_game(folder), ShapedMeasure())
    return [m for deck in decks for _, face in deck.fronts for m in face.cramped]


def _check(folder: Path) -> Check:
    return next(c for c in design_checks(load_game(folder)) if c.name == "clearance")


def test_an_icon_close_to_its_frame_is_named_with_card_box_and_line(tmp_path: Path) -> None:
    found = _cramped(_framed(tmp_path))
    assert len(found) == 3  # the seal on each of the three cards
    assert found[0].endswith(
        "winds.csv:2: box 'seal' (" + str(tmp_path / "data" / "winds" / "design.yaml") + ":6): "
        "its icon is 0.30 mm from the edge of box 'seal_frame' round it, under the design's "
        "clearance of 1 mm"
    )
    check = _check(_framed(tmp_path / "again"))
    assert (check.ok, check.level) == (False, "warning")
    assert check.detail.startswith("3 texts or icons come closer than 1 mm to a shape's edge")


def test_an_icon_across_the_line_is_said_to_cross_it(tmp_path: Path) -> None:
    (first, *_) = _cramped(_framed(tmp_path, seal="19.9mm"))
    assert "its icon crosses the edge of box 'seal_frame'" in first


def test_the_designs_clearance_sets_the_distance(tmp_path: Path) -> None:
    assert _cramped(_framed(tmp_path, clearance="clearance: 0.25mm")) == []
    check = _check(_framed(tmp_path / "again", clearance="clearance: 0.25mm"))
    assert check.ok
    assert check.detail == "every text and icon keeps 0.25 mm from the shapes round it"
    # 1.2 mm in from the line's inner edge: clear at the default 1 mm
    assert _cramped(_framed(tmp_path / "far", seal="21.4mm")) == []


def test_a_text_close_to_the_edge_of_its_panel_is_named(tmp_path: Path) -> None:
    design = """\
front:
  boxes:
    panel: {shape: rect, anchor: trim, left: 10mm, width: 37mm, top: 60mm, height: 12mm,
            fill: "#e8e4d8"}
    note: {text: Gust, anchor: trim, left: LEFT, width: 20mm, top: 62mm, height: 8mm,
           size: 9pt, align: left}
"""
    near = _cramped(winds_game(tmp_path / "near", design.replace("LEFT", "10.2mm")))
    assert len(near) == 3
    assert "box 'note' (" in near[0]
    assert "its text is 0." in near[0] and "from the edge of box 'panel' round it" in near[0]
    assert _cramped(winds_game(tmp_path / "far", design.replace("LEFT", "12mm"))) == []


@pytest.mark.parametrize("written", ["wide", "-1mm", "[1mm]"])
def test_a_bad_clearance_is_named_at_its_line(tmp_path: Path, written: str) -> None:
    folder = _framed(tmp_path, clearance=f"clearance: {written}")
    with pytest.raises(DataError) as raised:
        design_checks(load_game(folder))
    assert "design.yaml:1: clearance: expected" in str(raised.value)


@pytest.mark.parametrize(
    "game_id", ["mywuxing", "cl4sh", "the-way", "elementa", "feng-shui-master"]
)
def test_the_bundled_games_keep_their_clearance(game_id: str) -> None:
    game = load_game(CARD_DATA / game_id)
    games = [game, *(game.in_language(lang) for lang in game.languages[1:])]
    found = [  # the faces of every language: Elementa's Italian relic title ran to 0.66 mm
        message
        for each in games
        for deck in game_faces(each, ShapedMeasure())
        for face in [*(f for _, f in deck.fronts), deck.back]
        for message in face.cramped
    ]
    assert found == []
