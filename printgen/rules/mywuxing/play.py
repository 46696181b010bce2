"""Resolving one play: Learn WuXing against the Universe card, and Think WuXing player vs player.

Pure functions on card words, shared by `score` and the game state. Every card in play ends in
exactly one of `pot`, `void`, `p1`, `p2`, listed in the order the cards were given: the Universe
card, the pot (bottom to top), player 1's card, player 2's card.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.rules.mywuxing.cards import DRAGON, POWER, RELATION, STAR

# Where a card goes (`resolve_duel`).
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
        piles: tuple[list[str], list[str], list[str], list[str]],
        winner: int | None = None,
        hand_winner: int | None = None,
    ) -> None:
        self.rule = rule
        self.relations = relations
        self.winner = winner
        self.hand_winner = hand_winner if hand_winner is not None else winner
        self.pot, self.void, self.p1, self.p2 = piles

    @classmethod
    def sorted(
        cls,
        rule: str,
        relations: tuple[str, str],
        cards: Sequence[str],
        dest: Sequence[int],
        hand_winner: int | None = None,
    ) -> PlayOutcome:
        """An outcome from each card's destination (`POT`, `VOID`, `P1`, `P2`), in order."""
        piles: tuple[list[str], list[str], list[str], list[str]] = ([], [], [], [])
        for card, to in zip(cards, dest, strict=True):
            piles[to].append(card)
        return cls(rule, relations, piles, hand_winner=hand_winner)


def resolve_play(u: str, pot: Sequence[str], a: str, b: str) -> PlayOutcome:
    """One Learn WuXing play: Universe card `u` on `pot`, player 1 reveals `a`, player 2 `b`.

    The first rule of RULINGS.md that applies decides. A Star already in the pot stays there
    unless the pot goes to the Void. Each pile lists its cards in the order they were given:
    the Universe card, the pot (bottom to top), player 1's card, player 2's card (a pile's
    order is the order its cards come back into play).
    """
    relations = (RELATION[a, u], RELATION[b, u])
    if u in POWER:
        return _against_power(u, pot, a, b, relations)
    if a in POWER or b in POWER:
        return _power_played(u, pot, a, b, relations)
    if a == b:  # rule 4: a draw, unless u destroys the element
        if relations[0] == "destroyed":
            return PlayOutcome("4", relations, ([u, *pot], [a, b], [], []))
        return PlayOutcome("4", relations, ([u, *pot, a, b], [], [], []))
    if "absorbs" in relations:  # rule 5: absorbing beats destroying; the taker takes all
        return _taken("5", relations, 1 if relations[0] == "absorbs" else 2, [u, *pot, a, b])
    if "destroys" in relations:  # rule 6: pot and the opponent's card to the Void
        if relations[0] == "destroys":
            return PlayOutcome("6", relations, ([], [u, *pot, b], [a], []), hand_winner=1)
        return PlayOutcome("6", relations, ([], [u, *pot, a], [], [b]), hand_winner=2)
    # rule 7: each card the Universe card destroys goes to the Void, the others join the pot
    stays = [u, *pot]
    gone: list[str] = []
    (gone if relations[0] == "destroyed" else stays).append(a)
    (gone if relations[1] == "destroyed" else stays).append(b)
    return PlayOutcome("7", relations, (stays, gone, [], []))


def _against_power(
    u: str, pot: Sequence[str], a: str, b: str, relations: tuple[str, str]
) -> PlayOutcome:
    """A Star or a Dragon turned as the Universe card."""
    if u == STAR:  # the participants' cards and the pot go to the Void; the Star stays alone
        return PlayOutcome("star-universe", relations, ([u], [*pot, a, b], [], []))
    if (a == STAR) != (b == STAR):  # one Star added to the Dragon: all else to the Void
        star, other = (a, b) if a == STAR else (b, a)
        return PlayOutcome("dragon-universe", relations, ([star], [u, *pot, other], [], []))
    # the participants add their cards to the pot
    return PlayOutcome("dragon-universe", relations, ([u, *pot, a, b], [], [], []))


def _power_played(
    u: str, pot: Sequence[str], a: str, b: str, relations: tuple[str, str]
) -> PlayOutcome:
    """A Star or a Dragon revealed by a player against an element."""
    if a == b:  # two Stars cancel (rule 1), two Dragons too (rule 2): everything joins the pot
        return PlayOutcome("1" if a == STAR else "2", relations, ([u, *pot, a, b], [], [], []))
    if a == STAR or b == STAR:  # rule 1: the Star alone stays in the pot, all else to the Void
        star, other, seat = (a, b, 1) if a == STAR else (b, a, 2)
        return PlayOutcome("1", relations, ([star], [u, *pot, other], [], []), hand_winner=seat)
    # rule 3: the Dragon's player takes the pot and the other card; the Dragon to the Void
    if a == DRAGON:
        out = _taken("3", relations, 1, [u, *pot, b])
        out.void.append(a)
        return out
    out = _taken("3", relations, 2, [u, *pot, a])
    out.void.append(b)
    return out


def _taken(rule: str, relations: tuple[str, str], taker: int, cards: list[str]) -> PlayOutcome:
    """Player `taker` (1 or 2) takes `cards`, but a Star among them stays in the pot."""
    kept = [card for card in cards if card == STAR] if STAR in cards else []
    if kept:
        cards = [card for card in cards if card != STAR]
    won: tuple[list[str], list[str]] = (cards, []) if taker == 1 else ([], cards)
    return PlayOutcome(rule, relations, (kept, [], *won), winner=taker)


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
        return PlayOutcome.sorted("duel-draw", relations, cards, (POT, POT))
    if STAR in cards:
        kept = star == "returns"
        dest = (P1 if kept else POT, VOID) if a == STAR else (VOID, P2 if kept else POT)
        return PlayOutcome.sorted(
            "duel-star", relations, cards, dest, hand_winner=1 if a == STAR else 2
        )
    if DRAGON in cards:
        kept = dragon == "returns"
        dest = (P1 if kept else VOID, P1) if a == DRAGON else (P2, P2 if kept else VOID)
        return PlayOutcome.sorted(
            "duel-dragon", relations, cards, dest, hand_winner=1 if a == DRAGON else 2
        )
    rel = relations[0]
    if rel == "absorbs":  # b feeds a
        return PlayOutcome.sorted("duel-absorbs", relations, cards, (P1, P1), hand_winner=1)
    if rel == "absorbed":  # a feeds b
        return PlayOutcome.sorted("duel-absorbs", relations, cards, (P2, P2), hand_winner=2)
    if rel == "destroys":
        return PlayOutcome.sorted("duel-destroys", relations, cards, (P1, VOID), hand_winner=1)
    return PlayOutcome.sorted("duel-destroys", relations, cards, (VOID, P2), hand_winner=2)


def duel_winner(a: str, b: str) -> int | None:
    """Who wins a player-vs-player comparison (1 or 2), None when the cards are the same."""
    if a == b:
        return None
    if a == STAR or b == STAR:
        return 1 if a == STAR else 2
    if a == DRAGON or b == DRAGON:
        return 1 if a == DRAGON else 2
    return 1 if RELATION[a, b] in ("absorbs", "destroys") else 2
