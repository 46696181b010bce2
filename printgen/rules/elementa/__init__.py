"""Elementa (RULINGS.md): effective values, the hand winner, team scoring, the relic sweep, and
whole games on the shared state API.

- `score(situation, game)`: a `table` (a finished hand) or `captured` (the piles at the end).
- `new_game(game, players=4, first_player=0)`: an `ElementaState` before the deal.
"""

from printgen.rules.elementa import example
from printgen.rules.elementa.bots import greedy_bot
from printgen.rules.elementa.cards import (
    RELIC,
    SETTINGS,
    CardInfo,
    ElementaRules,
    TeamScore,
    effective_values,
    match_winner,
    relic_sweep,
    rules_of,
    team_score,
    winning_index,
)
from printgen.rules.elementa.composition import deck_checks
from printgen.rules.elementa.situation import CapturedScore, TableScore, parse_card, score
from printgen.rules.elementa.state import ElementaState, new_game
from printgen.rules.engine import Engine

ENGINE = Engine(
    id="elementa",
    score=score,
    settings=rules_of,
    keys=SETTINGS,
    new_game=new_game,
    default_players=4,
    greedy_bot=greedy_bot,
    invariants=deck_checks,
    example_picture=example.elementa,
)

__all__ = [
    "ENGINE",
    "RELIC",
    "CapturedScore",
    "CardInfo",
    "ElementaRules",
    "ElementaState",
    "TableScore",
    "TeamScore",
    "effective_values",
    "greedy_bot",
    "match_winner",
    "new_game",
    "parse_card",
    "relic_sweep",
    "rules_of",
    "score",
    "team_score",
    "winning_index",
]
