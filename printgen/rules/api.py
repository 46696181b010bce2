"""The one small API every game's engine offers, so simulation drives all games the same way.

Shaped after OpenSpiel: a state knows whose turn it is, the legal actions, how to apply one,
whether the game is over and its result. Chance (shuffles, dice, draws) is an explicit player:
when `current_player()` is `CHANCE`, `chance_outcomes()` lists the possible outcomes with their
probabilities and the driver picks one with its seeded random generator, so a game is fully
determined by its seed and the bots' choices.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

CHANCE = -1
TERMINAL = -2

Action = Hashable


@dataclass(frozen=True)
class Result:
    """How a finished game ended: who won (seats or teams), why, and any scores.

    `scores` keys are 0-based seats written as strings ("0", "1", ...) or team names. `length`
    is the game's length in its natural `unit` ("plays", "turns", "hands", "rounds"). `facts`
    feed the simulation statistics: a bool becomes a rate, a number a distribution, a string
    (or None) a category; a list holds one value per seat, a mapping one per team.
    """

    winners: tuple[int, ...]  # seats (0-based); empty for a draw or a cooperative loss
    reason: str  # e.g. "deck exhausted", "gate reached", "relic sweep", "arc won"
    scores: dict[str, float] = field(default_factory=dict)
    facts: Mapping[str, object] = field(default_factory=dict)  # per-game statistics inputs
    length: int | None = None  # None: count the players' decisions instead
    unit: str = "decisions"
    timeout: bool = False  # stopped by the engine's cap (a turn limit), not by the rules


class GameState(ABC):
    """A position in one game. States are mutable; `clone()` copies one for search bots."""

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (0-based), `CHANCE`, or `TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The actions the current player may take (empty only when terminal or chance)."""

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """Outcomes and probabilities when `current_player()` is `CHANCE`."""
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with `rng`, weighted as `chance_outcomes()` says.

        An engine may override this with a faster equivalent (e.g. a draw straight from its
        pile counts); the simulation driver draws through `play_chance`, which calls this
        method unless the engine overrides both.
        """
        return pick(self.chance_outcomes(), rng)

    def play_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome with `rng` (as `sample_chance`), apply it and return it: the
        simulation's step at a chance node. An engine may override this with a faster
        equivalent that does both in one step (the same draw, the same calls to `rng`)."""
        action = self.sample_chance(rng)
        self.apply(action)
        return action

    def standings(self) -> Sequence[float] | None:
        """Each seat's running score now (cards held, points), for the lead-change metric of
        `printgen compare`; None for a game that keeps no running score. Called after every
        action there, so it should be cheap."""
        return None

    def teams(self) -> dict[str, tuple[int, ...]]:
        """Team name -> its seats, for games played in teams (or cooperatively); else empty."""
        return {}

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Apply a legal action (or chance outcome); raises ValueError for an illegal one."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    @abstractmethod
    def result(self) -> Result:
        """The result of a finished game."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy."""

    def resample(self, seat: int, rng: random.Random) -> GameState:
        """A copy of this position as `seat` may believe it to be: what `seat` cannot see (the
        other players' hands, a card laid face down) dealt again at random from the cards it
        could be, all that `seat` sees kept (OpenSpiel's `ResampleFromInfostate`). Search bots
        (`--bot mcts`) start every playout from one. The default, `clone()`, is right for a
        game without hidden information or whose hidden cards are drawn only when turned over
        (chance drawn lazily); an engine whose players hold cards the others cannot see
        overrides it, or a search would see those cards."""
        return self.clone()

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise AssertionError when the state breaks a rule (cards conserved, pieces on board)."""


def pick(outcomes: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    """An outcome drawn with its probability (one `rng` call; uniform outcomes are cheaper)."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    first = outcomes[0][1]
    if all(p == first for _, p in outcomes):
        return outcomes[rng.randrange(len(outcomes))][0]
    point = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if point < total:
            return action
    return outcomes[-1][0]


def deal_from(pile: list[int], cards: int, rng: random.Random) -> list[int]:
    """`cards` cards drawn at random, without replacement, from a pile kept as copies per card
    kind (`pile[kind]`, reduced by what is drawn): each drawn card's kind."""
    total = sum(pile)
    drawn = []
    for _ in range(cards):
        kind = draw_from_counts(pile, total, rng)
        pile[kind] -= 1
        total -= 1
        drawn.append(kind)
    return drawn


def draw_from_counts(counts: Sequence[int], total: int, rng: random.Random) -> int:
    """The index of one card drawn uniformly from a pile kept as copies per card kind.

    Exactly the distribution of `[(i, c / total) for i, c in enumerate(counts) if c]`.
    """
    point = int(rng.random() * total)  # uniform over 0..total-1, as randrange, but faster
    for index, copies in enumerate(counts):
        if point < copies:
            return index
        point -= copies
    raise ValueError("the pile holds fewer cards than its total says")
