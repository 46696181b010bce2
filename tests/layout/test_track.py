"""Score tracks round a box's edge, worked by hand."""

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


def test_an_odd_count_leaves_one_space_blank() -> None:
    track = lay_track(TrackSpec(11, 10.0), 100.0, 100.0)
    assert track.ring == 12 and len(track.spaces) == 11


def test_too_many_spaces_is_refused_with_the_most_that_fit() -> None:
    assert capacity(100.0, 50.0, 10.0) == 26  # 10 across, 5 down
    with pytest.raises(LayoutError, match=r"27 spaces of 10 mm does not fit.*at most 26"):
        lay_track(TrackSpec(27, 10.0), 100.0, 50.0)
    assert capacity(15.0, 50.0, 10.0) == 0  # not two spaces across


def test_five_hundred_millimetres_of_hundred_spaces() -> None:
    track = lay_track(TrackSpec(100, 18.0), 500.0, 500.0)
    assert track.ring == 100 and (track.across, track.down) == (26, 26)
    assert all(s.w >= 18.0 and s.h >= 18.0 for s in track.spaces)
