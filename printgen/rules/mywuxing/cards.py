"""MyWuXing's cards and rule settings, read from the game's data (card_data/mywuxing/).

A card is written as one word, as in the situation files of DESIGN.md section 4: an element
(`water wood fire earth metal`), `dragon` (Infinite Dragon) or `star` (Destructive Star).
The deck composition comes from the `playable` pool (the promo cards are not played), the deal
from `deal:`, and the settings RULINGS.md leaves open from `rules:` in game.yaml.
"""

from __future__ import annotations

from printgen.errors import Problem
from printgen.model import Card, Game
from printgen.model.schema import WHOLE, Key, OneOf, one_of, whole_number
from printgen.rules import wuxing
from printgen.rules.per_game import (
    Settings,
    declared,
    per_game,
    rules_dataclass,
    setting,
    settings_of,
)

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


def _choice(values: tuple[str, ...]) -> Key:
    """A choice setting: one of `values`, the first when absent."""
    return Key(False, str, "one of " + ", ".join(values), one_of(*values), default=values[0])


@rules_dataclass
class Deck:
    """The shuffled deck (word -> copies), the deal and the settings of one game's data: each
    setting declared on its field (a choice is absent: its first value; Think WuXing's hand of
    1 to 20 cards, absent: the source's two; the simulation's guard of 1 to 100,000 plays)."""

    counts: dict[str, int]
    labels: dict[str, str]  # word -> the card's name, for messages
    deal: dict[int, int]  # players -> cards each
    hand_size: int = setting(  # Think WuXing
        Key(False, int, WHOLE, whole_number(1, 20), default=2), at="think.hand_size"
    )
    next_leader: str = setting(_choice(NEXT_LEADER), at="think.next_leader")  # Think WuXing
    tie_breaker: str = setting(_choice(TIE_BREAKERS))
    partner: str = setting(_choice(PARTNERS), at="think.partner")  # Think WuXing
    player_dragon: str = setting(_choice(PLAYER_DRAGON), at="think.player_dragon")
    player_star: str = setting(_choice(PLAYER_STAR), at="think.player_star")
    universe_runs_out: str = setting(_choice(UNIVERSE_RUNS_OUT))
    max_plays: int = setting(  # a game still going after this many plays ends by counting
        Key(False, int, WHOLE, whole_number(1, 100_000), default=2000)
    )

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.counts)


SETTINGS = declared(
    Deck,
    sections={
        "think": Key(
            False,
            dict,
            "a mapping (hand_size, next_leader, partner, player_dragon, player_star)",
            default={},
        )
    },
)
"""The keys of game.yaml `rules:` (checked with the schema of game.yaml), from Deck's fields."""
CHOICES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    name: (choice.at, choice.key.check.allowed)
    for name, choice in settings_of(Deck).items()
    if isinstance(choice.key.check, OneOf)
}
"""Each choice setting: its path under game.yaml `rules:`, its values (the first the default);
`simulate --set` and a situation may change one for a game."""


@per_game
def deck_of(game: Game) -> Deck:
    """The engine's view of the game's data, read once per loaded game; a DataError names
    everything it cannot use at once."""
    read = Settings(game, SETTINGS)
    counts, labels = _cards(game, read.problems)
    read.done()
    deal = dict(game.deal.cards_each) if game.deal else {}
    return read.build(Deck, counts=counts, labels=labels, deal=deal)


def _cards(game: Game, problems: list[Problem]) -> tuple[dict[str, int], dict[str, str]]:
    """The pool's cards as words (word -> copies) and their names; a card the engine cannot
    play is a problem."""
    pool_name = game.deal.pool if game.deal else "playable"
    pool = game.components.get(pool_name)
    counts: dict[str, int] = {}
    labels: dict[str, str] = {}
    if pool is None:
        game_file = str(game.file("game.yaml"))
        problems.append(Problem(game_file, None, "deal.pool", f"no component {pool_name!r}"))
        return counts, labels
    for card in pool.cards:
        word = _word(card, problems)
        if word is not None:
            counts[word] = counts.get(word, 0) + card.count
            labels.setdefault(word, card.name)
    for element in wuxing.ELEMENTS:
        labels.setdefault(element, element.capitalize())
    labels.setdefault(DRAGON, "Infinite Dragon")
    labels.setdefault(STAR, "Destructive Star")
    return counts, labels


def _word(card: Card, problems: list[Problem]) -> str | None:
    """The card as the engine writes it (an element, dragon or star), or None."""
    if card.kind in POWER:
        return card.kind
    if card.kind != "element":
        kinds = ", ".join(("element", *POWER))
        text = f"the engine plays {kinds}, not {card.kind!r}"
        problems.append(Problem(*card.place("kind"), "kind", text))
        return None
    word = card.as_text("element")
    if word not in wuxing.ELEMENTS:
        problems.append(Problem(*card.place("element"), "element", f"not an element: {word!r}"))
        return None
    return word
