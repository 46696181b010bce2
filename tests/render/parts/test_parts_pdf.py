"""A designer's parts read back from their PDFs: a 500 x 500 mm board whole on one large
sheet and tiled across A4 (the tiles cover it, overlap by the stated strip, and the drawing
under each crosshair is the same on both tiles that print it), grid cells as declared, a tuck
box sized from its deck, score pads several up, the 5 mm edge kept clear."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from printgen.layout.sizes import PAPER_SIZES
from tests.printcheck import ink_near_edge
from tests.render.parts.conftest import BOARD_MM, OVERLAP_MM, ring
from tests.render.pdfpaths import read_pages

A4 = PAPER_SIZES["a4"]
DPI = 100
PX = DPI / 25.4  # pixels a millimetre


def render(pdf: Path, page: int) -> np.ndarray:
    document = pdfium.PdfDocument(str(pdf))
    try:
        image = document[page].render(scale=DPI / 72, rev_byteorder=True).to_numpy()
        return image[..., :3].astype(int)
    finally:
        document.close()


def tile_box(pdf: Path, page: int) -> tuple[float, float, float, float]:
    """Where a tile page shows the board: the clip its drawing is painted through (x0, y0,
    x1, y1 in mm from the page's top-left), read from the PDF."""
    clips = Counter(p.clip for p in read_pages(pdf)[page].paths if p.filled and p.clip)
    (clip, _), *_ = clips.most_common(1)
    return clip


def crosshairs(pdf: Path, page: int) -> list[tuple[float, float]]:
    """Centres of the alignment crosshairs drawn on a page: a 6 mm horizontal stroke and a
    6 mm vertical one through the same middle."""
    drawn = read_pages(pdf)[page]
    lines = [line for path in drawn.paths if not path.filled for line in path.outline]
    lines = [line for line in lines if len(line) == 2]
    flat = [line for line in lines if abs(line[0][1] - line[1][1]) < 1e-3]
    upright = [line for line in lines if abs(line[0][0] - line[1][0]) < 1e-3]
    found = []
    for (a, b), (c, d) in itertools.product(flat, upright):
        if abs(abs(b[0] - a[0]) - 6) > 0.01 or abs(abs(d[1] - c[1]) - 6) > 0.01:
            continue
        middle = ((a[0] + b[0]) / 2, a[1])
        if math.dist(middle, (c[0], (c[1] + d[1]) / 2)) < 0.01:
            found.append(middle)
    return sorted(found)


def test_the_board_is_whole_on_one_large_sheet(parts_kit: Path) -> None:
    board = parts_kit / "board.pdf"
    with pdfium.PdfDocument(str(board)) as document:
        width, height = (v * 25.4 / 72 for v in document[0].get_size())
        assert (round(width), round(height)) == (594, 841)  # A1: 520 x 529 is over A2
        assert len(document) == 1 + 6  # and six A4 tiles: 3 across (500 + 2 * 10 over 190),
        sizes = {tuple(round(v * 25.4 / 72) for v in document[i].get_size()) for i in range(1, 7)}
        assert sizes == {(210, 297)}  # 2 down (500 + 10 over 265)
    (page,) = read_pages(board)[:1]
    (background,) = [
        p for p in page.paths if p.filled and _extent(p) == pytest.approx((500, 500), abs=0.01)
    ]
    x0, _, x1, _ = background.box() or (0, 0, 0, 0)
    assert (x0 + x1) / 2 == pytest.approx(594 / 2, abs=0.01)  # centred across the sheet


def test_tiles_cover_the_board_with_the_overlap_and_their_marks_line_up(
    parts_kit: Path,
) -> None:
    board = parts_kit / "board.pdf"
    pages = {label: page for page, label in enumerate(["A1", "B1", "C1", "A2", "B2", "C2"], 1)}
    boxes = {label: tile_box(board, page) for label, page in pages.items()}
    images = {label: render(board, page) for label, page in pages.items()}
    marks = {label: crosshairs(board, page) for label, page in pages.items()}
    across = [("A1", "B1"), ("B1", "C1"), ("A2", "B2"), ("B2", "C2")]
    down = [("A1", "A2"), ("B1", "B2"), ("C1", "C2")]
    # The crosshairs two neighbours share give the shift from one page to the other; the
    # second tile then starts `overlap` before the first one ends.
    for pairs, axis in ((across, 0), (down, 1)):
        for first, second in pairs:
            shift = shared_shift(marks, boxes, images, first, second, axis)
            start = boxes[second][axis] + shift
            assert boxes[first][axis + 2] - start == pytest.approx(OVERLAP_MM, abs=0.3)
    # The tiles of a row together cover the board's width, of a column its height.
    width = chain(boxes, marks, images, ["A1", "B1", "C1"], 0)
    height = chain(boxes, marks, images, ["A1", "A2"], 1)
    assert width == pytest.approx(BOARD_MM, abs=0.5)
    assert height == pytest.approx(BOARD_MM, abs=0.5)


def chain(boxes: dict, marks: dict, images: dict, labels: list[str], axis: int) -> float:
    """The board's length along `axis` from its first tile's edge to its last's, the tiles
    laid over one another crosshair on crosshair."""
    offset = 0.0
    for first, second in itertools.pairwise(labels):
        offset += shared_shift(marks, boxes, images, first, second, axis)
    return boxes[labels[-1]][axis + 2] + offset - boxes[labels[0]][axis]


def shared_shift(
    marks: dict, boxes: dict, images: dict, first: str, second: str, axis: int
) -> float:
    """How far the second tile page's drawing is moved from the first's along `axis` (mm):
    the crosshairs in the strip both print (within the overlap of the first's far edge and
    of the second's near edge), matched by their place across the axis; under each, the two
    pages show the same drawing (pixels compared round it)."""
    other = 1 - axis
    far = boxes[first][axis + 2] - OVERLAP_MM
    near = boxes[second][axis] + OVERLAP_MM
    pairs = [
        (a, b)
        for a in marks[first]
        for b in marks[second]
        if abs(a[other] - b[other]) < 0.01 and a[axis] > far and b[axis] < near
    ]
    assert len(pairs) >= 2, (first, second)
    shifts = {round(a[axis] - b[axis], 3) for a, b in pairs}
    assert len(shifts) == 1, shifts  # every shared crosshair moves by the same
    for a, b in pairs:
        assert same_drawing_round(images[first], a, images[second], b)
    return shifts.pop()


def same_drawing_round(
    image_a: np.ndarray, a: tuple[float, float], image_b: np.ndarray, b: tuple[float, float]
) -> bool:
    """The drawing round a crosshair on one page is the drawing round it on the other: of
    the 6 mm squares (inside the 10 mm strip both tiles print) round the crosshair on the
    first page and round points up to 6 px off it on the second, the closest is the one at
    the crosshair, give or take a pixel (0.25 mm) of antialiasing."""
    half = round(3 * PX)

    def patch(image: np.ndarray, at: tuple[float, float], dx: int = 0, dy: int = 0) -> np.ndarray:
        x, y = round(at[0] * PX) + dx, round(at[1] * PX) + dy
        return image[y - half : y + half, x - half : x + half]

    first = patch(image_a, a)
    offsets = [(dx, dy) for dx in range(-6, 7) for dy in range(-6, 7)]
    difference = {o: np.abs(first - patch(image_b, b, *o)).mean() for o in offsets}
    best = min(difference, key=lambda o: difference[o])
    assert max(abs(best[0]), abs(best[1])) <= 1, (best, difference[best], difference[(0, 0)])
    return True


def test_hex_and_square_cells_measure_as_declared(parts_kit: Path) -> None:
    (page,) = read_pages(parts_kit / "hexmap.pdf")
    hexes = [p for p in page.paths if p.filled and len(p.outline) == 1 and _corners(p) == 6]
    assert len(hexes) == 5 * 3
    for path in hexes:
        points = ring(path)
        sides = [math.dist(p, q) for p, q in itertools.pairwise([*points, points[0]])]
        assert sides == pytest.approx([30 / math.sqrt(3)] * 6, abs=0.1)
        # across the flats (the map may be printed turned: its flats then stand upright)
        assert min(_extent(path)) == pytest.approx(30.0, abs=0.1)
    board = read_pages(parts_kit / "board.pdf")[0]
    squares = [p for p in board.paths if p.filled and len(p.outline) == 1 and _corners(p) == 4]
    cells = [p for p in squares if _extent(p) == pytest.approx((40.0, 40.0), abs=0.1)]
    assert len(cells) == 10 * 10


def _corners(path) -> int:
    return len(ring(path))


def _extent(path) -> tuple[float, float]:
    xs = [x for x, _ in ring(path)]
    ys = [y for _, y in ring(path)]
    return max(xs) - min(xs), max(ys) - min(ys)


def test_the_tuck_box_is_sized_from_its_deck(parts_kit: Path) -> None:
    """Poker cards (63.5 mm wide) with 1 mm clearance, 54 of them at 0.3 mm: the folds between
    front, spine, back, spine and glue flap are 64.5, 16.2, 64.5 and 16.2 mm apart, each as
    tall as the card plus clearance (89.9 mm)."""
    (page,) = read_pages(parts_kit / "deck-box.pdf")
    folds = sorted(
        line[0][0]
        for path in page.paths
        if not path.filled
        for line in path.outline
        if len(line) == 2
        and abs(line[0][0] - line[1][0]) < 1e-6
        and abs(abs(line[1][1] - line[0][1]) - 89.9) < 0.05
    )
    assert len(folds) == 4
    assert [b - a for a, b in itertools.pairwise(folds)] == pytest.approx(
        [16.2, 64.5, 16.2], abs=0.05
    )


def test_score_pads_go_two_up_turned_with_cut_lines(parts_kit: Path) -> None:
    pages = read_pages(parts_kit / "score-pad.pdf")
    assert len(pages) == 2  # three pads: two on the first sheet, one on the second
    for page, count in zip(pages, (2, 1), strict=True):
        cut = [
            p
            for p in page.paths
            if not p.filled
            and len(p.outline) == 1
            and _extent(p) == pytest.approx((180, 130), abs=0.05)
        ]
        assert len(cut) == count


@pytest.mark.parametrize("kit", ["parts_kit", "parts_kit_letter"])
def test_every_page_keeps_five_mm_clear(request: pytest.FixtureRequest, kit: str) -> None:
    """Every sheet, tile and large sheet, on A4 and on Letter."""
    folder = request.getfixturevalue(kit)
    for name in ("board.pdf", "hexmap.pdf", "score-pad.pdf", "deck-box.pdf"):
        assert ink_near_edge(folder / name) == [], name
