"""The shapes of `simulate --json`'s summary (DESIGN.md section 11), as the code builds and
reads them: TypedDicts only, so the JSON (its keys and their order) is what `stats.summarize`
and `runner.simulate` write, unchanged."""

from __future__ import annotations

from typing import NotRequired, Required, TypedDict, TypeGuard


class Proportion(TypedDict):
    """How many games did something, the rate and its 95% Wilson interval ([low, high])."""

    count: int
    rate: float
    ci95: list[float]


class Distribution(TypedDict, total=False):
    """Mean, extremes and percentiles (`stats.distribution`): every key, or none (no values)."""

    mean: float
    min: float
    p10: float
    p25: float
    median: float
    p75: float
    p90: float
    max: float


Bin = TypedDict("Bin", {"from": int, "to": int, "count": int})
"""One bar of a histogram of whole numbers, `to` inclusive."""


class Length(Distribution):
    """A game's length: its unit (turns, rounds...), its distribution, its histogram."""

    unit: Required[str]
    histogram: Required[list[Bin]]


Fact = Proportion | Distribution | dict[str, Proportion]
"""A fact the games report: a yes/no as a rate, a number as a distribution, else each value
seen as a rate (`stats.facts`)."""


def is_rate(fact: Fact) -> TypeGuard[Proportion]:
    return "rate" in fact


def is_distribution(fact: Fact) -> TypeGuard[Distribution]:
    return "mean" in fact


def is_categories(fact: Fact) -> TypeGuard[dict[str, Proportion]]:
    return not is_rate(fact) and not is_distribution(fact)


class Partial(TypedDict):
    games_asked: int


class TeamWins(TypedDict, total=False):
    """Present when the game has teams."""

    wins_by_team: dict[str, Proportion]


class Scores(TypedDict, total=False):
    """Present when the games report scores."""

    scores: dict[str, Distribution]


class Played(TeamWins, Scores):
    """What the games say (`stats.summarize`)."""

    games: Required[int]
    length: Required[Length]
    decisions: Required[Distribution]
    wins_by_seat: Required[dict[str, Proportion]]
    no_winner: Required[Proportion]
    endings: Required[dict[str, Proportion]]
    facts: Required[dict[str, Fact]]


class SetBy(TypedDict, total=False):
    """Present when `--set` changed game.yaml values: each key and its value as typed."""

    set: dict[str, str]


class Summary(Played, SetBy):
    """`simulate --json`: the run's settings, then what the games say (`runner.simulate`)."""

    game: Required[str]
    players: Required[int]
    seed: Required[int]
    bots: Required[list[str]]
    options: Required[dict[str, object]]
    partial: NotRequired[Partial]
