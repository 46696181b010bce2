"""A d6's cross net: faces as on a real die (opposites add up to 7), one glue tab for each of
the seven seams folding closes, folds never cut, and bleed only past plain cut edges."""

from __future__ import annotations

import pytest

from printgen.layout.dienet import cube_net, tab_depth
from printgen.layout.geometry import Segment

# Folding a paper cross (belt 2 1 5 6, 3 above the 1, 4 below it) by hand closes these seams;
# each pairs two outer edges of the flat net, as (face, side).
SEAMS = [
    ((2, "left"), (6, "right")),
    ((2, "top"), (3, "left")),
    ((2, "bottom"), (4, "left")),
    ((5, "top"), (3, "right")),
    ((5, "bottom"), (4, "right")),
    ((6, "top"), (3, "top")),
    ((6, "bottom"), (4, "bottom")),
]
# On the cube, opposite faces: the belt's first and third, second and fourth; top and bottom.
OPPOSITE = [(2, 5), (1, 6), (3, 4)]


def test_faces_sit_as_on_a_die() -> None:
    net = cube_net(20)
    squares = {face: net.faces[face - 1] for face in range(1, 7)}
    belt = sorted((s.left, face) for face, s in squares.items() if s.bottom == 20)
    assert [face for _, face in belt] == [2, 1, 5, 6]
    assert squares[3].left == squares[1].left and squares[3].bottom == 40
    assert squares[4].left == squares[1].left and squares[4].bottom == 0
    for a, b in OPPOSITE:
        assert a + b == 7


def test_each_seam_has_one_glue_tab_and_folds_are_never_cut() -> None:
    edge = 20
    net = cube_net(edge)
    tab = tab_depth(edge)
    assert tab == 5.0  # a quarter of the edge
    assert len(net.tabs) == 7
    cuts = {_key(s) for s in net.cuts}
    folds = {_key(s) for s in net.folds}
    assert not cuts & folds
    for one, other in SEAMS:
        tabbed = [side for side in (one, other) if _key(_side(net, *side)) in folds]
        plain = [side for side in (one, other) if _key(_side(net, *side)) in cuts]
        assert len(tabbed) == 1 and len(plain) == 1, (one, other)
    # five folds between faces, seven at tabs' bases; seven plain edges, three cuts a tab
    assert len(net.folds) == 12
    assert len(net.cuts) == 7 + 7 * 3
    assert (net.width, net.height) == (4 * edge + tab, 3 * edge)
    for corners in net.tabs:  # each tab inside the net's box
        assert all(0 <= p.x <= net.width and 0 <= p.y <= net.height for p in corners)


def test_only_plain_cut_edges_take_a_bleed() -> None:
    net = cube_net(16)
    sides = {face: set(net.bleed_sides[face - 1]) for face in range(1, 7)}
    assert sides[1] == set()  # the middle of the cross: folds all round
    assert sides[2] == {"left", "top", "bottom"}
    assert sides[6] == set()  # three tabs and a fold
    assert sides[3] == {"top"} and sides[4] == {"bottom"}
    assert sides[5] == {"top", "bottom"}


def test_a_tab_never_gets_in_another_tabs_way() -> None:
    for edge in (12, 16, 25, 40):
        net = cube_net(edge)
        boxes = [
            (min(p.x for p in t), min(p.y for p in t), max(p.x for p in t), max(p.y for p in t))
            for t in net.tabs
        ]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (edge, a, b)
            for face in net.faces:  # nor over a face
                inside = a[0] < face.right and face.left < a[2]
                inside = inside and a[1] < face.top and face.bottom < a[3]
                assert not inside


def test_a_die_needs_an_edge() -> None:
    with pytest.raises(ValueError, match="over 0 mm"):
        cube_net(0)


def _side(net: object, face: int, side: str) -> Segment:
    square = net.faces[face - 1]  # type: ignore[attr-defined]
    left, bottom, right, top = square.left, square.bottom, square.right, square.top
    return {
        "left": Segment(left, bottom, left, top),
        "right": Segment(right, bottom, right, top),
        "bottom": Segment(left, bottom, right, bottom),
        "top": Segment(left, top, right, top),
    }[side]


def _key(segment: Segment) -> frozenset[tuple[float, float]]:
    return frozenset(
        {(round(segment.x1, 6), round(segment.y1, 6)), (round(segment.x2, 6), round(segment.y2, 6))}
    )
