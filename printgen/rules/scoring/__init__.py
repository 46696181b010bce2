"""The data scorer: a game with no engine scored by its game.yaml `scoring:` rules.

Beside the engines (`printgen.rules.<game>`), for a designer's game: `holds:` says which cards
each player ends with (held, taken or placed, whatever the game scores), every rule is worked out
for every player (`printgen.model.scoring`), and a player's score is the sum of the rules. The
result serves `printgen score`, the worked examples `validate` checks and the rulebook prints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from printgen.errors import SituationError
from printgen.model import Game
from printgen.model.schema import did_you_mean
from printgen.model.scoring import Board, CardTable, RuleError, card_table, rule_value
from printgen.model.scoring.language import CardView
from printgen.model.yaml_value import YamlValue
from printgen.rules.parsed import strings
from printgen.rules.per_game import per_game
from printgen.rules.scoring.placed import board_of, placed_pieces

__all__ = ["HoldsScore", "points", "score_holds", "scored", "shown", "table_of"]

MAX_HELD = 10_000
"""The most cards one example may hand out (a situation larger than any table)."""


def scored(game: Game) -> bool:
    """Whether the game is scored by its `scoring:` rules."""
    return bool(game.scoring)


@per_game
def table_of(game: Game) -> CardTable:
    decks = [d for d in game.components.values() if not d.derived_from]
    deck_of = {c.id: d.name for d in decks for c in d.cards}
    return card_table(
        game.columns, [c for d in decks for c in d.cards], game.elements, game.kinds, deck_of
    )


def points(value: float) -> int | float:
    """A score as it is shown: a whole number when it is one (6.0 -> 6), else two decimals."""
    value = round(value, 9)
    return int(value) if value == int(value) else round(value, 2)


@dataclass(frozen=True)
class HoldsScore:
    """Each player's points, rule by rule, for the cards `holds:` gives them."""

    holds: dict[str, list[str]]
    rules: dict[str, dict[str, int | float]]  # player -> rule -> points
    placed: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    """Each player's pieces on the board: {piece, at, side}."""

    @property
    def scores(self) -> dict[str, int | float]:
        return {player: points(sum(shares.values())) for player, shares in self.rules.items()}

    @property
    def winners(self) -> list[str]:
        best = max(self.scores.values(), default=0)
        return [player for player, score in self.scores.items() if score == best]

    def shares(self, player: str) -> str:
        """`goods 8 + sets 5 + silk majority 3` (the rules that score), or `no rule scores`."""
        scoring = [f"{rule} {shown(n)}" for rule, n in self.rules[player].items() if n]
        return " + ".join(scoring) or "no rule scores"

    def to_json(self) -> dict[str, object]:
        return {
            "scores": self.scores,
            "rules": self.rules,
            "winners": self.winners,
            "holds": self.holds,
            **({"placed": self.placed} if self.placed else {}),
        }

    def explain(self) -> str:
        lines = [
            f"{player}: {shown(score)} ({self.shares(player)})"
            for player, score in self.scores.items()
        ]
        winners = self.winners
        if len(winners) == 1:
            lines.append(f"{winners[0]} wins.")
        else:
            best = shown(self.scores[winners[0]])
            lines.append(f"{' and '.join(winners)} tie with {best}.")
        return "\n".join(lines)


def shown(value: float) -> str:
    return str(points(value))


def score_holds(game: Game, holds: YamlValue, placed: YamlValue = None) -> HoldsScore:
    """Every rule for every player of `holds` ({player: [card ids]}) and `placed` ({player:
    [{piece, at, side}]}); a SituationError names a mistake in either (its path) or a rule that
    cannot be worked out."""
    table = table_of(game)
    used: Counter[str] = Counter()
    hands = _hands(table, {} if holds is None else holds, used)
    laid = {} if placed is None else placed_pieces(game, table, placed, used)
    _check_copies(table, used)
    players = list(dict.fromkeys([*hands, *laid]))
    low, high = game.min_players, game.max_players
    if not low <= len(players) <= high:
        raise SituationError(
            ("holds" if holds is not None else "placed",),
            f"expected a mapping of {low} to {high} players, each with a list of card ids",
        )
    board = board_of(game) if laid else None
    rules: dict[str, dict[str, int | float]] = {}
    for player in players:
        others = [hands.get(name, []) for name in players if name != player]
        where = ("holds" if player in hands else "placed", player)
        mine = (hands.get(player, []), laid.get(player, []))
        rules[player] = _shares(game, table, where, mine, others, board)
    return HoldsScore(
        {p: [_id(c) for c in hands.get(p, [])] for p in players},
        rules,
        {p: [_laid(c) for c in pieces] for p, pieces in laid.items()},
    )


def _shares(
    game: Game,
    table: CardTable,
    where: tuple[str, str],
    mine: tuple[list[CardView], list[CardView]],
    others: list[list[CardView]],
    board: Board | None,
) -> dict[str, int | float]:
    """One player's points rule by rule, for the cards they hold and the pieces they laid."""
    shares: dict[str, int | float] = {}
    for rule in game.scoring:
        try:
            value = rule_value(rule, table, mine[0], others, mine[1], board)
        except RuleError as exc:
            raise SituationError(
                where, f"rule {rule.name!r} (game.yaml:{rule.line}) for {where[1]}: {exc}"
            ) from None
        shares[rule.name] = points(value)
    return shares


def _laid(piece: CardView) -> dict[str, str]:
    return {"piece": str(piece["id"]), "at": str(piece["at"]), "side": str(piece["side"])}


def _id(card: CardView) -> str:
    return str(card["id"])


def _hands(table: CardTable, holds: YamlValue, used: Counter[str]) -> dict[str, list[CardView]]:
    """Each player's cards, checked: known ids (`used` counts the copies handed out)."""
    if not isinstance(holds, Mapping):
        raise SituationError(("holds",), "expected a mapping of players, each with card ids")
    hands: dict[str, list[CardView]] = {}
    for player, given in holds.items():
        ids = strings(given)
        if ids is None:
            raise SituationError(("holds", player), "expected a list of card ids ([] for none)")
        for index, card_id in enumerate(ids):
            if card_id not in table.views:
                close = did_you_mean(card_id, table.views)
                raise SituationError(("holds", player, index), f"unknown card {card_id!r}{close}")
            used[card_id] += 1
            if sum(used.values()) > MAX_HELD:
                raise SituationError(("holds",), f"more than {MAX_HELD} cards in all")
        hands[str(player)] = [table.views[card_id] for card_id in ids]
    return hands


def _check_copies(table: CardTable, used: Counter[str]) -> None:
    """No more copies of a card held or placed than the game has."""
    if sum(used.values()) > MAX_HELD:
        raise SituationError(("holds",), f"more than {MAX_HELD} cards and pieces in all")
    for card_id, held in used.items():
        copies = table.copies[card_id]
        if held > copies:
            raise SituationError(
                ("holds",),
                f"{held} copies of {card_id!r} are held or placed; the game has {copies}",
            )
