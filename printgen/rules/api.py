"""The one small API every game's engine offers, so simulation drives all games the same way.

Shaped after OpenSpiel: a state knows whose turn it is, the legal actions, how to apply one,
whether the game is over and its result. Chance (shuffles, dice, draws) is an explicit player:
when `current_player()` is `CHANCE`, `chance_outcomes()` lists the possible outcomes with their
probabilities and the driver picks one with its seeded random generator, so a game is fully
determined by its seed and the bots' choices.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

CHANCE = -1
TERMINAL = -2

Action = Hashable


@dataclass(frozen=True)
class Result:
    """How a finished game ended: who won (seats or teams), why, and any scores."""

    winners: tuple[int, ...]  # seats (0-based); empty for a draw or a cooperative loss
    reason: str  # e.g. "deck exhausted", "gate reached", "relic sweep", "arc won"
    scores: dict[str, float] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)  # per-game statistics inputs


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

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise AssertionError when the state breaks a rule (cards conserved, pieces on board)."""
