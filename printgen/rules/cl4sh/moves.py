"""Legal moves of a CL4SH state: single cards, runs, Pick-up slams, draws, duel cards."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from printgen.rules.api import Action
from printgen.rules.cl4sh.cards import ALMIGHTY, NUMBER, OPEN, PICKUP

if TYPE_CHECKING:
    from printgen.rules.cl4sh.cards import Cl4shRules
    from printgen.rules.cl4sh.state import Cl4shState

TURN, DRAWN, BLOCK, DUEL, ATTACK, END = range(6)  # phases of a state


def legal(s: Cl4shState) -> list[Action]:
    if s.phase == END or s.pending:
        return []
    if s.phase == BLOCK:
        return [("block",), ("take",)]
    if s.phase == DUEL:
        hand = s.hands[s.actor]
        return [("duel", c) for c in sorted(set(hand)) if s.r.types[c].kind == NUMBER]
    if s.phase == DRAWN:
        return [*plays(s, [s.drawn]), ("keep",)]
    actions = plays(s, s.hands[s.actor])
    if s.draw_n or len(s.discard) > 1:
        actions.append(("draw",))
    return actions or [("pass",)]


def almighty_choices(s: Cl4shState) -> list[tuple[int, int | None]]:
    """What an Almighty may become: any other card of the deck, with that card's own choice
    (the player a Duel or Chain Reaction names), as `(code, target)` (decision: almighty)."""
    choices: list[tuple[int, int | None]] = []
    for t in s.r.types:
        if t.kind == ALMIGHTY:
            continue
        if t.kind in ("duel", "chain-reaction"):
            choices += [(t.code, q) for q in s.order if q != s.actor]
        else:
            choices.append((t.code, None))
    return choices


def plays(s: Cl4shState, hand: list[int]) -> list[Action]:
    """Every legal play from `hand` on the pile (single cards, runs, Pick-up slams), in card
    order (a random bot picks by position: the order is part of a seed's game)."""
    r, (te, tn), restrict = s.r, s.pile, s.restrict
    types, beats, next_up = r.types, r.beats, r.next_up
    have = set(hand)
    out: list[Action] = []
    pickups: list[int] = []
    for code in sorted(have):
        t = types[code]
        if t.kind == NUMBER:  # most cards: inline, the simulation's hottest loop
            el = t.element
            if (restrict == OPEN or el == restrict) and (
                te == OPEN or beats[el] == te or (el == te and t.number > tn)
            ):
                run: tuple[int, ...] = (code,)
                out.append(("play", run, None))
                up = next_up[code]
                while up in have:  # a run: the next numbers of the same element
                    run += (up,)
                    out.append(("play", run, None))
                    up = next_up[up]
        elif restrict == OPEN and _havoc_fits(r, t.kind, t.element, te):
            if t.kind == PICKUP:
                pickups.append(code)
            else:
                out += _havoc_plays(s, code, t.kind)
    if pickups:
        out += _slams(hand, pickups)
    return out


def _havoc_fits(r: Cl4shRules, kind: str, element: int, te: int) -> bool:
    """A Havoc card may go on the pile: it goes on anything, the pile is open, or its element
    dominates the pile's."""
    return kind in r.play_on_anything or te == OPEN or (element != OPEN and r.beats[element] == te)


def _havoc_plays(s: Cl4shState, code: int, kind: str) -> list[Action]:
    """A Havoc card other than a Pick-up: an Almighty as each card it may become, a Duel or
    Chain Reaction naming each other player, any other card as itself."""
    if kind == ALMIGHTY:
        return [("play", (code,), became) for became in almighty_choices(s)]
    if kind in ("duel", "chain-reaction"):
        return [("play", (code,), q) for q in s.order if q != s.actor]
    return [("play", (code,), None)]


def _slams(hand: list[int], pickups: list[int]) -> list[Action]:
    """Any non-empty handful of the Pick-ups held, slammed together."""
    out: list[Action] = []
    for counts in product(*(range(hand.count(c) + 1) for c in pickups)):
        if any(counts):
            slam = tuple(c for c, k in zip(pickups, counts, strict=True) for _ in range(k))
            out.append(("play", slam, None))
    return out
