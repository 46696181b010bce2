"""CL4SH's `greedy` bot (printgen simulate --bot greedy)."""

from __future__ import annotations

import random
from typing import cast

from printgen.rules.api import Action, GameState
from printgen.rules.cl4sh.cards import ALMIGHTY, NUMBER, PICKUP, Cl4shRules, duel_winner
from printgen.rules.cl4sh.moves import BLOCK, DRAWN, DUEL, Cl4shAction, Play
from printgen.rules.cl4sh.state import Cl4shState

# Havoc cards, most eagerly played first when no numbered card can be: attacks, then the rest;
# the Shield last, as it is worth more kept for defence.
HAVOC_ORDER = ("pickup", "balance", "duel", "almighty", "echo", "chain-reaction", "shield")


def greedy_bot(state: GameState, rng: random.Random) -> Action:
    """Shed as many cards as possible now, numbered cards first, Havoc kept for later.

    - A play that empties the hand is taken at once.
    - Otherwise the longest run of numbered cards (a run of 4 scores), its highest card the
      highest (the hardest pile for the next player to follow).
    - With no numbered card to play, a Havoc card rather than a draw: Pick-ups (as many as
      held, slammed together), Balance, Duel, Almighty, Echo, Chain Reaction, Shield last.
      An Almighty is played alone (never in a run or a slam) and becomes the highest card of
      the element the player's own hand dominates most (any card is allowed; the bot keeps to
      these); a Duel challenges
      the opponent with the most cards; a Chain Reaction skips the next player (another turn).
    - A drawn card is played at once when it is a numbered card that fits, else kept.
    - Attacked while holding a Shield: it blocks. In a duel: the card most likely to win
      against an unseen numbered card of the deck.
    """
    s = cast(Cl4shState, state)
    actions = s.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if s.phase == BLOCK:
        return ("block",)
    if s.phase == DUEL:
        odds = _duel_odds(s.r)
        duels = [a for a in actions if a[0] == "duel"]  # every action, in a duel
        return max(duels, key=lambda a: odds[a[1]])
    plays = _plays(s, actions)
    hand = s.hands[s.actor]
    emptying = [a for a in plays if len(a[1]) == len(hand)]
    if emptying:
        return emptying[0]
    numbered = [a for a in plays if s.r.types[a[1][0]].kind == NUMBER]
    if numbered:
        return max(numbered, key=lambda a: (len(a[1]), s.r.types[a[1][-1]].number))
    if s.phase == DRAWN or not plays:
        return ("keep",) if s.phase == DRAWN else actions[-1]
    return min(plays, key=lambda a: _havoc_rank(s, a))


def _plays(s: Cl4shState, actions: list[Cl4shAction]) -> list[Play]:
    """The plays the bot considers: not a run or slam with an Almighty in it (it keeps its
    Almighties for playing alone)."""
    types = s.r.types
    return [
        a
        for a in actions
        if a[0] == "play" and (len(a[1]) == 1 or all(types[c].kind != ALMIGHTY for c in a[1]))
    ]


def _havoc_rank(s: Cl4shState, action: Play) -> tuple[int, int]:
    """Lower is better: the kind's place in HAVOC_ORDER, then the choice within the kind."""
    codes, arg = action[1], action[2]
    card = s.r.types[codes[0]]
    rank = HAVOC_ORDER.index(card.kind) if card.kind in HAVOC_ORDER else len(HAVOC_ORDER)
    if card.kind == PICKUP:
        return rank, -sum(s.r.types[c].amount for c in codes)
    if card.kind == "almighty" and isinstance(arg, tuple):  # (the card it becomes, target)
        return rank, _almighty_rank(s, arg[0])
    if card.kind == "duel" and isinstance(arg, int):  # the player challenged
        return rank, -len(s.hands[arg])
    if card.kind == "chain-reaction":
        return rank, 0 if arg == s._next_player() else 1
    return rank, 0


def _almighty_rank(s: Cl4shState, code: int) -> int:
    """An Almighty is best as the highest card of the element the own hand answers best."""
    became = s.r.types[code]
    if became.kind != NUMBER or became.number != s.r.max_number:
        return 1
    held = [s.r.types[c] for c in s.hands[s.actor]]
    return -sum(1 for t in held if t.kind == NUMBER and s.r.beats[t.element] == became.element)


_ODDS: dict[int, tuple[Cl4shRules, dict[int, float]]] = {}


def _duel_odds(rules: Cl4shRules) -> dict[int, float]:
    """Each numbered card's chance to win a duel against a numbered card drawn from the deck
    (a tie counts half)."""
    hit = _ODDS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    numbered = [t for t in rules.types if t.kind == NUMBER]
    total = sum(t.count for t in numbered)
    odds: dict[int, float] = {}
    for mine in numbered:
        won = 0.0
        for other in numbered:
            who, _ = duel_winner(rules, mine.code, other.code)
            won += other.count * {"challenger": 1.0, "tie": 0.5, "defender": 0.0}[who]
        odds[mine.code] = won / total
    _ODDS[id(rules)] = (rules, odds)
    return odds
