"""A small declarative checker for YAML mappings: accepted keys, types, required fields, nested
mappings and defaults. game.yaml and each rules engine's `rules:` settings are declared with it.

Each problem names the file, the line and the key; unknown keys list the accepted names. Every
problem of a mapping is collected, none stops the others from being found.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from printgen.errors import Problem
from printgen.model.sources import Located

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class Key:
    required: bool = False
    kind: type | tuple[type, ...] = object
    describe: str = "a value"
    check: Callable[[Any], str | None] | None = None  # returns a problem text, or None
    keys: Mapping[str, Key] | None = None  # a nested mapping, declared key by key
    default: Any = None  # the value when the key is absent (None: no default)


def check_mapping(
    value: Any, loc: Located, keys: Mapping[str, Key], where: str, problems: list[Problem]
) -> dict[str, Any]:
    """Check `value` against `keys`; append problems; return the mapping (with the declared
    defaults of absent keys), or {} when it has any problem (so that callers only ever read
    values of the declared types)."""
    before = len(problems)
    if not isinstance(value, dict):
        problems.append(
            Problem(loc.file, loc.line, where, f"expected a mapping, got {_type(value)}")
        )
        return {}
    nested: dict[str, Any] = {}  # nested mappings, with their own defaults
    for key in value:
        if key not in keys:
            accepted = ", ".join(keys)
            text = f"unknown key{did_you_mean(str(key), keys)} (accepted keys: {accepted})"
            problems.append(loc.problem(key, _join(where, key), text))
    for name, spec in keys.items():
        field = _join(where, name)
        if name not in value:
            if spec.required:
                problems.append(Problem(loc.file, loc.line, field, "missing (required)"))
            continue
        item = value[name]
        if item is None and not spec.required:
            continue
        if isinstance(item, bool) and spec.kind is not bool and bool not in _tuple(spec.kind):
            problems.append(loc.problem(name, field, f"expected {spec.describe}, got {item!r}"))
            continue
        if not isinstance(item, spec.kind):
            problems.append(
                loc.problem(name, field, f"expected {spec.describe}, got {_type(item)}")
            )
            continue
        if spec.keys is not None:
            nested[name] = check_mapping(item, loc.child(name), spec.keys, field, problems)
        if spec.check is not None:
            wrong = spec.check(item)
            if wrong:
                problems.append(loc.problem(name, field, wrong))
    if len(problems) != before:
        return {}
    # an absent key and an empty one (`key:` or `key: null`) both take the declared default
    defaults = {
        n: s.default for n, s in keys.items() if s.default is not None and value.get(n) is None
    }
    return {**value, **nested, **defaults} if defaults or nested else value


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`; did you mean 'suit'?` when a choice is close to `word` (ignoring case), else ''."""
    names = {str(c).casefold(): str(c) for c in choices}
    close = difflib.get_close_matches(word.casefold(), list(names), n=1, cutoff=0.6)
    return f"; did you mean {names[close[0]]!r}?" if close else ""


def _tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _join(where: str, key: Any) -> str:
    return f"{where}.{key}" if where else str(key)


def _type(value: Any) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: f"text {value!r}", bool: f"{value!r}"}.get(
        type(value), repr(value)
    )


def whole_number(low: int, high: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"expected a whole number, got {value!r}"
        if not low <= value <= high:
            return f"expected a whole number from {low} to {high}, got {value}"
        return None

    return check


def one_of(*allowed: Any) -> Callable[[Any], str | None]:
    """A value that must be one of `allowed` (e.g. the words of a setting)."""

    def check(value: Any) -> str | None:
        if value in allowed:
            return None
        return f"expected one of {', '.join(map(str, allowed))}, got {value!r}"

    return check


def mapping_of(
    key: Callable[[Any], str | None], item: Callable[[Any], str | None]
) -> Callable[[Any], str | None]:
    """A mapping whose keys and values pass `key` and `item` (e.g. player count -> dice); the
    first wrong entry is named with its key."""

    def check(value: Any) -> str | None:
        for name, entry in value.items():
            wrong = key(name)
            if wrong:
                return f"key {name!r}: {wrong}"
            wrong = item(entry)
            if wrong:
                return f"{name}: {wrong}"
        return None

    return check


def list_of_slugs(value: Any) -> str | None:
    if not isinstance(value, list) or not value:
        return "expected a non-empty list of names"
    bad = [v for v in value if not isinstance(v, str) or not SLUG.match(v)]
    if bad:
        return f"expected lowercase names (a-z, 0-9, -), got {bad[0]!r}"
    if len(set(value)) != len(value):
        return "a name appears twice"
    return None


def list_of_names(value: Any) -> str | None:
    bad = [v for v in value if not isinstance(v, str)]
    return f"expected a list of names, got {bad[0]!r}" if bad else None
