"""Invariants of a MyWuXing game state: every card is somewhere, exactly once."""

from __future__ import annotations

from collections import Counter

from printgen.rules.mywuxing.ending import END
from printgen.rules.mywuxing.table import Table


def check_state(state: Table) -> None:
    """Raise AssertionError when `state` breaks a rule of the game (run after every simulated
    game: keep it quick)."""
    _check_unseen(state)
    seats = zip(state.hidden, state.bottom, state.hand, strict=True)
    held = [hidden + sum(map(len, won)) + len(hand) for hidden, won, hand in seats]
    assert state.held == held, f"cards held {state.held}, counted {held}"
    _check_conserved(state)
    assert len(state.cards) <= 2, f"more than two cards revealed: {state.cards}"
    if state.phase == END:
        assert state.winners, "a finished game without a winner"
        assert all(0 <= s < state.n for s in state.winners), f"bad winners {state.winners}"


def _check_unseen(state: Table) -> None:
    """The counts of face-down cards: none negative, and the pool matches the decks."""
    assert all(c >= 0 for c in state.unseen), f"negative unseen counts {state.unseen}"
    assert all(h >= 0 for h in state.hidden), f"negative hidden counts {state.hidden}"
    assert state.universe_left >= 0, "the Universe Deck has fewer than no cards"
    universe = state.universe_left if state.reborn is None else 0
    assert state.reborn is None or len(state.reborn) == state.universe_left, "reborn deck size"
    assert sum(state.unseen) == state.unseen_total == universe + sum(state.hidden), (
        "the unseen pool does not match the Universe Deck and the face-down Player Decks"
    )


def _check_conserved(state: Table) -> None:
    """Every card of the deck is in exactly one place, seen or unseen."""
    seen: list[str] = [*state.pot, *state.void, *state.aside, *(state.reborn or ()), *state.cards]
    for batches in state.bottom:
        assert all(batches), "an empty batch under a Player Deck"
        for batch in batches:
            seen += batch
    most = state.deck.hand_size if state.think else 0
    for hand in state.hand:
        assert len(hand) <= most, f"hand too big: {hand}"
        seen += hand
    if state.u is not None:
        seen.append(state.u)
    where = Counter(seen)  # one count of every card in sight
    for word, unseen in zip(state.words, state.unseen, strict=True):
        if unseen:
            where[word] += unseen
    expected = {word: count for word, count in state.deck.counts.items() if count}
    assert dict(where) == expected, f"cards not conserved: {dict(where)} != {expected}"
