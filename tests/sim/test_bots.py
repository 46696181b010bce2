"""The greedy bots: documented, legal (see test_invariants) and better than chance."""

from __future__ import annotations

import pytest

from printgen.rules.engine import engines
from printgen.sim.runner import simulate
from tests.sim.conftest import spec


@pytest.mark.parametrize("game", sorted(engines()))
def test_every_game_has_a_documented_greedy_bot(game: str) -> None:
    bot = engines()[game].greedy_bot
    assert bot.__doc__ and len(bot.__doc__.split()) > 30


@pytest.mark.parametrize(
    "game,players,options",
    [
        ("mywuxing", 2, {"mode": "think"}),
        ("cl4sh", 2, {}),
        ("the-way", 2, {}),
        ("feng-shui-master", 2, {}),
    ],
)
def test_greedy_beats_random_from_either_seat(
    game: str, players: int, options: dict[str, object]
) -> None:
    for bots, greedy_seat in ((("greedy", "random"), "1"), (("random", "greedy"), "2")):
        out = simulate(spec(game, players, bots, seed=3, **options), 200)
        assert out["wins_by_seat"][greedy_seat]["ci95"][0] > 0.6, (bots, out["wins_by_seat"])


def test_a_greedy_elementa_team_beats_a_random_one() -> None:
    for bots, team in ((("greedy", "random"), "team_a"), (("random", "greedy"), "team_b")):
        out = simulate(spec("elementa", 4, bots, seed=3), 400)
        assert out["bots"] == [*bots, *bots]
        assert out["wins_by_team"][team]["ci95"][0] > 0.55, out["wins_by_team"]


def test_greedy_co_op_wins_more_than_random() -> None:
    greedy = simulate(spec("the-way", 2, ("greedy",), seed=3, mode="coop-arc1"), 100)
    chance = simulate(spec("the-way", 2, ("random",), seed=3, mode="coop-arc1"), 100)
    assert greedy["wins_by_team"]["players"]["ci95"][0] > chance["wins_by_team"]["players"]["rate"]


def test_greedy_solo_feng_shui_passes_more_often() -> None:
    greedy = simulate(spec("feng-shui-master", 1, ("greedy",), seed=3), 100)
    chance = simulate(spec("feng-shui-master", 1, ("random",), seed=3), 100)
    assert greedy["facts"]["passed"]["rate"] > chance["facts"]["passed"]["ci95"][1]


def test_learn_wuxing_has_no_decisions_so_every_bot_plays_the_same_games() -> None:
    greedy = simulate(spec("mywuxing", 3, ("greedy",), seed=3, mode="learn"), 100)
    chance = simulate(spec("mywuxing", 3, ("random",), seed=3, mode="learn"), 100)
    assert greedy["decisions"]["max"] == 0
    assert {**greedy, "bots": None} == {**chance, "bots": None}
