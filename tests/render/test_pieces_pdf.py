"""Decks of pieces read back from their PDFs and PNGs: a hexagon's cut guide measures its flats
and its sides flats/sqrt(3), a circle's its diameter (to 0.1 mm); every back page mirrors its
front page to 0.01 mm (each face's clip and placement); nothing prints in the outer 5 mm of
A4 or Letter; a die's labels are its edge less 2 mm and its net's faces its edge; the PNGs
are cut to the outline; TTS gets a custom tile of the right type a row."""

from __future__ import annotations

import io
import json
import math
from collections.abc import Iterable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from PIL import Image

from printgen.kit.names import path_of
from printgen.kit.options import BuildOptions
from printgen.kit.pieces import piece_files
from printgen.layout.sizes import PAPER_SIZES
from printgen.model import load_game
from tests.pieces_game import SHAPED, write_game
from tests.render.piecepdf import Drawn, read_page

GAME = (
    """\
id: marsh
name: Marsh
players: {min: 1, max: 4}
elements: [reed, creek]
columns:
  terrain: element?
  points: int[0..9]?
components:
"""
    + SHAPED
)
FILES = {
    "tiles.csv": "name,count,terrain,points\nReed,20,reed,1\nCreek,16,creek,2\n",
    "upright.csv": "name,count,terrain\nHill,5,reed\n",
    "tokens.csv": "name,count,terrain,points,nest\nAvocet,20,reed,2,Nest\nEgret,10,creek,3,Nest\n",
    "rooms.csv": "name,count\nHall,3\n",
    "dice.csv": "name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\n"
    "Wind,2,N,NE,SE,S,SW,NW\nTide,1,:reed:,:creek:,:reed:,:creek:,1,2\n",
}


@pytest.fixture(scope="module")
def marsh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_game(tmp_path_factory.mktemp("pieces"), GAME, FILES)


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request: pytest.FixtureRequest, marsh: Path) -> tuple[str, dict[str, bytes]]:
    paper = request.param
    made = {
        path_of(output): data
        for output, data in piece_files(load_game(marsh), BuildOptions(paper=paper))
    }
    return paper, made


def pages(data: bytes) -> list[Drawn]:
    pdf = pikepdf.open(io.BytesIO(data))
    return [read_page(pdf, i) for i in range(len(pdf.pages))]


def test_every_deck_of_pieces_has_its_files(built: tuple[str, dict[str, bytes]]) -> None:
    _, made = built
    for deck in ("tiles", "upright", "tokens", "rooms"):
        assert f"{deck}.pdf" in made and f"{deck}-fold.pdf" in made
    assert "dice.pdf" in made and "dice-fold.pdf" not in made
    assert {"tiles/reed.png", "tiles/creek.png", "tiles/back.png"} <= set(made)
    assert {"tokens/avocet.png", "tokens/avocet-back.png", "tokens/egret-back.png"} <= set(made)
    assert "tokens/back.png" not in made  # each token has its own back
    assert "tts/saved-object.json" in made  # a game of pieces alone: the pieces' own


@pytest.mark.parametrize(("deck", "flats"), [("tiles", 40.0), ("upright", 30.0)])
def test_a_hexagons_guide_measures_its_flats_and_sides(
    built: tuple[str, dict[str, bytes]], deck: str, flats: float
) -> None:
    _, made = built
    front = pages(made[f"{deck}.pdf"])[0]
    guides = [path[0] for path in front.strokes if len(path) == 1 and len(path[0]) == 6]
    assert len(guides) >= 5
    for corners in guides:
        ring = [*corners, corners[0]]
        sides = [math.dist(a, b) for a, b in pairwise(ring)]
        assert sides == pytest.approx([flats / math.sqrt(3)] * 6, abs=0.1)
        for i in range(3):  # opposite sides' midpoints are the flats apart
            a, b = (ring[i], ring[i + 1]), (ring[i + 3], ring[i + 4])
            mid_a = ((a[0][0] + a[1][0]) / 2, (a[0][1] + a[1][1]) / 2)
            mid_b = ((b[0][0] + b[1][0]) / 2, (b[0][1] + b[1][1]) / 2)
            assert math.dist(mid_a, mid_b) == pytest.approx(flats, abs=0.1)


def test_a_circles_guide_measures_its_diameter(built: tuple[str, dict[str, bytes]]) -> None:
    _, made = built
    front = pages(made["tokens.pdf"])[0]
    circles = [path[0] for path in front.strokes if len(path) == 1 and len(path[0]) == 5]
    assert len(circles) == 30  # every token on one sheet
    for points in circles:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        assert max(xs) - min(xs) == pytest.approx(25.0, abs=0.1)
        assert max(ys) - min(ys) == pytest.approx(25.0, abs=0.1)


RECORD = 25.4 / 8
"""The bleed each face's drawing carries round it (a hexagon's, out to its corners)."""
DRAWING_WIDTH = {
    "tiles": 80 / math.sqrt(3) + 2 * RECORD * 2 / math.sqrt(3),
    "upright": 30 + 2 * RECORD * 2 / math.sqrt(3),
    "tokens": 25 + 2 * RECORD,
    "rooms": 50 + 2 * RECORD,
}


@pytest.mark.parametrize("deck", ["tiles", "upright", "tokens", "rooms"])
def test_back_pages_mirror_their_fronts(built: tuple[str, dict[str, bytes]], deck: str) -> None:
    _, made = built
    drawn = pages(made[f"{deck}.pdf"])
    assert len(drawn) % 2 == 0
    for front, back in zip(drawn[::2], drawn[1::2], strict=True):
        width = front.width
        assert len(front.forms) == len(back.forms) > 0
        for (_, f), (_, b) in zip(front.forms, back.forms, strict=True):
            # each back's drawing lands where its front's does, mirrored about the middle
            assert b[0] == pytest.approx(width - f[0] - DRAWING_WIDTH[deck], abs=0.01)
            assert b[1] == pytest.approx(f[1], abs=0.01)
        front_clips, back_clips = _pieces(front), _pieces(back)
        assert len(front_clips) == len(back_clips) == len(front.forms)
        for front_clip, back_clip in zip(front_clips, back_clips, strict=True):
            mirrored = _flat((width - x, y) for x, y in front_clip)
            assert _flat(back_clip) == pytest.approx(mirrored, abs=0.01)


@pytest.mark.parametrize(
    "file", ["tiles", "tiles-fold", "upright", "tokens", "tokens-fold", "rooms", "dice"]
)
def test_nothing_prints_in_the_outer_5_mm(built: tuple[str, dict[str, bytes]], file: str) -> None:
    paper, made = built
    for page in pages(made[f"{file}.pdf"]):
        size = PAPER_SIZES[paper]
        assert {round(page.width, 1), round(page.height, 1)} == {
            round(size.width, 1),
            round(size.height, 1),
        }
        points = [p for clip in _pieces(page) for p in clip]
        points += [p for path in page.strokes for line in path for p in line]
        assert points
        for x, y in points:
            assert 5 - 0.01 <= x <= page.width - 5 + 0.01
            assert 5 - 0.01 <= y <= page.height - 5 + 0.01


def test_dice_labels_are_the_edge_less_2mm_and_nets_the_edge(
    built: tuple[str, dict[str, bytes]],
) -> None:
    _, made = built
    labels, nets = pages(made["dice.pdf"])
    squares = [line for path in labels.strokes for line in path if len(line) == 4]
    assert len(squares) == 3 * 6  # three dice, six labels each
    for square in squares:
        xs, ys = [x for x, _ in square], [y for _, y in square]
        assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx((16, 16), abs=0.01)
    origins = [point for _, point in nets.forms]
    assert len(origins) == 3 * 6  # each face of each die painted on its net
    for net in range(3):  # faces 2, 1, 5, 6 side by side, an edge apart; 3 above 1, 4 below
        one, two, three, four, five, six = origins[net * 6 : net * 6 + 6]
        assert [two[0] + 18, one[0] + 18, five[0] + 18] == pytest.approx(
            [one[0], five[0], six[0]], abs=0.01
        )
        assert (three[0], four[0]) == pytest.approx((one[0], one[0]), abs=0.01)
        assert (three[1] - one[1], one[1] - four[1]) == pytest.approx((18, 18), abs=0.01)


def test_piece_pngs_are_cut_to_their_outline(built: tuple[str, dict[str, bytes]]) -> None:
    _, made = built
    tile = Image.open(io.BytesIO(made["tiles/reed.png"]))
    reach = RECORD * 2 / math.sqrt(3)  # the tgc bleed, out to a hexagon's corners
    width_mm = 80 / math.sqrt(3) + 2 * reach  # corner to corner, and its flats 40 mm apart
    assert tile.size == (round(width_mm / 25.4 * 300), round((40 + 2 * RECORD) / 25.4 * 300))
    assert tile.info["dpi"] == pytest.approx((300, 300), abs=0.5)
    rgb = tile.convert("RGB")
    assert rgb.getpixel((2, 2)) == (255, 255, 255)  # a corner of the box: outside the hexagon
    assert rgb.getpixel((tile.size[0] // 2, 3)) != (255, 255, 255)  # the flat top's bleed
    token = Image.open(io.BytesIO(made["tokens/avocet.png"])).convert("RGB")
    assert token.getpixel((3, 3)) == (255, 255, 255)
    assert token.getpixel((token.size[0] // 2, 3)) != (255, 255, 255)


def test_tabletop_simulator_gets_a_custom_tile_a_row(built: tuple[str, dict[str, bytes]]) -> None:
    _, made = built
    saved = json.loads(made["tts/saved-object.json"])
    tiles = {o["Nickname"]: o for o in saved["ObjectStates"]}
    assert set(tiles) == {"Reed", "Creek", "Hill", "Avocet", "Egret", "Hall"}
    reed = tiles["Reed"]
    assert reed["Name"] == "Custom_Tile_Stack" and reed["Number"] == 20
    assert reed["CustomImage"]["CustomTile"]["Type"] == 1  # Hex
    assert reed["CustomImage"]["ImageURL"] == "tiles-reed.png"
    assert reed["CustomImage"]["ImageSecondaryURL"] == "tiles-back.png"
    avocet = tiles["Avocet"]["CustomImage"]
    assert avocet["CustomTile"]["Type"] == 2  # Circle
    assert avocet["ImageSecondaryURL"] == "tokens-avocet-back.png"
    assert tiles["Hall"]["CustomImage"]["CustomTile"]["Type"] == 3  # Rounded
    for obj in tiles.values():  # every image it names is in the kit
        for key in ("ImageURL", "ImageSecondaryURL"):
            assert f"tts/{obj['CustomImage'][key]}" in made


def _flat(points: Iterable[tuple[float, float]]) -> list[float]:
    """The distinct points of an outline (a circle's path ends where it starts), in order,
    as one list of numbers."""
    distinct = sorted({(round(x, 4), round(y, 4)) for x, y in points})
    return [v for point in distinct for v in point]


def _pieces(page: Drawn) -> list[list[tuple[float, float]]]:
    """Each piece's printed outline: the page's clip paths, one for each face painted (the
    cut guides, drawn after the pieces, are clipped to the paper's clear edge too)."""
    return [line for clip in page.clips for line in clip][: len(page.forms)]


def _clear_edge(line: list[tuple[float, float]], page: Drawn) -> bool:
    xs, ys = [x for x, _ in line], [y for _, y in line]
    edge = (min(xs), min(ys), page.width - max(xs), page.height - max(ys))
    return len(line) == 4 and edge == pytest.approx((5, 5, 5, 5), abs=0.01)


def test_a_game_of_dice_alone_writes_no_empty_saved_object(tmp_path: Path) -> None:
    folder = tmp_path / "dice-only"
    folder.mkdir()
    (folder / "game.yaml").write_text(
        "id: dice-only\nname: Dice\nplayers: {min: 1, max: 2}\n"
        "components:\n  dice: {file: dice.csv, kind: dice}\n"
    )
    (folder / "dice.csv").write_text(
        FILES["dice.csv"].replace(":reed:", "R").replace(":creek:", "C")
    )
    made = {path_of(o) for o, _ in piece_files(load_game(folder), BuildOptions())}
    assert made == {"dice.pdf"}


def test_crop_marks_frame_the_pieces_printed_not_the_whole_sheet(
    built: tuple[str, dict[str, bytes]],
) -> None:
    """Three rooms on a sheet that holds more: their crop marks are round those three (a
    designer's twelve square tokens had marks down the whole empty page). Read on the
    mirrored backs, whose page has no scale bar (its end ticks are short strokes too)."""
    _, made = built
    for page in pages(made["rooms.pdf"])[1:2]:
        xs = [x for clip in page.clips for line in clip for x, _ in line]
        ys = [y for clip in page.clips for line in clip for _, y in line]
        assert xs and ys
        reach = 1.0 + 5.0 + 0.1  # a mark's offset from the printed area, and its length
        marks = [
            line
            for stroke in page.strokes
            for line in stroke
            if len(line) == 2 and 0.5 < math.dist(*line) <= 5.01
        ]
        assert marks
        for (x1, y1), (x2, y2) in marks:
            for x, y in ((x1, y1), (x2, y2)):
                assert min(xs) - reach <= x <= max(xs) + reach, (x, min(xs), max(xs))
                assert min(ys) - reach <= y <= max(ys) + reach, (y, min(ys), max(ys))


def test_a_sheet_whose_margins_the_pieces_fill_carries_the_scale_bar_below_them(
    built: tuple[str, dict[str, bytes]],
) -> None:
    """Five upright hexagons on A4, whose margins the packing fills: the 50 mm bar had no
    room above or beside them and was left off (a designer's hex tiles on A4); it is now
    below them, above the footer (or right of it when the footer is in the left margin, as
    the tiles' is: their last sheet's empty foot), once, on a page of fronts, crossing no
    piece."""
    import pdfplumber

    _, made = built
    mm = 25.4 / 72

    def bars(page: pdfplumber.page.Page) -> list[dict[str, float]]:
        return [
            line
            for line in page.lines
            if abs(max(line["x1"] - line["x0"], line["bottom"] - line["top"]) * mm - 50) < 0.05
        ]

    for name in ("upright.pdf", "tiles.pdf"):  # the tiles' footer is in the left margin
        with pdfplumber.open(io.BytesIO(made[name])) as pdf:
            barred = [n for n, page in enumerate(pdf.pages, start=1) if bars(page)]
            assert len(barred) == 1 and barred[0] % 2 == 1, (name, barred)  # a fronts page
            _clear_of_the_pieces(bars(pdf.pages[barred[0] - 1])[0], pdf.pages[barred[0] - 1])


def _clear_of_the_pieces(bar: dict[str, float], page: Any) -> None:
    """No piece's cut guide (its bounding box) crosses the bar's."""
    for piece in page.curves:
        apart = (
            bar["x1"] < piece["x0"]
            or piece["x1"] < bar["x0"]
            or bar["bottom"] < piece["top"]
            or piece["bottom"] < bar["top"]
        )
        assert apart, (bar, piece)
