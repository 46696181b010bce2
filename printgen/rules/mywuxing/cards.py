"""MyWuXing's cards and rule settings, read from the game's data (card_data/mywuxing/).

A card is written as one word, as in the situation files of DESIGN.md section 4: an element
(`water wood fire earth metal`), `dragon` (Infinite Dragon) or `star` (Destructive Star).
The deck composition comes from the `playable` pool (the promo cards are not played), the deal
from `deal:`, and the settings RULINGS.md leaves open from `rules:` in game.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printgen.errors import DataError, Problem
from printgen.model import Game
from printgen.rules import wuxing

DRAGON = "dragon"
STAR = "star"
POWER = (DRAGON, STAR)

# Card x against Universe card u, seen from the player (RULINGS.md, MyWuXing).
_FROM_PLAYER = {
    wuxing.Relation.SAME: "draw",
    wuxing.Relation.FED_BY: "absorbs",  # u feeds x
    wuxing.Relation.FEEDS: "absorbed",  # x feeds u
    wuxing.Relation.OVERCOMES: "destroys",  # x overcomes u
    wuxing.Relation.OVERCOME_BY: "destroyed",  # u overcomes x
}


def _table() -> dict[tuple[str, str], str]:
    """Every (card, universe card) pair and its relation word, computed once from the cycles.

    A revealed Dragon or Star is `power`. Against a Dragon as the Universe card an element is
    `absorbed` (the Dragon absorbs every element: the card joins the pot); against a Star it is
    `destroyed` (the card goes to the Void).
    """
    table: dict[tuple[str, str], str] = {}
    every = (*wuxing.ELEMENTS, *POWER)
    for x in every:
        for u in every:
            if x in POWER:
                table[x, u] = "power"
            elif u == DRAGON:
                table[x, u] = "absorbed"
            elif u == STAR:
                table[x, u] = "destroyed"
            else:
                table[x, u] = _FROM_PLAYER[wuxing.relation(x, u)]
    return table


RELATION: dict[tuple[str, str], str] = _table()

NEXT_LEADER = ("rotate", "opponent", "winner")
TIE_BREAKERS = ("sudden-death", "shared")
PARTNERS = ("next", "any")  # Think WuXing: Option 1 | Options 2 and 3
PLAYER_DRAGON = ("void", "returns")  # player against player: where a Dragon goes
PLAYER_STAR = ("pot", "returns")  # player against player: where a Star goes
UNIVERSE_RUNS_OUT = ("count", "void")  # the source's two choices
# Each choice setting: its path under game.yaml `rules:`, its values (the first the default).
CHOICES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "next_leader": (("think", "next_leader"), NEXT_LEADER),
    "partner": (("think", "partner"), PARTNERS),
    "player_dragon": (("think", "player_dragon"), PLAYER_DRAGON),
    "player_star": (("think", "player_star"), PLAYER_STAR),
    "tie_breaker": (("tie_breaker",), TIE_BREAKERS),
    "universe_runs_out": (("universe_runs_out",), UNIVERSE_RUNS_OUT),
}


@dataclass(frozen=True)
class Deck:
    """The shuffled deck (word -> copies), the deal and the settings of one game's data."""

    counts: dict[str, int]
    labels: dict[str, str]  # word -> the card's name, for messages
    deal: dict[int, int]  # players -> cards each
    hand_size: int  # Think WuXing
    next_leader: str  # Think WuXing: rotate | opponent | winner
    tie_breaker: str  # sudden-death | shared
    partner: str = "next"  # Think WuXing: next | any
    player_dragon: str = "void"  # Think WuXing, player against player: void | returns
    player_star: str = "pot"  # Think WuXing, player against player: pot | returns
    universe_runs_out: str = "count"  # count | void
    max_plays: int = 2000  # a game still going after this many plays ends by counting

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.counts)


def deck_of(game: Game) -> Deck:
    """The engine's view of the game's data; a DataError names what it cannot use."""
    problems: list[Problem] = []
    pool_name = game.deal.pool if game.deal else "playable"
    pool = game.components.get(pool_name)
    counts: dict[str, int] = {}
    labels: dict[str, str] = {}
    game_file = str(game.file("game.yaml"))
    if pool is None:
        raise DataError([Problem(game_file, None, "deal.pool", f"no component {pool_name!r}")])
    for card in pool.cards:
        if card.kind == "element":
            word = str(card.get("element", ""))
            if word not in wuxing.ELEMENTS:
                problems.append(
                    Problem(card.file, card.line, "element", f"not an element: {word!r}")
                )
                continue
        elif card.kind in POWER:
            word = card.kind
        else:
            kinds = ", ".join(("element", *POWER))
            problems.append(
                Problem(
                    card.file, card.line, "kind", f"the engine plays {kinds}, not {card.kind!r}"
                )
            )
            continue
        counts[word] = counts.get(word, 0) + card.count
        labels.setdefault(word, card.name)
    for element in wuxing.ELEMENTS:
        labels.setdefault(element, element.capitalize())
    labels.setdefault(DRAGON, "Infinite Dragon")
    labels.setdefault(STAR, "Destructive Star")
    rules = game.rules or {}
    think = rules.get("think") or {}
    hand = _hand_size(think, game, game_file, problems)
    chosen = {
        name: _choice(game, path, values, problems) for name, (path, values) in CHOICES.items()
    }
    max_plays = rules.get("max_plays", 2000)
    if isinstance(max_plays, bool) or not isinstance(max_plays, int) or max_plays < 1:
        line = game.rules_line("max_plays")
        problems.append(Problem(game_file, line, "rules.max_plays", "expected a whole number >= 1"))
        max_plays = 2000
    if problems:
        raise DataError(problems)
    deal = dict(game.deal.cards_each) if game.deal else {}
    return Deck(counts, labels, deal, hand, max_plays=max_plays, **chosen)


def _hand_size(think: Any, game: Game, file: str, problems: list[Problem]) -> int:
    """Think WuXing's hand size (default 2, the source's "top TWO cards")."""
    if not isinstance(think, dict):
        problems.append(
            Problem(file, game.rules_line("think"), "rules.think", "expected a mapping")
        )
        return 2
    hand = think.get("hand_size", 2)
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
        line = game.rules_line("think", "hand_size")
        problems.append(
            Problem(file, line, "rules.think.hand_size", "expected a whole number >= 1")
        )
        return 2
    return hand


def _choice(
    game: Game, path: tuple[str, ...], values: tuple[str, ...], problems: list[Problem]
) -> str:
    """A choice setting under `rules:` (absent: its first value)."""
    value: Any = game.rules or {}
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    if value is None:
        return values[0]
    if value not in values:
        field = "rules." + ".".join(path)
        line = game.rules_line(*path)
        problems.append(
            Problem(
                str(game.file("game.yaml")), line, field, f"expected one of {', '.join(values)}"
            )
        )
        return values[0]
    return str(value)
