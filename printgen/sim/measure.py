"""One game played as `play.play_game` plays it, measuring what the designer metrics need.

The same seed gives the same game as `play_game` (the extra look at the legal actions and at
the standings draws nothing from the generator); only `printgen compare` pays for the
measuring, `simulate`'s loop stays as fast as it was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from printgen.rules.api import CHANCE, TERMINAL, GameState
from printgen.sim.play import MAX_ACTIONS, Bot, GameRecord, SimulationError, check, record


@dataclass(frozen=True)
class Measured:
    record: GameRecord
    choices: int  # legal actions summed over the players' decisions (the branching factor)
    lead_changes: int | None  # None: the game keeps no running score (`standings()`)


def play_measured(state: GameState, bots: Sequence[Bot], seed: str, index: int) -> Measured:
    """Play `state` to the end (seat k uses `bots[k % len(bots)]`), measuring on the way."""
    rng = random.Random(seed)
    decisions = choices = changes = 0
    # the hot loop: the state's methods looked up once
    current, apply, chance = state.current_player, state.apply, state.play_chance
    legal, standings = state.legal_actions, state.standings
    first = standings()
    scored = first is not None
    shown = list(first or ())  # a copy: an engine may hand out its own running list
    leader: int | None = _leader(shown) if scored else None
    n_bots = len(bots)
    for _ in range(MAX_ACTIONS):
        player = current()
        if player == TERMINAL:
            break
        action = None
        try:
            if player == CHANCE:
                action = chance(rng)  # drawn and applied in one step
            else:
                choices += len(legal())
                action = bots[player % n_bots](state, rng)
                decisions += 1
                apply(action)
        except ValueError as exc:
            what = "its own chance draw" if action is None else repr(action)
            raise SimulationError(f"game {seed}: the engine refused {what}: {exc}") from exc
        if scored:
            now = standings()
            if now == shown:
                continue  # the same standings, the same leader
            shown = list(now)  # type: ignore[arg-type]
            now_leading = _leader(now)
            if now_leading is not None and now_leading != leader:
                changes += leader is not None  # the first leader is no change
                leader = now_leading
    else:
        raise SimulationError(f"game {seed} did not end within {MAX_ACTIONS} actions")
    check(state, seed)
    played = record(state.result(), index, seed, decisions)
    return Measured(played, choices, changes if scored else None)


def _leader(standings: Sequence[float] | None) -> int | None:
    """The seat alone in the lead; None while the lead is shared."""
    if not standings:
        return None
    top = max(standings)
    first = standings.index(top)
    return None if top in standings[first + 1 :] else first
