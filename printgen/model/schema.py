"""A small declarative checker for YAML mappings: accepted keys, types, required fields, nested
mappings and defaults. Every YAML file a designer writes is declared with it
(`printgen/model/yaml_kinds.py` lists them); each rules engine's `rules:` settings too.

A key is declared once, as a `Key`: its type, default, range (`whole_number`, `one_of`) and a
one-line description. The readers check files against it, and `printgen.model.schema_export`
writes each file kind's JSON Schema (an editor's completion and checks) and the reference page
of every key from the same declarations.

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
from printgen.model.checked import Checked
from printgen.model.names import is_id, slug
from printgen.model.sources import UNQUOTED_TRUTH, Located
from printgen.model.yaml_value import YamlMapping, YamlValue

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class Key:
    required: bool = False
    kind: type | tuple[type, ...] = object
    describe: str = "a value"
    # returns a problem text, or None; called only with a value of `kind`, so each check
    # types its parameter as that kind (str, list...): Any lets one field hold them all
    check: Callable[[Any], str | None] | None = None
    keys: Mapping[str, Key] | None = None  # a nested mapping, declared key by key
    default: YamlValue = None  # the value when the key is absent (None: no default)
    doc: str = ""
    """One line for the reference page (when `describe`, the messages' "expected ...", says
    too little)."""
    each: Key | None = None
    """A mapping of names the designer chooses (decks, boxes, words), each value so declared."""
    items: Key | None = None
    """A list, each item so declared."""

    @property
    def about(self) -> str:
        """The key's one line for the reference and the JSON Schema's description."""
        return self.doc or self.describe


def check_mapping(
    value: object,
    loc: Located,
    keys: Mapping[str, Key],
    where: str,
    problems: list[Problem],
    elsewhere: Mapping[str, str] | None = None,
) -> Checked:
    """Check `value` against `keys`; append problems; return the mapping (with the declared
    defaults of absent keys), or an empty one when it has any problem, as a `Checked` whose
    getters read each key by its declared type. `elsewhere` says where a key that belongs in
    another file goes (a game.yaml `palette:` belongs in design.yaml)."""
    before = len(problems)
    if not isinstance(value, dict):
        problems.append(
            Problem(loc.file, loc.line, where, f"expected a mapping, got {_type(value)}")
        )
        return Checked({}, loc, where)
    problems += _unknown_keys(value, loc, keys, where, elsewhere or {})
    nested: YamlMapping = {}  # nested mappings, with their own defaults
    for name, spec in keys.items():
        inner = _check_key(value, name, spec, loc, _join(where, name), problems)
        if inner is not None:
            nested[name] = inner.plain
    if len(problems) != before:
        return Checked({}, loc, where)
    # an absent key and an empty one (`key:` or `key: null`) both take the declared default
    defaults: YamlMapping = {
        n: s.default
        for n, s in keys.items()
        if s.default is not None and value.get(n) is None and n not in nested
    }
    return Checked({**value, **nested, **defaults} if defaults or nested else value, loc, where)


def _unknown_keys(
    value: YamlMapping,
    loc: Located,
    keys: Mapping[str, Key],
    where: str,
    elsewhere: Mapping[str, str],
) -> list[Problem]:
    """A key not declared: unknown (with a close one), or one that belongs in another file."""
    found = []
    for key in value:
        if key not in keys and key in elsewhere:
            found.append(
                loc.problem(key, _join(where, key), f"not a key here: {elsewhere[str(key)]}")
            )
        elif key not in keys:
            accepted = ", ".join(keys)
            text = f"unknown key{did_you_mean(str(key), keys)} (accepted keys: {accepted})"
            found.append(loc.problem(key, _join(where, key), text))
    return found


def _check_key(
    value: YamlMapping, name: str, spec: Key, loc: Located, field: str, problems: list[Problem]
) -> Checked | None:
    """Check one declared key of `value`; return its nested mapping (with its defaults) when
    the key declares one."""
    if name not in value and spec.required:
        problems.append(Problem(loc.file, loc.line, field, "missing (required)"))
        return None
    item = value.get(name)
    if item is None and not spec.required:
        if spec.keys is not None and isinstance(spec.default, dict):
            # an absent nested mapping: its own keys' defaults fill the declared default
            return check_mapping(spec.default, loc.child(name), spec.keys, field, problems)
        return None
    wrong = _wrong_type(item, spec)
    if wrong:
        problems.append(loc.problem(name, field, wrong))
        return None
    inner = None
    if spec.keys is not None:
        inner = check_mapping(item, loc.child(name), spec.keys, field, problems)
    wrong = spec.check(item) if spec.check is not None else None
    if wrong:
        problems.append(loc.problem(name, field, wrong))
    return inner


def _wrong_type(item: object, spec: Key) -> str | None:
    """A YAML `true` is no number, though Python's bool is an int."""
    if isinstance(item, bool) and spec.kind is not bool and bool not in _tuple(spec.kind):
        hint = f" ({UNQUOTED_TRUTH})" if str in _tuple(spec.kind) else ""
        return f"expected {spec.describe}, got {item!r}{hint}"
    if not isinstance(item, spec.kind):
        return f"expected {spec.describe}, got {_type(item)}"
    return None


def did_you_mean(word: str, choices: Iterable[object], shown: str = "{}") -> str:
    """`; did you mean 'suit'?` when a choice is close to `word` (ignoring case), else ''.
    `shown` writes the choice as the text does (`":{}:"` for an inline icon): names are
    compared bare, as the colons round `:heron:` and `:coin:` made the two look close."""
    names = {str(c).casefold(): str(c) for c in choices}
    close = difflib.get_close_matches(word.casefold(), list(names), n=1, cutoff=0.6)
    return f"; did you mean {shown.format(names[close[0]])!r}?" if close else ""


def _tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _join(where: str, key: object) -> str:
    return f"{where}.{key}" if where else str(key)


def _type(value: object) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: f"text {value!r}", bool: f"{value!r}"}.get(
        type(value), repr(value)
    )


WHOLE = "a whole number"
"""How a whole-number setting is described in its messages."""


@dataclass(frozen=True)
class WholeNumber:
    """A whole number from `low` to `high`: a check the JSON Schema and reference read too."""

    low: int
    high: int

    def __call__(self, value: object) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"expected a whole number, got {value!r}"
        if not self.low <= value <= self.high:
            return f"expected a whole number from {self.low} to {self.high}, got {value}"
        return None


@dataclass(frozen=True)
class NumberRange:
    """A number (whole or not) from `low` to `high`: a check the JSON Schema and reference
    read too."""

    low: float
    high: float

    def __call__(self, value: object) -> str | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"expected a number from {self.low:g} to {self.high:g}, got {value!r}"
        if not self.low <= value <= self.high:
            return f"expected a number from {self.low:g} to {self.high:g}, got {value!r}"
        return None


def some_text(value: object) -> str | None:
    """Text that is not empty (a language code, a name)."""
    return None if str(value).strip() else f"expected some text, got {value!r}"


@dataclass(frozen=True)
class OneOf:
    """A value that must be one of `allowed` (the words of a setting)."""

    allowed: tuple[str, ...]

    def __call__(self, value: object) -> str | None:
        if value in self.allowed:
            return None
        close = did_you_mean(str(value), self.allowed) if isinstance(value, str) else ""
        return f"expected one of {', '.join(map(str, self.allowed))}, got {value!r}{close}"


def whole_number(low: int, high: int) -> WholeNumber:
    return WholeNumber(low, high)


def one_of(*allowed: str) -> OneOf:
    """A value that must be one of `allowed` (e.g. the words of a setting)."""
    return OneOf(tuple(allowed))


def undeclared(value: object, loc: Located, spec: Key, where: str = "") -> list[Problem]:
    """Every key of `value` (a YAML document read with its lines) that `spec` does not
    declare, at any depth, each at its line with the accepted keys: the check that no file a
    designer writes holds a key no reader knows. Types are the readers' business."""
    found: list[Problem] = []
    if isinstance(value, dict) and spec.keys is not None:
        for name, item in value.items():
            inner = spec.keys.get(str(name))
            if inner is None:
                accepted = ", ".join(spec.keys)
                text = f"undeclared key{did_you_mean(str(name), spec.keys)} (declared: {accepted})"
                found.append(loc.problem(name, _join(where, name), text))
            else:
                found += undeclared(item, loc.child(name), inner, _join(where, name))
    elif isinstance(value, dict) and spec.each is not None:
        for name, item in value.items():
            found += undeclared(item, loc.child(name), spec.each, _join(where, name))
    elif isinstance(value, list) and spec.items is not None:
        for index, item in enumerate(value):
            found += undeclared(item, loc.child(index), spec.items, f"{where}[{index}]")
    return found


def well_typed(
    value: YamlValue, loc: Located, spec: Key, where: str = ""
) -> tuple[YamlValue, list[Problem]]:
    """`value` (a YAML document read with its lines) without the values of a declared key
    that are not of its declared type, range or choices, at any depth, and a problem for each
    at its line with its key path and what was expected: a reader that takes keys from the
    declaration gets values of the declared types only (a mapping never reaches code that
    reads text). A value that is text where the key takes text or a number is a template
    giving one, and its range is checked where it is filled. Unknown keys are kept: naming
    them is the reader's business (it says what is accepted in that place)."""
    problems: list[Problem] = []
    kept = _well_typed(value, loc, spec, where, problems)
    return kept, problems


def _well_typed(
    value: YamlValue, loc: Located, spec: Key, where: str, problems: list[Problem]
) -> YamlValue:
    if isinstance(value, dict) and (spec.keys is not None or spec.each is not None):
        kept: YamlMapping = {}
        for name, item in value.items():
            inner = spec.keys.get(str(name)) if spec.keys is not None else spec.each
            if inner is not None and item is not None:
                wrong = _wrong_value(item, inner)
                if wrong:
                    problems.append(loc.problem(name, _join(where, name), wrong))
                    continue
                item = _well_typed(item, loc.child(name), inner, _join(where, name), problems)
            kept[name] = item
        return kept
    if isinstance(value, list) and spec.items is not None:
        items = []
        for index, item in enumerate(value):
            field = f"{where}[{index}]"
            wrong = _wrong_value(item, spec.items) if item is not None else None
            if wrong:
                problems.append(loc.problem(index, field, wrong))
                continue
            items.append(_well_typed(item, loc.child(index), spec.items, field, problems))
        return items
    return value


def _wrong_value(item: object, spec: Key) -> str | None:
    """Why `item` is not what `spec` declares (its type, then its range or choices), or None."""
    if spec.kind is dict and not isinstance(item, dict):
        return f"expected a mapping ({spec.describe}), got {_type(item)}"
    wrong = _wrong_type(item, spec)
    if wrong or spec.check is None:
        return wrong
    kinds = _tuple(spec.kind)
    if isinstance(item, str) and str in kinds and len(kinds) > 1:
        return None  # a template giving the value: checked once filled
    return spec.check(item)


def mapping_of(
    key: Callable[[object], str | None], item: Callable[[object], str | None]
) -> Callable[[object], str | None]:
    """A mapping whose keys and values pass `key` and `item` (e.g. player count -> dice); the
    first wrong entry is named with its key."""

    def check(value: object) -> str | None:
        if not isinstance(value, dict):  # its Key's kind is dict: checked before
            return "expected a mapping"
        for name, entry in value.items():
            wrong = key(name)
            if wrong:
                return f"key {name!r}: {wrong}"
            wrong = item(entry)
            if wrong:
                return f"{name}: {wrong}"
        return None

    return check


def list_of_slugs(value: object) -> str | None:
    if not isinstance(value, list) or not value:
        return "expected a non-empty list of names"
    bad = [v for v in value if not isinstance(v, str) or not is_id(v)]
    if bad:
        return f"expected lowercase names (letters, digits, -), got {bad[0]!r}"
    if len(set(value)) != len(value):
        return "a name appears twice"
    return None


def list_of_element_names(value: object) -> str | None:
    """Suits as a designer writes them (`Void Syndicate`, `fire`, `Тень`): each a name with
    letters or digits of any script, as Python's str.isalnum counts them, no two of which
    make the same id (`printgen.model.names.slug`)."""
    if not isinstance(value, list) or not value:
        return "expected a non-empty list of names"
    bad = [v for v in value if not isinstance(v, str) or not slug(v)]
    if bad:
        return f"expected names with letters or digits, got {bad[0]!r}"
    seen: dict[str, str] = {}
    for name in value:
        if slug(name) in seen:
            first = seen[slug(name)]
            same = "appears twice" if first == name else f"and {first!r} are one name"
            return f"{name!r} {same} (both {slug(name)!r})"
        seen[slug(name)] = name
    return None


def list_of_names(value: object) -> str | None:
    if not isinstance(value, list):  # its Key's kind is list: checked before
        return "expected a list of names"
    bad = [v for v in value if not isinstance(v, str)]
    return f"expected a list of names, got {bad[0]!r}" if bad else None
