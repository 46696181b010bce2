"""One random play-out of a game through the shared state API, for the engines' own tests."""

from __future__ import annotations

import random

from printgen.rules.api import CHANCE, TERMINAL, GameState

MAX_STEPS = 20_000


def play_randomly(state: GameState, players: int, rng: random.Random, check_every: int) -> None:
    """Play `state` to its end: chance by its probabilities (which must sum to 1), every seat
    a uniformly random legal action; the invariants checked every `check_every` steps and at
    the end. AssertionError when a seat has no action or the game does not end."""
    for step in range(MAX_STEPS):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            actions = state.legal_actions()
            assert actions and 0 <= player < players
            state.apply(rng.choice(actions))
        if step % check_every == 0:
            state.check_invariants()
    else:
        raise AssertionError("a game did not end")
    state.check_invariants()
