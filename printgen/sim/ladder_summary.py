"""The shapes of a skill ladder's summary (`compare --bots ... --json`, DESIGN.md section 11), as
`ladder.summarize_ladder` builds it and the table, the report, the figures and `printgen
compare` read it: TypedDicts only, so the JSON (its keys and their order) is unchanged."""

from __future__ import annotations

from typing import NotRequired, Required, TypedDict, TypeGuard

from printgen.sim.summary import Partial, SetBy


class Score(TypedDict):
    """A mean score with its 95% interval (None: no games) and the seeds it is over."""

    value: float
    ci95: list[float] | None
    games: int


class PairScore(Score):
    """A bot's score against another, and in each seat (or team) it took."""

    by_unit: dict[str, Score]


class Gap(Score):
    """The skill gap: the strongest bot's score against the weakest (less an even share)."""

    stronger: str
    weaker: str


Row = Score | dict[str, PairScore]
"""A bot's row of the table: alone (a game of one side), or against each other bot."""


def is_alone(row: Row) -> TypeGuard[Score]:
    """A row of a one-sided game's ladder: the bot's own score, not a row of opponents."""
    return "value" in row


def is_pairs(row: Row) -> TypeGuard[dict[str, PairScore]]:
    """A row of the bot's scores against each other bot (a game of two sides or more)."""
    return not is_alone(row)


class LadderSummary(SetBy):
    """`compare --bots`: the run's settings, the table, each bot's strength, the order and
    the skill gap."""

    game: Required[str]
    players: Required[int]
    seed: Required[int]
    options: Required[dict[str, object]]
    games: Required[int]
    bots: Required[list[str]]
    units: Required[dict[str, list[int]]]
    even_share: Required[float]
    table: Required[dict[str, Row]]
    strength: Required[dict[str, float]]
    order: Required[list[str]]
    skill_gap: Required[Gap]
    partial: NotRequired[Partial]
