"""Properties of imposition, crop marks and tiling for any card, paper and drawing size."""

import itertools
import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from printgen.layout.geometry import EPS, LayoutError, Point, Rect
from printgen.layout.imposition import Sheet, back_slot, backs, default_min_margin, impose
from printgen.layout.marks import (
    MARK_MIN_LENGTH_MM,
    MARK_OFFSET_MM,
    ON_BLEED_GAP_MM,
    Keep,
    crop_marks,
)
from printgen.layout.sizes import BLEED_MM, CARD_SIZES, PAPER_SIZES, Size
from printgen.layout.tiles import LABEL_BAND_MM, Tiling, tile_drawing

TOL = 1e-6
PROPERTY = settings(max_examples=100, deadline=None)  # no deadline: a busy CI box is slow


def sizes(low: float, high: float) -> st.SearchStrategy[Size]:
    length = st.floats(low, high)
    return st.builds(Size, length, length)


cards = st.one_of(st.sampled_from(list(CARD_SIZES.values())), sizes(25, 300))
papers = st.one_of(st.sampled_from(list(PAPER_SIZES.values())), sizes(90, 500))
gutters = st.one_of(st.just(0.0), st.floats(0.1, 20))
bleeds = st.one_of(st.just(BLEED_MM), st.floats(0, 6))
margins = st.one_of(st.none(), st.floats(0, 15))


def sheets() -> st.SearchStrategy[Sheet]:
    """Sheets for every combination that fits; the ones that do not must truly not fit."""

    @st.composite
    def build(draw: st.DrawFn) -> Sheet:
        card, paper = draw(cards), draw(papers)
        bleed, gutter, margin = draw(bleeds), draw(gutters), draw(margins)
        try:
            return impose(card, paper, bleed_mm=bleed, gutter_mm=gutter, min_margin_mm=margin)
        except LayoutError:
            m = default_min_margin(paper) if margin is None else margin
            needs = 2 * m
            assert card.width + needs > paper.width or card.height + needs > paper.height
            assume(False)
            raise

    return build()


def overlapping_pairs(rects: list[Rect]) -> list[tuple[Rect, Rect]]:
    """Pairs sharing some area, by a sweep from left to right (fast for hundreds of boxes)."""
    ordered = sorted(rects, key=lambda r: r.left)
    found = []
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b.left >= a.right - EPS:
                break
            if a.overlaps(b):
                found.append((a, b))
    return found


@PROPERTY
@given(sheets())
def test_no_two_cards_overlap(sheet: Sheet) -> None:
    assert not overlapping_pairs([s.trim for s in sheet.slots])
    # Printed (bleed) boxes may touch but never overlap, butted or with a gutter.
    assert not overlapping_pairs([s.bleed for s in sheet.slots])


@PROPERTY
@given(sheets())
def test_everything_printed_is_inside_the_margins(sheet: Sheet) -> None:
    inside = sheet.page.outset(-sheet.min_margin)
    for slot in sheet.slots:
        assert inside.contains(slot.bleed, TOL)
        assert slot.bleed.contains(slot.trim)
        assert slot.image.contains(slot.bleed, TOL)
        assert slot.image == slot.trim.outset(sheet.card_bleed)
    assert sheet.margins.smallest >= sheet.min_margin - TOL


@PROPERTY
@given(sheets())
def test_grid_is_centred_and_in_reading_order(sheet: Sheet) -> None:
    assert math.isclose(sheet.margins.left, sheet.margins.right, abs_tol=TOL)
    assert math.isclose(sheet.margins.bottom, sheet.margins.top, abs_tol=TOL)
    assert [s.index for s in sheet.slots] == list(range(sheet.capacity))
    for slot in sheet.slots:
        assert slot.index == slot.row * sheet.columns + slot.column
    for r, c in itertools.product(range(sheet.rows - 1), range(sheet.columns)):
        assert sheet.slot(r, c).trim.bottom > sheet.slot(r + 1, c).trim.top - TOL
    for r, c in itertools.product(range(sheet.rows), range(sheet.columns - 1)):
        assert sheet.slot(r, c).trim.right < sheet.slot(r, c + 1).trim.left + TOL


@PROPERTY
@given(sheets())
def test_the_grid_is_the_largest_that_fits_and_then_the_bleed(sheet: Sheet) -> None:
    card, paper, gap = sheet.card, sheet.paper, sheet.gutter
    room_x = paper.width - 2 * sheet.min_margin
    room_y = paper.height - 2 * sheet.min_margin
    n, m = sheet.columns, sheet.rows
    assert (n + 1) * card.width + n * gap > room_x - TOL
    assert (m + 1) * card.height + m * gap > room_y - TOL
    assert 0 <= sheet.outer_bleed <= sheet.card_bleed
    # Either the full bleed, or a margin is down to its minimum.
    full = math.isclose(sheet.outer_bleed, sheet.card_bleed)
    assert full or math.isclose(sheet.margins.smallest, sheet.min_margin, abs_tol=TOL)
    # Inside the grid each card bleeds into the gutter by half of it, up to the card bleed.
    inner = min(sheet.card_bleed, gap / 2)
    for slot in sheet.slots:
        if 0 < slot.column < sheet.columns - 1:
            assert math.isclose(slot.trim.left - slot.bleed.left, inner, abs_tol=TOL)
            assert math.isclose(slot.bleed.right - slot.trim.right, inner, abs_tol=TOL)


@PROPERTY
@given(sheets())
def test_neighbours_share_cut_lines_or_keep_the_gutter(sheet: Sheet) -> None:
    for r, c in itertools.product(range(sheet.rows), range(sheet.columns - 1)):
        left, right = sheet.slot(r, c).trim, sheet.slot(r, c + 1).trim
        if sheet.gutter == 0:
            assert left.right == right.left  # exactly: one cut
        else:
            assert math.isclose(right.left - left.right, sheet.gutter, abs_tol=TOL)
    expected_lines = sheet.columns + 1 if sheet.gutter == 0 else 2 * sheet.columns
    assert len(sheet.cut_xs) == expected_lines


@PROPERTY
@given(sheets())
def test_backs_mirror_their_fronts_exactly(sheet: Sheet) -> None:
    width = sheet.paper.width
    layout = backs(sheet)
    assert len(layout) == sheet.capacity
    for front, back in zip(sheet.slots, layout, strict=True):
        assert back == back_slot(sheet, front.row, front.column)
        assert (back.index, back.row, back.column) == (
            front.index,
            front.row,
            sheet.columns - 1 - front.column,
        )
        for box in ("trim", "bleed", "image"):
            f, b = getattr(front, box), getattr(back, box)
            assert math.isclose(f.left + b.right, width, abs_tol=TOL)
            assert math.isclose(f.right + b.left, width, abs_tol=TOL)
            assert (f.bottom, f.top) == (b.bottom, b.top)
        # The back lands on the slot at the mirrored column: the grid is symmetric.
        there = sheet.slot(back.row, back.column)
        assert math.isclose(back.trim.left, there.trim.left, abs_tol=TOL)
        assert math.isclose(back.bleed.right, there.bleed.right, abs_tol=TOL)


@PROPERTY
@given(sheets())
def test_crop_marks_stay_off_the_cards_and_on_the_paper(sheet: Sheet) -> None:
    marks = crop_marks(sheet)
    on_paper = Keep().inside(sheet.page)
    near_cards = sheet.printed.outset(MARK_OFFSET_MM - TOL)
    near_trim = sheet.grid.outset(ON_BLEED_GAP_MM - TOL)
    for mark in marks:
        assert on_paper.contains(mark.bounds, TOL)
        assert mark.length >= MARK_MIN_LENGTH_MM - TOL
        # Outside the printed area, or moved onto the outer bleed: never on a trim box.
        assert not near_trim.touches(mark.bounds)
        if near_cards.touches(mark.bounds):
            assert not any(s.trim.touches(mark.bounds) for s in sheet.slots)
        if mark.x1 == mark.x2:
            assert mark.x1 in sheet.cut_xs
        else:
            assert mark.y1 == mark.y2
            assert mark.y1 in sheet.cut_ys


@PROPERTY
@given(sheets())
def test_every_cut_line_away_from_the_edges_is_marked_where_there_is_room(sheet: Sheet) -> None:
    # Room for a mark at an end: outside the printed area, or on the bleed up to the trim.
    marks = crop_marks(sheet)
    room = Keep().inside(sheet.page)
    grid = sheet.grid
    ends_x = [grid.bottom - ON_BLEED_GAP_MM - room.bottom, room.top - grid.top - ON_BLEED_GAP_MM]
    ends_y = [grid.left - ON_BLEED_GAP_MM - room.left, room.right - grid.right - ON_BLEED_GAP_MM]
    for lines, ends, vertical, (lo, hi) in (
        (sheet.cut_xs, ends_x, True, (room.left, room.right)),
        (sheet.cut_ys, ends_y, False, (room.bottom, room.top)),
    ):
        if any(abs(e - MARK_MIN_LENGTH_MM) < 1e-6 for e in ends):
            continue  # too close to call
        for line in lines:
            got = sum(
                1 for m in marks if (m.x1 == m.x2 == line if vertical else m.y1 == m.y2 == line)
            )
            expected = sum(e > MARK_MIN_LENGTH_MM for e in ends) if lo <= line <= hi else 0
            assert got == expected


drawings = st.one_of(st.sampled_from([PAPER_SIZES["a3"], Size(250, 250)]), sizes(10, 1500))
overlaps = st.one_of(st.just(10.0), st.floats(0, 25))


def tilings() -> st.SearchStrategy[Tiling]:
    @st.composite
    def build(draw: st.DrawFn) -> Tiling:
        drawing, paper, overlap = draw(drawings), draw(papers), draw(overlaps)
        margin = draw(st.one_of(st.none(), st.floats(0, 15)))
        m = default_min_margin(paper) if margin is None else margin
        assume(3 * overlap < min(paper.width - 2 * m, paper.height - 2 * m - LABEL_BAND_MM))
        return tile_drawing(drawing, paper, overlap_mm=overlap, margin_mm=margin)

    return build()


@PROPERTY
@given(tilings(), st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), max_size=20))
def test_tiles_cover_the_whole_drawing(
    tiling: Tiling, fractions: list[tuple[float, float]]
) -> None:
    w, h = tiling.drawing.width, tiling.drawing.height
    corners = [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0), (0.5, 0.5)]
    for fx, fy in corners + fractions:
        point = Point(fx * w, fy * h)
        assert any(t.source.contains_point(point) for t in tiling.tiles)
    assert Rect.union([t.source for t in tiling.tiles]) == Rect(0, 0, w, h)


@PROPERTY
@given(tilings())
def test_neighbouring_tiles_overlap_by_exactly_the_overlap(tiling: Tiling) -> None:
    o = tiling.overlap
    for a, b in itertools.combinations(tiling.tiles, 2):
        rows_apart, columns_apart = abs(a.row - b.row), abs(a.column - b.column)
        if rows_apart == 0 and columns_apart == 1:
            left, right = sorted((a.source, b.source), key=lambda r: r.left)
            assert math.isclose(left.right - right.left, o, abs_tol=TOL)
            assert (left.bottom, left.top) == (right.bottom, right.top)
        elif rows_apart == 1 and columns_apart == 0:
            low, high = sorted((a.source, b.source), key=lambda r: r.bottom)
            assert math.isclose(low.top - high.bottom, o, abs_tol=TOL)
            assert (low.left, low.right) == (high.left, high.right)
        elif rows_apart > 1 or columns_apart > 1:
            assert not a.source.overlaps(b.source)


@PROPERTY
@given(tilings())
def test_tiles_fit_their_pages_and_are_as_few_as_possible(tiling: Tiling) -> None:
    paper, o = tiling.paper, tiling.overlap
    free = Rect(
        tiling.margin,
        tiling.margin + LABEL_BAND_MM,
        paper.width - tiling.margin,
        paper.height - tiling.margin,
    )
    for tile in tiling.tiles:
        assert free.contains(tile.placement, TOL)
        assert math.isclose(tile.placement.width, tile.source.width, abs_tol=TOL)
        assert math.isclose(tile.placement.height, tile.source.height, abs_tol=TOL)
    # One tile fewer along an axis could not cover it.
    n, m = tiling.columns, tiling.rows
    if n > 1:
        assert (n - 1) * free.width - (n - 2) * o < tiling.drawing.width + TOL
    if m > 1:
        assert (m - 1) * free.height - (m - 2) * o < tiling.drawing.height + TOL
    labels = [t.label for t in tiling.tiles]
    assert len(set(labels)) == len(labels)
    assert tiling.tile(0, 0).label == "A1"
    assert tiling.tile(0, 0).source.top == tiling.drawing.height  # row A is the top


@PROPERTY
@given(tilings())
def test_each_alignment_mark_is_on_the_two_tiles_that_meet_there(tiling: Tiling) -> None:
    strips = (tiling.rows * (tiling.columns - 1)) + (tiling.columns * (tiling.rows - 1))
    assert len(tiling.marks) == 2 * strips
    for mark in tiling.marks:
        holders = [t for t in tiling.tiles if t.source.contains_point(mark)]
        assert len(holders) == 2
        for tile in holders:
            on_page = tile.to_page(mark)
            assert on_page in tile.marks
            assert any(strip.contains_point(on_page, TOL) for strip in tile.overlaps)
    assert sum(len(t.marks) for t in tiling.tiles) == 2 * len(tiling.marks)
