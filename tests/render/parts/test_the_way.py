"""The Way's board, player aids and pawns as parts (game.yaml `parts:`, drawn by its
design.yaml from the values its engine gives), read back from board.pdf and components.pdf:
49 squares of 28 mm, the Void at the centre and each gate in its colour on its side, the board
whole on A3 and tiled on the paper, four aid cards and four pawns with their folds."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.write import build_part
from printgen.layout.sizes import PAPER_SIZES
from printgen.model import load_game
from printgen.render.faces.game_palette import game_palette
from printgen.render.parts import part_files
from printgen.rules.the_way.parts import part_values
from tests.conftest import CARD_DATA, edit
from tests.printcheck import ink_near_edge
from tests.render.parts.conftest import PAPERS, extent, ring
from tests.render.pdfpaths import read_pages

DPI = 100
PX = DPI / 25.4
SQUARE = 28.0
GATES = {"air": "top", "fire": "right", "earth": "bottom", "water": "left"}


def render(pdf: Path, page: int) -> np.ndarray:
    with pdfium.PdfDocument(str(pdf)) as document:
        image = document[page].render(scale=DPI / 72, rev_byteorder=True).to_numpy()
    return image[..., :3].astype(int)


def colour_at(image: np.ndarray, x: float, y: float) -> tuple[float, ...]:
    """The mean colour of the 1 mm square centred on (x, y) mm."""
    x0, y0, half = round(x * PX), round(y * PX), round(0.5 * PX)
    return tuple(image[y0 - half : y0 + half, x0 - half : x0 + half].mean(axis=(0, 1)))


def rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def near(a: tuple[float, ...], b: tuple[int, ...], tolerance: float = 12) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


def squares(pdf: Path) -> list[tuple[float, float, float, float]]:
    """The board's squares on page 1: filled four-cornered cells 28 mm a side."""
    page = read_pages(pdf)[0]
    found = []
    for path in page.paths:
        if not path.filled or len(path.outline) != 1 or len(ring(path)) != 4:
            continue
        x0, y0, x1, y1 = extent(path)
        if abs(x1 - x0 - SQUARE) < 0.05 and abs(y1 - y0 - SQUARE) < 0.05:
            found.append((x0, y0, x1, y1))
    return found


@pytest.mark.parametrize("paper", PAPERS)
def test_the_board_is_whole_on_a3_then_tiled_on_the_paper(way: dict[str, Path], paper: str) -> None:
    board = way[paper] / "board.pdf"
    with pdfium.PdfDocument(str(board)) as document:
        sizes = [
            tuple(round(v * 25.4 / 72, 1) for v in document[i].get_size())
            for i in range(len(document))
        ]
    home = PAPER_SIZES[paper]
    assert sizes[0] == (297.0, 420.0)
    assert sizes[1:] == [(round(home.width, 1), round(home.height, 1))] * 2  # two tiles: 248 mm
    assert ink_near_edge(board) == []


def test_seven_by_seven_squares_of_28_mm_with_the_void_and_gates(way: dict[str, Path]) -> None:
    board = way["a4"] / "board.pdf"
    cells = squares(board)
    assert len(cells) == 49 and SQUARE >= 25  # a standing pawn needs 25 mm
    left, top = min(c[0] for c in cells), min(c[1] for c in cells)
    right, bottom = max(c[2] for c in cells), max(c[3] for c in cells)
    assert (right - left, bottom - top) == pytest.approx((7 * SQUARE, 7 * SQUARE), abs=0.05)
    assert (left + right) / 2 == pytest.approx(297 / 2, abs=0.05)  # centred across A3
    tones = game_palette(load_game(CARD_DATA / "the-way")).elements
    image = render(board, 0)
    middle = ((left + right) / 2, (top + bottom) / 2)
    corner = (middle[0] - SQUARE / 2 + 3, middle[1] - SQUARE / 2 + 3)
    assert near(colour_at(image, *corner), rgb(tones["void"].fill))
    # each gate's tab, 2.5 mm out from the 6 mm frame and 18 mm along from the side's middle
    out = 6 + 2.5
    places = {
        "top": (middle[0] + 18, top - out),
        "bottom": (middle[0] + 18, bottom + out),
        "left": (left - out, middle[1] + 18),
        "right": (right + out, middle[1] + 18),
    }
    for element, side in GATES.items():
        assert near(colour_at(image, *places[side]), rgb(tones[element].fill)), element
    # the square next to each gate in the gate's light tone
    inside = {
        "top": (middle[0] - 10, top + 3),
        "bottom": (middle[0] - 10, bottom - 3),
        "left": (left + 3, middle[1] - 10),
        "right": (right - 3, middle[1] - 10),
    }
    for element, side in GATES.items():
        assert near(colour_at(image, *inside[side]), rgb(tones[element].light)), element


def test_the_words_the_board_prints(way: dict[str, Path]) -> None:
    from pypdf import PdfReader

    words = " ".join(page.extract_text() for page in PdfReader(way["a4"] / "board.pdf").pages)
    letters = "".join(words.split())  # the gates' names are letter-spaced
    for word in ("The Way", "Board", "VOID", "AIR", "FIRE", "EARTH", "WATER", "yellow gate"):
        assert "".join(word.split()) in letters, word
    assert "tile 2 of 2" in words and "A1" in words and "B1" in words
    assert "tile 2 of 2 (column B, row 1)" in " ".join(words.split()), words


def test_the_a3_sheet_has_the_move_legend_under_the_board(way: dict[str, Path]) -> None:
    """The legend part (`in: board`) prints on the large sheet, under the board and across
    the heading's width, a row for each symbol; the home tiles hold the board alone."""
    import pdfplumber

    board = way["a4"] / "board.pdf"
    cells = squares(board)
    bottom = max(c[3] for c in cells)
    with pdfplumber.open(board) as pdf:
        sheet, *tiles = pdf.pages
        words = sheet.extract_words(x_tolerance=1)
        mm = 25.4 / 72
        heading = next(w for w in words if w["text"] == "How")
        assert heading["top"] * mm > bottom + 6 + 17  # under the frame and the earth gate
        rows = {w["text"]: w for w in words if w["text"] in ("Air", "Fire", "Earth", "Water")}
        assert set(rows) == {"Air", "Fire", "Earth", "Water"}
        assert all(w["top"] > heading["bottom"] for w in rows.values())
        said = " ".join(w["text"] for w in words)
        for phrase in (
            "How each symbol moves a piece",
            "toward the yellow gate",
            "one step toward the Void",
            "any move above",
        ):
            assert phrase in said, phrase
        title = [c for c in sheet.chars if c["text"] == "T" and c["size"] > 20]
        assert title and "Bold" in title[0]["fontname"]  # the heading's game name
        for tile in tiles:
            assert "How each symbol" not in (tile.extract_text() or "")


@pytest.mark.parametrize("paper", PAPERS)
def test_four_aid_cards_and_four_pawns_with_their_folds(way: dict[str, Path], paper: str) -> None:
    from pypdf import PdfReader

    pdf = way[paper] / "components.pdf"
    (page,) = read_pages(pdf)
    outlines = [extent(p) for p in page.paths if not p.filled and len(p.outline) == 1]
    aids = [
        o for o in outlines if (o[2] - o[0], o[3] - o[1]) == pytest.approx((63.5, 88.9), abs=0.05)
    ]
    pawns = [o for o in outlines if (o[2] - o[0], o[3] - o[1]) == pytest.approx((22, 82), abs=0.05)]
    assert len(aids) == 4 and len(pawns) == 4
    for a, b in itertools.combinations(aids + pawns, 2):  # none overlaps another
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    lines = [
        line
        for p in page.paths
        if not p.filled
        for line in p.outline
        if len(line) == 2 and abs(line[0][1] - line[1][1]) < 1e-3
    ]
    tones = game_palette(load_game(CARD_DATA / "the-way")).elements
    image = render(pdf, 0)
    pawns.sort(key=lambda o: (round(o[1]), o[0]))
    for pawn, element in zip(pawns, ("air", "fire", "earth", "water"), strict=True):
        x0, y0, x1, _ = pawn
        folds = sorted(
            round(a[1] - y0, 2)
            for a, b in lines
            if x0 - 0.01 <= min(a[0], b[0])
            and max(a[0], b[0]) <= x1 + 0.01
            and abs(abs(b[0] - a[0]) - 22) < 0.05
            and y0 < a[1] < y0 + 82
        )
        assert folds == [11.0, 41.0, 71.0], element  # base flap, back, front, base flap
        assert near(colour_at(image, x0 + 1.5, y0 + 42.5), rgb(tones[element].fill)), element
    words = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    for phrase in (
        "How each symbol moves",
        "one step north",
        "one step toward the Void",
        "any one of the steps above",
        "yellow gate",
        "Pawn: cut round each strip",
    ):
        assert phrase in words, phrase
    spaced = words.replace(" ", "")  # letter-spaced capitals come back a letter a word
    for phrase in ("AIR", "WATER", "THEWAY·PLAYERAID"):
        assert phrase in spaced, phrase
    assert ink_near_edge(pdf) == []


def test_the_aid_rows_follow_the_gates_then_the_other_symbols(data_copy: Path) -> None:
    """The engine's values: gate symbols in the gates' order, then the symbols with no gate
    in game.yaml's `symbols:` order, each with its move; the cells next to the gates."""
    edit(
        data_copy / "the-way" / "game.yaml",
        "symbols: [air, earth, fire, water, void, wild]",
        "symbols: [wild, air, earth, fire, water, void]",
    )
    values = part_values(load_game(data_copy / "the-way"))
    assert [(m["symbol"], m["move"]) for m in values["moves"]] == [
        ("air", "north"),
        ("fire", "east"),
        ("earth", "south"),
        ("water", "west"),
        ("wild", "any"),
        ("void", "centre"),
    ]
    assert [(g["element"], g["cell"], g["side"]) for g in values["gates"]] == [
        ("air", "D1", "top"),
        ("fire", "G4", "right"),
        ("earth", "D7", "bottom"),
        ("water", "A4", "left"),
    ]
    assert values["centre"] == "D4" and values["size"] == 7


def test_a_designers_copy_prints_its_own_name_and_colours(tmp_path: Path) -> None:
    folder = tmp_path / "gates"
    shutil.copytree(CARD_DATA / "the-way", folder)
    edit(folder / "game.yaml", "id: the-way", "id: gates")
    edit(folder / "game.yaml", "name: The Way", "name: Gatekeepers")
    edit(
        folder / "design.yaml",
        'earth: {fill: "#5e320f", dark: "#4a2a12", light: "#eddcca", ink: "#ffffff"}',
        'earth: {fill: "#2e7d32"}',
    )
    game = load_game(folder)
    build_part(part_files, game, BuildOptions(), tmp_path / "out")
    from pypdf import PdfReader

    pdf = tmp_path / "out" / "gates" / "components.pdf"
    words = PdfReader(pdf).pages[0].extract_text()
    assert "GATEKEEPERS" in words.upper() and "The Way" not in words
    (page,) = read_pages(pdf)
    pawns = sorted(
        (extent(p) for p in page.paths if not p.filled and len(p.outline) == 1),
        key=lambda o: (round(o[1]), o[0]),
    )
    pawns = [o for o in pawns if (o[2] - o[0], o[3] - o[1]) == pytest.approx((22, 82), abs=0.05)]
    earth = pawns[2]
    assert near(colour_at(render(pdf, 0), earth[0] + 1.5, earth[1] + 42.5), rgb("#2e7d32"))


def test_text_from_data_prints_literally(data_copy: Path, tmp_path: Path) -> None:
    path = data_copy / "the-way" / "game.yaml"
    edit(path, "subtitle: Guide the pieces through their gates", """subtitle: '<b>&amp; "x" ]]>'""")
    edit(path, "colour: yellow", "colour: '<yellow>&'")
    build_part(part_files, load_game(data_copy / "the-way"), BuildOptions(), tmp_path)
    from pypdf import PdfReader

    words = PdfReader(tmp_path / "the-way" / "board.pdf").pages[0].extract_text()
    assert '<b>&amp; "x" ]]>' in words
    assert "<yellow>& gate" in words


def test_a_larger_board_in_the_rules_needs_a_larger_part(cli, data_copy: Path) -> None:
    """The squares come from the rules' board size; 9 of 28 mm do not fit the design's
    196 mm: validate names the design's line, and what would fit."""
    path = data_copy / "the-way" / "game.yaml"
    edit(path, "size: 7", "size: 9")
    for old, new in (
        ("[0, 3]", "[0, 4]"),
        ("[3, 0]", "[4, 0]"),
        ("[0, -3]", "[0, -4]"),
        ("[-3, 0]", "[-4, 0]"),
    ):
        edit(path, old, new)
    run = cli("validate", "--data", data_copy, "the-way")
    assert run.code == 2
    design = (data_copy / "the-way" / "design.yaml").read_text().splitlines()
    line = next(n for n, text in enumerate(design, 1) if "squares: {grid:" in text)
    assert (
        f"design.yaml:{line}: box squares: a 9 x 9 square grid of 28 mm cells is 252.0 x 252.0"
        " mm, larger than its 196.0 x 196.0 mm box"
    ) in run.err
