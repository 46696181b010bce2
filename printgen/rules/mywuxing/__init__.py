"""MyWuXing's rules engine: Learn WuXing plays (`score`) and whole games (`new_game`).

RULINGS.md decides every rule; the points it leaves open are settled in card_data/mywuxing/
game.yaml (`rules:`) and described in the modules: `play` (resolving a play), `situation`
(`printgen score`), `state` (whole Learn and Think games).
"""

from __future__ import annotations

from printgen.errors import UsageError
from printgen.model import Game
from printgen.rules.engine import Engine
from printgen.rules.mywuxing import example
from printgen.rules.mywuxing.bots import greedy_bot
from printgen.rules.mywuxing.cards import CHOICES, RELATION, SETTINGS, Deck, deck_of
from printgen.rules.mywuxing.composition import deck_checks
from printgen.rules.mywuxing.play import PlayOutcome, duel_winner, resolve_duel, resolve_play
from printgen.rules.mywuxing.situation import PlayScore, score
from printgen.rules.mywuxing.state import MyWuXingState
from printgen.rules.per_game import with_settings

MODES = ("learn", "think")
OPTIONS = ("mode", "first", *CHOICES)


def new_game(game: Game, players: int, **options: object) -> MyWuXingState:
    """A fresh game, before the first Universe card is turned.

    Options: `mode` "learn" (default) or "think"; `first` the leading seat (0-based, default
    0); the choice settings of `cards.CHOICES` (`next_leader`, `partner`, `player_dragon`,
    `player_star`, `tie_breaker`, `universe_runs_out`) override game.yaml's `rules:`.
    """
    unknown = [k for k in options if k not in OPTIONS]
    if unknown:
        raise UsageError(f"unknown option {unknown[0]!r}; options: {', '.join(OPTIONS)}")
    deck = deck_of(game)
    if players not in deck.deal:
        counts = ", ".join(map(str, sorted(deck.deal)))
        raise UsageError(f"MyWuXing is played by {counts} players, not {players!r}")
    mode = options.get("mode", "learn")
    if mode not in MODES:
        raise UsageError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    first = options.get("first", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise UsageError(f"first must be a seat from 0 to {players - 1}, not {first!r}")
    changes = {k: options[k] for k in CHOICES if k in options}
    if changes:
        for key, value in changes.items():
            allowed = CHOICES[key][1]
            if value not in allowed:
                raise UsageError(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
        deck = with_settings(deck, changes)
    return MyWuXingState(deck, players, mode == "think", first)


ENGINE = Engine(
    id="mywuxing",
    score=score,
    settings=deck_of,
    keys=SETTINGS,
    new_game=new_game,
    modes=MODES,
    greedy_bot=greedy_bot,
    invariants=deck_checks,
    example_picture=example.mywuxing,
)

__all__ = [
    "ENGINE",
    "RELATION",
    "Deck",
    "MyWuXingState",
    "PlayOutcome",
    "PlayScore",
    "deck_of",
    "duel_winner",
    "greedy_bot",
    "new_game",
    "resolve_duel",
    "resolve_play",
    "score",
]
