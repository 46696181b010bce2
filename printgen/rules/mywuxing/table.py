"""What the ending and the invariants read and change of a MyWuXing game position
(`MyWuXingState` is one): declared here, below the state, so neither imports it back."""

from __future__ import annotations

from typing import Protocol

from printgen.rules.mywuxing.cards import Deck


class Table(Protocol):
    """The cards in every place, the players' counts, and the tie-breaker's progress."""

    deck: Deck
    n: int
    think: bool
    words: tuple[str, ...]
    at: dict[str, int]  # word -> its place in `unseen`
    unseen: list[int]
    unseen_total: int
    universe_left: int
    hidden: list[int]
    bottom: list[list[tuple[str, ...]]]
    hand: list[list[str]]
    held: list[int]
    pot: list[str]
    void: list[str]
    aside: list[str]
    tie_from_void: int
    reborn: list[str] | None
    u: str | None
    cards: list[str]
    phase: int
    tb_round: list[int]
    tb_next: list[int]
    tb_i: int
    tb_cards: list[str]
    winners: tuple[int, ...]
    reason: str
    final: list[int]
    tie_break: bool
    last_pair: tuple[int, int]
