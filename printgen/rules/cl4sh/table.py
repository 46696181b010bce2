"""What the moves and the effects read and change of a CL4SH position (`Cl4shState` is one):
declared here, below the state, so neither imports it back."""

from __future__ import annotations

from typing import Protocol

from printgen.rules.cl4sh.cards import Cl4shRules


class Table(Protocol):
    """The cards, seats and turn of a set, and the turn steps a played card calls."""

    r: Cl4shRules
    n: int
    order: list[int]  # seats, clockwise -> player
    pos: int  # the seat whose turn it is
    actor: int  # the player to decide
    phase: int
    hands: list[list[int]]
    discard: list[int]
    aside: list[int]  # duel cards face down
    pending: list[int]  # players to draw a card, in order
    draw_n: int
    drawn: int
    pile: tuple[int, int]  # the element and number a play must follow
    restrict: int
    shield: int  # the Shield's card code (-1: the deck has none)
    guard: list[bool]
    attacks: list[tuple[int, int, int, str]]  # target, draws, skip, kind
    skip: int
    duel: list[int]  # challenger, defender, then the cards of this round
    duel_on: bool
    ties: int
    stats: dict[str, int]

    def _remove(self, p: int, codes: list[int]) -> None: ...

    def _score(self, p: int, what: str) -> bool: ...

    def _set_won(self, p: int) -> None: ...

    def _next_player(self) -> int: ...

    def _next_turn(self, skip: int = 0) -> None: ...

    def _extra_turn(self, restrict: int) -> None: ...
