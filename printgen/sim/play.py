"""Play one whole game: chance outcomes and bot choices drawn from one seeded generator.

Every simulated game is checked, and a broken rule stops the run loudly (`SimulationError`,
naming the game's seed so it can be replayed): the invariants of `check_invariants()` at the
end of every game (after every move with `check_every_move`), an action the engine refuses,
a bot choosing an action that is not legal, and a game that does not end within `MAX_ACTIONS`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from printgen.rules.api import CHANCE, TERMINAL, Action, GameState, Result

MAX_ACTIONS = 100_000  # chance outcomes and decisions; every engine has its own, lower cap

Bot = Callable[[GameState, random.Random], Action]


class SimulationError(AssertionError):
    """A simulated game broke an invariant or never ended: a bug in the engine or the data."""


@dataclass(frozen=True)
class GameRecord:
    """What one played game contributes to the statistics."""

    index: int
    seed: str
    length: int  # in the game's natural unit (Result.length), else decisions
    unit: str
    decisions: int  # actions chosen by players (chance outcomes not counted)
    winners: tuple[int, ...]
    reason: str
    scores: dict[str, float] = field(default_factory=dict)
    facts: dict[str, object] = field(default_factory=dict)
    moves: tuple[Action, ...] = ()  # every action in order, chance included, when recorded
    timeout: bool = False  # the engine's cap stopped the game (Result.timeout)


def random_bot(state: GameState, rng: random.Random) -> Action:
    """Uniform over the legal actions."""
    actions = state.legal_actions()
    return actions[int(rng.random() * len(actions))]  # as randrange, three times faster


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    seed: str,
    index: int = 0,
    check_every_move: bool = False,
    record_moves: bool = False,
) -> GameRecord:
    """Play `state` to the end; seat k uses `bots[k % len(bots)]`. Same seed, same game."""
    rng = random.Random(seed)
    if check_every_move:
        decisions, moves = _play_checked(state, bots, rng, seed, record_moves)
    else:
        decisions, moves = _play(state, bots, rng, seed, record_moves)
    check(state, seed)
    return record(state.result(), index, seed, decisions, tuple(moves))


def _play(
    state: GameState, bots: Sequence[Bot], rng: random.Random, seed: str, record_moves: bool
) -> tuple[int, list[Action]]:
    """The simulation's hot loop: the players' decisions made and the moves recorded."""
    decisions = 0
    moves: list[Action] = []
    n_bots = len(bots)
    current, apply, chance = state.current_player, state.apply, state.play_chance
    for _ in range(MAX_ACTIONS):
        player = current()
        if player == TERMINAL:
            return decisions, moves
        action: Action = None
        try:
            if player == CHANCE:
                action = chance(rng)  # drawn and applied in one step
            else:
                action = bots[player % n_bots](state, rng)
                decisions += 1
                apply(action)
        except ValueError as exc:
            what = "its own chance draw" if action is None else repr(action)
            raise SimulationError(f"game {seed}: the engine refused {what}: {exc}") from exc
        if record_moves:
            moves.append(action)
    raise SimulationError(f"game {seed} did not end within {MAX_ACTIONS} actions")


def _play_checked(
    state: GameState, bots: Sequence[Bot], rng: random.Random, seed: str, record_moves: bool
) -> tuple[int, list[Action]]:
    """`_play`, checking every choice and the invariants after every move (--check-moves)."""
    decisions = 0
    moves: list[Action] = []
    for _ in range(MAX_ACTIONS):
        player = state.current_player()
        if player == TERMINAL:
            return decisions, moves
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = bots[player % len(bots)](state, rng)
            decisions += 1
        _check_choice(state, player, action, seed)
        if record_moves:
            moves.append(action)
        try:
            state.apply(action)
        except ValueError as exc:
            raise SimulationError(f"game {seed}: the engine refused {action!r}: {exc}") from exc
        check(state, seed)
    raise SimulationError(f"game {seed} did not end within {MAX_ACTIONS} actions")


def _check_choice(state: GameState, player: int, action: Action, seed: str) -> None:
    """The action must be a possible chance outcome, or a legal decision of the player."""
    if player == CHANCE:
        if action not in [a for a, _ in state.chance_outcomes()]:
            raise SimulationError(f"game {seed}: {action!r} is not a possible chance outcome")
    elif action not in state.legal_actions():
        raise SimulationError(f"game {seed}: seat {player + 1} chose illegal {action!r}")


def record(
    result: Result, index: int, seed: str, decisions: int, moves: tuple[Action, ...] = ()
) -> GameRecord:
    length = result.length if result.length is not None else decisions
    return GameRecord(
        index,
        seed,
        length,
        result.unit if result.length is not None else "decisions",
        decisions,
        tuple(result.winners),
        result.reason,
        dict(result.scores),
        dict(result.facts),
        moves,
        result.timeout,
    )


def replay(state: GameState, moves: Sequence[Action], seed: str = "replay") -> GameRecord:
    """Apply recorded moves (chance included) and check every position on the way."""
    decisions = 0
    for action in moves:
        player = state.current_player()
        if player == TERMINAL:
            raise SimulationError(f"{seed}: the game ended before move {action!r}")
        legal = (
            [a for a, _ in state.chance_outcomes()] if player == CHANCE else state.legal_actions()
        )
        if action not in legal:
            raise SimulationError(f"{seed}: {action!r} is not legal here")
        decisions += player != CHANCE
        state.apply(action)
        check(state, seed)
    if not state.is_terminal():
        raise SimulationError(f"{seed}: the recorded moves end before the game does")
    return record(state.result(), 0, seed, decisions, tuple(moves))


def check(state: GameState, seed: str) -> None:
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise SimulationError(f"game {seed}: invariant broken: {exc}") from exc
