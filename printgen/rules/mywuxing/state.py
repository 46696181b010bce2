"""Whole games of MyWuXing (Learn and Think WuXing) on the shared state API.

Chance is lazy and exact: every face-down card not yet seen (the Universe Deck and the dealt
part of each Player Deck) is one exchangeable pool, so turning any such card over is a chance
node over the pool's card kinds, weighted by copies left. Cards a player wins go under their
deck as one face-down batch (mixed, as the rulebook says); revealing from a batch is a chance
node over the batch's cards. Nothing is dealt card by card, so a game costs a few chance nodes
a play.

Learn WuXing has no decisions: every node is chance. Think WuXing's leader chooses
("universe", seat) or ("player", seat), then leader and opponent each choose a card word from
their hand (one after the other; a bot must not peek at the other's choice). The seats offered
follow game.yaml `rules.think.partner`: `next`, the next player still in the game (the source's
Option 1: "play against the Universe card or Player 2's hand"), or `any` other player (Options 2
and 3) (decision: think.partner). A Dragon or Star turned as the Universe card in Think WuXing:
the leader still picks the partner, and both give a card of their choice from the hand
(decision: power-universe-think).

When the Universe Deck runs out (`rules.universe_runs_out`, decision: universe_runs_out): `count`
ends the game; `void` turns the Void over as a new, shuffled Universe Deck (its cards are known,
so turning one is a chance node over them) for as long as the Void holds cards. A game still
going after `rules.max_plays` plays ends by counting (decision: max_plays).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from printgen.rules.api import CHANCE, TERMINAL, Action, GameState, Result, deal_from
from printgen.rules.mywuxing.cards import POWER, Deck
from printgen.rules.mywuxing.checks import check_state
from printgen.rules.mywuxing.ending import (
    CARD,
    DRAW,
    END,
    TARGET,
    TIE,
    draw_index,
    finish,
    pick_card,
    pick_count,
    tie_draw,
    tie_outcomes,
    tie_sample,
    weighted,
)
from printgen.rules.mywuxing.play import PlayOutcome, resolve_duel, resolve_play

AFTER_LEARN, AFTER_THINK = 0, 1
Choice = tuple[str, int] | str
"""A player's decision: the leader's ("universe" or "player", the seat invited), then each
player's card (its word); chance outcomes are card words too."""

UNIVERSE = -1  # in the draw queue: turn the Universe card


class MyWuXingState(GameState):
    """A position of one game; plain lists and ints, so `clone()` is cheap."""

    def __init__(self, deck: Deck, players: int, think: bool, first: int = 0) -> None:
        each = deck.deal[players]
        self.deck = deck
        self.n = players
        self.think = think
        self.words = deck.words
        self.at = {word: i for i, word in enumerate(self.words)}  # word -> its place in `unseen`
        self.unseen = [deck.counts[w] for w in self.words]
        self.unseen_total = sum(self.unseen)
        self.universe_left = self.unseen_total - each * players
        self.hidden = [each] * players  # unseen cards on top of each Player Deck
        self.bottom: list[list[tuple[str, ...]]] = [[] for _ in range(players)]  # won batches
        self.hand: list[list[str]] = [[] for _ in range(players)]
        self.held = [each] * players  # each player's cards (`count`), kept as they move
        self.pot: list[str] = []
        self.void: list[str] = []
        self.aside: list[str] = []  # tie-breaker cards drawn (Universe Deck, then the Void)
        self.tie_from_void = 0  # of those, the cards drawn from the turned-over Void
        self.reborn: list[str] | None = None  # the Void turned over as the Universe Deck
        self.turnovers = 0
        self.u: str | None = None  # this play's Universe card, until resolved
        self.cards: list[str] = []  # revealed (Learn) or chosen (Think) this play
        self.leader = first
        self.other = (first + 1) % players
        self.vs_universe = True
        self.chooser = first
        self.queue: list[int] = []
        self.after = AFTER_THINK if think else AFTER_LEARN
        self.phase = DRAW
        self.plays = 0
        self.tb_round: list[int] = []
        self.tb_next: list[int] = []
        self.tb_i = 0
        self.tb_cards: list[str] = []
        self.winners: tuple[int, ...] = ()
        self.reason = ""
        self.final: list[int] = []
        self.tie_break = False
        self.last_pair = (self.leader, self.other)
        self._start_play()
        self._advance()

    # -- the API ---------------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase in (DRAW, TIE):
            return CHANCE
        if phase == END:
            return TERMINAL
        return self.leader if phase == TARGET else self.chooser

    def legal_actions(self) -> Sequence[Choice]:
        if self.phase == TARGET:  # the other players still in, clockwise from the leader
            n, held, leader = self.n, self.held, self.leader
            others = [(leader + k) % n for k in range(1, n) if held[(leader + k) % n]]
            if self.deck.partner == "next":
                others = others[:1]
            moves: list[Choice] = [("universe", s) for s in others]
            if self.u not in POWER:
                moves += [("player", s) for s in others]
            return moves
        if self.phase == CARD:
            return list(dict.fromkeys(self.hand[self.chooser]))
        return ()

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if self.phase == TIE:
            return tie_outcomes(self)
        if self.phase != DRAW:
            return ()
        s = self.queue[0]
        if s == UNIVERSE and self.reborn is not None:
            return weighted(self.reborn)
        if s == UNIVERSE or self.hidden[s]:
            total = self.unseen_total
            return [(w, c / total) for w, c in zip(self.words, self.unseen, strict=True) if c]
        return weighted(self.bottom[s][0])

    def sample_chance(self, rng: random.Random) -> Action:
        """What `pick(self.chance_outcomes(), rng)` draws, with the same calls to `rng`, without
        building the outcome list (the simulation's hot loop: a few draws a play)."""
        phase = self.phase
        if phase == DRAW:
            s = self.queue[0]
            if s == UNIVERSE and self.reborn is not None:
                return pick_card(self.reborn, rng)
            if s == UNIVERSE or self.hidden[s]:
                return pick_count(self.words, self.unseen, self.unseen_total, rng)
            return pick_card(self.bottom[s][0], rng)
        if phase == TIE:
            return tie_sample(self, rng)
        return super().sample_chance(rng)

    def play_chance(self, rng: random.Random) -> Action:
        """`apply(sample_chance(rng))`, in one step when a card is turned from the unseen pool
        (most draws: the simulation's hot path)."""
        if self.phase == DRAW:
            s = self.queue[0]
            if (s == UNIVERSE and self.reborn is None) or (s != UNIVERSE and self.hidden[s]):
                at = draw_index(self.unseen, self.unseen_total, rng)
                self._turn_unseen(s, at)
                return self.words[at]
        action = self.sample_chance(rng)
        self.apply(action)
        return action

    def apply(self, action: Action) -> None:
        phase = self.phase
        if phase == DRAW:
            s = self.queue[0]
            if (s == UNIVERSE and self.reborn is None) or (s != UNIVERSE and self.hidden[s]):
                self._draw_unseen(s, action)  # most draws: the same as below, a little faster
                return
            pile = self.reborn if s == UNIVERSE else self.bottom[s][0]
            if pile is None or action not in pile:  # never None: the branch above takes it
                raise ValueError(f"not a possible draw now: {action!r}")
            card = self._take(s, str(action))
            self.queue.pop(0)
            self._deliver(s, card)
            self._advance()
        elif phase == TARGET:
            if action not in self.legal_actions():
                raise ValueError(f"not a legal choice now: {action!r}")
            kind, seat = cast(tuple[str, int], action)
            self.other, self.vs_universe, self.chooser = seat, kind == "universe", self.leader
            self.phase = CARD
        elif phase == CARD:
            hand = self.hand[self.chooser]
            if action not in hand:
                raise ValueError(f"player {self.chooser} holds no {action!r}: {hand}")
            hand.remove(str(action))
            self.held[self.chooser] -= 1
            self.cards.append(str(action))
            if self.chooser == self.leader:
                self.chooser = self.other
            else:
                self._resolve_think()
                self._start_play()
                self._advance()
        elif phase == TIE:
            tie_draw(self, str(action))
        else:
            raise ValueError("the game is over")

    def result(self) -> Result:
        if self.phase != END:
            raise ValueError("the game is not over")
        scores = {str(s): float(c) for s, c in enumerate(self.final)}  # cards held at the end
        facts = {
            "plays": self.plays,
            "universe_ran_out": self.universe_left == 0,
            "universe_left": self.universe_left,
            "void": len(self.void) + self.tie_from_void,
            "tie_break": self.tie_break,
            "void_turned": self.turnovers,
        }
        return Result(self.winners, self.reason, scores, facts, self.plays, "plays")

    def standings(self) -> list[int]:
        """Cards each player holds now: the count that decides the game (lead changes)."""
        return list(self.held)

    def clone(self) -> MyWuXingState:
        new = object.__new__(MyWuXingState)
        new.__dict__.update(self.__dict__)
        new.unseen, new.hidden, new.held = self.unseen[:], self.hidden[:], self.held[:]
        new.pot, new.void, new.aside = self.pot[:], self.void[:], self.aside[:]
        new.cards, new.queue = self.cards[:], self.queue[:]
        new.tb_round, new.tb_next = self.tb_round[:], self.tb_next[:]
        new.tb_cards, new.final = self.tb_cards[:], self.final[:]
        new.reborn = None if self.reborn is None else self.reborn[:]
        new.bottom = [b[:] for b in self.bottom]  # batches are tuples, shared safely
        new.hand = [h[:] for h in self.hand]
        return new

    def check_invariants(self) -> None:
        check_state(self)

    def resample(self, seat: int, rng: random.Random) -> MyWuXingState:
        """A copy with what `seat` cannot see dealt again (Think WuXing): the other players'
        hands and, while the invited player chooses, the leader's card laid face down, drawn
        from those cards and the unseen pool together (kept as counts, so the same draws)."""
        new = self.clone()
        others = [s for s in range(self.n) if s != seat and new.hand[s]]
        face_down = new.phase == CARD and new.chooser != new.leader and seat != new.leader
        if not others and not face_down:
            return new  # Learn WuXing, or nothing hidden: every unseen card is still chance
        pool, at, words = new.unseen, self.at, self.words
        hidden = [w for s in others for w in new.hand[s]] + (new.cards[:1] if face_down else [])
        for word in hidden:
            pool[at[word]] += 1
        for s in others:
            new.hand[s] = [words[k] for k in deal_from(pool, len(new.hand[s]), rng)]
        if face_down:
            new.cards[0] = words[deal_from(pool, 1, rng)[0]]
        return new

    # -- counting --------------------------------------------------------------------------

    def count(self, seat: int) -> int:
        """A player's cards: deck (unseen part and won batches) plus hand (`check_invariants`
        recounts them)."""
        return self.held[seat]

    def _next_active(self, seat: int) -> int:
        n, held = self.n, self.held
        for k in range(1, n):
            if held[(seat + k) % n]:
                return (seat + k) % n
        return seat

    # -- flow ------------------------------------------------------------------------------

    def _start_play(self) -> None:
        """Begin a play, or end the game (RULINGS.md: one player left, or Universe Deck used)."""
        counts = list(self.held)
        active = [s for s in range(self.n) if counts[s]]
        if self.universe_left == 0 and self.deck.universe_runs_out == "void" and self.void:
            self.reborn, self.void = self.void, []
            self.universe_left = len(self.reborn)
            self.turnovers += 1
        if len(active) <= 1 or self.universe_left == 0 or self.plays >= self.deck.max_plays:
            finish(self, counts, active)
            if self.universe_left and len(active) > 1:
                self.reason = "play limit"
            return
        if not counts[self.leader]:
            self.leader = self._next_active(self.leader)
        self.cards = []
        if self.think:  # refill every hand, then turn the Universe card
            size = self.deck.hand_size
            queue = []
            for s in active:
                queue += [s] * min(size - len(self.hand[s]), counts[s] - len(self.hand[s]))
            self.queue = [*queue, UNIVERSE]
        else:
            self.other = self._next_active(self.leader)
            self.queue = [UNIVERSE, self.leader, self.other]
        self.phase = DRAW

    def _advance(self) -> None:
        """Take known cards without a chance node; run the play when all its draws are done."""
        while self.phase == DRAW:
            queue = self.queue
            while queue:
                s = queue[0]
                if s == UNIVERSE or self.hidden[s]:
                    return
                batch = self.bottom[s][0]
                if batch.count(batch[0]) != len(batch):
                    return  # a mixed batch: which card comes up is chance
                queue.pop(0)
                self._deliver(s, self._take(s, batch[0]))
            if self.after == AFTER_THINK:
                self.phase = TARGET
                return
            self._resolve_learn()
            self._start_play()

    def _draw_unseen(self, s: int, card: Action) -> None:
        """`_take`, `_deliver` and `_advance` of a card turned from the unseen pool (the Universe
        Deck or a Player Deck's dealt part), in one step: the hot path of a simulation."""
        at = self.at.get(card)  # type: ignore[call-overload]
        if at is None or not self.unseen[at]:
            raise ValueError(f"not a possible draw now: {card!r}")
        self._turn_unseen(s, at)

    def _turn_unseen(self, s: int, at: int) -> None:
        """Turn the unseen card `self.words[at]` for seat `s` (or the Universe Deck)."""
        self.unseen[at] -= 1
        self.unseen_total -= 1
        self.queue.pop(0)
        word = self.words[at]
        if s == UNIVERSE:
            self.universe_left -= 1
            self.u = word
        else:
            self.hidden[s] -= 1
            if self.think:
                self.hand[s].append(word)
            else:
                self.held[s] -= 1
                self.cards.append(word)
        queue = self.queue
        if queue and (queue[0] == UNIVERSE or self.hidden[queue[0]]):
            return  # the next draw is from the unseen pool too: a chance node (most draws)
        self._advance()

    def _take(self, s: int, card: str) -> str:
        """Remove `card` from where seat `s` (or the Universe Deck) draws next."""
        if s == UNIVERSE and self.reborn is not None:
            self.reborn.remove(card)
            self.universe_left -= 1
            return card
        if s == UNIVERSE or self.hidden[s]:
            self.unseen[self.at[card]] -= 1
            self.unseen_total -= 1
            if s == UNIVERSE:
                self.universe_left -= 1
            else:
                self.hidden[s] -= 1
                self.held[s] -= 1
            return card
        self.held[s] -= 1
        batches = self.bottom[s]
        rest = list(batches[0])
        rest.remove(card)
        if rest:
            batches[0] = tuple(rest)
        else:
            del batches[0]
        return card

    def _deliver(self, s: int, card: str) -> None:
        if s == UNIVERSE:
            self.u = card
        elif self.think:
            self.hand[s].append(card)
            self.held[s] += 1
        else:
            self.cards.append(card)

    def _move(self, out: PlayOutcome, p1: int, p2: int) -> None:
        self.void += out.void
        if out.p1:
            self.bottom[p1].append(tuple(out.p1))
            self.held[p1] += len(out.p1)
        if out.p2:
            self.bottom[p2].append(tuple(out.p2))
            self.held[p2] += len(out.p2)
        self.u = None
        self.cards = []
        self.plays += 1

    def _resolve_learn(self) -> None:
        a, b = self.cards
        out = resolve_play(str(self.u), self.pot, a, b)
        self.pot = out.pot
        self._move(out, self.leader, self.other)
        self.last_pair = (self.leader, self.other)
        self.leader = self._next_active(self.leader)

    def _resolve_think(self) -> None:
        a, b = self.cards
        u, lead, other = str(self.u), self.leader, self.other
        if self.vs_universe:
            out = resolve_play(u, self.pot, a, b)
            self.pot = out.pot
        else:
            out = resolve_duel(a, b, self.deck.player_dragon, self.deck.player_star)
            self.pot = [*self.pot, u, *out.pot]
        self._move(out, lead, other)
        self.last_pair = (lead, other)
        won = lead if out.hand_winner == 1 else other if out.hand_winner == 2 else None
        rule = self.deck.next_leader
        if rule == "opponent" and self.count(other):
            self.leader = other
        elif rule in ("opponent", "winner") and won is not None and self.count(won):
            self.leader = won
        else:
            self.leader = self._next_active(lead)
