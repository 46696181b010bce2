"""MyWuXing's `greedy` bot (printgen simulate --bot greedy).

Learn WuXing has no decisions at all (every card is turned from the top of a deck), so no bot is
ever asked to play: greedy, random and every other bot play the same games there.
"""

from __future__ import annotations

import random
from typing import cast

from printgen.rules.api import Action, GameState
from printgen.rules.mywuxing.ending import TARGET
from printgen.rules.mywuxing.play import PlayOutcome, resolve_duel, resolve_play
from printgen.rules.mywuxing.state import MyWuXingState


def greedy_bot(state: GameState, rng: random.Random) -> Action:
    """Think WuXing: the choice with the best immediate outcome, one play ahead.

    A play is worth the cards it brings the player minus the cards it brings the opponent
    (cards joining the pot or the Void count for nobody). The other player's card is unknown:
    each possible card is weighed by its copies in the deck. The leader picks the opponent and
    the way to play (against the Universe card, or player against player) where its better
    card does best, then plays that card; the invited player plays the card that does best
    against whatever the leader may have played. Ties go to the first choice listed.
    """
    s = cast(MyWuXingState, state)
    actions = s.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if s.phase == TARGET:  # every opponent is alike to the leader, who cannot see their cards
        hand = s.hand[s.leader]
        best = {
            way: max(_worth(s, way == "universe", card, True) for card in hand)
            for way in dict.fromkeys(a[0] for a in actions)
        }
        return max(actions, key=lambda a: best[a[0]])
    leading = s.chooser == s.leader
    return max(actions, key=lambda card: _worth(s, s.vs_universe, str(card), leading))


def _worth(s: MyWuXingState, vs_universe: bool, card: str, leading: bool) -> float:
    """Expected cards won minus cards given to the opponent when `card` is played."""
    counts = s.deck.counts
    total = sum(counts.values())
    worth = 0.0
    for other, copies in counts.items():
        a, b = (card, other) if leading else (other, card)
        out: PlayOutcome = (
            resolve_play(str(s.u), s.pot, a, b)
            if vs_universe
            else resolve_duel(a, b, s.deck.player_dragon, s.deck.player_star)
        )
        gain = len(out.p1) - len(out.p2)
        worth += copies * (gain if leading else -gain)
    return worth / total
