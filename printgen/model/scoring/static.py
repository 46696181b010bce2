"""Scoring rules checked before they ever run: their size and nesting, every name they read
(values, helpers, filters, columns and the values they compare a column with), each named
with a did-you-mean. What no rule needs (Python's internals, `range`, text formatting, calls of
anything but a helper) is refused here, so an escape or a bomb never reaches the sandbox."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import jinja2
from jinja2 import nodes
from jinja2.parser import Parser

from printgen.model.schema import did_you_mean
from printgen.model.scoring.language import (
    CARD_FILTERS,
    FUNCTIONS,
    JINJA_FILTERS,
    NAMES,
    sandbox,
)
from printgen.model.scoring.placed import PIECE_FILTERS

MAX_EXPRESSION = 2000
"""The longest rule, in characters: a rule is a line or two."""
MAX_NESTING = 24
"""Brackets inside brackets, and the depth of a rule's expression tree."""
MAX_EXPONENT = 64
MAX_NUMBER = 10**15

HELPERS = (*CARD_FILTERS, *PIECE_FILTERS)
"""Every helper written as a filter."""
COLUMN_ARGUMENT = {
    name: 0
    for name in (*CARD_FILTERS, "most", "fewest", "rank", "clusters", "pairs", "longest_line")
}
"""The helpers whose first argument names a column."""
VALUE_ARGUMENT = {
    name: (1,)
    for name in ("count", "where", "sets", "most", "fewest", "rank", "clusters", "longest_line")
} | {"pairs": (1, 2)}
"""The helpers whose later arguments are values (or lists of values) of that column."""
NUMBER_HELPERS = ("total", "highest", "lowest", "longest_run")
"""The helpers that read a number column."""
ATTRIBUTE_FILTERS = ("map", "max", "min", "sort", "sum", "unique")
"""Jinja's filters that name a column as `attribute='coins'`."""
EQUALITY_TESTS = ("eq", "==", "equalto", "ne", "!=")
NOT_OFFERED = {
    "range": "count cards with count(...), sets(...) or groups(...)",
    **dict.fromkeys(
        ("lipsum", "cycler", "joiner", "namespace", "dict", "self", "loop"),
        "a rule reads cards and others",
    ),
}
"""Names Jinja's templates know that a scoring rule does not, and what to use instead."""


@dataclass(frozen=True)
class Columns:
    """What the game's cards hold, for checking the names a rule reads."""

    types: Mapping[str, str]  # column -> "number", "text", "element", "flag", "symbols", "cell"
    values: Mapping[str, frozenset[object]]  # column -> the values its cards hold

    def kind(self, column: str) -> str:
        return self.types.get(column, "text")


def problems_of(expression: str, columns: Columns) -> list[str]:
    """What is wrong with one rule's expression, each said in a sentence; none when it is fine."""
    if len(expression) > MAX_EXPRESSION:
        return [
            f"the expression is {len(expression)} characters long; at most {MAX_EXPRESSION} "
            "(split it into several rules)"
        ]
    if _bracket_depth(expression) > MAX_NESTING:
        return [f"brackets nested more than {MAX_NESTING} deep"]
    try:
        parser = Parser(sandbox(), expression, state="variable")
        tree = parser.parse_expression()
        if not parser.stream.eos:
            return [f"unexpected {parser.stream.current.value!r} after the expression"]
    except jinja2.TemplateSyntaxError as exc:
        return [f"not an expression: {exc.message}"]
    except RecursionError:
        return [f"nested more than {MAX_NESTING} deep"]
    if _depth(tree) > MAX_NESTING:
        return [f"nested more than {MAX_NESTING} deep"]
    return list(_Checker(columns).problems(tree))


def _bracket_depth(text: str) -> int:
    depth = deepest = 0
    for char in text:
        if char in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in ")]}":
            depth -= 1
    return deepest


def _depth(tree: nodes.Node) -> int:
    deepest = 0
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_NESTING:
            break
        stack.extend((child, depth + 1) for child in node.iter_child_nodes())
    return deepest


def _constant(node: nodes.Node | None) -> object:
    """A constant argument's value (a string, a number, a list of them), else None."""
    if isinstance(node, nodes.Const):
        return node.value
    if isinstance(node, (nodes.List, nodes.Tuple)):
        items = [_constant(item) for item in node.items]
        return None if any(i is None for i in items) else items
    return None


class _Checker:
    def __init__(self, columns: Columns) -> None:
        self.columns = columns

    def problems(self, tree: nodes.Node) -> Iterator[str]:
        for node in [tree, *tree.find_all(nodes.Node)]:
            yield from self._node(node)

    def _node(self, node: nodes.Node) -> Iterator[str]:
        if isinstance(node, nodes.Name):
            yield from self._name(node.name)
        elif isinstance(node, nodes.Getattr):
            yield from self._column(node.attr, f".{node.attr}")
        elif isinstance(node, nodes.Getitem) and isinstance(_constant(node.arg), str):
            yield from self._column(str(_constant(node.arg)), f"[{_constant(node.arg)!r}]")
        elif isinstance(node, nodes.Filter):
            yield from self._filter(node.name, node.args, list(node.kwargs))
        elif isinstance(node, nodes.Call):
            yield from self._call(node)
        elif isinstance(node, nodes.Pow):
            exponent = _constant(node.right)
            if not isinstance(exponent, (int, float)) or abs(exponent) > MAX_EXPONENT:
                yield f"** takes a number up to {MAX_EXPONENT} written in the rule"
        elif (
            isinstance(node, nodes.Const)
            and isinstance(node.value, (int, float))
            and abs(node.value) > MAX_NUMBER
        ):
            yield f"the number {node.value:g} is beyond {MAX_NUMBER:g}"

    def _name(self, name: str) -> Iterator[str]:
        if name in NAMES or name in FUNCTIONS:
            return
        if name.startswith("_"):
            yield f"{name!r}: names starting with _ are not accessible"
            return
        if name in NOT_OFFERED:
            yield f"{name!r} is not offered in scoring rules ({NOT_OFFERED[name]})"
            return
        known = [*NAMES, *FUNCTIONS]
        close = did_you_mean(name, known)
        yield f"unknown name {name!r}{close} (a rule reads {', '.join(known)})"

    def _column(self, name: str, written: str) -> Iterator[str]:
        if name.startswith("_"):
            yield f"{written}: Python's internals are not accessible"
        elif name not in self.columns.types:
            close = did_you_mean(name, self.columns.types)
            yield f"{written}: unknown column {name!r}{close} (columns: {self._listed()})"

    def _listed(self) -> str:
        return ", ".join(self.columns.types)

    def _call(self, node: nodes.Call) -> Iterator[str]:
        callee = node.node.name if isinstance(node.node, nodes.Name) else None
        if callee in FUNCTIONS:
            yield from self._helper_arguments(str(callee), node.args)
        elif callee is None or callee in NAMES:  # an unknown name is said once, as a name
            helpers = ", ".join(f"{name}()" for name in FUNCTIONS)
            yield f"only the helpers can be called ({helpers})"

    def _filter(
        self, name: str, args: list[nodes.Expr], kwargs: Sequence[nodes.Keyword | nodes.Pair]
    ) -> Iterator[str]:
        if name not in HELPERS and name not in JINJA_FILTERS:
            known = [*HELPERS, *JINJA_FILTERS]
            yield (
                f"unknown filter {name!r}{did_you_mean(name, known)} (filters: {', '.join(known)})"
            )
            return
        yield from self._keywords(name, kwargs)
        if name == "map" and args and isinstance(_constant(args[0]), str):
            yield from self._filter(str(_constant(args[0])), args[1:], [])
        elif name in ("selectattr", "rejectattr") and args:
            yield from self._selectattr(name, args)
        elif name in HELPERS:
            yield from self._helper_arguments(name, args)

    def _keywords(self, name: str, kwargs: Sequence[nodes.Keyword | nodes.Pair]) -> Iterator[str]:
        """`attribute='coins'` names a column; `sets(..., wild='joker')` names card ids. (The
        parser makes Keyword nodes; jinja2 declares a filter's kwargs as Pair nodes.)"""
        for keyword in kwargs:
            if keyword.key == "attribute" and name in ATTRIBUTE_FILTERS:
                yield from self._column_argument(name, keyword.value)
            elif keyword.key == "wild" and name == "sets":
                yield from self._value_argument(name, nodes.Const("id"), keyword.value)

    def _selectattr(self, name: str, args: list[nodes.Expr]) -> Iterator[str]:
        """`selectattr('suit', 'eq', 'silk')`: a column, and the value it is compared with."""
        yield from self._column_argument(name, args[0])
        test = _constant(args[1]) if len(args) > 1 else None
        if test in EQUALITY_TESTS and len(args) > 2:
            yield from self._value_argument(name, args[0], args[2])

    def _helper_arguments(self, name: str, args: list[nodes.Expr]) -> Iterator[str]:
        at = COLUMN_ARGUMENT.get(name)
        if at is None or len(args) <= at:
            if name in NUMBER_HELPERS or name in ("sets", "groups", "distinct", "where"):
                yield f"{name}: name the column it reads, as {name}('suit')"
            return
        column = args[at]
        yield from self._column_argument(name, column)
        written = _constant(column)
        if name in NUMBER_HELPERS and isinstance(written, str):
            kind = self.columns.kind(written)
            if written in self.columns.types and kind != "number":
                yield f"{name}: the column {written!r} holds {kind}, not numbers"
        for value_at in VALUE_ARGUMENT.get(name, ()):
            if len(args) > value_at:
                yield from self._value_argument(name, column, args[value_at])

    def _column_argument(self, name: str, node: nodes.Expr) -> Iterator[str]:
        written = _constant(node)
        if not isinstance(written, str):
            yield f"{name}: name the column in quotes, as {name}('suit')"
            return
        yield from self._column(written, f"{name}({written!r})")

    def _value_argument(
        self, name: str, column_node: nodes.Expr, node: nodes.Expr
    ) -> Iterator[str]:
        """A value a column is compared with: one its cards hold (a misspelt suit would count
        nothing, silently)."""
        column, value = _constant(column_node), _constant(node)
        if not isinstance(column, str) or column not in self.columns.types:
            return
        if self.columns.kind(column) in ("number", "cell"):
            return
        held = self.columns.values.get(column, frozenset())
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item not in held:
                choices = sorted(str(v) for v in held)
                close = did_you_mean(item, choices)
                listed = ", ".join(choices[:12]) + (" ..." if len(choices) > 12 else "")
                yield (
                    f"{name}: no card's {column} is {item!r}{close} "
                    f"({column} values: {listed or 'none'})"
                )
