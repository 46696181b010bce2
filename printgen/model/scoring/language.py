"""The language of game.yaml `scoring:` rules: Jinja expressions in printgen's one sandbox,
with the helpers a designer needs to count, sum and compare the cards players end with.

A rule is evaluated for one player with `cards` (that player's cards, each reading its columns
as `card.coins`), `others` (each other player's cards, a list a player), `placed` (the pieces
the player laid on the board: `printgen.model.scoring.placed` lists their helpers) and `players`
(how many play). Helpers, as filters on a list of cards:

- `cards | count`, `cards | count('suit', 'silk')`, `cards | count('promo')` (a flag set);
- `cards | where('suit', 'silk')` (the cards themselves, to filter further);
- `cards | total('coins')`, `highest('coins')`, `lowest('coins')` (0 for no cards);
- `cards | distinct('suit')` (different values), `cards | sets('suit')` (complete sets of every
  value, or of the values listed), `cards | groups('suit', 3)` (groups of three alike),
  `cards | longest_run('value')` (consecutive numbers); `sets('suit', wild='jade-dragon')`
  counts the cards of that id (or ids) as jokers, each standing in for any one value;

and as functions comparing the players: `most('suit', 'silk')` (1 for the player with the most
silk, 1/2 each for two tied, 0 for the others and for a player with none), `fewest(...)`,
`rank(...)` (1 for the most, ties sharing the better place) and `majority(MINE, THEIRS)` for any
number. With one argument they read a number column's total (`most('coins')`) or the number of
cards with a value in the column; with none, the number of cards.

An empty cell reads as 0 in a number column, '' in a text column and false in a flag, so sums
and comparisons need no guards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache

from jinja2 import pass_context
from jinja2.environment import TemplateExpression
from jinja2.runtime import Context

from printgen.model.sandbox import Sandbox, bounded
from printgen.model.scoring.board import Board
from printgen.model.scoring.placed import PIECE_FILTERS
from printgen.model.scoring.views import ANY, CardValue, CardView, cards_of, matches

__all__ = ["ANY", "CardView"]

SCORING_SECONDS = 1.0
"""CPU seconds one rule may take for one player (a thousand cards take a millisecond)."""


def count(cards: object, column: str | None = None, value: object = ANY) -> int:
    held = cards_of(cards)
    if column is None:
        return len(held)
    return sum(1 for card in held if matches(card[column], value))


def where(cards: object, column: str, value: object = ANY) -> list[CardView]:
    return [card for card in cards_of(cards) if matches(card[column], value)]


def _numbers(cards: object, column: str) -> Iterator[int]:
    """A number column's values (an empty cell reads 0). The rule's check lets `total`,
    `highest` and `lowest` read number columns only, so another value is never met."""
    for card in cards_of(cards):
        value = card[column]
        if not isinstance(value, int):
            raise TypeError(f"{column!r} holds {value!r}, not a number")
        yield value


def total(cards: object, column: str) -> int:
    return sum(_numbers(cards, column))


def highest(cards: object, column: str) -> int:
    return max(_numbers(cards, column), default=0)


def lowest(cards: object, column: str) -> int:
    return min(_numbers(cards, column), default=0)


def _each_value(cards: Iterable[CardView], column: str) -> Iterator[CardValue]:
    for card in cards:
        held = card[column]
        if isinstance(held, tuple):
            yield from held
        elif held not in ("", None, False):
            yield held


def distinct(cards: object, column: str) -> int:
    return len(set(_each_value(cards_of(cards), column)))


@pass_context
def sets(
    context: Context,
    cards: object,
    column: str,
    values: Sequence[object] | None = None,
    wild: str | Sequence[str] | None = None,
) -> int:
    """Complete sets: how many times the cards hold every value (by default every value the
    column takes in the game: the suits for a suit column). Cards whose id `wild` names are
    jokers: each stands in for any one missing value."""
    wanted = list(values) if values is not None else list(context["_values"].get(column, ()))
    if not wanted:
        return 0
    jokers = {wild} if isinstance(wild, str) else set(wild or ())
    held = cards_of(cards)
    tally: Counter[object] = Counter(
        _each_value((c for c in held if c["id"] not in jokers), column)
    )
    spare = sum(1 for card in held if card["id"] in jokers)
    complete = min(tally[value] for value in wanted)
    while sum(max(0, complete + 1 - tally[value]) for value in wanted) <= spare:
        complete += 1
    return complete


def groups(cards: object, column: str, size: int) -> int:
    """Groups of `size` cards with one value (three silk and four jade: two groups of three)."""
    if not isinstance(size, int) or size < 1:
        raise ValueError(f"groups: a group of {size!r} cards; expected 1 or more")
    return sum(n // size for n in Counter(_each_value(cards_of(cards), column)).values())


def longest_run(cards: object, column: str) -> int:
    """The most consecutive whole numbers among the cards' values (3, 4, 5 and 7: 3)."""
    numbers = sorted({v for v in _each_value(cards_of(cards), column) if isinstance(v, int)})
    best = run = 0
    for k, number in enumerate(numbers):
        run = run + 1 if k and number == numbers[k - 1] + 1 else 1
        best = max(best, run)
    return best


def _amount(context: Context, cards: object, column: str | None, value: object) -> int | float:
    """What `most`, `fewest` and `rank` compare: the number of cards (with that value), or a
    number column's total."""
    if column is not None and value is ANY and column in context["_numbers"]:
        return total(cards, column)
    return count(cards, column, value)


def _everyone(
    context: Context, column: str | None, value: object
) -> tuple[int | float, list[int | float]]:
    mine = _amount(context, context["cards"], column, value)
    return mine, [_amount(context, theirs, column, value) for theirs in context["others"]]


def _share(mine: float, theirs: Sequence[float], best: Callable[[list[float]], float]) -> float:
    everyone = [mine, *theirs]
    if mine != best(everyone):
        return 0
    tied = everyone.count(mine)
    return 1 if tied == 1 else 1 / tied


def majority(mine: float, theirs: float | list[float] | tuple[float, ...]) -> float:
    """1 when `mine` is the largest of `mine` and `theirs`, 1/k when k players tie for it, 0
    otherwise and when `mine` is 0 or less."""
    numbers = list(theirs) if isinstance(theirs, (list, tuple)) else [theirs]
    if not mine or mine <= 0:
        return 0
    return _share(mine, numbers, max)


@pass_context
def most(context: Context, column: str | None = None, value: object = ANY) -> float:
    mine, theirs = _everyone(context, column, value)
    return majority(mine, theirs)


@pass_context
def fewest(context: Context, column: str | None = None, value: object = ANY) -> float:
    """1 for the player with the fewest (none counts), shared when tied."""
    mine, theirs = _everyone(context, column, value)
    return _share(mine, theirs, min)


@pass_context
def rank(context: Context, column: str | None = None, value: object = ANY) -> int:
    """1 for the most, 2 for the next ...; tied players share the better place."""
    mine, theirs = _everyone(context, column, value)
    return 1 + sum(1 for amount in theirs if amount > mine)


CARD_FILTERS: dict[str, Callable[..., object]] = {
    "count": count,
    "where": where,
    "total": total,
    "highest": highest,
    "lowest": lowest,
    "distinct": distinct,
    "sets": sets,
    "groups": groups,
    "longest_run": longest_run,
}
"""The helpers written as filters on a list of cards."""

FUNCTIONS: dict[str, Callable[..., object]] = {
    "most": most,
    "fewest": fewest,
    "rank": rank,
    "majority": majority,
}
"""The helpers written as functions, comparing the players."""

NAMES = ("cards", "others", "placed", "players")
"""The values a rule reads."""

JINJA_FILTERS = (
    *("abs", "default", "first", "float", "int", "last", "length", "list", "map", "max"),
    *("min", "reject", "rejectattr", "round", "select", "selectattr", "sort", "sum", "unique"),
)
"""Jinja's own filters a rule may use (those that make text, such as `format`, are no use for
points and are refused)."""


class ScoringSandbox(Sandbox):
    """The sandbox of scoring rules: the helpers added, and a rule's time its own."""

    def __init__(self) -> None:
        super().__init__(seconds=SCORING_SECONDS)
        self.filters = {
            **{name: self.filters[name] for name in JINJA_FILTERS},
            **CARD_FILTERS,
            **PIECE_FILTERS,
        }
        self.globals = dict(FUNCTIONS)


@cache
def sandbox() -> ScoringSandbox:
    return ScoringSandbox()


@cache
def compiled(expression: str) -> TemplateExpression:
    """A rule's expression compiled once a process (checked first: `printgen.model.scoring`)."""
    return sandbox().compile_expression(expression, undefined_to_none=False)


def evaluate(
    expression: str,
    cards: Sequence[CardView],
    others: Sequence[Sequence[CardView]],
    game_values: Mapping[str, tuple[CardValue, ...]],
    numbers: frozenset[str],
    placed: Sequence[CardView] = (),
    board: Board | None = None,
) -> object:
    """One rule's value for one player, within SCORING_SECONDS (a SecurityError beyond)."""
    with bounded(SCORING_SECONDS):
        return compiled(expression)(
            cards=list(cards),
            others=[list(hand) for hand in others],
            placed=list(placed),
            players=1 + len(others),
            _values=game_values,
            _numbers=numbers,
            _board=board or Board(),
        )
