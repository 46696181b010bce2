"""The Way's board.pdf read back: pages, squares, gates, the Void, tiles, text, fonts, bytes."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pikepdf
import pytest

from printgen.errors import DataError, UsageError
from printgen.layout.geometry import Rect
from printgen.layout.sizes import PAPER_SIZES
from printgen.layout.units import PT_PER_MM
from printgen.model import load_game
from printgen.render.boards.board_layout import moves
from printgen.render.boards.board_pages import large_page, tiling
from printgen.render.boards.board_render import PART, _palette, board_pdf, the_board
from printgen.render.boards.design import design_of
from printgen.render.boards.pdfkit import DRAWING_NAME
from tests.conftest import edit
from tests.render_board.conftest import DATA
from tests.render_board.helpers import (
    blank_margin,
    close,
    dark_runs,
    fonts,
    hex_rgb,
    luminance_row,
    mean_colour,
    page_sizes_mm,
    render,
    text,
)

DPI = 100
PAPERS = ("a4", "letter")


def setup(paper: str) -> tuple:
    game = load_game(DATA / "the-way")
    design = design_of(game, PART)
    layout = the_board(game, design)
    return (
        game,
        design,
        layout,
        large_page(layout, design),
        tiling(layout, PAPER_SIZES[paper], design),
    )


@pytest.mark.parametrize("paper", PAPERS)
def test_page_one_is_a3_then_tiles_on_the_paper(kits: dict[str, Path], paper: str) -> None:
    *_, tiles = setup(paper)
    sizes = page_sizes_mm(kits[paper] / "the-way" / "board.pdf")
    assert sizes[0] == (297.0, 420.0)
    paper_size = PAPER_SIZES[paper]
    assert sizes[1:] == [(round(paper_size.width, 1), round(paper_size.height, 1))] * len(
        tiles.tiles
    )
    assert len(tiles.tiles) >= 2  # a 7 x 7 board of 28 mm squares does not fit A4 or Letter


def test_squares_are_large_enough_and_from_the_data() -> None:
    _, design, layout, *_ = setup("a4")
    assert layout.size == 7
    assert layout.square >= design.length("board", "min_square") >= 25
    assert len(layout.squares) == 49
    assert (layout.centre.x, layout.centre.y) == (0, 0)
    assert layout.centre.box.cx == pytest.approx(layout.width / 2)
    assert layout.centre.box.cy == pytest.approx(layout.height / 2)


def measured_squares(pdf: Path, layout, large) -> list[float]:
    """Grid lines crossed by a horizontal line through the squares of row y = 2: the spacing
    between neighbouring lines, in mm, measured on the rendered page."""
    image = render(pdf, 1, DPI)
    row = layout.square_at(0, 2).box
    y = round((large.board.y + row.cy + row.h * 0.3) / 25.4 * DPI)
    x0 = round((large.board.x + layout.frame.x + 1) / 25.4 * DPI)
    x1 = round((large.board.x + layout.frame.right - 1) / 25.4 * DPI)
    runs = dark_runs(luminance_row(image, y, x0, x1), 200)
    # The frame (with the grid's outer edge) at both ends, thin grid lines between.
    edges = [runs[0][1]] + [(a + b) / 2 for a, b in runs[1:-1]] + [runs[-1][0]]
    return [(b - a) * 25.4 / DPI for a, b in itertools.pairwise(edges)]


def test_square_size_and_count_measured_on_the_page(kits: dict[str, Path]) -> None:
    _, _, layout, large, _ = setup("a4")
    spacing = measured_squares(kits["a4"] / "the-way" / "board.pdf", layout, large)
    assert len(spacing) == 7
    for mm in spacing:
        assert mm == pytest.approx(layout.square, abs=0.6)
        assert mm >= 25 - 0.6


def test_void_and_gates_in_their_colours(kits: dict[str, Path]) -> None:
    _, _, layout, large, _ = setup("a4")
    palette = _palette(load_game(DATA / "the-way"))
    image = render(kits["a4"] / "the-way" / "board.pdf", 1, DPI)
    ox, oy = large.board.x, large.board.y
    void = layout.centre.box
    # The Void is the square at the centre of the page's board, in the Void's colour.
    assert void.cx + ox == pytest.approx(large.board.cx)
    patch = mean_colour(image, ox + void.x + 3, oy + void.y + 3, 3, 3, DPI)
    assert close(patch, hex_rgb(palette["elements"]["void"]["fill"]))
    for gate in layout.gates:
        # A point 2.5 mm inside the tab's corner on the frame side and the player's right.
        a = math.radians(gate.rotation)
        w = gate.box.w if gate.rotation in (0, 180) else gate.box.h
        d = gate.box.h if gate.rotation in (0, 180) else gate.box.w
        lx, ly = w / 2 - 2.5, -d / 2 + 2.5
        x = gate.box.cx + lx * math.cos(a) - ly * math.sin(a)
        y = gate.box.cy + lx * math.sin(a) + ly * math.cos(a)
        patch = mean_colour(image, ox + x - 0.75, oy + y - 0.75, 1.5, 1.5, DPI)
        assert close(patch, hex_rgb(palette["elements"][gate.element]["fill"])), gate.element
    # Gates outside the middle of each edge, as RULINGS.md places them.
    places = {g.element: (g.direction, g.next_to) for g in layout.gates}
    assert places == {
        "air": ("north", (0, 3)),
        "fire": ("east", (3, 0)),
        "earth": ("south", (0, -3)),
        "water": ("west", (-3, 0)),
    }


CLIP = re.compile(
    rb"^q ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re W n 1 0 0 1 ([-\d.]+) ([-\d.]+) cm "
    + DRAWING_NAME.encode()
    + rb" Do Q"
)


def placed(pdf: Path) -> list[tuple[Rect, float, float, tuple[int, int]]]:
    """Per tile page: the part of the drawing shown (drawing mm), the page offset, and the
    form XObject placed (its object number)."""
    result = []
    with pikepdf.open(pdf) as doc:
        for page in doc.pages[1:]:
            first = page.Contents[0] if isinstance(page.Contents, pikepdf.Array) else page.Contents
            match = CLIP.match(first.read_bytes())
            assert match, "the tile's clip and placement come first"
            x, y, w, h, dx, dy = (float(v) / PT_PER_MM for v in match.groups())
            form = page.Resources.XObject[DRAWING_NAME].objgen
            result.append((Rect(x - dx, y - dy, x - dx + w, y - dy + h), dx, dy, form))
    return result


@pytest.mark.parametrize("paper", PAPERS)
def test_tiles_cover_the_board_with_the_stated_overlap(kits: dict[str, Path], paper: str) -> None:
    _, design, layout, _, tiles = setup(paper)
    overlap = design.length("tiles", "overlap")
    shown = placed(kits[paper] / "the-way" / "board.pdf")
    assert len(shown) == tiles.rows * tiles.columns
    assert len({form for *_, form in shown}) == 1  # one drawing, placed on every page
    rects = [r for r, *_ in shown]
    assert Rect.union(rects).__dict__ == pytest.approx(
        Rect(0, 0, layout.width, layout.height).__dict__, abs=0.01
    )
    for k, rect in enumerate(rects):
        row, column = divmod(k, tiles.columns)
        if column + 1 < tiles.columns:
            assert rect.right - rects[k + 1].left == pytest.approx(overlap, abs=0.01)
        if row + 1 < tiles.rows:
            assert rect.bottom - rects[k + tiles.columns].top == pytest.approx(overlap, abs=0.01)
    paper_size = PAPER_SIZES[paper]
    for rect, dx, dy, _ in shown:
        on_page = rect.translated(dx, dy)
        assert Rect(0, 0, paper_size.width, paper_size.height).outset(-5).contains(on_page)


@pytest.mark.parametrize("paper", PAPERS)
def test_text_fonts_and_margins(kits: dict[str, Path], paper: str) -> None:
    pdf = kits[paper] / "the-way" / "board.pdf"
    *_, tiles = setup(paper)
    words = text(pdf)
    for word in ("The Way", "VOID", "AIR", "FIRE", "EARTH", "WATER", "How each symbol moves"):
        assert word in words
    for tile in tiles.tiles:
        assert tile.label in words
    assert f"tile {len(tiles.tiles)} of {len(tiles.tiles)}" in words
    used = fonts(pdf)
    assert used and all(embedded for _, embedded in used)
    assert all("Lato" in name for name, _ in used)
    for page in range(1, len(tiles.tiles) + 2):
        assert blank_margin(render(pdf, page, 40), 5, 40), f"page {page}"


def test_two_builds_are_byte_identical() -> None:
    game = load_game(DATA / "the-way")
    assert board_pdf(game, "letter") == board_pdf(game, "letter")


def test_a_larger_board_in_the_data_is_drawn(data_copy: Path, tmp_path: Path) -> None:
    path = data_copy / "the-way" / "game.yaml"
    edit(path, "size: 7", "size: 9")
    for old, new in (
        ("[0, 3]", "[0, 4]"),
        ("[3, 0]", "[4, 0]"),
        ("[0, -3]", "[0, -4]"),
        ("[-3, 0]", "[-4, 0]"),
    ):
        edit(path, old, new)
    game = load_game(data_copy / "the-way")
    design = design_of(game, PART)
    layout = the_board(game, design)
    assert layout.size == 9 and 25 <= layout.square < 28  # shrunk to fit A3, not below 25
    pdf = tmp_path / "board.pdf"
    pdf.write_bytes(board_pdf(game, "a4"))
    spacing = measured_squares(pdf, layout, large_page(layout, design))
    assert len(spacing) == 9
    assert all(mm == pytest.approx(layout.square, abs=0.6) for mm in spacing)


def test_an_even_board_is_refused_naming_the_line(data_copy: Path) -> None:
    edit(data_copy / "the-way" / "game.yaml", "size: 7", "size: 6")
    with pytest.raises(DataError, match=r"game.yaml:\d+: rules.board.size: expected an odd"):
        board_pdf(load_game(data_copy / "the-way"), "a4")


def test_text_from_data_prints_literally(data_copy: Path, tmp_path: Path) -> None:
    path = data_copy / "the-way" / "game.yaml"
    edit(
        path,
        "subtitle: Guide the pieces through their gates",
        """subtitle: '<b>&amp; "x" ]]> {{ 1 }}'""",
    )
    edit(path, "colour: yellow", "colour: '<yellow>&'")
    pdf = tmp_path / "board.pdf"
    pdf.write_bytes(board_pdf(load_game(data_copy / "the-way"), "a4"))
    words = text(pdf)
    assert '<b>&amp; "x" ]]> {{ 1 }}' in words
    assert "<yellow>& gate" in words


def test_an_unknown_paper_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown paper 'a5'"):
        board_pdf(load_game(DATA / "the-way"), "a5")


def test_the_aid_rows_follow_the_gates_then_the_engines_other_symbols(data_copy: Path) -> None:
    """Gate symbols in the gates' order, then the symbols with no gate in game.yaml's
    `symbols:` order, each with the engine board's move for it: nothing read from a list of
    symbol names in the renderer."""
    path = data_copy / "the-way" / "game.yaml"
    edit(
        path,
        "symbols: [air, earth, fire, water, void, wild]",
        "symbols: [wild, air, earth, fire, water, void]",
    )
    game = load_game(data_copy / "the-way")
    rows = moves(game, the_board(game, design_of(game, PART)))
    assert [(m.symbol, m.move) for m in rows] == [
        ("air", "north"),
        ("fire", "east"),
        ("earth", "south"),
        ("water", "west"),
        ("wild", "any"),
        ("void", "centre"),
    ]
    assert [m.colour_name for m in rows[:4]] == ["yellow", "red", "brown", "blue"]
