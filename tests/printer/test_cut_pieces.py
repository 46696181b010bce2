"""`build --cutter` for tiles and tokens (issue 33): `<deck>-cut.pdf` holds a deck's pieces
inside the cutter's registration marks, `<deck>-cut.svg` and `.dxf` one closed contour a piece
along its own outline (a flat-top or corner-up hexagon, a circle, a rounded rectangle).

Read back and checked against the shapes worked out here from game.yaml's sizes: every point
of every contour (its arcs followed from SVG's own arc flags) lies within 0.05 mm of its
piece's outline, centred where the PDF places that piece's face; the art printed round each
piece reaches past its cut all round (a cut 0.5 mm off shows no white); no two contours touch
(each is cut once); the marks sit where Silhouette Studio looks for them."""

from __future__ import annotations

import math
from pathlib import Path

import pikepdf
import pytest

from printgen.render.faces.face import RECORD_BLEED_MM
from tests.pieces_game import build_game
from tests.printer.svgpath import contours
from tests.printer.test_cut import marks
from tests.render.piecepdf import MM, read_page

GAME = """\
id: hexes
name: Hexes
players: {min: 1, max: 4}
components:
  tiles: {file: tiles.csv, shape: hex, size: 30mm}
  upright: {file: upright.csv, shape: hex, size: 20mm, corner_up: true}
  tokens: {file: tokens.csv, shape: circle, size: 25mm, sides: 2}
  rooms: {file: rooms.csv, shape: rounded, size: [40mm, 25mm]}
  dice: {file: dice.csv, kind: dice, size: 16mm}
"""
FILES = {
    "tiles.csv": "name,count\nMarsh,4\nSea,3\n",
    "upright.csv": "name,count\nHill,3\n",
    "tokens.csv": "name,count\nSun,2\nMoon,1\n",
    "rooms.csv": "name,count\nHall,2\n",
    "dice.csv": "name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6\nWind,1,1,2,3,4,5,6\n",
}
SQRT3 = math.sqrt(3)
ROUNDED_RADIUS = 25.4 / 8  # a rounded rectangle's corners: 1/8 in


def hexagon(flats: float, corner_up: bool) -> list[tuple[float, float]]:
    """A regular hexagon's corners round (0, 0): `flats` across its flats, its corners
    `flats / sqrt(3)` from the centre, at 0, 60 ... degrees (flat top) or 30, 90 ... (corner up)."""
    start = 30 if corner_up else 0
    r = flats / SQRT3
    return [
        (r * math.cos(math.radians(start + 60 * i)), r * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    ]


def to_polygon(p: tuple[float, float], corners: list[tuple[float, float]]) -> float:
    """The distance from `p` to the polygon's sides."""
    return min(
        _to_segment(p, a, b) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)
    )


def _to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def to_rounded(p: tuple[float, float], w: float, h: float, r: float) -> float:
    """The distance from `p` (relative to the centre) to a `w` x `h` rectangle's outline with
    corners rounded to `r`."""
    x, y = abs(p[0]), abs(p[1])
    inner_x, inner_y = w / 2 - r, h / 2 - r
    if x > inner_x and y > inner_y:
        return abs(math.hypot(x - inner_x, y - inner_y) - r)
    if x > inner_x:
        return abs(x - w / 2) if y <= inner_y else math.inf
    return abs(y - h / 2)


EXPECTED = {  # deck: distance from a point (relative to the piece's centre) to its outline
    "tiles": lambda p: to_polygon(p, hexagon(30, False)),
    "upright": lambda p: to_polygon(p, hexagon(20, True)),
    "tokens": lambda p: abs(math.hypot(*p) - 12.5),
    "rooms": lambda p: to_rounded(p, 40, 25, ROUNDED_RADIUS),
}
TRIM = {  # each deck's trim box, width x height (mm)
    "tiles": (60 / SQRT3, 30.0),
    "upright": (20.0, 40 / SQRT3),
    "tokens": (25.0, 25.0),
    "rooms": (40.0, 25.0),
}
COUNTS = {"tiles": 7, "upright": 3, "tokens": 3, "rooms": 2}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("cut-pieces")
    return {
        cutter: build_game(work / cutter, GAME, FILES, "--cutter", cutter)
        for cutter in ("silhouette", "cricut")
    }


def face_centres(pdf: Path, deck: str, page: int = 0) -> list[tuple[float, float]]:
    """The centre (mm, y up) of each face painted on the page: where its drawing's top-left
    lands, plus half the drawing (the piece's trim box grown by the 1/8 in every face is
    drawn with, a hexagon's corners reaching 2 / sqrt(3) times as far)."""
    width, height = TRIM[deck]
    reach = RECORD_BLEED_MM * (2 / SQRT3 if deck in ("tiles", "upright") else 1)
    with pikepdf.open(pdf) as document:
        forms = read_page(document, page).forms
    return [(x + width / 2 + reach, y - height / 2 - reach) for _, (x, y) in forms]


def centre(points: list[tuple[float, float]]) -> tuple[float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


@pytest.mark.parametrize("cutter", ["silhouette", "cricut"])
@pytest.mark.parametrize("deck", sorted(EXPECTED))
def test_each_contour_is_its_pieces_outline_where_the_piece_prints(
    built: dict[str, Path], cutter: str, deck: str
) -> None:
    folder = built[cutter]
    _, paths = contours(folder / f"{deck}-cut.svg")
    centres = face_centres(folder / f"{deck}-cut.pdf", deck)
    assert len(paths) == len(centres) == COUNTS[deck]  # one page: one contour a piece printed
    distance = EXPECTED[deck]
    for points, placed in zip(paths, centres, strict=True):
        middle = centre(points)
        assert middle == pytest.approx(placed, abs=0.05)
        worst = max(distance((x - placed[0], y - placed[1])) for x, y in points)
        assert worst <= 0.05, f"{deck}: a contour strays {worst:.3f} mm from the outline"


@pytest.mark.parametrize("deck", sorted(EXPECTED))
def test_the_art_runs_past_every_cut_and_no_two_cuts_touch(
    built: dict[str, Path], deck: str
) -> None:
    folder = built["silhouette"]
    _, paths = contours(folder / f"{deck}-cut.svg")
    with pikepdf.open(folder / f"{deck}-cut.pdf") as document:
        clips = read_page(document, 0).clips
    assert len(clips) == len(paths)
    for points in paths:  # the printed clip holding this piece: art at least 1 mm beyond it
        middle = centre(points)
        clip = min(clips, key=lambda c: math.dist(centre(c[0]), middle))[0]
        if deck == "tokens":  # a circle's clip: its four quarter points, on a larger circle
            assert min(math.dist(p, middle) for p in clip) - 12.5 >= 0.95
        else:
            assert min(to_polygon(p, clip) for p in points[:: max(1, len(points) // 60)]) >= 0.95
    for i, one in enumerate(paths):  # each piece cut on its own: 2 mm between contours
        for other in paths[i + 1 :]:
            gap = min(math.dist(p, q) for p in one[::4] for q in other[::4])
            assert gap >= 1.9


def test_silhouette_marks_and_the_page_of_each_deck(built: dict[str, Path]) -> None:
    for deck in EXPECTED:
        pdf = built["silhouette"] / f"{deck}-cut.pdf"
        with pikepdf.open(pdf) as document:
            width, height = (float(v) / MM for v in document.pages[0].mediabox[2:])
            assert len(document.pages) == 2  # the fronts, then their backs
        assert {round(width, 2), round(height, 2)} == {210.0, 297.0}
        w, h = round(width, 2), round(height, 2)
        assert marks(pdf) == sorted(  # Type 1 at 10 mm, whichever way up the page is
            [
                (10.0, 10.0, 15.0, 15.0),
                (w - 30.0, 10.0, w - 10.0, 10.5),
                (w - 10.5, 10.0, w - 10.0, 30.0),
                (10.0, h - 10.5, 30.0, h - 10.0),
                (10.0, h - 30.0, 10.5, h - 10.0),
            ]
        )
        assert marks(pdf, 1) == []
        (_, paths) = contours(built["silhouette"] / f"{deck}-cut.svg")
        for points in paths:  # clear of the marks and the band Silhouette Studio keeps free
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            assert min(xs) >= 16 and min(ys) >= 16 and max(xs) <= w - 16 and max(ys) <= h - 16


def test_the_dxf_holds_each_contour_closed(built: dict[str, Path]) -> None:
    lines = (built["silhouette"] / "tiles-cut.dxf").read_text().split("\n")
    pairs = list(zip(lines[0::2], lines[1::2], strict=False))
    starts = [i for i, pair in enumerate(pairs) if pair == ("0", "POLYLINE")]
    assert len(starts) == COUNTS["tiles"]
    for start in starts:  # closed (flag 1), six corners, no arcs
        end = pairs.index(("0", "SEQEND"), start)
        body = pairs[start:end]
        assert ("70", "1") in body
        assert sum(1 for pair in body if pair == ("0", "VERTEX")) == 6
        assert not any(code == "42" for code, _ in body)


def test_dice_get_no_cut_file(built: dict[str, Path]) -> None:
    assert not list(built["silhouette"].glob("dice-cut.*"))
    assert (built["silhouette"] / "dice.pdf").exists()
