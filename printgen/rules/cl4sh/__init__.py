"""CL4SH (RULINGS.md): valid plays, runs, Havoc cards, duels, competition scoring, whole games.

- `score(situation, game)`: a play (`top` + `play`), a duel, or a match's `events`
  (DESIGN.md section 4); see `printgen.rules.cl4sh.situation` for the card strings.
- `new_game(game, players=4, mode="set"|"competition")`: a `Cl4shState` before the deal; the
  decisions this engine makes where the rules are open are listed in `printgen.rules.cl4sh.state`.
"""

from printgen.rules.cl4sh import example
from printgen.rules.cl4sh.bots import greedy_bot
from printgen.rules.cl4sh.cards import (
    SETTINGS,
    CardType,
    Cl4shRules,
    Verdict,
    duel_winner,
    find_card,
    play_verdict,
    rules_of,
    single_verdict,
)
from printgen.rules.cl4sh.situation import SituationScore, parse_card, score
from printgen.rules.cl4sh.state import Cl4shState, new_game
from printgen.rules.engine import Engine

ENGINE = Engine(
    id="cl4sh",
    score=score,
    settings=rules_of,
    keys=SETTINGS,
    new_game=new_game,
    modes=("set", "competition"),
    greedy_bot=greedy_bot,
    example_picture=example.cl4sh,
)

__all__ = [
    "ENGINE",
    "CardType",
    "Cl4shRules",
    "Cl4shState",
    "SituationScore",
    "Verdict",
    "duel_winner",
    "find_card",
    "greedy_bot",
    "new_game",
    "parse_card",
    "play_verdict",
    "rules_of",
    "score",
    "single_verdict",
]
