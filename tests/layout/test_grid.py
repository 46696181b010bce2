"""Grids of square and hexagonal cells, worked by hand."""

import itertools
import math

import pytest

from printgen.layout.geometry import LayoutError, Point
from printgen.layout.grid import GridSpec, cell_name, extent, place_grid


def test_a_square_grid_is_centred_and_named_as_a_map() -> None:
    # 7 x 7 cells of 28 mm = 196 mm, centred in 200 x 210: 2 mm left, 7 mm above.
    grid = place_grid(GridSpec("square", 7, 7, 28.0), 200.0, 210.0)
    assert (grid.left, grid.top, grid.width, grid.height) == (2.0, 7.0, 196.0, 196.0)
    a1, b1 = grid.cell(0, 0), grid.cell(1, 0)
    assert (a1.name, b1.name, grid.cell(0, 1).name, grid.cell(6, 6).name) == (
        "A1",
        "B1",
        "A2",
        "G7",
    )
    assert a1.corners == (Point(2, 7), Point(30, 7), Point(30, 35), Point(2, 35))
    assert b1.centre == Point(44.0, 21.0)
    assert grid.named("d4") is grid.cell(3, 3)
    assert grid.named("Z9") is None
    assert grid.vertex(1, 1) == Point(30.0, 35.0)


def test_a_square_grid_with_no_size_stretches_to_its_box() -> None:
    # a table: 6 columns of 120 / 6 = 20 mm, 4 rows of 100 / 4 = 25 mm
    grid = place_grid(GridSpec("square", 6, 4), 120.0, 100.0)
    assert (grid.cell_w, grid.cell_h, grid.size) == (20.0, 25.0, 20.0)
    assert (grid.left, grid.top, grid.width, grid.height) == (0.0, 0.0, 120.0, 100.0)
    assert grid.cell(5, 3).corners[2] == Point(120.0, 100.0)
    assert grid.vertex(1, 1) == Point(20.0, 25.0)


def test_a_hex_grid_with_no_size_stays_regular() -> None:
    grid = place_grid(GridSpec("hex", 3, 2), 200.0, 50.0)  # the height decides: 2.5 flats
    assert grid.size == pytest.approx(20.0)
    assert (grid.cell_w, grid.cell_h) == pytest.approx((40 / math.sqrt(3), 20.0))


def test_flat_top_hexes_nest_in_columns() -> None:
    # Across the flats 20 mm: the hexagon is 20 high and 40 / sqrt(3) = 23.094 wide; columns
    # step 17.32, every second column half a cell (10 mm) lower.
    grid = place_grid(GridSpec("hex", 3, 2, 20.0), 200.0, 200.0)
    long = 40 / math.sqrt(3)
    assert extent(grid.spec, 20.0) == pytest.approx((long * 2.5, 50.0))
    a1, b1, c1, a2 = grid.cell(0, 0), grid.cell(1, 0), grid.cell(2, 0), grid.cell(0, 1)
    assert b1.centre.x - a1.centre.x == pytest.approx(0.75 * long)
    assert b1.centre.y - a1.centre.y == pytest.approx(10.0)
    assert c1.centre.y == pytest.approx(a1.centre.y)
    assert a2.centre.y - a1.centre.y == pytest.approx(20.0)
    # Flats: the top edge is horizontal and 20 mm above the bottom one; each side 20 / sqrt(3).
    ys = sorted(p.y for p in a1.corners)
    assert ys[-1] - ys[0] == pytest.approx(20.0)
    sides = [math.dist((p.x, p.y), (q.x, q.y)) for p, q in itertools.pairwise(a1.corners)]
    assert sides == pytest.approx([20 / math.sqrt(3)] * 5)
    # Neighbours share an edge: B1's upper-left corner is A1's right... lower corner.
    assert any(math.dist((p.x, p.y), (q.x, q.y)) < 1e-9 for p in a1.corners for q in b1.corners)


def test_corner_up_hexes_nest_in_rows() -> None:
    grid = place_grid(GridSpec("hex", 2, 3, 30.0, corner_up=True), 200.0, 200.0)
    long = 60 / math.sqrt(3)
    assert (grid.width, grid.height) == pytest.approx((75.0, long * 2.5))
    a1, a2, a3 = grid.cell(0, 0), grid.cell(0, 1), grid.cell(0, 2)
    assert a2.centre.x - a1.centre.x == pytest.approx(15.0)  # every second row shifted
    assert a3.centre.x == pytest.approx(a1.centre.x)
    assert a2.centre.y - a1.centre.y == pytest.approx(0.75 * long)
    xs = sorted(p.x for p in a1.corners)
    assert xs[-1] - xs[0] == pytest.approx(30.0)  # the flats are left and right


def test_a_grid_that_does_not_fit_says_what_would() -> None:
    with pytest.raises(LayoutError, match=r"196.0 x 196.0 mm, larger than its 150.0 x 200.0 mm"):
        place_grid(GridSpec("square", 7, 7, 28.0), 150.0, 200.0)
    with pytest.raises(LayoutError, match="at least 1 column"):
        GridSpec("hex", 0, 4, 20.0)
    with pytest.raises(LayoutError, match="square or hex"):
        GridSpec("triangle", 2, 2)


def test_cell_names_go_past_z() -> None:
    assert cell_name(25, 0) == "Z1"
    assert cell_name(26, 9) == "AA10"
