"""Reading parts of a parsed YAML value (`YamlValue`) that a check has already accepted.

The rulebook's example pictures read a situation the engine scored first, so a key holds the
shape the engine checked: `listed` and `mapped` give that shape's type, or an empty one where
the key is left out (as `value or []` did). `strings` and `whole_pair` are a reader's checks.
"""

from __future__ import annotations

from typing import TypeGuard

from printgen.model.yaml_value import YamlMapping, YamlValue


def listed(value: YamlValue) -> list[YamlValue]:
    """`value` when it is a list, else no items."""
    return value if isinstance(value, list) else []


def mapped(value: YamlValue) -> YamlMapping:
    """`value` when it is a mapping, else an empty one."""
    return value if isinstance(value, dict) else {}


def strings(value: YamlValue) -> list[str] | None:
    """`value` when it is a list of strings, else None."""
    if not isinstance(value, list):
        return None
    found = [item for item in value if isinstance(item, str)]
    return found if len(found) == len(value) else None


def whole_pair(value: object) -> TypeGuard[list[int]]:
    """Whether `value` is `[a, b]`, two whole numbers (a square `[x, y]`, a vertex `[row,
    column]`)."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )
