"""Whole games of Elementa on the shared state API (printgen.rules.api).

Seats 0..3 play clockwise; the teams come from game.yaml (seats 1 and 3 against 2 and 4, i.e.
0 and 2 against 1 and 3 here). The deal and every draw are chance nodes, one card at a time,
uniform over the cards left in the deck (relics are one outcome weighted by how many are left).
The first player (left of the dealer) leads the first hand; the winner of a hand captures its
cards, leads the next and draws first while the deck lasts. Actions are card strings.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from printgen.errors import UsageError
from printgen.model import Game
from printgen.rules.api import CHANCE, TERMINAL, Action, GameState, Result
from printgen.rules.elementa.cards import (
    RELIC,
    ElementaRules,
    effective_values,
    match_winner,
    relic_sweep,
    rules_of,
    team_score,
    winning_index,
)


class ElementaState(GameState):
    __slots__ = ("captured", "deck", "hands", "hands_played", "leader", "rules", "table", "to_draw")

    def __init__(self, rules: ElementaRules, first_player: int = 0) -> None:
        n = rules.players
        self.rules = rules
        self.deck: list[str] = list(rules.deck)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.captured: list[list[str]] = [[] for _ in range(n)]
        self.table: list[str] = []  # this hand's cards, played from `leader` clockwise
        self.leader = first_player
        self.hands_played = 0
        # The deal: one card at a time, clockwise from the first player.
        self.to_draw: list[int] = [(first_player + k) % n for k in range(n)] * rules.cards_each

    def current_player(self) -> int:
        if self.to_draw:
            return CHANCE
        if self.hands_played == self.rules.hands:
            return TERMINAL
        return (self.leader + len(self.table)) % self.rules.players

    def legal_actions(self) -> Sequence[Action]:
        if self.to_draw or self.hands_played == self.rules.hands:
            return []
        hand = self.hands[(self.leader + len(self.table)) % self.rules.players]
        return list(dict.fromkeys(hand))  # no need to follow suit; twin relics are one action

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if not self.to_draw:
            return ()
        deck = self.deck
        p = 1.0 / len(deck)
        relics = deck.count(RELIC)
        out: list[tuple[Action, float]] = [(c, p) for c in deck if c != RELIC]
        if relics:
            out.append((RELIC, relics * p))
        return out

    def sample_chance(self, rng: random.Random) -> Action:
        return self.deck[rng.randrange(len(self.deck))]  # each card left equally likely

    def play_chance(self, rng: random.Random) -> Action:
        """`apply(sample_chance(rng))` in one step (the first equal card leaves the deck, as in
        `apply`: the deck's order decides later draws)."""
        card = self.deck[rng.randrange(len(self.deck))]
        self.deck.remove(card)
        self.hands[self.to_draw.pop(0)].append(card)
        return card

    def apply(self, action: Action) -> None:
        if self.to_draw:
            if action not in self.deck:
                raise ValueError(f"{action!r} is not in the deck")
            self.deck.remove(action)
            self.hands[self.to_draw.pop(0)].append(action)
            return
        if self.hands_played == self.rules.hands:
            raise ValueError("the game is over")
        n = self.rules.players
        hand = self.hands[(self.leader + len(self.table)) % n]
        if action not in hand:
            raise ValueError(f"{action!r} is not in the hand of the player to play")
        hand.remove(action)
        self.table.append(action)
        if len(self.table) == n:
            self._take_hand()

    def _take_hand(self) -> None:
        n = self.rules.players
        won = (self.leader + winning_index(effective_values(self.table, self.rules.info))) % n
        self.captured[won].extend(self.table)
        self.table = []
        self.leader = won
        self.hands_played += 1
        self.to_draw = [(won + k) % n for k in range(min(n, len(self.deck)))]

    def team_piles(self) -> dict[str, list[str]]:
        """Captured cards pooled by team (partners score together)."""
        piles: dict[str, list[str]] = {team: [] for team in self.rules.teams}
        for seat, pile in enumerate(self.captured):
            piles[self.rules.seat_team[seat]].extend(pile)
        return piles

    def result(self) -> Result:
        if not self.is_terminal():
            raise ValueError("the game is not over")
        piles = self.team_piles()
        scores = {team: team_score(pile, self.rules).points for team, pile in piles.items()}
        sweep = relic_sweep(piles, self.rules)
        winner = match_winner(scores, sweep)
        reason = "relic sweep" if sweep else ("draw" if winner is None else "score")
        winners = self.rules.teams[winner] if winner is not None else ()
        facts = {
            "relic_sweep": sweep,
            "relics": {team: pile.count(RELIC) for team, pile in piles.items()},
        }
        team_scores = {t: float(s) for t, s in scores.items()}
        return Result(tuple(winners), reason, team_scores, facts, self.hands_played, "hands")

    def teams(self) -> dict[str, tuple[int, ...]]:
        return dict(self.rules.teams)

    def clone(self) -> ElementaState:
        other = ElementaState.__new__(ElementaState)
        other.rules = self.rules
        other.deck = self.deck[:]
        other.hands = [h[:] for h in self.hands]
        other.captured = [c[:] for c in self.captured]
        other.table = self.table[:]
        other.leader = self.leader
        other.hands_played = self.hands_played
        other.to_draw = self.to_draw[:]
        return other

    def resample(self, seat: int, rng: random.Random) -> ElementaState:
        """A copy with the other players' hands (the partner's too) dealt again from those
        cards and the deck: what `seat` cannot see."""
        new = self.clone()
        others = [s for s in range(self.rules.players) if s != seat and new.hands[s]]
        pool = new.deck + [card for s in others for card in new.hands[s]]
        rng.shuffle(pool)
        for s in others:
            size = len(new.hands[s])
            new.hands[s], pool = pool[:size], pool[size:]
        new.deck = pool
        return new

    def check_invariants(self) -> None:
        r = self.rules
        everywhere = self.deck + self.table + [c for h in self.hands for c in h]
        everywhere += [c for pile in self.captured for c in pile]
        assert Counter(everywhere) == Counter(r.deck), "cards are not conserved"
        assert all(len(h) <= r.cards_each for h in self.hands), "a hand holds too many cards"
        assert len(self.table) < r.players, "a full table was not taken"
        assert 0 <= self.hands_played <= r.hands
        assert sum(map(len, self.captured)) == r.players * self.hands_played
        if not self.to_draw and self.hands_played < r.hands:
            self._check_even()
        if self.is_terminal():
            assert not self.deck and not any(self.hands), "cards left at the end"
            assert sum(map(len, self.captured)) == len(r.deck), "not every card was captured"

    def _check_even(self) -> None:
        """Everyone has played the same number of cards this hand, give or take the table."""
        n = self.rules.players
        sizes = [len(h) for h in self.hands]
        to_play = [(self.leader + k) % n for k in range(len(self.table), n)]
        assert all(sizes[s] == sizes[to_play[0]] for s in to_play), "hands are uneven"


def new_game(
    game: Game, players: int = 4, first_player: int = 0, **options: object
) -> ElementaState:
    """A fresh game, before the deal. `first_player`: the seat left of the dealer (0-based)."""
    rules = rules_of(game)
    if options:
        raise UsageError(
            f"unknown option(s) for elementa: {', '.join(options)}; accepted: first_player"
        )
    if players != rules.players:
        raise UsageError(f"Elementa is played by {rules.players} players, not {players}")
    if not isinstance(first_player, int) or not 0 <= first_player < rules.players:
        raise UsageError(f"first_player must be a seat 0..{rules.players - 1}")
    return ElementaState(rules, first_player)
