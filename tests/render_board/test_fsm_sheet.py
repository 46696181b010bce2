"""Feng Shui Master's player-sheet.pdf read back: page, Energy Map, circles, text, fonts; the
sheet's compass, score table and dice labels as its design file sets them."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from printgen.errors import DataError
from printgen.layout.sizes import PAPER_SIZES
from printgen.model import load_game
from printgen.render.boards.design import design_of
from printgen.render.boards.sheet_components import components_page
from printgen.render.boards.sheet_layout import SheetLayout, cycle, sheet_layout
from printgen.render.boards.sheet_render import PART, sheet_pdf
from printgen.rules.feng_shui.rules import rules_of
from tests.conftest import edit
from tests.render_board.conftest import DATA
from tests.render_board.helpers import (
    blank_margin,
    dark_runs,
    fonts,
    luminance_column,
    luminance_row,
    page_sizes_mm,
    px,
    render,
    text,
)

DPI = 100


def layout_of(folder: Path, paper: str = "a4") -> SheetLayout:
    game = load_game(folder)
    return sheet_layout(rules_of(game), paper, design_of(game, PART))


def measured_grid(pdf: Path, layout: SheetLayout) -> tuple[int, int, list[float]]:
    """Rows and columns of the Energy Map counted from the rendered page, and the column
    widths in mm: lines crossed by a horizontal and a vertical scan through the map."""
    image = render(pdf, 1, DPI)
    grid = layout.map.grid
    s = layout.map.square
    # Scan a quarter of a square in from the edges: clear of the circles on the vertices.
    y = px(grid.y + s * 0.5, DPI)
    across = dark_runs(luminance_row(image, y, px(grid.x - 1, DPI), px(grid.right + 1, DPI)), 160)
    x = px(grid.x + s * 0.5, DPI)
    down = dark_runs(luminance_column(image, x, px(grid.y - 1, DPI), px(grid.bottom + 1, DPI)), 160)
    centres = [(a + b) / 2 for a, b in across]
    widths = [(b - a) * 25.4 / DPI for a, b in itertools.pairwise(centres)]
    return len(down) - 1, len(across) - 1, widths


def circles_seen(pdf: Path, layout: SheetLayout) -> set[tuple[int, int]]:
    """Inner vertices with a circle drawn round them, found in the rendered page: dark pixels
    on the circle's outline, off the grid lines."""
    image = render(pdf, 1, DPI).convert("L")
    m = layout.map
    r = m.circles[0].r if m.circles else m.square * 0.31
    found = set()
    for i in range(1, m.rows):
        for j in range(1, m.columns):
            cx, cy = m.grid.x + j * m.square, m.grid.y + i * m.square
            dark = 0
            for k in range(8):
                a = math.radians(22.5 + 45 * k)
                value = image.getpixel(
                    (px(cx + r * math.cos(a), DPI), px(cy + r * math.sin(a), DPI))
                )
                dark += value < 170
            if dark >= 6:
                found.add((i, j))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_page_of_the_paper_with_everything_on_it(kits: dict[str, Path], paper: str) -> None:
    pdf = kits[paper] / "feng-shui-master" / "player-sheet.pdf"
    size = PAPER_SIZES[paper]
    assert page_sizes_mm(pdf) == [(round(size.width, 1), round(size.height, 1))]
    words = text(pdf)
    for word in (
        "Feng Shui Master",
        "Energy Map",
        "Element compass",
        "Conversion tracks",
        "Score",
        "Majority bonus",
        "Total",
        "Filled quarters",
        "Solo exam",
        "100 or more passes",
        "Fire may not touch water or metal; wood may not touch metal",
        "1–2 players: roll 10 dice",
        "3 players: roll 15 dice",
    ):
        assert word in words, word
    for element in ("Water", "Wood", "Fire", "Earth", "Metal"):
        assert words.count(element) >= 3  # the key, the tracks and the score table
    used = fonts(pdf)
    assert used and all(embedded for _, embedded in used)
    assert blank_margin(render(pdf, 1, 40), 5, 40)


def test_the_energy_map_as_drawn_matches_the_data(kits: dict[str, Path]) -> None:
    pdf = kits["a4"] / "feng-shui-master" / "player-sheet.pdf"
    layout = layout_of(DATA / "feng-shui-master")
    rows, columns, widths = measured_grid(pdf, layout)
    assert (rows, columns) == (6, 6)
    assert all(w == pytest.approx(layout.map.square, abs=0.5) for w in widths)
    assert circles_seen(pdf, layout) == {
        (1, 3),
        (2, 2),
        (2, 4),
        (3, 1),
        (3, 5),
        (4, 2),
        (4, 4),
        (5, 3),
    }
    assert len(layout.tracks) == 5 and all(len(t.boxes) == 7 for t in layout.tracks)


def test_other_circles_and_grid_size_in_the_data_change_the_sheet(
    data_copy: Path, tmp_path: Path
) -> None:
    path = data_copy / "feng-shui-master" / "game.yaml"
    edit(path, "rows: 6", "rows: 5")
    edit(path, "columns: 6", "columns: 7")
    edit(
        path,
        "circles: [[1, 3], [2, 2], [2, 4], [3, 1], [3, 5], [4, 2], [4, 4], [5, 3]]",
        "circles: [[1, 1], [2, 6], [4, 3]]",
    )
    edit(path, "conversion_track: 7", "conversion_track: 5")
    folder = data_copy / "feng-shui-master"
    pdf = tmp_path / "player-sheet.pdf"
    pdf.write_bytes(sheet_pdf(load_game(folder), "a4"))
    layout = layout_of(folder)
    rows, columns, _ = measured_grid(pdf, layout)
    assert (rows, columns) == (5, 7)
    assert circles_seen(pdf, layout) == {(1, 1), (2, 6), (4, 3)}
    assert all(len(t.boxes) == 5 for t in layout.tracks)


def test_two_builds_are_byte_identical() -> None:
    game = load_game(DATA / "feng-shui-master")
    assert sheet_pdf(game, "a4") == sheet_pdf(game, "a4")


def test_the_compass_goes_round_the_rules_cycle_from_the_designs_top() -> None:
    """Hand-worked: water feeds wood feeds fire feeds earth feeds metal feeds water."""
    feeder = {"wood": "water", "fire": "wood", "earth": "fire", "metal": "earth", "water": "metal"}
    five = ("water", "wood", "fire", "earth", "metal")
    assert cycle(five, feeder, "fire") == ["fire", "earth", "metal", "water", "wood"]
    assert cycle(five, feeder, None) == list(five)
    # a cycle of three, with an element the cycle does not reach after it
    assert cycle(("a", "b", "c", "d"), {"b": "a", "c": "b", "a": "c"}, "b") == ["b", "c", "a", "d"]


def test_the_design_sets_the_compass_top_and_the_score_columns(data_copy: Path) -> None:
    folder = data_copy / "feng-shui-master"
    before = layout_of(folder)
    assert before.compass.nodes[0].element == "fire"  # the bundled design's top
    assert ("fire", "earth") in before.compass.feeds and (
        "earth",
        "fire",
    ) not in before.compass.feeds
    edit(folder / "player-sheet.yaml", "compass_top: fire", "compass_top: water")
    edit(folder / "player-sheet.yaml", "columns: 6 ", "columns: 4 ")
    after = layout_of(folder)
    top = after.compass.nodes[0]
    assert top.element == "water" and top.y == min(n.y for n in after.compass.nodes)
    assert after.score.columns == 4
    assert after.score.cell == pytest.approx((after.score.box.w - after.score.first) / 4)


def test_dice_labels_name_a_missing_dice_component(data_copy: Path) -> None:
    folder = data_copy / "feng-shui-master"
    edit(folder / "player-sheet.yaml", "die: 16mm", "component: dices\n  die: 16mm")
    game = load_game(folder)
    with pytest.raises(DataError, match=r"game.yaml:\d+: components: no component 'dices'.*dice"):
        components_page(game, "a4", design_of(game, PART))
