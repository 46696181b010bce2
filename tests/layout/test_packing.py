"""Packing pieces on A4 and Letter: hexagons in a honeycomb, circles in offset rows, every
piece inside the paper's 5 mm clear edge, no piece over another, backs mirrored for duplex,
and the fold-over version with each back behind its front."""

from __future__ import annotations

import math
from itertools import combinations, pairwise

import pytest

from printgen.layout.geometry import LayoutError, Point
from printgen.layout.packing import CIRCLE_GAP_MM, PieceSheet, Place, fold_pack, pack
from printgen.layout.shapes import Outline, Shape
from printgen.layout.sizes import PAPER_SIZES

SHAPES = [
    Shape.hexagon(40),
    Shape.hexagon(40, corner_up=True),
    Shape.hexagon(25.4),
    Shape.hexagon(75),
    Shape.circle(25),
    Shape.circle(38),
    Shape.circle(16),
    Shape.rounded(50, 50),
    Shape.rect(30, 45),
]
CASES = [(shape, paper) for shape in SHAPES for paper in ("a4", "letter")]


def _ids(case: object) -> str:
    return str(case)


@pytest.mark.parametrize(("shape", "paper"), CASES, ids=_ids)
def test_every_piece_stays_inside_the_5mm_clear_edge(shape: Shape, paper: str) -> None:
    sheet = pack(shape, PAPER_SIZES[paper])
    page = PAPER_SIZES[paper]
    assert sheet.capacity >= 2
    for place in sheet.places:
        box = place.printed.bounds
        assert box.left >= 5 - 1e-6 and box.bottom >= 5 - 1e-6
        assert box.right <= page.width - 5 + 1e-6 and box.top <= page.height - 5 + 1e-6
        assert place.printed.contains_rect(place.trim.bounds) or shape.kind != "rect"
        # the drawing (with the full bleed) covers what is printed of it
        assert place.image.contains(box, 1e-6)


@pytest.mark.parametrize(("shape", "paper"), CASES, ids=_ids)
def test_no_piece_is_printed_over_another(shape: Shape, paper: str) -> None:
    sheet = pack(shape, PAPER_SIZES[paper])
    for a, b in combinations(sheet.places, 2):
        if math.dist((a.center.x, a.center.y), (b.center.x, b.center.y)) > 2 * shape.width:
            continue
        assert not _overlap(a.printed, b.trim), (a.index, b.index)
        assert not _overlap(a.printed, b.printed), (a.index, b.index)


@pytest.mark.parametrize(("shape", "paper"), CASES, ids=_ids)
def test_backs_mirror_their_fronts_for_long_edge_duplex(shape: Shape, paper: str) -> None:
    sheet = pack(shape, PAPER_SIZES[paper])
    width = PAPER_SIZES[paper].width
    for place in sheet.places:
        back = sheet.back(place)
        assert back.center.x == pytest.approx(width - place.center.x, abs=1e-9)
        assert back.center.y == place.center.y
        front_box, back_box = place.trim.bounds, back.trim.bounds
        assert back_box.left == pytest.approx(width - front_box.right, abs=1e-9)
        assert back_box.right == pytest.approx(width - front_box.left, abs=1e-9)
        assert back.printed.bounds.left == pytest.approx(
            width - place.printed.bounds.right, abs=1e-9
        )


def test_hexagons_nest_in_a_honeycomb_by_hand() -> None:
    # 40 mm flat-top hexagons (46.19 mm corner to corner) on A4 less 5 mm: 200 x 287 mm.
    # Columns 34.64 mm apart: 1 + floor((200 - 46.19) / 34.64) = 5. A column from the top
    # holds 1 + floor((287 - 40) / 40) = 7, one half a hexagon lower 1 + floor(227 / 40) = 6:
    # three of 7 and two of 6 = 33 (a square grid of their boxes holds 4 x 7 = 28).
    sheet = pack(Shape.hexagon(40), PAPER_SIZES["a4"])
    assert sheet.capacity == 33
    xs = sorted({round(p.center.x, 6) for p in sheet.places})
    assert len(xs) == 5
    assert all(b - a == pytest.approx(40 * math.sqrt(3) / 2) for a, b in pairwise(xs))
    assert sheet.gap == 0 and sheet.outer_bleed == 3.0


def test_butted_hexagons_share_a_side_with_no_bleed_across_it() -> None:
    sheet = pack(Shape.hexagon(40), PAPER_SIZES["a4"])
    shared = 0
    for a, b in combinations(sheet.places, 2):
        d = math.dist((a.center.x, a.center.y), (b.center.x, b.center.y))
        if d > 40.001:
            continue
        assert d == pytest.approx(40)  # neighbours' centres: flats apart
        sides_a = {_key(s) for s in a.trim.sides}
        sides_b = {_key(s) for s in b.trim.sides}
        assert len(sides_a & sides_b) == 1  # one side in common: one cut for both
        shared += 1
    assert shared > 40
    inner = next(p for p in sheet.places if _neighbours(sheet, p) == 6)
    assert inner.printed.bounds == pytest.approx(inner.trim.bounds)  # no bleed at all


def test_circles_go_in_offset_rows_by_hand() -> None:
    # 25 mm circles 3 mm apart: 28 mm along a row, rows 24.25 mm apart. A4 less 5 mm is
    # 200 x 287 mm: 1 + floor(262 / 24.25) = 11 rows, alternately 1 + floor(175 / 28) = 7 and
    # (half a step in) 1 + floor(161 / 28) = 6: 6 x 7 + 5 x 6 = 72 (a plain grid holds 70).
    sheet = pack(Shape.circle(25), PAPER_SIZES["a4"])
    assert sheet.capacity == 72
    assert sheet.gap == CIRCLE_GAP_MM
    rows = sorted({round(p.center.y, 6) for p in sheet.places}, reverse=True)
    assert len(rows) == 11
    counts = [sum(round(p.center.y, 6) == y for p in sheet.places) for y in rows]
    assert counts == [7, 6] * 5 + [7]
    for a, b in combinations(sheet.places, 2):
        gap = math.dist((a.center.x, a.center.y), (b.center.x, b.center.y)) - 25
        assert gap >= CIRCLE_GAP_MM - 1e-9
    assert all(p.printed.radius <= 12.5 + 1.5 + 1e-9 for p in sheet.places)


def test_a_gutter_parts_the_hexagons() -> None:
    sheet = pack(Shape.hexagon(40), PAPER_SIZES["a4"], gutter_mm=4)
    assert sheet.gap == 4
    for a, b in combinations(sheet.places, 2):
        d = math.dist((a.center.x, a.center.y), (b.center.x, b.center.y))
        assert d >= 44 - 1e-9
    inner = next(p for p in sheet.places if _neighbours(sheet, p, 44) == 6)
    assert inner.printed.bounds.height == pytest.approx(44)  # 2 mm of bleed into each gap


def test_a_piece_larger_than_the_paper_is_refused() -> None:
    with pytest.raises(LayoutError, match="does not fit on a4"):
        pack(Shape.hexagon(260), PAPER_SIZES["a4"])


@pytest.mark.parametrize(("shape", "paper"), CASES, ids=_ids)
def test_fold_over_backs_land_behind_their_fronts(shape: Shape, paper: str) -> None:
    fold = fold_pack(shape, PAPER_SIZES[paper])
    assert fold.capacity >= 1
    for place in fold.fronts.places:
        back = fold.back(place)
        assert 2 * fold.fold_x - back.center.x == pytest.approx(place.center.x, abs=1e-9)
        assert place.printed.bounds.right <= fold.fold_x - 5 + 1e-6  # clear of the fold
        assert back.printed.bounds.left >= fold.fold_x + 5 - 1e-6
        assert back.printed.bounds.right <= fold.paper.width - 5 + 1e-6


def _neighbours(sheet: PieceSheet, place: Place, pitch: float = 40) -> int:
    return sum(
        1
        for other in sheet.places
        if other is not place
        and math.dist((other.center.x, other.center.y), (place.center.x, place.center.y))
        < pitch + 0.001
    )


def _key(side: object) -> frozenset[tuple[float, float]]:
    x1, y1, x2, y2 = (round(getattr(side, k), 6) for k in ("x1", "y1", "x2", "y2"))
    return frozenset({(x1, y1), (x2, y2)})


def _overlap(a: Outline, b: Outline) -> bool:
    """Whether two convex outlines share some area (touching does not count): circles by
    their centres' distance, polygons by the separating axis test."""
    if a.kind == "circle" and b.kind == "circle":
        return math.dist((a.center.x, a.center.y), (b.center.x, b.center.y)) < (
            a.radius + b.radius - 1e-6
        )
    if "circle" in (a.kind, b.kind):
        circle, other = (a, b) if a.kind == "circle" else (b, a)
        box = other.bounds
        nearest = Point(
            min(max(circle.center.x, box.left), box.right),
            min(max(circle.center.y, box.bottom), box.top),
        )
        return math.dist((nearest.x, nearest.y), (circle.center.x, circle.center.y)) < (
            circle.radius - 1e-6
        )
    pa, pb = _corners(a), _corners(b)
    for poly in (pa, pb):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=False):
            nx, ny = y2 - y1, x1 - x2
            ra = [nx * x + ny * y for x, y in pa]
            rb = [nx * x + ny * y for x, y in pb]
            if max(ra) <= min(rb) + 1e-6 or max(rb) <= min(ra) + 1e-6:
                return False
    return True


def _corners(outline: Outline) -> list[tuple[float, float]]:
    if outline.kind == "polygon":
        return [(p.x, p.y) for p in outline.points]
    box = outline.bounds
    return [
        (box.left, box.bottom),
        (box.right, box.bottom),
        (box.right, box.top),
        (box.left, box.top),
    ]
