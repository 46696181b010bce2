"""Feng Shui Master's player sheet, die labels and first-player token as parts (drawn by its
design.yaml from the values its engine gives), read back: one page of the paper on A4 and
Letter with the Energy Map's 6 x 6 squares of 21 mm and its circles on the vertices the data
names, the compass from the design's top element, the rules in brief from the data; 15 blocks
of die labels in their elements' colours and two round tokens."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from printgen.commands.build import BuildOptions
from printgen.kit.write import build_part
from printgen.layout.sizes import PAPER_SIZES
from printgen.model import load_game
from printgen.render.faces.game_palette import game_palette
from printgen.render.parts import part_files
from tests.conftest import CARD_DATA, edit
from tests.printcheck import ink_near_edge
from tests.render.parts.conftest import PAPERS, extent, ring
from tests.render.pdfpaths import read_pages

SQUARE = 21.0
DPI = 100
PX = DPI / 25.4
CIRCLES = {(1, 3), (2, 2), (2, 4), (3, 1), (3, 5), (4, 2), (4, 4), (5, 3)}  # RULINGS.md


def energy_map(pdf: Path) -> tuple[list[tuple[float, ...]], list[tuple[float, float, float]]]:
    """The map's squares (x0, y0, x1, y1) and its circles (cx, cy, r) as drawn."""
    (page,) = read_pages(pdf)
    squares, circles = [], []
    for path in page.paths:
        if len(path.outline) != 1:
            continue
        x0, y0, x1, y1 = extent(path)
        if len(ring(path)) == 4 and abs(x1 - x0 - SQUARE) < 0.05 and abs(y1 - y0 - SQUARE) < 0.05:
            squares.append((x0, y0, x1, y1))
        elif len(ring(path)) > 8 and path.filled and abs((x1 - x0) - (y1 - y0)) < 0.05:
            circles.append(((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2))
    return squares, circles


@pytest.mark.parametrize("paper", PAPERS)
def test_one_page_of_the_paper_with_the_map_the_data_gives(
    fsm: dict[str, Path], paper: str
) -> None:
    pdf = fsm[paper] / "player-sheet.pdf"
    size = PAPER_SIZES[paper]
    with pdfium.PdfDocument(str(pdf)) as document:
        assert len(document) == 1
        width, height = (v * 25.4 / 72 for v in document[0].get_size())
    assert (width, height) == pytest.approx((size.width, size.height), abs=0.05)
    assert ink_near_edge(pdf) == []
    squares, circles = energy_map(pdf)
    assert len(squares) == 36
    left, top = min(s[0] for s in squares), min(s[1] for s in squares)
    on = {
        (round((cy - top) / SQUARE), round((cx - left) / SQUARE))
        for cx, cy, r in circles
        if r == pytest.approx(SQUARE * 0.31, abs=0.05)
    }
    assert on == CIRCLES
    words = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    for phrase in (
        "Energy Map",
        "Element compass",
        "Draw in a square",
        "Conversion tracks",
        "Each round",
        "1–2 players: roll 10 dice; take one at a time; convert the last 2.",
        "3 players: roll 15 dice",
        "Fire may not touch water or metal; wood may not touch metal, not even diagonally.",
        "crosses a track 7 times",
        "a total of 100 or more passes",
        "+5 for each",
    ):
        assert phrase in words, phrase


def test_other_circles_in_the_data_move_them(data_copy: Path, tmp_path: Path) -> None:
    edit(
        data_copy / "feng-shui-master" / "game.yaml",
        "circles: [[1, 3], [2, 2], [2, 4], [3, 1], [3, 5], [4, 2], [4, 4], [5, 3]]",
        "circles: [[1, 1], [5, 5]]",
    )
    build_part(part_files, load_game(data_copy / "feng-shui-master"), BuildOptions(), tmp_path)
    squares, circles = energy_map(tmp_path / "feng-shui-master" / "player-sheet.pdf")
    left, top = min(s[0] for s in squares), min(s[1] for s in squares)
    on = {
        (round((cy - top) / SQUARE), round((cx - left) / SQUARE))
        for cx, cy, r in circles
        if r == pytest.approx(SQUARE * 0.31, abs=0.05)
    }
    assert on == {(1, 1), (5, 5)}


def test_the_compass_starts_at_the_designs_top_element(fsm: dict[str, Path]) -> None:
    """design.yaml's compass says `top: fire`: the node above the compass's middle is fire's
    light tone, and the next one clockwise (what fire feeds) earth's."""
    pdf = fsm["a4"] / "player-sheet.pdf"
    (page,) = read_pages(pdf)
    nodes = [
        extent(p)
        for p in page.paths
        if p.filled and len(p.outline) == 1 and 10.9 < extent(p)[2] - extent(p)[0] < 11.2
    ]
    assert len(nodes) == 5
    middle_x = sum((n[0] + n[2]) / 2 for n in nodes) / 5
    top = min(nodes, key=lambda n: n[1])
    assert (top[0] + top[2]) / 2 == pytest.approx(middle_x, abs=0.1)
    with pdfium.PdfDocument(str(pdf)) as document:
        image = document[0].render(scale=DPI / 72, rev_byteorder=True).to_numpy()[..., :3]
    tones = game_palette(load_game(CARD_DATA / "feng-shui-master")).elements
    x, y = round(((top[0] + top[2]) / 2 + 3.5) * PX), round(((top[1] + top[3]) / 2) * PX)
    colour = image[y - 1 : y + 2, x - 1 : x + 2].reshape(-1, 3).mean(axis=0)
    fire = np.array([int(tones["fire"].light[i : i + 2], 16) for i in (1, 3, 5)])
    assert np.abs(colour - fire).max() < 14


@pytest.mark.parametrize("paper", PAPERS)
def test_die_labels_and_two_round_tokens(fsm: dict[str, Path], paper: str) -> None:
    pdf = fsm[paper] / "components.pdf"
    (page,) = read_pages(pdf)
    outlines = [extent(p) for p in page.paths if not p.filled and len(p.outline) == 1]
    blocks = [
        o for o in outlines if (o[2] - o[0], o[3] - o[1]) == pytest.approx((58, 28), abs=0.05)
    ]
    tokens = [
        o for o in outlines if (o[2] - o[0], o[3] - o[1]) == pytest.approx((38, 38), abs=0.05)
    ]
    assert len(blocks) == 15 and len(tokens) == 2
    tones = game_palette(load_game(CARD_DATA / "feng-shui-master")).elements
    fills = {e: np.array([int(t.fill[i : i + 2], 16) for i in (1, 3, 5)]) for e, t in tones.items()}
    with pdfium.PdfDocument(str(pdf)) as document:
        image = document[0].render(scale=DPI / 72, rev_byteorder=True).to_numpy()[..., :3]
    found = Counter()
    rows: dict[float, set[str]] = {}
    for x0, y0, _, _ in blocks:  # a label's corner (right of the 16 mm element strip)
        x, y = round((x0 + 16 + 1.2) * PX), round((y0 + 12.5) * PX)
        colour = image[y - 1 : y + 2, x - 1 : x + 2].reshape(-1, 3).mean(axis=0)
        element = min(fills, key=lambda e: np.abs(fills[e] - colour).max())
        assert np.abs(fills[element] - colour).max() < 14
        found[element] += 1
        rows.setdefault(round(y0, 1), set()).add(element)
    assert found == {"water": 3, "wood": 3, "fire": 3, "earth": 3, "metal": 3}
    assert sorted(len(r) for r in rows.values()) == [1] * 5  # a row of the page, one element
    words = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    letters = "".join(words.split())  # PLAYER is letter-spaced
    assert "FIRST" in letters and "PLAYER" in letters and "1 opposite 6" in words
    assert ink_near_edge(pdf) == []
