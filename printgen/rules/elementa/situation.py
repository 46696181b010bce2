"""`printgen score elementa`: a finished hand (`table`) or the captured piles (`captured`).

`winner` of a table is the 0-based index into `table` of the card that takes the hand.
`winner` of captured piles is the winning team's name (`"team_a"`, `"team_b"`), or null for a
draw (equal scores and no relic sweep).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from printgen.errors import SituationError
from printgen.model import Game
from printgen.model.yaml_value import YamlMapping
from printgen.rules.elementa.cards import (
    RELIC,
    ElementaRules,
    TeamScore,
    effective_values,
    match_winner,
    relic_sweep,
    rules_of,
    team_score,
    winning_index,
)

KEYS = ("game", "table", "captured")


@dataclass(frozen=True)
class TableScore:
    """One finished hand: every card's effective value and which card takes the hand."""

    cards: tuple[str, ...]
    effective: tuple[int, ...]
    minus: tuple[tuple[str | None, int], ...]  # (destroying suit, cards of it on the table)
    plus: tuple[tuple[str | None, int], ...]  # (generating suit, cards of it on the table)
    winner: int

    def to_json(self) -> dict[str, object]:
        return {
            "effective": list(self.effective),
            "winner": self.winner,
            "cards": list(self.cards),
            "terms": [
                {"card": c, "base": _base(c), "minus": m[1], "plus": p[1], "effective": e}
                for c, m, p, e in zip(
                    self.cards, self.minus, self.plus, self.effective, strict=True
                )
            ],
        }

    def explain(self) -> str:
        lines = [
            "Effective values (base - cards of the destroying suit + cards of the generating suit):"
        ]
        for n, (card, (dsuit, d), (gsuit, g), eff) in enumerate(
            zip(self.cards, self.minus, self.plus, self.effective, strict=True), 1
        ):
            if card == RELIC:
                lines.append(f"  {n}. relic: 0 (a relic is always worth 0)")
                continue
            lines.append(f"  {n}. {card}: {_base(card)} - {d} {dsuit} + {g} {gsuit} = {eff}")
        best = self.effective[self.winner]
        tied = [i + 1 for i, e in enumerate(self.effective) if e == best]
        card = f"card {self.winner + 1} ({self.cards[self.winner]})"
        if len(tied) > 1:
            lines.append(
                f"Cards {_and(tied)} tie at {best}; the first played, {card}, takes the hand."
            )
        else:
            lines.append(f"The highest effective value is {best}: {card} takes the hand.")
        return "\n".join(lines)


@dataclass(frozen=True)
class CapturedScore:
    """The end of a game: each team's score, the relic sweep and the winning team."""

    teams: dict[str, TeamScore]
    relic_sweep: str | None
    winner: str | None
    set_bonus: int
    set_size: int
    relics: int

    def to_json(self) -> dict[str, object]:
        return {
            "scores": {team: s.points for team, s in self.teams.items()},
            "relic_sweep": self.relic_sweep,
            "winner": self.winner,
            "details": {
                team: {
                    "cards_by_value": {str(v): n for v, n in s.by_value.items()},
                    "value_points": {str(v): p for v, p in s.value_points.items()},
                    "set_values": list(s.set_values),
                    "set_points": s.set_points,
                    "relics": s.relics,
                }
                for team, s in self.teams.items()
            },
        }

    def explain(self) -> str:
        lines = []
        for team, s in self.teams.items():
            terms = [
                f"{s.by_value[v]} card(s) of value {v}: {p}" for v, p in s.value_points.items()
            ]
            terms += [
                f"value {v} on {s.by_value[v]} cards (at least {self.set_size}): "
                f"+{s.by_value[v] * self.set_bonus}"
                for v in s.set_values
            ]
            body = "; ".join(terms) if terms else "nothing that scores"
            lines.append(f"{team}: {body}; {s.relics} relic(s), worth nothing; total {s.points}")
        if self.relic_sweep is not None:
            lines.append(f"{self.relic_sweep} holds all {self.relics} relics and wins outright.")
        elif self.winner is None:
            lines.append("No relic sweep; the scores are equal: a draw.")
        else:
            lines.append(f"No relic sweep; {self.winner} has the highest score and wins.")
        return "\n".join(lines)


def score(situation: YamlMapping, game: Game) -> TableScore | CapturedScore:
    """Score a `table` or `captured` situation; a SituationError names a bad value."""
    rules = rules_of(game)
    if not isinstance(situation, Mapping):
        raise SituationError((), "expected a mapping with keys game and table (or captured)")
    unknown = [k for k in situation if k not in KEYS]
    if unknown:
        raise SituationError(
            (unknown[0],), f"unknown key {unknown[0]!r}; accepted: " + ", ".join(KEYS)
        )
    if situation.get("game", game.id) != game.id:
        raise SituationError(("game",), f"expected game: {game.id}, got {situation['game']!r}")
    has_table, has_captured = "table" in situation, "captured" in situation
    if has_table == has_captured:
        raise SituationError(
            (), "expected exactly one of table (a finished hand) or captured (the piles at the end)"
        )
    if has_table:
        return score_table(_table(situation["table"], rules), rules)
    return score_captured(_captured(situation["captured"], rules), rules)


def score_table(cards: list[str], rules: ElementaRules) -> TableScore:
    suits = [rules.info[c].suit for c in cards]
    minus, plus = [], []
    for card in cards:
        i = rules.info[card]
        minus.append((i.destroyer, suits.count(i.destroyer) if i.suit else 0))
        plus.append((i.generator, suits.count(i.generator) if i.suit else 0))
    values = effective_values(cards, rules.info)
    return TableScore(tuple(cards), tuple(values), tuple(minus), tuple(plus), winning_index(values))


def score_captured(piles: dict[str, list[str]], rules: ElementaRules) -> CapturedScore:
    teams = {team: team_score(pile, rules) for team, pile in piles.items()}
    sweep = relic_sweep(piles, rules)
    winner = match_winner({t: s.points for t, s in teams.items()}, sweep)
    return CapturedScore(teams, sweep, winner, rules.set_bonus, rules.set_size, rules.relics)


def parse_card(text: object, path: tuple[object, ...], rules: ElementaRules) -> str:
    """A card string (`"fire 3"`, `"relic"`) in its normal spelling, or a SituationError."""
    shape = "a card such as 'fire 3' or 'relic'"
    if not isinstance(text, str):
        raise SituationError(path, f"expected {shape}, got {text!r}")
    words = text.lower().split()
    if words == [RELIC]:
        return RELIC
    if len(words) != 2:
        raise SituationError(path, f"expected {shape}, got {text!r}")
    suit, number = words
    if suit not in rules.suits:
        raise SituationError(
            path, f"unknown suit {suit!r} in {text!r}; suits: " + ", ".join(rules.suits)
        )
    if not (number.isascii() and number.isdigit()):
        raise SituationError(
            path,
            f"{number!r} in {text!r} is not a card value ({rules.values[0]}..{rules.values[-1]})",
        )
    card = f"{suit} {int(number)}"
    if card not in rules.counts:
        raise SituationError(
            path, f"the deck has no card {card!r} (values {rules.values[0]}..{rules.values[-1]})"
        )
    return card


def _cards(
    items: object, path: tuple[object, ...], rules: ElementaRules, seen: Counter[str]
) -> list[str]:
    if not isinstance(items, list):
        raise SituationError(path, f"expected a list of cards, got {items!r}")
    cards = []
    for index, item in enumerate(items):
        card = parse_card(item, (*path, index), rules)
        seen[card] += 1
        if seen[card] > rules.counts[card]:
            have = rules.counts[card]
            what = f"{have} relics" if card == RELIC else f"one {card}"
            raise SituationError(
                (*path, index),
                f"{card!r} appears more often than the deck holds it (the deck has {what})",
            )
        cards.append(card)
    return cards


def _table(items: object, rules: ElementaRules) -> list[str]:
    cards = _cards(items, ("table",), rules, Counter())
    if len(cards) != rules.players:
        raise SituationError(
            ("table",),
            f"expected {rules.players} cards (one per player, in "
            f"the order played), got {len(cards)}",
        )
    return cards


def _captured(piles: object, rules: ElementaRules) -> dict[str, list[str]]:
    """Both teams' piles. They need not hold all 40 cards, but no card more than the deck does."""
    names = tuple(rules.teams)
    if not isinstance(piles, Mapping):
        raise SituationError(
            ("captured",), "expected a mapping of team to captured cards: " + ", ".join(names)
        )
    for key in piles:
        if key not in names:
            raise SituationError(
                ("captured", key), f"unknown team {key!r}; teams: " + ", ".join(names)
            )
    seen: Counter[str] = Counter()
    out = {}
    for team in names:
        if team not in piles:
            raise SituationError(
                ("captured",), f"missing team {team!r} (write [] for an empty pile)"
            )
        out[team] = _cards(piles[team], ("captured", team), rules, seen)
    return out


def _base(card: str) -> int:
    return 0 if card == RELIC else int(card.split()[1])


def _and(items: list[int]) -> str:
    words = [str(i) for i in items]
    return ", ".join(words[:-1]) + " and " + words[-1]
