"""No function in printgen/rules over 60 lines or over cyclomatic complexity 15 (issue 12).

Complexity as radon measures it (`radon cc`: branches, loops, handlers, boolean operators and
comprehensions), each function, method and closure counted once on its own; length from its
`def` line to its last line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from radon.complexity import cc_visit  # a dev dependency (pyproject.toml)

RULES = Path(__file__).resolve().parents[2] / "printgen" / "rules"
MAX_COMPLEXITY = 15
MAX_LINES = 60


def _complexity(source: str) -> Iterator[tuple[int, str, int]]:
    """(line, name, complexity) of every function, method and closure, each once."""
    seen: set[tuple[int, str]] = set()

    def walk(blocks: list[Any]) -> Iterator[tuple[int, str, int]]:
        for block in blocks:
            name, line = block.name, block.lineno
            if not hasattr(block, "methods") and (line, name) not in seen:  # a class: its methods
                seen.add((line, name))
                yield line, name, int(block.complexity)
            yield from walk(getattr(block, "methods", None) or [])
            yield from walk(getattr(block, "closures", None) or [])

    yield from walk(cc_visit(source))


def _lengths(source: str) -> dict[tuple[int, str], int]:
    return {
        (node.lineno, node.name): (node.end_lineno or node.lineno) - node.lineno + 1
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


def over_limits() -> dict[str, str]:
    """`path:function` -> `CC n, m lines` for each function over a limit."""
    found = {}
    for path in sorted(RULES.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lengths = _lengths(source)
        complexity = {(line, name): cc for line, name, cc in _complexity(source)}
        for key in lengths.keys() | complexity.keys():
            cc, lines = complexity.get(key, 0), lengths.get(key, 0)
            if cc > MAX_COMPLEXITY or lines > MAX_LINES:
                where = f"{path.relative_to(RULES.parent.parent).as_posix()}:{key[1]}"
                found[where] = f"CC {cc}, {lines} lines"
    return found


def test_no_function_in_the_rules_is_too_long_or_too_complex() -> None:
    over = over_limits()
    assert over == {}, f"split these (at most CC {MAX_COMPLEXITY}, {MAX_LINES} lines): {over}"


def test_the_measure_sees_a_long_complex_function() -> None:
    branches = "".join(f"    if x == {n} and y:\n        return {n}\n" for n in range(40))
    source = f"def f(x, y):\n{branches}    return -1\n"
    assert list(_complexity(source)) == [(1, "f", 81)]
    assert _lengths(source) == {(1, "f"): 82}
