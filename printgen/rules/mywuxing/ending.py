"""The end of a MyWuXing game: who won, and the tie-breaker (RULINGS.md; game.yaml `rules:`).

Sudden death: the tied players, in seat order, are paired off; each pair draws one card each
and compares them player against player until one card absorbs or destroys the other; winners
meet in the next round, an odd player waits. The cards come from the top of the Universe Deck,
as the source says ("Each player alternatively takes a card from the top of the Universe Deck"),
while it holds any (the last two players out in the same play, or the play limit); once it is
used up, from the turned-over Void (decision: tie_breaker). When both are empty, the players
still in contention share the win. `tie_breaker: shared` skips the duel.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from printgen.rules.api import Action
from printgen.rules.mywuxing.play import duel_winner
from printgen.rules.mywuxing.table import Table

# The phases of a game state.
DRAW, TARGET, CARD, TIE, END = range(5)


def finish(state: Table, counts: list[int], active: list[int]) -> None:
    """End the game: the last player standing, or most cards; ties go to the tie-breaker."""
    state.final = counts
    state.phase = END
    if len(active) == 1:
        state.winners, state.reason = (active[0],), "last player standing"
        return
    if active:
        best = max(counts)
        tied = [s for s in range(state.n) if counts[s] == best]
        state.reason = "universe deck used up"
    else:  # the last two players ran out of cards in the same play
        tied = sorted(state.last_pair)
        state.reason = "no cards left"
    if len(tied) == 1 or state.deck.tie_breaker == "shared":
        state.winners = tuple(tied)
        return
    state.tie_break = True
    state.tb_round, state.tb_next, state.tb_i, state.tb_cards = tied, [], 0, []
    state.phase = TIE
    _settle(state)


def tie_outcomes(state: Table) -> list[tuple[Action, float]]:
    """The cards a tie-breaker draw may turn: the Universe Deck's while it holds any (a reborn
    deck's cards, or the unseen pool it is part of), else the turned-over Void's."""
    if not state.universe_left:
        return weighted(state.void)
    if state.reborn is not None:
        return weighted(state.reborn)
    total = state.unseen_total
    return [(w, c / total) for w, c in zip(state.words, state.unseen, strict=True) if c]


def tie_sample(state: Table, rng: random.Random) -> str:
    """`api.pick(tie_outcomes(state), rng)`, with the same calls to `rng`."""
    if not state.universe_left:
        return pick_card(state.void, rng)
    if state.reborn is not None:
        return pick_card(state.reborn, rng)
    return pick_count(state.words, state.unseen, state.unseen_total, rng)


def tie_draw(state: Table, card: str) -> None:
    """The pair in turn draws one card (first seat first), from the Universe Deck while it
    holds any, else from the turned-over Void; a card not there is refused (ValueError)."""
    if card not in dict(tie_outcomes(state)):
        where = "the Universe Deck" if state.universe_left else "the Void"
        raise ValueError(f"not in {where}: {card!r}")
    if not state.universe_left:
        state.void.remove(card)
        state.tie_from_void += 1
    elif state.reborn is not None:
        state.reborn.remove(card)
        state.universe_left -= 1
    else:
        state.unseen[state.at[card]] -= 1
        state.unseen_total -= 1
        state.universe_left -= 1
    state.aside.append(card)
    state.tb_cards.append(card)
    if len(state.tb_cards) == 2:
        won = duel_winner(*state.tb_cards)
        state.tb_cards = []
        if won is not None:
            state.tb_next.append(state.tb_round[state.tb_i + won - 1])
            state.tb_i += 2
    _settle(state)


def _settle(state: Table) -> None:
    """Close finished rounds; end with one player left, or shared when nothing is left to draw
    (the Universe Deck used up and the Void empty)."""
    while state.tb_i + 1 >= len(state.tb_round):  # round over (a bye for an odd player)
        state.tb_next += state.tb_round[state.tb_i :]
        state.tb_round, state.tb_next, state.tb_i = state.tb_next, [], 0
        if len(state.tb_round) == 1:
            state.winners, state.phase = (state.tb_round[0],), END
            return
    if not state.void and not state.universe_left:
        state.winners = tuple(sorted(state.tb_round[state.tb_i :] + state.tb_next))
        state.phase = END


def weighted(cards: Sequence[str]) -> list[tuple[Action, float]]:
    """Each distinct card with its share of `cards`, in first-seen order."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    total = len(cards)
    return [(card, c / total) for card, c in counts.items()]


def pick_card(cards: Sequence[str], rng: random.Random) -> str:
    """`api.pick(weighted(cards), rng)`: the same card for the same `rng`, a little faster."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    kinds = tuple(counts)
    return kinds[draw_index(tuple(counts.values()), len(cards), rng)]


def pick_count(words: Sequence[str], copies: Sequence[int], total: int, rng: random.Random) -> str:
    """One of `total` (= the sum of `copies`) cards kept as copies per word (`draw_index`)."""
    return words[draw_index(copies, total, rng)]


def draw_index(copies: Sequence[int], total: int, rng: random.Random) -> int:
    """The index of one of `total` (= the sum of `copies`) cards kept as copies per kind, drawn
    exactly as `api.pick` draws from `[(i, c / total) for i, c in enumerate(copies) if c]`: the
    same `rng` calls and the same float sums, so a seed plays the same game; the list is never
    built. The simulation's hottest function (a few draws a play)."""
    top = max(copies)
    if top == total:  # one kind: no call to `rng`
        return copies.index(top)
    kinds = len(copies) - copies.count(0)
    if kinds * top == total:  # every kind as likely: `pick` draws uniformly
        return _nth_kind(copies, rng.randrange(kinds))
    point = rng.random()
    cumulative = 0.0
    for index, c in enumerate(copies):
        cumulative += c / total  # an empty kind adds exactly 0.0 and cannot be drawn
        if point < cumulative:
            return index
    return _nth_kind(copies, kinds - 1)  # the float sum fell short of 1: `pick`'s last outcome


def _nth_kind(copies: Sequence[int], nth: int) -> int:
    """The index of the `nth` kind (0-based) that has copies."""
    for index, c in enumerate(copies):
        if c:
            if not nth:
                return index
            nth -= 1
    raise ValueError(f"fewer than {nth + 1} kinds with copies: {copies}")
