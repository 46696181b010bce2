"""Resolving one play: Learn WuXing against the Universe card, and Think WuXing player vs player.

Pure functions on card words, shared by `score` and the game state. Every card in play ends in
exactly one of `pot`, `void`, `p1`, `p2`, listed in the order the cards were given: the Universe
card, the pot (bottom to top), player 1's card, player 2's card.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.rules.mywuxing.cards import DRAGON, RELATION, STAR

# Where a card goes.
POT, VOID, P1, P2 = 0, 1, 2, 3


class PlayOutcome:
    """Where every card in play went, and why.

    `rule` is "1".."7" (RULINGS.md's numbered rules), "star-universe" or "dragon-universe";
    `winner` is the player (1 or 2) who takes the pot, None if nobody does; `hand_winner` is
    the player who came out on top (taker, destroyer, or a lone Star), for Think's leader.
    """

    __slots__ = ("hand_winner", "p1", "p2", "pot", "relations", "rule", "void", "winner")

    def __init__(
        self,
        rule: str,
        relations: tuple[str, str],
        cards: Sequence[str],
        dest: Sequence[int],
        winner: int | None = None,
        hand_winner: int | None = None,
    ) -> None:
        self.rule = rule
        self.relations = relations
        self.winner = winner
        self.hand_winner = hand_winner if hand_winner is not None else winner
        piles: tuple[list[str], list[str], list[str], list[str]] = ([], [], [], [])
        for card, to in zip(cards, dest, strict=True):
            piles[to].append(card)
        self.pot, self.void, self.p1, self.p2 = piles


def resolve_play(u: str, pot: Sequence[str], a: str, b: str) -> PlayOutcome:
    """One Learn WuXing play: Universe card `u` on `pot`, player 1 reveals `a`, player 2 `b`.

    The first rule of RULINGS.md that applies decides. A Star already in the pot stays there
    unless the pot goes to the Void.
    """
    relations = (RELATION[a, u], RELATION[b, u])
    cards = (u, *pot, a, b)
    n = len(pot)
    if u == STAR:  # the participants' cards and the pot go to the Void; the Star stays alone
        return PlayOutcome("star-universe", relations, cards, (POT, *[VOID] * (n + 2)))
    if u == DRAGON:  # the participants add their cards to the pot
        if (a == STAR) != (b == STAR):  # one Star added: all else to the Void
            star_to = (POT, VOID) if a == STAR else (VOID, POT)
            return PlayOutcome("dragon-universe", relations, cards, (VOID, *[VOID] * n, *star_to))
        return PlayOutcome("dragon-universe", relations, cards, [POT] * (n + 3))
    if a == STAR or b == STAR:  # rule 1
        if a == b:  # two Stars cancel: everything joins the pot
            return PlayOutcome("1", relations, cards, [POT] * (n + 3))
        star_to = (POT, VOID) if a == STAR else (VOID, POT)
        return PlayOutcome(
            "1", relations, cards, (VOID, *[VOID] * n, *star_to), hand_winner=1 if a == STAR else 2
        )
    keep = [POT if card == STAR else None for card in pot]  # a Star in the pot stays there
    if a == DRAGON or b == DRAGON:
        if a == b:  # rule 2
            return PlayOutcome("2", relations, cards, [POT] * (n + 3))
        taker, dragon_to = (P1, (VOID, P1)) if a == DRAGON else (P2, (P2, VOID))  # rule 3
        dest = (taker, *[k if k is not None else taker for k in keep], *dragon_to)
        return PlayOutcome("3", relations, cards, dest, winner=1 if taker == P1 else 2)
    if a == b:  # rule 4: a draw, unless u destroys the element
        to = VOID if relations[0] == "destroyed" else POT
        return PlayOutcome("4", relations, cards, (POT, *[POT] * n, to, to))
    if "absorbs" in relations:  # rule 5: absorbing beats destroying
        taker = P1 if relations[0] == "absorbs" else P2
        dest = (taker, *[k if k is not None else taker for k in keep], taker, taker)
        return PlayOutcome("5", relations, cards, dest, winner=1 if taker == P1 else 2)
    if "destroys" in relations:  # rule 6: pot and the opponent's card to the Void
        own = (P1, VOID) if relations[0] == "destroys" else (VOID, P2)
        return PlayOutcome(
            "6", relations, cards, (VOID, *[VOID] * n, *own), hand_winner=1 if own[0] == P1 else 2
        )
    alone = tuple(VOID if r == "destroyed" else POT for r in relations)  # rule 7
    return PlayOutcome("7", relations, cards, (POT, *[POT] * n, *alone))


def resolve_duel(a: str, b: str, dragon: str = "void", star: str = "pot") -> PlayOutcome:
    """Think WuXing, player against player: player 1's `a` against player 2's `b`.

    The pot is neither won nor voided: `pot` lists only the revealed cards that join it
    (decision: pvp-universe). Relations are each card against the other card. A Dragon absorbs
    any element: its player takes the other card, and the Dragon goes to the Void (`dragon`
    "void", as against the Universe) or back with it ("returns"; decision:
    think.player_dragon). A Star destroys anything else: the other card goes to the Void, the
    Star joins the pot (`star` "pot") or goes back to its player ("returns"; decision:
    think.player_star). Two equal cards join the pot (decision: pvp-same).
    """
    relations = (RELATION[a, b], RELATION[b, a])
    cards = (a, b)
    if a == b:
        return PlayOutcome("duel-draw", relations, cards, (POT, POT))
    if STAR in cards:
        kept = star == "returns"
        dest = (P1 if kept else POT, VOID) if a == STAR else (VOID, P2 if kept else POT)
        return PlayOutcome("duel-star", relations, cards, dest, hand_winner=1 if a == STAR else 2)
    if DRAGON in cards:
        kept = dragon == "returns"
        dest = (P1 if kept else VOID, P1) if a == DRAGON else (P2, P2 if kept else VOID)
        return PlayOutcome(
            "duel-dragon", relations, cards, dest, hand_winner=1 if a == DRAGON else 2
        )
    rel = relations[0]
    if rel == "absorbs":  # b feeds a
        return PlayOutcome("duel-absorbs", relations, cards, (P1, P1), hand_winner=1)
    if rel == "absorbed":  # a feeds b
        return PlayOutcome("duel-absorbs", relations, cards, (P2, P2), hand_winner=2)
    if rel == "destroys":
        return PlayOutcome("duel-destroys", relations, cards, (P1, VOID), hand_winner=1)
    return PlayOutcome("duel-destroys", relations, cards, (VOID, P2), hand_winner=2)


def duel_winner(a: str, b: str) -> int | None:
    """Who wins a player-vs-player comparison (1 or 2), None when the cards are the same."""
    if a == b:
        return None
    if a == STAR or b == STAR:
        return 1 if a == STAR else 2
    if a == DRAGON or b == DRAGON:
        return 1 if a == DRAGON else 2
    return 1 if RELATION[a, b] in ("absorbs", "destroys") else 2
