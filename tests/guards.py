"""The package-wide guards' measures (issue 39), on any folder of Python modules: functions over
complexity 15 or 60 lines, import cycles between modules, and imports inside functions without
a comment saying why. tests/test_guards.py applies them to printgen/ and to a bad fixture.

Complexity as radon measures it (`radon cc`: branches, loops, handlers, boolean operators and
comprehensions), each function, method and closure counted once on its own; length from its
`def` line to its last line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from radon.complexity import cc_visit  # a dev dependency (pyproject.toml)

MAX_COMPLEXITY = 15
MAX_LINES = 60


def complexity(source: str) -> Iterator[tuple[int, str, int]]:
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


def lengths(source: str) -> dict[tuple[int, str], int]:
    return {
        (node.lineno, node.name): (node.end_lineno or node.lineno) - node.lineno + 1
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


@cache  # two tests read the same measure of printgen/
def over_limits(root: Path) -> dict[str, tuple[int, int]]:
    """`path:function` -> (complexity, lines) of each function over a limit, the path relative
    to `root`'s parent (`printgen/model/load.py:load_game`); of two functions of one name in a
    file, the worse."""
    found: dict[str, tuple[int, int]] = {}
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        length = lengths(source)
        measured = {(line, name): cc for line, name, cc in complexity(source)}
        for key in length.keys() | measured.keys():
            cc, lines = measured.get(key, 0), length.get(key, 0)
            if cc > MAX_COMPLEXITY or lines > MAX_LINES:
                where = f"{path.relative_to(root.parent).as_posix()}:{key[1]}"
                old = found.get(where, (0, 0))
                found[where] = (max(cc, old[0]), max(lines, old[1]))
    return found


def _module_name(root: Path, path: Path) -> str:
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The dotted names an import statement may load (a `from X import y`: X.y and X)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    package = module.split(".") if is_package else module.split(".")[:-1]
    base = package[: len(package) - node.level + 1] if node.level else []
    target = ".".join([*base, *([node.module] if node.module else [])])
    return [target, *(f"{target}.{alias.name}" for alias in node.names)]


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of `root` it imports, at its top or inside a function."""
    modules = {_module_name(root, p): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for target in _imported(node, name, path.name == "__init__.py"):
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            while True:
                other = stack.pop()
                group.add(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def unexplained_imports(root: Path) -> dict[str, int]:
    """`path` -> how many imports inside its functions have no comment saying why (on the
    import's lines or the line above)."""
    found: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        inside = {
            node
            for function in ast.walk(ast.parse(source))
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in ast.walk(function)
            if isinstance(node, (ast.Import, ast.ImportFrom))
        }
        count = sum(1 for node in inside if not _explained(lines, node))
        if count:
            found[path.relative_to(root.parent).as_posix()] = count
    return found


def _explained(lines: list[str], node: ast.stmt) -> bool:
    end = node.end_lineno or node.lineno
    near = lines[node.lineno - 2 : end]  # the line above and the import's own lines
    return any("#" in line for line in near)


def any_uses(root: Path) -> dict[str, int]:
    """`path` -> how many times its code names `typing.Any` (as `Any` or `typing.Any`),
    imports not counted: issue 39 wants `Any` only at real boundaries, so its count per
    file may only go down."""
    found: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        count = 0
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            named = node.id if isinstance(node, ast.Name) else None
            attribute = node.attr if isinstance(node, ast.Attribute) else None
            count += "Any" in (named, attribute)
        if count:
            found[path.relative_to(root.parent).as_posix()] = count
    return found
