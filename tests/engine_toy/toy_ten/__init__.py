"""Toy Ten: a tiny two-player game of ten cards numbered 1 to 10, to show that a new engine
needs only its own package and its own game folder.

The ten cards are dealt one by one (chance), five to each player. Then five tricks: the player
to lead plays a card, the other answers; the higher card takes the trick and leads the next.
The player with more tricks wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from printgen.errors import SituationError
from printgen.model import Game
from printgen.rules.api import CHANCE, TERMINAL, Action, GameState, Result
from printgen.rules.engine import Check, Engine
from printgen.rules.pictures import Contender, Duel, MiniCard


@dataclass(frozen=True)
class Trick:
    """`score`: who takes a trick of two cards (1 or 2: the player of the first or second)."""

    played: tuple[int, int]

    @property
    def winner(self) -> int:
        return 1 if self.played[0] > self.played[1] else 2

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner}

    def explain(self) -> str:
        return f"player {self.winner} takes the trick"


def score(situation: dict[str, Any], game: Game) -> Trick:
    played = situation.get("played")
    if not isinstance(played, list) or len(played) != 2:
        raise SituationError(("played",), "expected two card numbers")
    values = {card.number("value") for card in game.components["deck"].cards}
    for k, value in enumerate(played):
        if value not in values:
            raise SituationError(("played", k), f"no card {value!r} in the deck")
    return Trick((played[0], played[1]))


@dataclass
class ToyState(GameState):
    deck: list[int]
    hands: list[list[int]] = field(default_factory=lambda: [[], []])
    table: list[int] = field(default_factory=list)
    leader: int = 0
    tricks: list[int] = field(default_factory=lambda: [0, 0])

    def current_player(self) -> int:
        if self.deck:
            return CHANCE
        if not any(self.hands):
            return TERMINAL
        return (self.leader + len(self.table)) % 2

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return [(card, 1 / len(self.deck)) for card in self.deck]

    def legal_actions(self) -> Sequence[Action]:
        if self.current_player() < 0:
            return ()
        return sorted(self.hands[self.current_player()])

    def apply(self, action: Action) -> None:
        assert isinstance(action, int)
        if self.deck:
            self.deck.remove(action)
            self.hands[len(self.deck) % 2].append(action)
            return
        seat = self.current_player()
        if action not in self.hands[seat]:
            raise ValueError(f"seat {seat} holds no {action}")
        self.hands[seat].remove(action)
        self.table.append(action)
        if len(self.table) == 2:
            first, second = self.table
            self.leader = self.leader if first > second else 1 - self.leader
            self.tricks[self.leader] += 1
            self.table = []

    def result(self) -> Result:
        a, b = self.tricks
        winners = (0,) if a > b else (1,) if b > a else ()
        return Result(winners, "tricks", {"0": a, "1": b}, length=5, unit="tricks")

    def clone(self) -> ToyState:
        return ToyState(
            list(self.deck),
            [list(h) for h in self.hands],
            list(self.table),
            self.leader,
            list(self.tricks),
        )

    def check_invariants(self) -> None:
        cards = len(self.deck) + sum(map(len, self.hands)) + len(self.table) + 2 * sum(self.tricks)
        assert cards == 10, f"{cards} cards in play, not 10"


def new_game(game: Game, players: int = 2, **options: Any) -> ToyState:
    del options
    return ToyState(sorted(card.number("value") for card in game.components["deck"].cards))


def highest_bot(state: GameState, rng: random.Random) -> Action:
    """Plays its highest card: the simplest greedy choice, a whole sentence long so that the
    generic test of documented bots has something to read. It never looks at the other hand,
    never counts the cards already played, and never holds a high card back for later tricks,
    which is exactly what a better bot would do."""
    del rng
    return max(state.legal_actions())  # type: ignore[type-var]


def ten_cards(game: Game) -> list[Check]:
    values = sorted(card.number("value") for card in game.components["deck"].cards)
    ok = values == list(range(1, 11))
    return [Check("ten cards", ok, "error", f"cards {values}" if not ok else "1 to 10 once")]


def trick_picture(source: Any, situation: dict[str, Any], result: dict[str, Any]) -> Duel:
    """A trick's picture as values the rulebook draws: the two cards face to face, the one
    that takes the trick marked (a kind of picture any engine may return)."""
    del source
    first, second = (
        Contender(
            MiniCard(number=value),
            f"player {k + 1}" + (" takes it" if result["winner"] == k + 1 else ""),
            won=result["winner"] == k + 1,
        )
        for k, value in enumerate(situation["played"])
    )
    return Duel((first, second))


ENGINE = Engine(
    id="toy-ten",
    score=score,
    new_game=new_game,
    greedy_bot=highest_bot,
    invariants=ten_cards,
    example_picture=trick_picture,
)
