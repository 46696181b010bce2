"""Whole CL4SH games on the shared state API (`printgen.rules.api`).

`new_game(game, players=2..6, mode="set"|"competition", max_turns=None)`. A "set" game ends when
a player empties their hand; a "competition" game plays sets until someone has the match target
(15) of points (duel won 1, run of 4+ cards 2, set won 3), checked after every score.

Chance draws one card at a time (uniform over the draw pile); the deal and the first card of the
play pile are chance too. An empty draw pile is refilled from the play pile under its top card
(decision: reshuffle). In competition mode each set starts one seat further left (decision:
deal-passes).

Actions: `("play", codes, arg)` (one card, a run, or Pick-ups slammed; `arg` is what an Almighty
becomes, `(code, target)`, or the target player of Duel / Chain Reaction), `("draw",)`,
`("pass",)` (only when nothing can be played or drawn), `("keep",)` (keep a drawn card),
`("block",)` / `("take",)` (a player attacked while holding a Shield), `("duel", code)` (a duel
card).

Decisions the source and RULINGS.md leave open, made here (each printed in the rulebook's
clarifications, card_data/cl4sh/clarifications.yaml):
- A player may draw instead of playing. A drawn card that is playable may be played at once,
  alone (decision: draw-instead).
- Almighty ("can become any card"): the player names any other card of the deck; the Almighty
  counts as that card on the pile and does what it does, a Duel or Chain Reaction naming its
  player (decision: almighty).
- Echo: the player takes an extra turn that must play numbered cards (single or run) of the Echo's
  element, or draw (and play the drawn card if it is such a card) (decision: echo).
- Chain Reaction: the player swaps seats with the chosen player and play goes on from the new
  seat; choosing the next player in rotation instead skips them and the player takes another turn
  (decision: chain-reaction).
- Shield on your own turn raises a guard that blocks the next attack against you, and any card may
  follow it. Out of turn, a player attacked by a kind of `rules.shield_blocks` (Balance, Pick-ups,
  Duel) may block with a Shield from the hand; it goes under the play pile, the top stays.
  A blocked Pick-up neither draws nor skips (decision: shield_blocks).
- Pick-up stacking: any number of Pick-ups played together; the next player draws the sum and is
  skipped. The target cannot pass it on (decision: pickup-slam).
- Duel: the challenger picks a card, then the defender (a bot must not look; the state does not
  hide it). A duelist without numbered cards draws until they have one; one who cannot loses
  (decision: duel-no-cards). The loser draws `rules.duel_loser_draws` cards (decision:
  duel_loser_draws); duel cards go under the play pile.
- A set ends the moment a hand is empty, even on a Havoc card (its effect is not played) or on a
  Shield played out of turn (decision: set-end). The first card turned onto the play pile has no
  effect (decision: first-card).
- Competition: with `rules.match_end: moment` the match ends the moment a player reaches
  `rules.match_target` points, even in the middle of a set (decision: match_target); with
  `end_of_set` it ends when a set is won and a player has the target, the most points winning,
  a tie at the top playing another set (decision: match_end).
- Signal card: a player at exactly one card holds one, and gives it back when the hand changes;
  bots never forget it, so the CL4SH! penalty (and until when it may be called, decision:
  cl4sh-call) never arises in simulation (decision: signal).
- The game ends "stalled" after `rules.max_turns` turns, or when every player in a row had to
  pass because nothing could be played or drawn (decision: max_turns).
"""

from __future__ import annotations

import copy
import random
from typing import cast

import printgen.rules.cl4sh.effects as effects
import printgen.rules.cl4sh.moves as moves
from printgen.errors import UsageError
from printgen.model import Game
from printgen.rules.api import (
    CHANCE,
    TERMINAL,
    Action,
    GameState,
    Result,
    deal_from,
    draw_from_counts,
)
from printgen.rules.cl4sh.cards import NUMBER, OPEN, SHIELD, Cl4shRules, pile_of, rules_of
from printgen.rules.cl4sh.moves import ATTACK, DRAWN, DUEL, END, TURN, Cl4shAction

FLIP = -1  # a pending "draw" that turns the top card onto the play pile


class Cl4shState(GameState):
    def __init__(
        self, rules: Cl4shRules, players: int, hand: int, mode: str, max_turns: int
    ) -> None:
        self.r = rules
        self.n = players
        self.hand_size = hand
        self.mode = mode
        self.max_turns = max_turns
        self.order = list(range(players))  # seats, clockwise -> player
        self.start = 0
        self.points = [0] * players
        self.turns = 0
        self.sets = 0
        self.stats = {"duels": 0, "sequences": 0, "blocked": 0, "havoc": 0}
        self.winners: tuple[int, ...] = ()
        self.reason = ""
        self.shield = next((t.code for t in rules.types if t.kind == SHIELD), -1)
        self._legal: list[Cl4shAction] | None = None
        self._new_set()

    # --- the shared API ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == END:
            return TERMINAL
        return CHANCE if self.pending else self.actor

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        total = self.draw_n
        return [(c, k / total) for c, k in enumerate(self.draw) if k]

    def sample_chance(self, rng: random.Random) -> Action:
        return draw_from_counts(self.draw, self.draw_n, rng)

    def play_chance(self, rng: random.Random) -> Action:
        """`apply(sample_chance(rng))` in one step: a card drawn is always a legal outcome."""
        code = draw_from_counts(self.draw, self.draw_n, rng)
        self._deal_card(code)
        self._legal = None
        self._settle()
        return code

    def legal_actions(self) -> list[Cl4shAction]:
        if self._legal is None:
            self._legal = moves.legal(self)
        return self._legal

    def apply(self, action: Action) -> None:
        if self.pending:
            self._deal_card(action)
        else:
            if action not in self.legal_actions():
                raise ValueError(f"illegal action {action!r}")
            self._act(cast(Cl4shAction, action))  # one of the legal actions, as just checked
        self._legal = None
        self._settle()

    def result(self) -> Result:
        return Result(
            self.winners,
            self.reason,
            {str(p): float(x) for p, x in enumerate(self.points)},
            {"turns": self.turns, "sets": self.sets, **self.stats},
            self.turns,
            "turns",
            timeout=self.turns >= self.max_turns,
        )

    def standings(self) -> list[int]:
        """Points so far (for the lead-change metric)."""
        return self.points

    def clone(self) -> Cl4shState:
        other = copy.copy(self)
        other.order, other.points, other.draw = self.order[:], self.points[:], self.draw[:]
        other.hands = [h[:] for h in self.hands]
        other.discard, other.aside, other.pending = self.discard[:], self.aside[:], self.pending[:]
        other.attacks, other.guard, other.signal = self.attacks[:], self.guard[:], self.signal[:]
        other.duel, other.stats = self.duel[:], dict(self.stats)
        return other

    def resample(self, seat: int, rng: random.Random) -> Cl4shState:
        """A copy with what `seat` cannot see dealt again from those cards and the draw pile:
        the other players' hands, and the challenger's duel card while it lies face down (a
        numbered card, as a duel card must be)."""
        new = self.clone()
        others = [p for p in range(self.n) if p != seat and new.hands[p]]
        face_down = len(new.duel) == 3 and seat != new.duel[0]
        pool = new.draw
        hidden = [c for p in others for c in new.hands[p]] + (new.duel[2:] if face_down else [])
        for code in hidden:
            pool[code] += 1
        if face_down:  # first, from the numbered cards: a Havoc card is never a duel card
            numbered = [
                k if t.kind == NUMBER else 0 for t, k in zip(self.r.types, pool, strict=True)
            ]
            new.duel[2] = deal_from(numbered, 1, rng)[0]
            pool[new.duel[2]] -= 1
        for p in others:
            new.hands[p] = deal_from(pool, len(new.hands[p]), rng)
        new._legal = None
        return new

    def check_invariants(self) -> None:
        seen = self.draw[:]
        for pile in (*self.hands, self.discard, self.aside, self.duel[2:]):
            for code in pile:
                seen[code] += 1
        assert seen == [t.count for t in self.r.types], "cards are not conserved"
        assert self.draw_n == sum(self.draw), "draw pile count is off"
        assert self.signals_left + sum(self.signal) == self.r.signals, "signal cards not conserved"
        for p, held in enumerate(self.signal):
            assert not held or len(self.hands[p]) == 1, f"player {p} holds a Signal card wrongly"
        assert sorted(self.order) == list(range(self.n)), "seats are not a permutation"
        assert all(x >= 0 for x in self.points), "negative points"
        assert self.turns <= self.max_turns, "turn cap passed"
        if self.phase == END:
            assert self.reason, "a finished game has a reason"

    # --- flow -------------------------------------------------------------------------------
    def _new_set(self) -> None:
        self.draw = [t.count for t in self.r.types]
        self.draw_n = self.r.total
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.discard: list[int] = []
        self.aside: list[int] = []  # duel cards face down
        self.pile = (OPEN, 0)
        self.guard = [False] * self.n
        self.signal = [False] * self.n
        self.signals_left = self.r.signals
        self.attacks: list[tuple[int, int, int, str]] = []  # target, draws, skip, kind
        self.skip = 0
        self.duel: list[int] = []  # challenger, defender, then the cards of this round
        self.duel_on = False  # the defender did not block the Duel
        self.ties = 0
        self.restrict = OPEN
        self.drawn = -1
        self.passes = 0
        self.pos = self.start
        self.actor = self.order[self.pos]
        self.phase = TURN
        self.pending = [
            self.order[(self.pos + i) % self.n] for i in range(self.n * self.hand_size)
        ] + [FLIP]
        self._legal = None

    def _deal_card(self, code: object) -> None:
        if not isinstance(code, int) or not 0 <= code < len(self.draw) or not self.draw[code]:
            raise ValueError(f"card {code!r} is not in the draw pile")
        who = self.pending.pop(0)
        self.draw[code] -= 1
        self.draw_n -= 1
        if who == FLIP:
            self.discard.append(code)
            self.pile = pile_of(self.r, code)
        else:
            self.hands[who].append(code)
            self.drawn = code
            self._sync_signal(who)

    def _settle(self) -> None:
        """Run everything that needs no decision until a player or chance must act."""
        while self.phase != END:
            if self.pending:
                if self._draws_wait():
                    return
            elif self.phase == ATTACK:  # until all are done, or a Shield holder must decide
                effects.resolve_attacks(self)
            elif self.phase == TURN and not self.hands[self.actor]:
                self._set_won(self.actor)
            elif self.phase == DRAWN:
                if self.drawn >= 0 and moves.plays(self, [self.drawn]):
                    return
                self._next_turn()
            elif self.phase == DUEL and not any(
                self.r.types[c].kind == NUMBER for c in self.hands[self.actor]
            ):
                self._no_duel_card()
            else:
                return

    def _draws_wait(self) -> bool:
        """Cards to draw: with the draw pile empty, the discard pile but its top card is
        shuffled into it; True when there is a card to draw (chance acts next), else the draws
        are dropped (nothing left to draw anywhere)."""
        if not self.draw_n and len(self.discard) > 1:
            for code in self.discard[:-1]:
                self.draw[code] += 1
            self.draw_n += len(self.discard) - 1
            del self.discard[:-1]
        if self.draw_n:
            return True
        self.pending.clear()
        return False

    def _no_duel_card(self) -> None:
        """The duelist to play holds no element card: draws one, or loses the duel when there
        is nothing to draw."""
        if self.draw_n or len(self.discard) > 1:
            self.pending.append(self.actor)
        else:
            effects.end_duel(self, self.duel[1] if self.actor == self.duel[0] else self.duel[0])

    def _act(self, action: Cl4shAction) -> None:
        if action[0] == "play":
            self.passes = 0
            effects.play(self, list(action[1]), action[2])
        elif action[0] == "draw":
            self.passes = 0
            self.phase = DRAWN
            self.drawn = -1
            self.pending.append(self.actor)
        elif action[0] == "pass":
            self.passes += 1
            self._next_turn()
        elif action[0] == "keep":
            self._next_turn()
        elif action[0] == "block":
            self._remove(self.actor, [self.shield])
            self.discard.insert(0, self.shield)
            self.attacks.pop(0)
            self.stats["blocked"] += 1
            self.phase = ATTACK
            if not self.hands[self.actor]:
                self._set_won(self.actor)
        elif action[0] == "take":
            effects.take(self, *self.attacks.pop(0))
            self.phase = ATTACK
        elif action[0] == "duel":  # a duel card face down
            self._remove(self.actor, [action[1]])
            self.duel.append(action[1])
            if len(self.duel) == 3:
                self.actor = self.duel[1]
            else:
                effects.reveal(self)

    def _score(self, p: int, what: str) -> bool:
        """Add points; True when that ends the match (competition mode)."""
        self.points[p] += self.r.scoring[what]
        if self.mode != "competition":
            return False
        if self.r.match_end == "moment":
            if self.points[p] >= self.r.match_target:
                self._end((p,), "match won")
                return True
            return False
        best = max(self.points)
        leaders = tuple(q for q in range(self.n) if self.points[q] == best)
        if what == "set_won" and best >= self.r.match_target and len(leaders) == 1:
            self._end(leaders, "match won")
            return True
        return False

    def _set_won(self, p: int) -> None:
        self.sets += 1
        if self._score(p, "set_won"):
            return
        if self.mode != "competition":
            self._end((p,), "hand emptied")
            return
        self.start = (self.start + 1) % self.n
        self._new_set()

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        self.winners, self.reason = winners, reason
        self.phase = END
        self.pending.clear()
        self._legal = []

    def _next_turn(self, skip: int = 0) -> None:
        self.pos = (self.pos + 1 + skip) % self.n
        self._extra_turn(OPEN)

    def _extra_turn(self, restrict: int) -> None:
        self.turns += 1
        self.phase, self.restrict, self.actor = TURN, restrict, self.order[self.pos]
        if self.turns >= self.max_turns or self.passes >= self.n:
            self._end((), "stalled")

    def _next_player(self) -> int:
        return self.order[(self.pos + 1) % self.n]

    def _remove(self, p: int, codes: list[int]) -> None:
        hand = self.hands[p]
        for code in codes:
            hand.remove(code)
        self._sync_signal(p)

    def _sync_signal(self, p: int) -> None:
        one = len(self.hands[p]) == 1
        if one and not self.signal[p] and self.signals_left:
            self.signal[p] = True
            self.signals_left -= 1
        elif not one and self.signal[p]:
            self.signal[p] = False
            self.signals_left += 1


def new_game(
    game: Game, players: int = 4, mode: str = "set", max_turns: int | None = None, **_: object
) -> Cl4shState:
    """A CL4SH game before the deal: `mode` "set" (one set) or "competition" (to 15 points)."""
    rules = rules_of(game)
    if not game.min_players <= players <= game.max_players:
        raise UsageError(f"CL4SH is for {game.min_players} to {game.max_players} players")
    if mode not in ("set", "competition"):
        raise UsageError(f"mode: expected set or competition, got {mode!r}")
    hand = game.deal.cards_each[players] if game.deal else 7
    return Cl4shState(rules, players, hand, mode, max_turns or rules.max_turns)
