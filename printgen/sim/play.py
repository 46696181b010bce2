"""Play one whole game: chance outcomes and bot choices drawn from one seeded generator."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from printgen.rules.api import CHANCE, TERMINAL, Action, GameState, Result

MAX_ACTIONS = 20_000

Bot = Callable[[GameState, random.Random], Action]


class SimulationError(AssertionError):
    """A simulated game broke an invariant or never ended: a bug in the engine or the data."""


@dataclass(frozen=True)
class GameRecord:
    """What one played game contributes to the statistics."""

    index: int
    seed: str
    length: int  # decisions taken by players (chance outcomes not counted)
    winners: tuple[int, ...]
    reason: str
    scores: dict[str, float] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)
    moves: tuple[Any, ...] = ()  # every action in order, chance included, when recorded


def random_bot(state: GameState, rng: random.Random) -> Action:
    """Uniform over the legal actions."""
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def pick_chance(outcomes: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    if len(outcomes) == 1:
        return outcomes[0][0]
    first = outcomes[0][1]
    if all(p == first for _, p in outcomes):  # uniform: the common case, and the cheap one
        return outcomes[rng.randrange(len(outcomes))][0]
    point = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if point < total:
            return action
    return outcomes[-1][0]


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    seed: str,
    index: int = 0,
    check_every_move: bool = False,
    record_moves: bool = False,
) -> GameRecord:
    """Play `state` to the end; each seat uses its bot. Same seed, same game."""
    rng = random.Random(seed)
    length = 0
    moves: list[Any] = []
    for _ in range(MAX_ACTIONS):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = pick_chance(state.chance_outcomes(), rng)
        else:
            action = bots[player % len(bots)](state, rng)
            length += 1
        if record_moves:
            moves.append(action)
        state.apply(action)
        if check_every_move:
            _check(state, seed)
    else:
        raise SimulationError(f"game {seed} did not end within {MAX_ACTIONS} actions")
    _check(state, seed)
    result: Result = state.result()
    return GameRecord(
        index,
        seed,
        length,
        tuple(result.winners),
        result.reason,
        dict(result.scores),
        dict(result.facts),
        tuple(moves),
    )


def _check(state: GameState, seed: str) -> None:
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise SimulationError(f"game {seed}: invariant broken: {exc}") from exc
