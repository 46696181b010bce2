"""Elementa's `greedy` bot (printgen simulate --bot greedy)."""

from __future__ import annotations

import random
from typing import cast

from printgen.rules.api import Action, GameState
from printgen.rules.elementa.cards import RELIC, effective_values, winning_index
from printgen.rules.elementa.state import ElementaState

RELIC_WORTH = 2  # a captured relic: no points, but a step toward the five-relic sweep


def greedy_bot(state: GameState, rng: random.Random) -> Action:
    """Take the hand for the team with the strongest card; otherwise throw the cheapest one.

    Each card in hand is tried on the table as it stands (the cards still to come unknown):
    - If some cards leave the hand with the player's team (the player's card or the
      partner's now highest), the player takes one of them: as the last to play, the one worth
      most to the team (a 1 scores 5, a 7 scores 3, a relic counts toward a sweep); otherwise
      the one that leaves the team's card with the best effective value (the safest), the
      cheaper card on a tie.
    - If no card can, it throws the card worth least (then the lowest base value), keeping
      its strong cards and points for later.
    """
    s = cast(ElementaState, state)
    actions = s.legal_actions()
    if len(actions) == 1:
        return actions[0]
    r = s.rules
    n = r.players
    seat = (s.leader + len(s.table)) % n
    team = r.seat_team[seat]
    last = len(s.table) == n - 1

    def worth(card: object) -> int:
        if card == RELIC:
            return RELIC_WORTH
        return r.value_points.get(r.info[str(card)].value, 0)

    holding: dict[Action, int] = {}  # card -> effective value of the card that takes the hand
    for card in actions:
        values = effective_values([*s.table, str(card)], r.info)
        best = winning_index(values)
        if r.seat_team[(s.leader + best) % n] == team:
            holding[card] = values[best]
    if holding:
        if last:
            return max(holding, key=lambda c: (worth(c), -r.info[str(c)].value))
        return max(holding, key=lambda c: (holding[c], -worth(c)))
    return min(actions, key=lambda c: (worth(c), r.info[str(c)].value))
