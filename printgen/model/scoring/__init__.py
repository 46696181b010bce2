"""game.yaml `scoring:` (DESIGN.md section 11): a designer's scoring rules as data.

`scoring: {RULE: EXPR}` names rules whose values are sandboxed Jinja expressions (the language
of a design's `when:`, without braces; `printgen.model.scoring.language` lists the helpers),
evaluated for each player; a player's score is the sum of the rules. Each rule is checked when
the game is loaded, at its line: its size and nesting, every name it reads against the game's
columns (with a did-you-mean), then a trial run for a player holding one of every card and for
one holding none, so a rule that cannot be worked out never reaches an example.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import jinja2

from printgen.errors import Problem
from printgen.model.game import ScoringRule
from printgen.model.scoring.board import Board
from printgen.model.scoring.cards import CardTable, card_table, piece
from printgen.model.scoring.language import CardView, compiled, evaluate
from printgen.model.scoring.static import problems_of
from printgen.model.sources import Located
from printgen.model.yaml_value import YamlScalar, YamlValue

__all__ = [
    "Board",
    "CardTable",
    "RuleError",
    "ScoringRule",
    "card_table",
    "piece",
    "read_scoring",
    "rule_value",
]

MAX_RULES = 50
MAX_NAME = 60


class RuleError(Exception):
    """A rule that cannot be worked out for a hand, said in a sentence."""


def rule_value(
    rule: ScoringRule,
    table: CardTable,
    cards: Sequence[CardView],
    others: Sequence[Sequence[CardView]],
    placed: Sequence[CardView] = (),
    board: Board | None = None,
) -> int | float:
    """The rule's points for a player holding `cards` (and having laid `placed` on `board`)
    against `others`; RuleError says why there are none (a mistake in the rule, or a value
    that is no number)."""
    try:
        value = evaluate(rule.expression, cards, others, table.values, table.numbers, placed, board)
    except jinja2.TemplateError as exc:
        raise RuleError(exc.message or type(exc).__name__) from None
    except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
        raise RuleError(str(exc) or type(exc).__name__) from None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        hint = " (write `3 if ... else 0`)" if isinstance(value, bool) else ""
        raise RuleError(f"gives {value!r}, not a number of points{hint}")
    if not math.isfinite(value):
        raise RuleError(f"gives {value}, not a number of points")
    return value


def read_scoring(
    value: YamlValue, loc: Located, table: CardTable, engine: str | None, problems: list[Problem]
) -> tuple[ScoringRule, ...]:
    """The rules of game.yaml `scoring:`, every problem of every rule added to `problems`."""
    here = loc.child("scoring")
    if engine is not None:
        problems.append(
            loc.problem(
                "scoring",
                "scoring",
                f"the game's engine {engine!r} scores it; scoring: is for a game with no engine:",
            )
        )
        return ()
    if not isinstance(value, dict) or not value or len(value) > MAX_RULES:
        problems.append(
            loc.problem(
                "scoring",
                "scoring",
                f"expected a mapping of 1 to {MAX_RULES} rules, each `name: expression`",
            )
        )
        return ()
    rules = []
    for name, expression in value.items():
        found = _rule_problems(name, expression, table)
        field = f"scoring.{name}"
        problems.extend(here.problem(name, field, text) for text in found)
        if not found:
            rules.append(ScoringRule(str(name), str(expression), here.line_of(name)))
    return tuple(rules)


def _rule_problems(name: YamlScalar, expression: YamlValue, table: CardTable) -> list[str]:
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        return [f"expected a rule name of 1 to {MAX_NAME} characters"]
    if isinstance(expression, bool) or not isinstance(expression, (str, int, float)):
        return ["expected an expression, such as \"cards | count('suit', 'silk')\""]
    text = str(expression)
    found = problems_of(text, table.columns)
    if found:
        return found
    try:
        compiled(text)
    except jinja2.TemplateSyntaxError as exc:
        return [f"not an expression: {exc.message}"]
    rule = ScoringRule(name, text, 0)
    every = list(table.views.values())
    laid = [piece(table, card, (k, 0), f"R{k}", "front") for k, card in enumerate(table.views)]
    for cards, others, placed, who in (
        (every, [[]], laid, "a player holding one of every card and having laid one of each"),
        ([], [every], [], "a player holding no card"),
    ):
        try:
            rule_value(rule, table, cards, others, placed)
        except RuleError as exc:
            return [f"cannot be worked out for {who}: {exc}"]
    return []
