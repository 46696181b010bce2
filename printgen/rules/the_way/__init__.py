"""The Way (RULINGS.md): the board, every card kind, blocked moves, gates, versus and the
cooperative arcs, and the deck's composition checks.

- `score(situation, game)`: one card played on a board position (format in
  `printgen.rules.the_way.situation`).
- `new_game(game, players=2, mode="versus"|"coop-arc1"|"coop-arc2", expansion=False)`: a
  `WayState` before the deal (decisions in `printgen.rules.the_way.state`).
- `deck_composition_checks(game)`: symbols per card kind and the assorted Duals, as
  `{name, ok, level, detail}` dicts for `printgen validate`.
"""

from printgen.rules.engine import Engine
from printgen.rules.the_way import example
from printgen.rules.the_way.board import Board, Step, board_of
from printgen.rules.the_way.bots import greedy_bot
from printgen.rules.the_way.cards import WayCard, WayRules, find_card, rules_of
from printgen.rules.the_way.checks import deck_composition_checks
from printgen.rules.the_way.parts import part_values
from printgen.rules.the_way.settings import SETTINGS
from printgen.rules.the_way.situation import SituationScore, parse_pieces, play, score
from printgen.rules.the_way.state import WayState, new_game

ENGINE = Engine(
    id="the-way",
    score=score,
    settings=rules_of,
    keys=SETTINGS,
    new_game=new_game,
    modes=("versus", "coop-arc1", "coop-arc2"),
    default_players=2,
    expansion=True,
    greedy_bot=greedy_bot,
    invariants=deck_composition_checks,
    example_picture=example.the_way,
    diagrams={"board": example.square_board},
    part_values=part_values,
)

__all__ = [
    "ENGINE",
    "Board",
    "SituationScore",
    "Step",
    "WayCard",
    "WayRules",
    "WayState",
    "board_of",
    "deck_composition_checks",
    "find_card",
    "greedy_bot",
    "new_game",
    "parse_pieces",
    "play",
    "rules_of",
    "score",
]
