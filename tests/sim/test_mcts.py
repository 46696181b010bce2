"""The search bot (`--bot mcts`): stronger than random, the same game for the same seed, and
never looking at cards its player cannot see (`GameState.resample`)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from printgen.rules.api import CHANCE, TERMINAL, GameState
from printgen.rules.engine import engines
from printgen.sim.mcts import MctsBot
from printgen.sim.play import play_game, random_bot
from printgen.sim.runner import new_state, run_games
from tests.sim.conftest import spec


def test_a_small_budget_beats_random_in_most_of_200_games() -> None:
    """MyWuXing Think WuXing, two players: 8 playouts a decision against random play, 100
    seeds with the search bot first and the same 100 with it second."""
    first = run_games(spec("mywuxing", 2, ("mcts:8", "random"), mode="think"), 100)
    second = run_games(spec("mywuxing", 2, ("random", "mcts:8"), mode="think"), 100)
    won = first.winners[(0,)] + second.winners[(1,)]
    assert won > 100, (first.winners, second.winners)


def test_the_same_seed_plays_the_same_game() -> None:
    """No clock in the budget and one draw from the game's generator: the same moves twice."""
    start = new_state(spec("cl4sh", 2, mode="set"))
    games = [
        play_game(start.clone(), [MctsBot(6), random_bot], "same:1", record_moves=True)
        for _ in range(2)
    ]
    assert games[0].moves == games[1].moves and games[0].winners == games[1].winners
    other = play_game(start.clone(), [MctsBot(6), random_bot], "same:2", record_moves=True)
    assert other.moves != games[0].moves


def test_any_split_of_the_seeds_gives_the_same_tally() -> None:
    """The figures of a run do not depend on how its seeds are cut into batches (so not on
    --jobs or the executor either)."""
    from printgen.sim.runner import tally_batch

    run = spec("elementa", 4, ("mcts:4", "random"))
    whole = tally_batch((run, 0, 6))
    halves = tally_batch((run, 0, 2)).merge(tally_batch((run, 2, 6)))
    assert whole.winners == halves.winners and whole.games == halves.games == 6


def _mid_game(game: str, players: int, seed: int, **options: Any) -> GameState:
    """A position some decisions into a random game, a player to move."""
    state = new_state(spec(game, players, **options))
    rng = random.Random(seed)
    for _ in range(12 + seed % 7):
        while state.current_player() == CHANCE:
            state.play_chance(rng)
        if state.current_player() == TERMINAL:
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    while state.current_player() == CHANCE:
        state.play_chance(rng)
    return state


HIDDEN = [
    ("mywuxing", 3, {"mode": "think"}, "hand"),
    ("cl4sh", 3, {"mode": "set"}, "hands"),
    ("the-way", 3, {"mode": "versus"}, "hands"),
    ("elementa", 4, {}, "hands"),
]


@pytest.mark.parametrize(("game", "players", "options", "hands"), HIDDEN)
def test_resampling_deals_again_only_what_the_seat_cannot_see(
    game: str, players: int, options: dict[str, Any], hands: str
) -> None:
    """The player's own hand, every hand's size and the cards in sight stay; the other hands
    are dealt again from the cards they could be (the rules' invariants still hold)."""
    changed = Counter[str]()
    for seed in range(12):
        state = _mid_game(game, players, seed, **options)
        seat = state.current_player()
        if seat < 0:
            continue
        for k in range(5):
            copy = state.resample(seat, random.Random(k))
            copy.check_invariants()
            mine, theirs = getattr(state, hands), getattr(copy, hands)
            assert theirs[seat] == mine[seat]
            assert [len(h) for h in theirs] == [len(h) for h in mine]
            others = [sorted(h) for s, h in enumerate(theirs) if s != seat]
            changed[str(others != [sorted(h) for s, h in enumerate(mine) if s != seat])] += 1
            assert copy.legal_actions() == state.legal_actions()
    assert changed["True"] > changed["False"], changed


def test_the_leaders_face_down_card_is_hidden_from_the_invited_player() -> None:
    """Think WuXing: the leader lays a card face down, then the invited player chooses. From the
    invited player's seat that card is dealt again; from the leader's it stays."""
    state = _mid_game("mywuxing", 2, 3, mode="think")
    rng = random.Random(1)
    while not (state.current_player() >= 0 and state.cards and state.chooser != state.leader):
        if state.current_player() == CHANCE:
            state.play_chance(rng)
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    laid = list(state.cards)
    assert state.resample(state.leader, random.Random(0)).cards == laid
    seen = {tuple(state.resample(state.chooser, random.Random(k)).cards) for k in range(30)}
    assert len(seen) > 1


def test_a_game_without_hidden_cards_resamples_as_a_copy() -> None:
    """Feng Shui Master shows everything (the dice in the pool, every sheet): the default
    `resample` is a plain copy."""
    state = _mid_game("feng-shui-master", 2, 1)
    copy = state.resample(state.current_player(), random.Random(0))
    assert copy.legal_actions() == state.legal_actions() and copy is not state
    assert "resample" not in vars(type(state))
    assert set(engines()) >= {"mywuxing", "cl4sh", "the-way", "elementa", "feng-shui-master"}
