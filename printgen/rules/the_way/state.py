"""Whole games of The Way on the shared state API (`printgen.rules.api`).

`new_game(game, players=2..4, mode="versus"|"coop-arc1"|"coop-arc2", expansion=False)`.

Versus: pieces start in the Void (two each with 2 players: pawn k belongs to player k mod n; with
3 players the fourth pawn stays out); 4 cards each; a turn is one action: `("draw",)`,
`("play", code)` or `("discard", code)` (discard one to draw two). The first piece out through its
own gate wins for its owner, at once (the rest of the card is not played). The source gives no
other end, and with 3 or 4 players the pieces are pushed back and forth for ever; game.yaml
`rules.versus.end` says what happens when the draw pile runs out (decision: versus.end):
`gate-only` (the source: the discard pile is shuffled into a new draw pile) or `deck-out` (the
game ends at the end of that turn; the last draws of a discard are lost). A deck-out names one
winner: the player whose nearest piece needs the fewest steps to leave
by its own gate; among those tied, the fewest steps for all their pieces together (two pieces
each), then the most cards in hand, then the one whose turn would come first. The result's
fact `decided_by` says which of these four settled it.

Cooperative: every pawn starts outside the gate opposite its own; 4 cards each. Every card a
player draws that is an event (an All, or a card whose symbols are all Void: game.yaml
`rules.events`) is played at once by that player and replaced; burned cards are not. A turn: draw,
one action, then burn `burn_per_piece` cards for each piece not where the arc wants it (Arc 1:
the Void; Arc 2: out through its own gate). Arc 1 is won when every piece is in the Void;
"coop-arc2" then shuffles the discard pile (not the burn pile) into the draw pile and goes on to
Arc 2, won when every piece has left. The source's "The card deck is depleted: everyone loses":
the team loses the moment the draw pile is empty, whether a draw or a burn emptied it (decision:
coop-depleted).

Playing a card: `("move", piece, symbol)` decisions follow, one per move the card asks for
(Single and Double: one; Dual: two, either frame first, as the player picks: the first decision
offers both frames' symbols, a symbol naming a frame's own symbol before a Wild's (decision:
dual-order); Wild All: one per piece, in the order the player picks; other Alls need none). A
Wild's symbol is any element direction or void. A move may be blocked: the card is still played.
Hands have no limit (decision: hand-limit). Every game ends "stalled" after `rules.max_turns`
turns.
"""

from __future__ import annotations

import copy
import random
from typing import Literal, cast

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
from printgen.rules.the_way.board import CENTRE, WILD, Square, specs
from printgen.rules.the_way.cards import WayRules, rules_of
from printgen.rules.the_way.invariants import check_state

BURN = -1  # a pending draw that goes to the burn pile
ACTION, ACTED, BURNED = range(3)  # where the current turn stands
MODES = ("versus", "coop-arc1", "coop-arc2")

WayAction = (
    tuple[Literal["move"], int, str]  # a card's step: the piece (its index) and the symbol
    | tuple[Literal["play", "discard"], int]  # a card of the hand, by its code
    | tuple[Literal["draw", "pass"]]
)


class WayState(GameState):
    __slots__ = (
        "_legal", "arc", "b", "burn", "coop", "counts", "decided_by", "discard", "done", "draw",
        "draw_n", "events", "hands", "is_event", "max_turns", "mode", "mover", "n", "owner",
        "pending", "player", "playing", "pos", "queue", "r", "reason", "stage", "stats", "turns",
        "wild_left", "winners",
    )  # fmt: skip

    def __init__(
        self, rules: WayRules, players: int, mode: str, deck: tuple[int, ...], max_turns: int
    ) -> None:
        self.r, self.b, self.n, self.mode = rules, rules.board, players, mode
        self.coop = mode != "versus"
        self.max_turns = max_turns
        self.counts = [rules.types[c].count if c in deck else 0 for c in range(len(rules.types))]
        self.draw = self.counts[:]
        self.draw_n = sum(self.draw)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.discard: list[int] = []
        self.burn: list[int] = []
        pawns = self.b.pawns
        if self.coop:
            self.owner = [-1] * len(pawns)
            self.pos: list[Square | None] = [self.b.beyond[self.b.opposite[p]] for p in pawns]
        else:
            live = rules.pieces_per_player.get(players, 1) * players
            self.owner = [k % players if k < live else -1 for k in range(len(pawns))]
            self.pos = [CENTRE if k < live else None for k in range(len(pawns))]
        hand = rules.coop_hand if self.coop else rules.versus_hand
        self.pending = [p for p in range(players) for _ in range(hand)]
        self.events: list[tuple[int, int]] = []  # drawn events waiting: (player, card)
        self.playing = -1  # the card being resolved
        self.is_event = False
        self.mover = 0
        self.queue: list[tuple[str, str]] = []  # moves the card still asks for
        self.wild_left: list[int] = []  # pieces a Wild All has still to move
        self.player = -1  # the first turn starts after the deal
        self.stage = BURNED
        self.arc = 1
        self.turns = 0
        self.stats = {"events": 0, "burned": 0, "blocked": 0}
        self.winners: tuple[int, ...] = ()
        self.reason = ""
        self.decided_by = ""  # versus, deck-out: the rule that named the winner
        self.done = False
        self._legal: list[WayAction] | None = None

    # --- the shared API ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.done:
            return TERMINAL
        if self.pending:
            return CHANCE
        return self.mover if self.queue else self.player

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        total = self.draw_n
        return [(c, k / total) for c, k in enumerate(self.draw) if k]

    def sample_chance(self, rng: random.Random) -> Action:
        return draw_from_counts(self.draw, self.draw_n, rng)

    def play_chance(self, rng: random.Random) -> Action:
        """`apply(sample_chance(rng))` in one step: a card drawn is always a legal outcome."""
        code = draw_from_counts(self.draw, self.draw_n, rng)
        self._drawn(code)
        self._legal = None
        self._settle()
        return code

    def teams(self) -> dict[str, tuple[int, ...]]:
        return {"players": tuple(range(self.n))} if self.coop else {}

    def legal_actions(self) -> list[WayAction]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def apply(self, action: Action) -> None:
        if self.pending:
            self._drawn(action)
        else:
            if action not in self.legal_actions():
                raise ValueError(f"illegal action {action!r}")
            self._act(cast(WayAction, action))  # one of the legal actions, as just checked
        self._legal = None
        self._settle()

    def result(self) -> Result:
        facts: dict[str, object] = {"turns": self.turns, "blocked": self.stats["blocked"]}
        if self.coop:
            facts.update(arc=self.arc, events=self.stats["events"], burned=self.stats["burned"])
            facts["arc1_won"] = self.arc == 2 or self.reason == "arc 1 won"
            if self.mode == "coop-arc2":
                facts["arc2_won"] = self.reason == "arc 2 won"
            facts["cards_left"] = self.draw_n
        else:  # which piece got out: the gate that won
            out = [self.b.pawns[i] for i in range(len(self.pos)) if self._left(i)]
            facts["gate"] = out[0] if out else None
            facts["decided_by"] = self.decided_by or None
        timeout = self.turns >= self.max_turns
        return Result(self.winners, self.reason, {}, facts, self.turns, "turns", timeout)

    def _left(self, i: int) -> bool:
        return self.pos[i] is not None and self.b.has_left(self.pos, i)

    def clone(self) -> WayState:
        other = copy.copy(self)
        other.draw, other.hands = self.draw[:], [h[:] for h in self.hands]
        other.discard, other.burn, other.pending = self.discard[:], self.burn[:], self.pending[:]
        other.events, other.queue, other.wild_left = (
            self.events[:],
            self.queue[:],
            self.wild_left[:],
        )
        other.pos, other.stats = self.pos[:], dict(self.stats)
        return other

    def resample(self, seat: int, rng: random.Random) -> WayState:
        """A copy with the other players' hands dealt again from those cards and the draw
        pile (what `seat` cannot see; the board, the piles and events are on the table)."""
        new = self.clone()
        others = [p for p in range(self.n) if p != seat and new.hands[p]]
        pool = new.draw
        for code in [c for p in others for c in new.hands[p]]:
            pool[code] += 1
        for p in others:
            new.hands[p] = deal_from(pool, len(new.hands[p]), rng)
        new._legal = None
        return new

    def check_invariants(self) -> None:
        check_state(self)

    # --- flow -------------------------------------------------------------------------------
    def _drawn(self, code: object) -> None:
        if not isinstance(code, int) or not 0 <= code < len(self.draw) or not self.draw[code]:
            raise ValueError(f"card {code!r} is not in the draw pile")
        who = self.pending.pop(0)
        self.draw[code] -= 1
        self.draw_n -= 1
        if who == BURN:
            self.burn.append(code)
            self.stats["burned"] += 1
        elif self.coop and self.r.is_event(code):
            self.events.append((who, code))
        else:
            self.hands[who].append(code)

    def _settle(self) -> None:
        """Run everything that needs no decision until a player or chance must act."""
        while not self.done:
            if self.coop and not self.draw_n:
                self._end((), "deck depleted")
            elif self.pending:
                if self._draws_wait():
                    return
            elif self.queue:
                if self._moves_wait():
                    return
            elif self.playing >= 0:
                self._played()
            elif self.events:
                who, code = self.events.pop(0)
                self.stats["events"] += 1
                self._start(who, code, True)
            elif self.stage == ACTION:
                return
            elif self.stage == ACTED and self.coop:
                self._burn()
            else:
                self._next_turn()

    def _played(self) -> None:
        """The card in play, its moves done, goes to the discard pile; an event's drawer then
        draws a card in its place."""
        self.discard.append(self.playing)
        self.playing = -1
        if self.is_event:
            self.pending.append(self.mover)

    def _burn(self) -> None:
        """Co-op, after the action: burn cards for each piece not yet in place."""
        need = sum(1 for i in range(len(self.pos)) if not self._in_place(i))
        self.pending += [BURN] * (need * self.r.burn_per_piece)
        self.stage = BURNED

    def _draws_wait(self) -> bool:
        """Cards to draw: in a gate-only versus game an empty draw pile takes the discard pile
        back; True when there is a card to draw (chance acts next), else the turn ends (versus,
        deck-out: the pile is empty)."""
        if not self.draw_n and self.r.versus_end == "gate-only" and self.discard:
            for code in self.discard:
                self.draw[code] += 1
            self.draw_n += len(self.discard)
            self.discard.clear()
        if self.draw_n:
            return True
        self.pending.clear()
        return False

    def _moves_wait(self) -> bool:
        """The card's next move: True when a player must choose it, or when it ended the game.
        A move of every piece with a printed symbol is made here; a wild one with no piece
        left to move is dropped."""
        how, symbol = self.queue[0]
        if how != "all":
            return True
        if symbol == WILD:
            if self.wild_left:
                return True
            self.queue.pop(0)
            return False
        self.queue.pop(0)
        return any(self._step(i, symbol) for i in self.b.all_order(self.pos, symbol))

    def _start(self, who: int, code: int, event: bool) -> None:
        card = self.r.types[code]
        self.playing, self.is_event, self.mover = code, event, who
        self.queue = specs(card.kind, card.symbols)
        self._wild_setup()

    def _wild_setup(self) -> None:
        if self.queue and self.queue[0] == ("all", WILD):
            self.wild_left = self._movable()

    def _movable(self) -> list[int]:
        b, pos = self.b, self.pos
        return [i for i, sq in enumerate(pos) if sq is not None and not b.has_left(pos, i)]

    def _act(self, action: WayAction) -> None:
        p = self.player
        if action[0] == "move":
            _, piece, symbol = action
            how = self.queue[0][0]
            if how == "all":
                self.wild_left.remove(piece)
                if not self.wild_left:
                    self.queue.pop(0)
            else:
                self.queue.pop(self._frame(symbol) if self._dual_open() else 0)
            ended = self._step(piece, symbol)
            if how == "two" and not ended and not self.b.has_left(self.pos, piece):
                self._step(piece, symbol)
            if not self.wild_left:
                self._wild_setup()
            return
        self.stage = ACTED
        if action[0] == "play":
            self.hands[p].remove(action[1])
            self._start(p, action[1], False)
        elif action[0] == "discard":
            self.hands[p].remove(action[1])
            self.discard.append(action[1])
            self.pending += [p, p]
        elif action[0] == "draw":
            self.pending.append(p)

    def _dual_open(self) -> bool:
        """A Dual whose first move is still to be made: either frame may go first."""
        return len(self.queue) == 2 and self.queue[0][0] == self.queue[1][0] == "one"

    def _frame(self, symbol: str) -> int:
        """The frame a Dual's move of `symbol` uses: the frame printed with that symbol, else
        the Wild (which leaves the other frame's own symbol for the second move)."""
        printed = [s for _, s in self.queue]
        return printed.index(symbol) if symbol in printed else printed.index(WILD)

    def _step(self, i: int, symbol: str) -> bool:
        """One step; True when it ends the game."""
        step = self.b.step(self.pos, i, symbol)
        if step.blocked:
            self.stats["blocked"] += 1
        if not self.coop:
            if step.exited:
                self._end((self.owner[i],), "gate reached")
            return self.done
        if all(self._in_place(k) for k in range(len(self.pos))):
            if self.arc == 2 or self.mode == "coop-arc1":
                self._end(tuple(range(self.n)), f"arc {self.arc} won")
            else:
                self.arc = 2
                for code in self.discard:
                    self.draw[code] += 1
                self.draw_n += len(self.discard)
                self.discard.clear()
        return self.done

    def _in_place(self, i: int) -> bool:
        sq = self.pos[i]
        return sq is None or (sq == CENTRE if self.arc == 1 else self.b.has_left(self.pos, i))

    def _next_turn(self) -> None:
        if not self.coop and self.r.versus_end == "deck-out" and not self.draw_n and self.turns:
            winner, self.decided_by = self._deck_out_winner()
            self._end((winner,), "deck out")
            return
        self.turns += 1
        if self.turns >= self.max_turns:
            self._end((), "stalled")
            return
        self.player = (self.player + 1) % self.n
        self.stage = ACTION
        if self.coop:
            self.pending.append(self.player)

    def _deck_out_winner(self) -> tuple[int, str]:
        """The one winner of a deck-out and the rule that named it (decision: versus.end):
        fewest steps for the nearest piece, then for all pieces, then most cards in hand, then
        the player whose turn would come first after this one's."""
        steps: dict[int, list[int]] = {}
        for i, seat in enumerate(self.owner):
            if seat >= 0:
                steps.setdefault(seat, []).append(self.b.to_leave(self.pos, i))
        after = [(self.player + k) % self.n for k in range(1, self.n + 1)]
        keys = (
            ("steps", lambda seat: min(steps[seat])),
            ("all steps", lambda seat: sum(steps[seat])),
            ("cards", lambda seat: -len(self.hands[seat])),
            ("turn order", after.index),
        )
        tied = sorted(steps)
        for rule, key in keys:
            best = min(key(seat) for seat in tied)
            tied = [seat for seat in tied if key(seat) == best]
            if len(tied) == 1:
                return tied[0], rule
        raise AssertionError("turn order names one player")  # pragma: no cover

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        self.winners, self.reason, self.done = winners, reason, True
        self.pending.clear()
        self.queue.clear()

    # --- legal moves ------------------------------------------------------------------------
    def _compute_legal(self) -> list[WayAction]:
        if self.done or self.pending:
            return []
        if self.queue:
            return self._legal_moves()
        hand = sorted(set(self.hands[self.player]))
        actions: list[WayAction] = [("play", c) for c in hand]
        if self.coop or self.draw_n or self.discard:
            actions += [("discard", c) for c in hand]
            actions.append(("draw",))
        return actions or [("pass",)]

    def _legal_moves(self) -> list[WayAction]:
        """The card's moves to choose: each piece that may move with each symbol offered (a
        Dual's two symbols while both are open; a wild symbol is any step)."""
        how, _ = self.queue[0]
        pieces = self.wild_left if how == "all" else self._movable()
        symbols: list[str] = []
        for _, printed in self.queue[: 2 if self._dual_open() else 1]:
            symbols += self.b.steps if printed == WILD else (printed,)
        return [("move", i, s) for i in pieces for s in dict.fromkeys(symbols)]


def new_game(
    game: Game,
    players: int = 2,
    mode: str = "versus",
    expansion: bool = False,
    max_turns: int | None = None,
    **_: object,
) -> WayState:
    """A game of The Way before the deal."""
    rules = rules_of(game)
    if not game.min_players <= players <= game.max_players:
        raise UsageError(f"The Way is for {game.min_players} to {game.max_players} players")
    if mode not in MODES:
        raise UsageError(f"mode: expected one of {', '.join(MODES)}, got {mode!r}")
    deck = rules.decks.get("original", ()) + (rules.decks.get("expansion", ()) if expansion else ())
    return WayState(rules, players, mode, deck, max_turns or rules.max_turns)
