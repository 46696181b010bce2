"""Card-anatomy leader lines keep out of the card's text boxes (anatomy.leader): the boxes come
from the design (the card renderer's placed text boxes), never from the picture."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from printgen.model import load_game
from printgen.render.rulebook.diagrams import anatomy
from printgen.render.rulebook.diagrams.anatomy import DOT, _crosses, leader
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import sources

ROOT = Path(__file__).resolve().parents[2]
WITH_ANATOMY = ["mywuxing", "elementa", "the-way", "cl4sh"]


@pytest.mark.parametrize("game_id", WITH_ANATOMY)
def test_no_leader_line_crosses_a_text_box_of_its_card(game_id: str) -> None:
    for source in sources(load_game(ROOT / "card_data" / game_id)):
        _, leaders = anatomy.drawn(source, Icons(source.game))
        assert leaders, (game_id, source.lang)
        for points, boxes in leaders:
            assert boxes  # every anatomy card of the five games has text boxes
            for a, b in itertools.pairwise(points):
                crossed = [box for box in boxes if _crosses(a, b, box)]
                assert not crossed, (game_id, source.lang, points, crossed)


def test_the_way_kind_callout_stops_at_the_edge_of_the_word_it_names() -> None:
    """The Way's "Kind" points into the SINGLE text box: the line ends with its dot just left
    of that box (it struck through the word before), the box as the design places it."""
    source = sources(load_game(ROOT / "card_data" / "the-way"))[0]
    _, leaders = anatomy.drawn(source, Icons(source.game))
    ends_at_edges = [
        (points, box)
        for points, boxes in leaders
        for box in boxes
        if points[-1] == pytest.approx((box[0] - DOT, points[-1][1]))
        and box[1] < points[-1][1] < box[1] + box[3]
    ]
    assert len(ends_at_edges) == 1


def test_a_point_inside_a_text_box_is_reached_at_the_box_edge_facing_the_label() -> None:
    box = (10.0, 10.0, 20.0, 5.0)
    assert leader((0.0, 12.0), (20.0, 12.0), [box]) == [(0.0, 12.0), (10.0 - DOT, 12.0)]
    assert leader((40.0, 12.0), (20.0, 12.0), [box]) == [(40.0, 12.0), (30.0 + DOT, 12.0)]


def test_a_text_box_in_the_way_is_gone_round_by_its_corners() -> None:
    """A box between the label and a point outside it: the line bends round the box's
    corner (DOT clear of it) and still ends at the point; with no box it stays straight."""
    wall = (10.0, 0.0, 5.0, 20.0)
    path = leader((0.0, 10.0), (30.0, 10.0), [wall])
    assert path[0] == (0.0, 10.0) and path[-1] == (30.0, 10.0)
    assert path[1:-1] in (
        [(10.0 - DOT, -DOT), (15.0 + DOT, -DOT)],
        [(10.0 - DOT, 20.0 + DOT), (15.0 + DOT, 20.0 + DOT)],
    )
    assert not any(_crosses(a, b, wall) for a, b in itertools.pairwise(path))
    assert leader((0.0, 10.0), (30.0, 10.0), []) == [(0.0, 10.0), (30.0, 10.0)]


@pytest.mark.parametrize(
    ("a", "b", "crosses"),
    [
        ((0, 5), (20, 5), True),  # straight through
        ((0, 0), (10, 0), False),  # along the top edge
        ((0, 5), (2, 5), False),  # stops at the left edge
        ((0, 20), (20, 20), False),  # below it
        ((0, -1), (12, 11), True),  # a diagonal through a corner's inside
    ],
)
def test_crosses_is_the_inside_of_the_box(
    a: tuple[float, float], b: tuple[float, float], crosses: bool
) -> None:
    assert _crosses(a, b, (2.0, 0.0, 8.0, 10.0)) is crosses
