"""Elementa's rule parameters (read from game.yaml) and the pure rules: effective values, the hand
winner and team scoring (RULINGS.md, Elementa).

Cards are plain strings: `"fire 3"` for a suit card, `"relic"` for any relic (the five relics do
not differ in play), so states and situations share one spelling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from printgen.errors import DataError, Problem
from printgen.model import Game
from printgen.model.schema import WHOLE, Key, mapping_of, whole_number
from printgen.model.yaml_value import YamlMapping
from printgen.rules import wuxing
from printgen.rules.per_game import Settings, declared, per_game, rules_dataclass, setting

RELIC = "relic"


@dataclass(frozen=True)
class CardInfo:
    """What the rules need of one card: base value, suit and the two suits that change it."""

    value: int  # 0 for a relic
    suit: str | None  # None for a relic
    destroyer: str | None  # the suit that overcomes this one (each on the table: -1)
    generator: str | None  # the suit that feeds this one (each on the table: +1)


@rules_dataclass
class ElementaRules:
    """The rule parameters of one Elementa game: each field that is a game.yaml `rules:`
    setting declares its key (type and bounds); the others come from the deck and the deal."""

    players: int
    cards_each: int
    teams: dict[str, tuple[int, ...]] = setting(  # team name -> seats, 0-based
        Key(True, dict, "a mapping of two or more teams to seat lists")
    )
    hands: int = setting(Key(True, int, WHOLE, whole_number(1, 1000)))
    seat_team: tuple[str, ...]  # seat -> team name
    value_points: dict[int, int] = setting(  # base value -> points per captured card
        Key(
            False,
            dict,
            "a mapping of card values to points",
            mapping_of(whole_number(1, 99), whole_number(0, 1000)),
            default={},
        ),
        at="scoring.per_card_of_value",
        then=dict,
    )
    set_bonus: int = setting(  # points per card whose base value is on >= set_size captured cards
        Key(False, int, WHOLE, whole_number(0, 1000), default=0), at="scoring.set_bonus"
    )
    set_size: int = setting(
        Key(False, int, WHOLE, whole_number(1, 99), default=3), at="scoring.set_size"
    )
    suits: tuple[str, ...]
    values: tuple[int, ...]  # the base values the deck holds, ascending
    deck: tuple[str, ...]  # one entry per physical card
    counts: dict[str, int]  # card -> copies in the deck
    info: dict[str, CardInfo]

    @property
    def relics(self) -> int:
        return self.counts.get(RELIC, 0)


@dataclass(frozen=True)
class TeamScore:
    """A team's score from its pooled captured cards, with the terms that make it up."""

    points: int
    by_value: dict[int, int]  # base value -> captured cards of that value
    value_points: dict[int, int]  # base value -> points from value_points (1 and 7)
    set_values: tuple[int, ...]  # base values on at least set_size cards
    set_points: int
    relics: int


def card_string(suit: str, value: int) -> str:
    return f"{suit} {value}"


def effective_values(cards: Sequence[str], info: dict[str, CardInfo]) -> list[int]:
    """Each card's effective value: base - cards of its destroying suit + cards of its
    generating suit on the table; a relic is 0."""
    suits = [info[c].suit for c in cards]
    out = []
    for card in cards:
        i = info[card]
        if i.suit is None:
            out.append(0)
        else:
            out.append(i.value - suits.count(i.destroyer) + suits.count(i.generator))
    return out


def winning_index(values: Sequence[int]) -> int:
    """The card that takes the hand: highest effective value, the first played on a tie (so a
    relic, worth 0, takes a hand only when all the cards are relics; decision: relic-hand)."""
    return values.index(max(values))


def team_score(pile: Iterable[str], rules: ElementaRules) -> TeamScore:
    """+points per card of a listed base value, +set_bonus per card whose base value is on at
    least set_size of the pile's cards (these stack); relics score nothing."""
    relics = 0
    by_value: Counter[int] = Counter()
    for card in pile:
        info = rules.info[card]
        if info.suit is None:
            relics += 1
        else:
            by_value[info.value] += 1
    value_points = {
        v: n * rules.value_points[v] for v, n in sorted(by_value.items()) if v in rules.value_points
    }
    set_values = tuple(v for v, n in sorted(by_value.items()) if n >= rules.set_size)
    set_points = rules.set_bonus * sum(by_value[v] for v in set_values)
    return TeamScore(
        points=sum(value_points.values()) + set_points,
        by_value=dict(sorted(by_value.items())),
        value_points=value_points,
        set_values=set_values,
        set_points=set_points,
        relics=relics,
    )


def relic_sweep(piles: Mapping[str, Sequence[str]], rules: ElementaRules) -> str | None:
    """The team holding every relic of the deck, if any."""
    if rules.relics == 0:
        return None
    for team, pile in piles.items():
        if sum(1 for c in pile if c == RELIC) == rules.relics:
            return team
    return None


def match_winner(scores: dict[str, int], sweep: str | None) -> str | None:
    """A relic sweep wins outright; otherwise the highest score; equal scores are a draw
    (decision: equal-scores)."""
    if sweep is not None:
        return sweep
    best = max(scores.values())
    leaders = [team for team, points in scores.items() if points == best]
    return leaders[0] if len(leaders) == 1 else None


SETTINGS = declared(
    ElementaRules,
    sections={"scoring": Key(True, dict, "a mapping (per_card_of_value, set_bonus, set_size)")},
)
"""The keys of game.yaml `rules:`, from the setting fields of ElementaRules."""


@per_game
def rules_of(game: Game) -> ElementaRules:
    """The rule parameters of an Elementa data folder; a DataError names every bad game.yaml
    value at once."""
    read = Settings(game, SETTINGS)
    read.done()  # the cross checks below read only values of the declared types
    teams = _teams(read, read.values.mapping("teams"))
    players = sum(len(seats) for seats in teams.values())
    deck, counts, info = _deck(game)
    cards_each = game.deal.cards_each.get(players) if game.deal else None
    if cards_each is None:
        read.problems.append(
            Problem(game.located.file, None, "deal", f"no deal for {players} players")
        )
    hands = read.values.integer("hands")
    if hands * players != len(deck):
        read.problem(
            ("hands",),
            f"{hands} hands of {players} cards use "
            f"{hands * players} cards, the deck has {len(deck)}",
        )
    read.done()
    assert cards_each is not None
    return read.build(
        ElementaRules,
        players=players,
        cards_each=cards_each,
        teams=teams,
        seat_team=tuple(next(t for t, s in teams.items() if seat in s) for seat in range(players)),
        suits=tuple(game.elements),
        values=tuple(sorted({i.value for i in info.values() if i.suit is not None})),
        deck=tuple(deck),
        counts=counts,
        info=info,
    )


def _teams(read: Settings, raw: YamlMapping) -> dict[str, tuple[int, ...]]:
    """Each team's seats (0-based), sharing the seats 1..players once each; raises every
    problem found."""
    game = read.game
    if len(raw) < 2:
        read.problem(("teams",), "expected a mapping of two or more teams to seat lists")
    teams: dict[str, tuple[int, ...]] = {}
    for name, seats in raw.items():
        check = whole_number(1, 20)
        if not isinstance(seats, list) or not seats:
            read.problem(("teams", name), "expected a list of seats (1-based)")
        elif any(check(s) for s in seats):
            wrong = next(s for s in seats if check(s))
            read.problem(("teams", name), f"seat {wrong!r}: {check(wrong)}")
        else:
            teams[str(name)] = tuple(s - 1 for s in seats if isinstance(s, int))  # each checked
    read.done()
    seats_seen = sorted(s for seats in teams.values() for s in seats)
    players = len(seats_seen)
    if seats_seen != list(range(players)):
        read.problem(("teams",), f"the teams must share seats 1..{players}, each once")
    if not game.min_players <= players <= game.max_players:
        read.problem(
            ("teams",), f"{players} seats, but players are {game.min_players}..{game.max_players}"
        )
    read.done()
    return teams


def _deck(game: Game) -> tuple[list[str], dict[str, int], dict[str, CardInfo]]:
    pool = game.deal.pool if game.deal else "deck"
    component = game.components.get(pool)
    if component is None:
        raise DataError([Problem(game.located.file, None, "deal.pool", f"no component {pool!r}")])
    deck: list[str] = []
    info: dict[str, CardInfo] = {RELIC: CardInfo(0, None, None, None)}
    for card in component.cards:
        if card.kind == RELIC:
            name = RELIC
        else:
            suit, value = card.fields.get("suit"), card.fields.get("value")
            if suit not in wuxing.ELEMENTS or not isinstance(value, int):
                raise DataError(
                    [
                        Problem(
                            *card.place("suit"),
                            "suit",
                            "an Elementa card needs a Wu Xing suit and a value, "
                            f"or kind relic; got {suit!r} {value!r}",
                        )
                    ]
                )
            name = card_string(suit, value)
            info[name] = CardInfo(value, suit, wuxing.overcome_by(suit), wuxing.fed_by(suit))
        deck.extend([name] * card.count)
    return deck, dict(Counter(deck)), info
