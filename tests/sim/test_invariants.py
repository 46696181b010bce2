"""Every game, every player count and mode: random (and greedy) games keep every invariant.

Each game is checked after every move (`check_every_move`): cards and dice conserved, only
legal moves, The Way's pieces on the board or out by their own gate, Elementa's 40 captures at
the end, and every game ends within its bound. A broken invariant raises SimulationError.
"""

from __future__ import annotations

import pytest

from printgen.sim.runner import play_batch
from tests.sim.conftest import spec

GAMES = 30

COMBINATIONS = [
    *[("mywuxing", p, {"mode": m}) for p in range(2, 9) for m in ("learn", "think")],
    *[("cl4sh", p, {"mode": m}) for p in range(2, 7) for m in ("set", "competition")],
    *[
        ("the-way", p, {"mode": m, "expansion": x})
        for p in range(2, 5)
        for m in ("versus", "coop-arc1", "coop-arc2")
        for x in (False, True)
    ],
    ("elementa", 4, {}),
    *[("feng-shui-master", p, {}) for p in range(1, 4)],
]


def _id(combination: tuple[str, int, dict[str, object]]) -> str:
    game, players, options = combination
    return "-".join([game, str(players), *(f"{k}={v}" for k, v in options.items())])


@pytest.mark.parametrize("combination", COMBINATIONS, ids=map(_id, COMBINATIONS))
def test_random_games_keep_every_invariant(combination: tuple[str, int, dict[str, object]]) -> None:
    game, players, options = combination
    records = play_batch((spec(game, players, check=True, **options), 0, GAMES))
    assert len(records) == GAMES
    for r in records:
        assert r.reason, r.seed
        assert all(0 <= s < players for s in r.winners), r.seed
        assert r.length >= 0 and r.unit in ("plays", "turns", "hands", "rounds")


@pytest.mark.parametrize(
    "game,players",
    [("mywuxing", 4), ("cl4sh", 4), ("the-way", 3), ("elementa", 4), ("feng-shui-master", 2)],
)
def test_greedy_games_keep_every_invariant(game: str, players: int) -> None:
    options = {"mode": "think"} if game == "mywuxing" else {}
    records = play_batch((spec(game, players, ("greedy", "random"), check=True, **options), 0, 20))
    assert all(r.reason for r in records)
