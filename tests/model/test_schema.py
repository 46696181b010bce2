"""The declared-schema checker (model/schema.py) that game.yaml and every engine's `rules:` use:
defaults, nested mappings, bounds, and every problem collected with its own line."""

from __future__ import annotations

from typing import Any

import pytest

from printgen.errors import Problem
from printgen.model.schema import Key, check_mapping, one_of, whole_number
from printgen.model.sources import Located

KEYS = {
    "size": Key(True, int, "a whole number", whole_number(1, 10)),
    "end": Key(False, str, "a or b", one_of("a", "b"), default="a"),
    "draws": Key(
        False,
        dict,
        "a mapping",
        keys={"each": Key(False, int, "a whole number", whole_number(0, 9), default=2)},
        default={},
    ),
}


def check(value: dict[str, Any]) -> tuple[dict[str, Any], list[Problem]]:
    located = Located("game.yaml", 1, {k: n for n, k in enumerate(value, start=2)})
    problems: list[Problem] = []
    return check_mapping(value, located, KEYS, "rules", problems), problems


def test_absent_and_empty_keys_take_their_defaults() -> None:
    # an absent nested mapping gets its declared default filled with its own keys' defaults
    assert check({"size": 3}) == ({"size": 3, "end": "a", "draws": {"each": 2}}, [])
    assert check({"size": 3, "end": None, "draws": {"each": None}}) == (
        {"size": 3, "end": "a", "draws": {"each": 2}},
        [],
    )


def test_every_problem_is_collected_with_its_line() -> None:
    values, problems = check({"size": 11, "end": "c", "draws": {"each": True}, "extra": 1})
    assert values == {}  # a caller never reads a mapping with a problem
    assert [str(p) for p in problems] == [
        "game.yaml:5: rules.extra: unknown key (accepted keys: size, end, draws)",
        "game.yaml:2: rules.size: expected a whole number from 1 to 10, got 11",
        "game.yaml:3: rules.end: expected one of a, b, got 'c'",
        "game.yaml:4: rules.draws.each: expected a whole number, got True",
    ]


@pytest.mark.parametrize(
    ("where", "file", "line"),
    [
        ("card_data/x/design.yaml:24", "card_data/x/design.yaml", 24),
        ("cards.xlsx:Cards!A7", "cards.xlsx:Cards!A7", None),  # a cell stays whole
        ("game.yaml", "game.yaml", None),
    ],
)
def test_a_problem_at_a_written_place_keeps_its_file_and_line(
    where: str, file: str, line: int | None
) -> None:
    problem = Problem.at(where, "box title", "too long")
    assert (problem.file, problem.line, problem.field) == (file, line, "box title")
