"""A batch sets up one fresh game and starts every game as a copy of it (`runner.fresh_games`,
for speed): each engine's copy of a fresh game must play exactly as a newly made game."""

from __future__ import annotations

import pytest

from printgen.sim.play import play_game
from printgen.sim.runner import bot_for, fresh_games, new_state
from tests.sim.conftest import spec

CASES = [
    ("mywuxing", 3, ("random",), {}),
    ("mywuxing", 2, ("greedy", "random"), {"mode": "think"}),
    ("elementa", 4, ("greedy", "random"), {}),
    ("cl4sh", 3, ("greedy", "random"), {}),
    ("feng-shui-master", 2, ("greedy", "random"), {}),
    ("the-way", 2, ("greedy", "random"), {}),
    ("the-way", 3, ("random",), {"mode": "coop-arc2", "expansion": True}),
]


@pytest.mark.parametrize(("game", "players", "bots", "options"), CASES, ids=lambda c: str(c))
def test_copies_of_a_fresh_game_play_as_new_games(
    game: str, players: int, bots: tuple[str, ...], options: dict[str, object]
) -> None:
    run = spec(game, players, bots, **options)
    seats = [bot_for(run, name) for name in run.seat_bots()]
    fresh = fresh_games(run)
    for index in range(12):
        seed = f"fresh:{index}"
        copied = play_game(fresh(), seats, seed, index, record_moves=True)
        made = play_game(new_state(run), seats, seed, index, record_moves=True)
        assert copied == made
