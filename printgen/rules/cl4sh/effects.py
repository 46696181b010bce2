"""What a CL4SH play does: numbered cards and runs, Havoc effects, attacks, Shields, duels.

Functions on a position (a `Table`, such as a `Cl4shState`); the state's docstring lists the
decisions made here.
"""

from __future__ import annotations

from collections.abc import Callable

from printgen.rules.cl4sh.cards import (
    ALMIGHTY,
    NUMBER,
    OPEN,
    PICKUP,
    SHIELD,
    CardType,
    duel_winner,
    pile_of,
)
from printgen.rules.cl4sh.moves import ATTACK, BLOCK, DUEL, PlayArg, Target
from printgen.rules.cl4sh.table import Table


def play(s: Table, codes: list[int], arg: PlayArg) -> None:
    p, r = s.actor, s.r
    s._remove(p, codes)
    s.discard.extend(codes)
    acting, arg = counts_as(s, codes, arg)
    card = r.types[acting[-1]]
    s.restrict = OPEN
    if card.kind != NUMBER:
        s.stats["havoc"] += 1
    elif len(codes) >= r.sequence_min:
        s.stats["sequences"] += 1
        if s._score(p, "sequence"):
            return
    if not s.hands[p]:
        s._set_won(p)
        return
    s.pile = pile_of(r, acting[-1])
    EFFECTS.get(card.kind, _shield_or_none)(s, card, acting, arg)


def counts_as(s: Table, codes: list[int], arg: PlayArg) -> tuple[list[int], Target]:
    """The cards a play counts as, and its target: an Almighty becomes the card it names and
    does what that card does (alone: `arg` is `(card, target)`; in a run or a slam: `arg` holds
    the card each Almighty stands for, in order). Only a play with an Almighty has a tuple."""
    if not isinstance(arg, tuple):
        return codes, arg
    if len(codes) == 1:
        became, target = arg
        return [became], target
    types = s.r.types
    stands_for = (card for card in arg if card is not None)  # a run's or a slam's: all cards
    return [next(stands_for) if types[c].kind == ALMIGHTY else c for c in codes], None


def _pickup(s: Table, card: CardType, acting: list[int], arg: Target) -> None:
    """The next player draws the Pick-ups' amounts and misses a turn."""
    attack(s, [(s._next_player(), sum(s.r.types[c].amount for c in acting), 1, PICKUP)])


def _echo(s: Table, card: CardType, acting: list[int], arg: Target) -> None:
    s._extra_turn(card.element)


def _duel(s: Table, card: CardType, acting: list[int], arg: Target) -> None:
    defender = _named(arg)
    s.duel = [s.actor, defender]
    attack(s, [(defender, 0, 0, "duel")])


def _chain_reaction(s: Table, card: CardType, acting: list[int], arg: Target) -> None:
    """Swap seats with the player named; naming the next player is an extra turn."""
    named = _named(arg)
    if named == s._next_player():
        s._extra_turn(OPEN)
        return
    seat = s.order.index(named)
    s.order[s.pos], s.order[seat] = named, s.actor
    s.pos = seat
    s._next_turn()


def _named(arg: Target) -> int:
    """The player a Duel or a Chain Reaction names: its play always names one (moves.py)."""
    if arg is None:
        raise ValueError("a Duel or a Chain Reaction is played naming a player")
    return arg


def _balance(s: Table, card: CardType, acting: list[int], arg: Target) -> None:
    """Every other player draws."""
    others = [s.order[(s.pos + i) % s.n] for i in range(1, s.n)]
    attack(s, [(q, s.r.balance_draws, 0, "balance") for q in others])


def _shield_or_none(s: Table, card: CardType, acting: list[int], arg: Target) -> None:
    """A Shield guards its player; a numbered card (or a Havoc card without an effect) only
    ends the turn."""
    if card.kind == SHIELD:
        s.guard[s.actor] = True
    s._next_turn()


# What a card does once on the pile, by kind (others: `_shield_or_none`).
EFFECTS: dict[str, Callable[[Table, CardType, list[int], Target], None]] = {
    PICKUP: _pickup,
    "echo": _echo,
    "duel": _duel,
    "chain-reaction": _chain_reaction,
    "balance": _balance,
}


def attack(s: Table, attacks: list[tuple[int, int, int, str]]) -> None:
    s.attacks = attacks
    s.skip = 0
    s.phase = ATTACK


def resolve_attacks(s: Table) -> None:
    """Resolve attacks until a Shield holder must decide (phase BLOCK) or all are done."""
    while s.attacks:
        target, _, _, kind = s.attacks[0]
        if kind in s.r.shield_blocks:
            if s.guard[target]:
                s.guard[target] = False
                s.attacks.pop(0)
                s.stats["blocked"] += 1
                continue
            if s.shield in s.hands[target]:
                s.phase, s.actor = BLOCK, target
                return
        take(s, *s.attacks.pop(0))
    s.actor = s.order[s.pos]
    if s.duel_on:
        s.phase, s.ties = DUEL, 0
    else:
        s.duel = []
        s._next_turn(s.skip)


def take(s: Table, target: int, draws: int, skip: int, kind: str) -> None:
    s.pending.extend([target] * draws)
    s.skip = max(s.skip, skip)
    s.duel_on = s.duel_on or kind == "duel"


def reveal(s: Table) -> None:
    who, _ = duel_winner(s.r, s.duel[2], s.duel[3])
    s.aside += s.duel[2:]
    del s.duel[2:]
    if who == "tie":
        s.ties += 1
        if s.ties < 2:
            s.actor = s.duel[0]
            return
        a, b = s.r.second_tie_draws
        s.pending += [s.duel[0]] * a + [s.duel[1]] * b
        end_duel(s, None)
        return
    end_duel(s, s.duel[0] if who == "challenger" else s.duel[1])


def end_duel(s: Table, winner: int | None) -> None:
    challenger, defender = s.duel[:2]
    s.discard[0:0] = s.aside + s.duel[2:]
    s.aside = []
    s.duel = []
    s.duel_on = False
    s.stats["duels"] += 1
    if winner is not None and s._score(winner, "duel_won"):
        return
    if winner is not None:  # the loser draws (rules.duel_loser_draws; decision: duel_loser_draws)
        s.pending += [defender if winner == challenger else challenger] * s.r.duel_loser_draws
    s.pos = s.order.index(challenger)
    for q in (challenger, defender):
        if not s.hands[q] and q not in s.pending:
            s._set_won(q)
            return
    s._next_turn()
