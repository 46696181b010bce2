"""No function in printgen/rules over 60 lines or over cyclomatic complexity 15 (issue 12): the
rules engines keep the package-wide limits (tests/test_guards.py) with no exception."""

from __future__ import annotations

from pathlib import Path

from tests.guards import MAX_COMPLEXITY, MAX_LINES, complexity, lengths, over_limits

RULES = Path(__file__).resolve().parents[2] / "printgen" / "rules"


def test_no_function_in_the_rules_is_too_long_or_too_complex() -> None:
    over = over_limits(RULES)
    assert over == {}, f"split these (at most CC {MAX_COMPLEXITY}, {MAX_LINES} lines): {over}"


def test_the_measure_sees_a_long_complex_function() -> None:
    branches = "".join(f"    if x == {n} and y:\n        return {n}\n" for n in range(40))
    source = f"def f(x, y):\n{branches}    return -1\n"
    assert list(complexity(source)) == [(1, "f", 81)]
    assert lengths(source) == {(1, "f"): 82}
