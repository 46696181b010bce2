"""Invariants of a game of The Way: every card somewhere once, pieces where the rules allow."""

from __future__ import annotations

from typing import Protocol

from printgen.rules.the_way.board import CENTRE, Board, Square


class Table(Protocol):
    """What the invariants read of a game (a `WayState` is one): its cards and its pieces."""

    b: Board
    coop: bool
    done: bool
    turns: int
    max_turns: int
    counts: list[int]
    draw: list[int]
    draw_n: int
    hands: list[list[int]]
    discard: list[int]
    burn: list[int]
    events: list[tuple[int, int]]
    playing: int
    pos: list[Square | None]


def check_state(s: Table) -> None:
    """Raise AssertionError when `s` breaks a rule: cards not conserved (draw pile, hands,
    discard and burn piles, events, the card in play), two pieces on one square outside the
    Void, a piece off the board other than through its own gate (or, in co-op, waiting outside
    the gate opposite its own), a versus game going on after a piece left, the turn cap passed.
    """
    _check_cards(s)
    _check_pieces(s)
    assert s.turns <= s.max_turns, "turn cap passed"


def _check_cards(s: Table) -> None:
    seen = s.draw[:]
    for pile in (*s.hands, s.discard, s.burn, [c for _, c in s.events]):
        for code in pile:
            seen[code] += 1
    if s.playing >= 0:
        seen[s.playing] += 1
    assert seen == s.counts, "cards are not conserved"
    assert s.draw_n == sum(s.draw), "draw pile count is off"


def _check_pieces(s: Table) -> None:
    b = s.b
    squares = [sq for sq in s.pos if sq is not None and b.on_board(sq) and sq != CENTRE]
    assert len(squares) == len(set(squares)), "two pieces share a square outside the Void"
    _check_gone(s)
    if not s.coop:
        out = [i for i, sq in enumerate(s.pos) if sq is not None and b.has_left(s.pos, i)]
        assert len(out) <= 1 and (not out or s.done), "versus goes on after a piece left"


def _check_gone(s: Table) -> None:
    """A piece off the board left through its own gate, or waits (co-op) outside the gate
    opposite its own."""
    b = s.b
    for i, sq in enumerate(s.pos):
        if sq is None or b.on_board(sq) or b.has_left(s.pos, i):
            continue
        assert s.coop and sq == b.beyond[b.opposite[b.pawns[i]]], (
            f"{b.pawns[i]} is off the board other than through its own gate"
        )
