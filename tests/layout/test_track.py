"""Score tracks round a box's edge, worked by hand."""

import itertools

import pytest

from printgen.layout.geometry import LayoutError
from printgen.layout.track import TrackSpec, capacity, lay_track


def test_a_closed_ring_of_forty_spaces() -> None:
    # 200 x 200 with spaces of at least 18 mm: 11 a side at most (ring of 40). 40 spaces fit
    # exactly with 11 across and 11 down: 2 * 22 - 4 = 40, each 200 / 11 = 18.18 mm.
    track = lay_track(TrackSpec(40, 18.0, first=1), 200.0, 200.0)
    assert (track.across, track.down, track.ring) == (11, 11, 40)
    first, last = track.spaces[0], track.spaces[-1]
    assert (first.number, last.number) == (1, 40)
    assert (first.x, first.y) == (0.0, 0.0)
    assert first.w == pytest.approx(200 / 11)
    # clockwise: the top row, then down the right, back along the bottom, up the left
    assert [s.edge for s in track.spaces[:12]] == ["top"] * 11 + ["right"]
    assert track.spaces[10].x == pytest.approx(10 * 200 / 11)
    corner, bottom = track.spaces[20], track.spaces[21]  # the bottom-right corner is the
    assert (corner.edge, bottom.edge) == ("right", "bottom")  # right edge's last space
    assert (bottom.x, bottom.y) == pytest.approx((9 * 200 / 11, 10 * 200 / 11))
    assert (last.edge, last.x) == ("left", 0.0)
    assert last.y == pytest.approx(200 / 11)  # just under the first space
    assert [s.number for s in track.spaces if s.marked] == [5, 10, 15, 20, 25, 30, 35, 40]


def test_a_short_track_picks_the_squarest_ring_that_holds_it() -> None:
    # 10 spaces in 100 x 60 with 10 mm spaces: rings of (across, down) (4, 3) hold 10 exactly
    # (25 x 20 mm spaces); (5, 2) also holds 10 but with 20 x 30 mm spaces, less square.
    track = lay_track(TrackSpec(10, 10.0), 100.0, 60.0)
    assert (track.across, track.down) == (4, 3)
    assert (track.spaces[0].w, track.spaces[0].h) == (25.0, 20.0)
    assert [s.number for s in track.spaces] == list(range(10))
    assert track.inner == (25.0, 20.0, 50.0, 20.0)


def test_an_odd_count_closes_its_ring_with_one_space_fewer_along_the_bottom() -> None:
    # 11 spaces in 100 x 100 (10 mm at least): rows of equal counts hold only even numbers;
    # 4 on top, 3 along the bottom and 4 down (2 between the corners each side) make 11:
    # top spaces 25 x 25, bottom ones 33.33 x 25. Was: a ring of 12, one corner left blank.
    track = lay_track(TrackSpec(11, 10.0), 100.0, 100.0)
    assert (track.across, track.below, track.down, track.ring) == (4, 3, 4, 11)
    assert len(track.spaces) == 11
    bottom = [s for s in track.spaces if s.edge == "bottom"]
    assert [s.x for s in bottom] == pytest.approx([200 / 3, 100 / 3, 0.0])
    assert [s.w for s in bottom] == pytest.approx([100 / 3] * 3)
    assert all(s.y == 75.0 for s in bottom)
    assert [s.edge for s in track.spaces] == ["top"] * 4 + ["right"] * 2 + ["bottom"] * 3 + [
        "left"
    ] * 2


def test_a_51_space_track_fills_the_whole_edge_of_a_board() -> None:
    """The trial's board: 0 to 50 in 15 mm spaces round a 390 mm square (400 mm less 5 mm each
    side). A ring of 52 left the corner before the first space empty. Worked by hand: 14 on
    top, 13 along the bottom, 14 down: 14 + 13 + 2 * 12 = 51, spaces 27.86 mm square and
    30 mm wide along the bottom (a ring of 13/12/15 is 51 too, with 32.5 x 26 mm spaces,
    less square; 15/14/13 has 26 x 30 mm ones)."""
    track = lay_track(TrackSpec(51, 15.0, first=0), 390.0, 390.0)
    assert (track.across, track.below, track.down) == (14, 13, 14)
    assert [s.number for s in track.spaces] == list(range(51)) and track.ring == 51
    side = 390 / 14
    area = sum(s.w * s.h for s in track.spaces)
    assert area == pytest.approx(2 * 390 * side + 2 * (390 - 2 * side) * side)  # the whole band
    for a, b in itertools.combinations(track.spaces, 2):  # and no two spaces overlap
        apart = (
            a.x + a.w <= b.x + 1e-9
            or b.x + b.w <= a.x + 1e-9
            or a.y + a.h <= b.y + 1e-9
            or b.y + b.h <= a.y + 1e-9
        )
        assert apart, (a, b)
    last = track.spaces[-1]
    assert (last.edge, last.x, last.y) == ("left", 0.0, pytest.approx(side))


def test_too_many_spaces_is_refused_with_the_most_that_fit() -> None:
    assert capacity(100.0, 50.0, 10.0) == 26  # 10 across, 5 down
    with pytest.raises(LayoutError, match=r"27 spaces of 10 mm does not fit.*at most 26"):
        lay_track(TrackSpec(27, 10.0), 100.0, 50.0)
    assert capacity(15.0, 50.0, 10.0) == 0  # not two spaces across


def test_five_hundred_millimetres_of_hundred_spaces() -> None:
    track = lay_track(TrackSpec(100, 18.0), 500.0, 500.0)
    assert track.ring == 100 and (track.across, track.down) == (26, 26)
    assert all(s.w >= 18.0 and s.h >= 18.0 for s in track.spaces)
