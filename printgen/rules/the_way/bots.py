"""The Way's `greedy` bot (printgen simulate --bot greedy)."""

from __future__ import annotations

import random
from typing import cast

from printgen.rules.api import Action, GameState
from printgen.rules.the_way.board import WILD, Board, Square, specs
from printgen.rules.the_way.state import WayState

Pos = list[Square | None]
WON = 1000.0  # a position where the game is won (lost: -WON)


def greedy_bot(state: GameState, rng: random.Random) -> Action:
    """Move toward the goal by the shortest remaining distance, one card at a time.

    A piece's distance is the steps it still needs: in versus and in Arc 2, sideways to the
    line of its own gate, along it to the gate square, and one more to leave; in Arc 1, to the
    Void. Versus weighs the player's best piece against the best opposing piece (the race),
    then all pieces; the cooperative modes add up the distances of all pieces.
    - Playing: the card that leaves the best position when its moves are made greedily (each
      move the best one for the piece and, for a Wild, the symbol), if it improves on the
      position now. Otherwise, in versus, the least useful card is discarded to draw two; in
      the cooperative modes the player draws one (the deck is the clock there).
    - Moving: the piece and symbol that leave the best position after that step.
    """
    s = cast(WayState, state)
    actions = s.legal_actions()
    if len(actions) == 1:
        return actions[0]
    seat = s.mover if s.queue else s.player
    if s.queue:  # every action is a move
        how = s.queue[0][0]
        moves = [a for a in actions if a[0] == "move"]
        return max(moves, key=lambda a: _after_move(s, seat, how, a[1], a[2]))
    now = value(s, s.pos, seat)
    worth = {a[1]: _after_card(s, seat, a[1]) for a in actions if a[0] == "play"}
    if worth:
        best = max(worth, key=worth.__getitem__)
        if worth[best] > now:
            return ("play", best)
    if not s.coop and ("discard", min(worth, key=worth.__getitem__)) in actions:
        return ("discard", min(worth, key=worth.__getitem__))
    return ("draw",) if ("draw",) in actions else actions[0]


def distance(b: Board, pos: Pos, i: int, arc: int) -> int:
    """Steps piece `i` still needs: to leave by its own gate, or to reach the Void in Arc 1."""
    sq = pos[i]
    if sq is None:
        return 0
    if arc == 1:
        return abs(sq[0]) + abs(sq[1])
    return b.to_leave(pos, i)


def value(s: WayState, pos: Pos, seat: int) -> float:
    """How good `pos` is for `seat`: higher is better (remembered: positions recur a lot)."""
    memo = _memo(s.b)
    key = (tuple(pos), seat, s.arc if s.coop else 0, tuple(s.owner))
    found = memo.get(key)
    if found is None:
        if len(memo) > 100_000:
            memo.clear()
        found = memo[key] = _value(s.b, pos, seat, s.arc if s.coop else 0, s.owner)
    return found


def _value(b: Board, pos: Pos, seat: int, arc: int, owner: list[int]) -> float:
    live = [i for i in range(len(pos)) if pos[i] is not None]
    if arc:  # co-operative: the distances of all pieces to the arc's goal
        return -float(sum(distance(b, pos, i, arc) for i in live))
    own = [distance(b, pos, i, 2) for i in live if owner[i] == seat]
    other = [distance(b, pos, i, 2) for i in live if owner[i] != seat]
    if min(own) == 0:
        return WON
    if min(other) == 0:
        return -WON
    return 4 * (min(other) - min(own)) + (sum(other) - sum(own)) / 4


_MEMO: dict[int, tuple[Board, dict[tuple[object, ...], float]]] = {}


def _memo(b: Board) -> dict[tuple[object, ...], float]:
    hit = _MEMO.get(id(b))
    if hit is None or hit[0] is not b:
        hit = _MEMO[id(b)] = (b, {})
    return hit[1]


def _step(s: WayState, pos: Pos, i: int, symbol: str, how: str) -> bool:
    """Make one move on `pos` (a Double: both steps); True when a piece left the board."""
    b = s.b
    for _ in range(2 if how == "two" else 1):
        if pos[i] is None or b.has_left(pos, i):
            break
        if b.step(pos, i, symbol).exited:
            return True
    return False


def _after_move(s: WayState, seat: int, how: str, i: int, symbol: str) -> float:
    pos = s.pos[:]
    _step(s, pos, i, symbol, how)
    return value(s, pos, seat)


def _best_move(s: WayState, pos: Pos, seat: int, how: str, symbol: str, pieces: list[int]) -> int:
    """Make the best single move on `pos` among `pieces`; return the piece moved (-1: none)."""
    symbols = s.b.steps if symbol == WILD else (symbol,)
    best, best_pos, moved = -WON * 2, pos[:], -1
    for i in pieces:
        for sym in symbols:
            trial = pos[:]
            _step(s, trial, i, sym, how)
            worth = value(s, trial, seat)
            if worth > best:
                best, best_pos, moved = worth, trial, i
    pos[:] = best_pos
    return moved


def _after_card(s: WayState, seat: int, code: int) -> float:
    """The position's value after playing `code`, its moves made greedily (a Dual: in the
    better of its two orders)."""
    card = s.r.types[code]
    moves = specs(card.kind, card.symbols)
    orders = [moves, moves[::-1]] if card.kind == "dual" and moves[0] != moves[1] else [moves]
    return max(_after_moves(s, seat, order) for order in orders)


def _after_moves(s: WayState, seat: int, moves: list[tuple[str, str]]) -> float:
    b = s.b
    pos = s.pos[:]
    for how, symbol in moves:
        if how == "all" and symbol != WILD:
            if _all_step(s, pos, symbol):
                return value(s, pos, seat)
        else:
            movable = [i for i in range(len(pos)) if pos[i] is not None and not b.has_left(pos, i)]
            if how == "all":
                while movable:
                    movable.remove(_best_move(s, pos, seat, "one", WILD, movable))
            else:
                _best_move(s, pos, seat, how, symbol, movable)
        if not s.coop and any(pos[i] is not None and b.has_left(pos, i) for i in range(len(pos))):
            break
    return value(s, pos, seat)


def _all_step(s: WayState, pos: Pos, symbol: str) -> bool:
    """Every piece an All moves steps on `symbol`, in the board's order; True when one leaves
    the board in a versus game (the game is over)."""
    return any(s.b.step(pos, i, symbol).exited and not s.coop for i in s.b.all_order(pos, symbol))
