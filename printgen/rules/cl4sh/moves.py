"""Legal moves of a CL4SH state: single cards, runs, Pick-up slams, draws, duel cards."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product
from typing import Literal

from printgen.rules.cl4sh.cards import ALMIGHTY, NUMBER, OPEN, PICKUP, Cl4shRules
from printgen.rules.cl4sh.table import Table

TURN, DRAWN, BLOCK, DUEL, ATTACK, END = range(6)  # phases of a state

Target = int | None
"""The player a Duel or a Chain Reaction names (None: any other card's play)."""
PlayArg = Target | tuple[int, int | None] | tuple[int, ...]
"""A play's third part: its target; for a lone Almighty `(the card it becomes, that card's
target)`; for a run or a slam with Almighties, the card each stands for, in order."""
Play = tuple[Literal["play"], tuple[int, ...], PlayArg]
"""One card, a run or a slam of Pick-ups: the cards' codes and the play's `PlayArg`."""
Cl4shAction = (
    Play
    | tuple[Literal["duel"], int]  # a duel card, face down
    | tuple[Literal["draw", "pass", "keep", "block", "take"]]
)
"""A player's decision (the state's docstring says when each is legal)."""


def legal(s: Table) -> list[Cl4shAction]:
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


def almighty_choices(s: Table) -> list[tuple[int, int | None]]:
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


def plays(s: Table, hand: list[int]) -> list[Cl4shAction]:
    """Every legal play from `hand` on the pile (single cards, runs, Pick-up slams), in card
    order (a random bot picks by position: the order is part of a seed's game)."""
    r, (te, tn), restrict = s.r, s.pile, s.restrict
    types, beats, next_up = r.types, r.beats, r.next_up
    have = set(hand)
    out: list[Cl4shAction] = []
    havoc: list[int] = []
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
        elif restrict == OPEN:
            havoc.append(code)
    if havoc:
        out += _havoc_hand(s, hand, havoc)
    return out


def _havoc_hand(s: Table, hand: list[int], havoc: list[int]) -> list[Play]:
    """The plays of the Havoc cards held (`havoc`, in card order): each alone, then the
    Pick-up slams, then the runs and slams an Almighty joins."""
    r, te = s.r, s.pile[0]
    out: list[Play] = []
    pickups: list[int] = []
    for code in havoc:
        t = r.types[code]
        if not _havoc_fits(r, t.kind, t.element, te):
            continue
        if t.kind == PICKUP:
            pickups.append(code)
        else:
            out += _havoc_plays(s, code, t.kind)
    if pickups:
        out += _slams(hand, pickups)
    almighty = next((c for c in havoc if r.types[c].kind == ALMIGHTY), -1)
    if almighty >= 0 and len(hand) > 1:
        held = hand.count(almighty)
        out += _runs_with(s, set(hand), almighty, held)
        out += _slams_with(r, hand, pickups, almighty, held, te)
    return out


def _single_fits(r: Cl4shRules, code: int, te: int, tn: int) -> bool:
    """A numbered card is a valid play on the pile (element `te`, number `tn`)."""
    el = r.types[code].element
    return te == OPEN or r.beats[el] == te or (el == te and r.types[code].number > tn)


def _runs_with(s: Table, have: set[int], almighty: int, held: int) -> list[Play]:
    """Runs with Almighties in them (decision: almighty): the Almighty "can become any card",
    so it may be any card of a run. Each run of 2+ consecutive numbers of one element with 1 to
    `held` Almighties: every number not in the hand is an Almighty, any number in it may be one
    too. As every run, it is valid when its lowest card is (an Almighty there plays on what an
    Almighty plays on)."""
    r = s.r
    te, tn = s.pile
    free = _havoc_fits(r, ALMIGHTY, OPEN, te)
    out: list[Play] = []
    for e in range(len(r.elements)):
        for low in range(1, r.max_number):
            run: list[int] = []
            missing: list[int] = []
            for n in range(low, r.max_number + 1):
                code = r.numbered.get((e, n), -1)
                if code < 0:
                    break
                if code not in have:
                    missing.append(len(run))
                run.append(code)
                if len(missing) > held:
                    break
                if len(run) > 1:
                    lowest = _single_fits(r, run[0], te, tn)
                    out += _fillings(run, missing, held, almighty, (lowest, free))
    return out


def _fillings(
    run: list[int], missing: list[int], held: int, almighty: int, valid: tuple[bool, bool]
) -> list[Play]:
    """The ways to play `run` with an Almighty at each `missing` place and at up to `held`
    places in all, each `("play", cards, became)` (`became`: the cards the Almighties stand
    for, in order); `valid`: whether the run may start with its own lowest card, and with an
    Almighty."""
    out: list[Play] = []
    inside = [i for i in range(len(run)) if i not in missing]
    for extra in range(held - len(missing) + 1):
        for chosen in combinations(inside, extra):
            spots = sorted((*missing, *chosen))
            if spots and valid[spots[0] == 0]:
                cards = tuple(almighty if i in spots else c for i, c in enumerate(run))
                out.append(("play", cards, tuple(run[i] for i in spots)))
    return out


def _slams_with(
    r: Cl4shRules, hand: list[int], pickups: list[int], almighty: int, held: int, te: int
) -> list[Play]:
    """Pick-up slams with 1 to `held` Almighties as Pick-ups (decision: almighty), beside any
    handful of the Pick-ups held (two cards at least: one Almighty alone is a single play)."""
    if not _havoc_fits(r, PICKUP, OPEN, te):
        return []
    kinds = [t.code for t in r.types if t.kind == PICKUP]
    own: list[tuple[int, ...]] = [()]
    own += [a[1] for a in _slams(hand, pickups)] if pickups else []
    out: list[Play] = []
    for k in range(1, held + 1):
        for became in combinations_with_replacement(kinds, k):
            for cards in own:
                if len(cards) + k > 1:
                    out.append(("play", (*cards, *(almighty,) * k), became))
    return out


def _havoc_fits(r: Cl4shRules, kind: str, element: int, te: int) -> bool:
    """A Havoc card may go on the pile: it goes on anything, the pile is open, or its element
    dominates the pile's."""
    return kind in r.play_on_anything or te == OPEN or (element != OPEN and r.beats[element] == te)


def _havoc_plays(s: Table, code: int, kind: str) -> list[Play]:
    """A Havoc card other than a Pick-up: an Almighty as each card it may become, a Duel or
    Chain Reaction naming each other player, any other card as itself."""
    if kind == ALMIGHTY:
        return [("play", (code,), became) for became in almighty_choices(s)]
    if kind in ("duel", "chain-reaction"):
        return [("play", (code,), q) for q in s.order if q != s.actor]
    return [("play", (code,), None)]


def _slams(hand: list[int], pickups: list[int]) -> list[Play]:
    """Any non-empty handful of the Pick-ups held, slammed together."""
    out: list[Play] = []
    for counts in product(*(range(hand.count(c) + 1) for c in pickups)):
        if any(counts):
            slam = tuple(c for c, k in zip(pickups, counts, strict=True) for _ in range(k))
            out.append(("play", slam, None))
    return out
