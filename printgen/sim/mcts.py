"""A search bot for every game: open-loop information-set Monte Carlo tree search.

`printgen simulate --bot mcts` (200 playouts a decision) or `mcts:N`. It knows no game: it
plays through the shared state API (`printgen.rules.api`) alone, so a new engine gets it free.

- Hidden information: each playout starts from a determinisation, `state.resample(seat, rng)`:
  a copy in which what the player to move cannot see (the others' hands, a card laid face
  down) is dealt again at random from the cards it could be. The tree is the player's own
  (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): its nodes are action sequences,
  shared by every determinisation, and an action's count of times it was legal stands in for
  the parent's visits in UCB1 (an opponent's card is legal in some deals only).
- Chance is open loop: a playout draws chance outcomes afresh and they are not nodes, so the
  tree stays small in games of many draws.
- Playouts end in a uniformly random playout to the end of the game. A win is worth 1, a win
  shared by k seats or teams 1/k (every seat of a winning team gets the team's), a loss or a
  stalled game 0.
- The budget is a number of playouts a decision, never a clock: the same seed plays the same
  game on any machine, in any process or Dask worker. The search draws from its own generator,
  seeded with one draw from the game's.

The move played is the root's most visited action (the first listed on a tie).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from printgen.rules.api import CHANCE, TERMINAL, Action, GameState
from printgen.sim.outcome import rewards_of

PLAYOUTS = 200  # `--bot mcts`
EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0  # rewards of the seat that chose the action leading here
        self.avail = 1  # playouts in which that action was legal here


@dataclass(frozen=True)
class MctsBot:
    """Information-set MCTS with `playouts` playouts a decision (a bot: `bot(state, rng)`)."""

    playouts: int = PLAYOUTS
    exploration: float = EXPLORATION

    def __call__(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        search = random.Random(rng.getrandbits(64))
        seat = state.current_player()
        root = _Node()
        for _ in range(self.playouts):
            self._playout(state.resample(seat, search), root, search)
        children = root.children
        return max(actions, key=lambda a: children[a].visits if a in children else -1)

    def _playout(self, state: GameState, root: _Node, rng: random.Random) -> None:
        path = self._descend(state, root, rng)
        _roll_out(state, rng)
        rewards = rewards_of(state)
        for node, seat in path:
            node.visits += 1
            node.total += rewards.get(seat, 0.0)

    def _descend(
        self, state: GameState, node: _Node, rng: random.Random
    ) -> list[tuple[_Node, int]]:
        """Select down the tree by UCB1 and add one node; the path with each node's chooser."""
        path: list[tuple[_Node, int]] = []
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        while True:
            seat = state.current_player()
            if seat == TERMINAL:
                return path
            if seat == CHANCE:
                state.play_chance(rng)
                continue
            children = node.children
            best: Action = None
            score = -1.0
            for action in state.legal_actions():
                child = children.get(action)
                if child is None:  # the first action not tried yet here: expand it
                    child = children[action] = _Node()
                    state.apply(action)
                    path.append((child, seat))
                    return path
                child.avail += 1
                value = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                if value > score:
                    best, score = action, value
            state.apply(best)
            node = children[best]
            path.append((node, seat))


def _roll_out(state: GameState, rng: random.Random) -> None:
    """Uniformly random choices (and chance) to the end of the game."""
    current, apply = state.current_player, state.apply
    legal, chance = state.legal_actions, state.play_chance
    while True:
        seat = current()
        if seat == TERMINAL:
            return
        if seat == CHANCE:
            chance(rng)
            continue
        actions = legal()
        apply(actions[int(rng.random() * len(actions))])
