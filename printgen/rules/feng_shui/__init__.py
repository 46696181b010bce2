"""Feng Shui Master (RULINGS.md): placement legality, circle quarters, element values, scoring
with majorities, the tie-break and the solo pass mark; whole games on the shared state API.

- `score(situation, game)`: finished player sheets (`players`).
- `new_game(game, players=1, first_player=0)`: a `FengShuiState` before the first roll.
"""

from printgen.rules.engine import Engine
from printgen.rules.feng_shui import example
from printgen.rules.feng_shui.bots import greedy_bot
from printgen.rules.feng_shui.composition import pool_checks
from printgen.rules.feng_shui.parts import part_values
from printgen.rules.feng_shui.rules import SETTINGS, FengShuiRules, rules_of
from printgen.rules.feng_shui.sheet import (
    PlayerScore,
    SheetsResult,
    can_place,
    quarters,
    score_sheets,
    squares,
    violation,
)
from printgen.rules.feng_shui.situation import FengShuiScore, parse_map, score
from printgen.rules.feng_shui.state import CONVERT, PLACE, FengShuiState, new_game

ENGINE = Engine(
    id="feng-shui-master",
    score=score,
    settings=rules_of,
    keys=SETTINGS,
    new_game=new_game,
    default_players=2,
    greedy_bot=greedy_bot,
    invariants=pool_checks,
    example_picture=example.feng_shui,
    diagrams={"energy-map": example.sheet},
    part_values=part_values,
)

__all__ = [
    "CONVERT",
    "ENGINE",
    "PLACE",
    "FengShuiRules",
    "FengShuiScore",
    "FengShuiState",
    "PlayerScore",
    "SheetsResult",
    "can_place",
    "greedy_bot",
    "new_game",
    "parse_map",
    "quarters",
    "rules_of",
    "score",
    "score_sheets",
    "squares",
    "violation",
]
