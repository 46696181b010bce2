"""Read a game's rule settings once per loaded game.

A `Game` holds dicts, so it cannot key a dict or an lru_cache; results are kept by the game's
identity, with the game itself held so that the identity is never reused.

An engine declares each setting once, as a field of its rules dataclass (`setting`): the
game.yaml key's type, bounds and default sit on the field that holds its value, `declared`
gives the keys `Settings` checks, and `Settings.build` fills the fields from the checked
values. Adding a setting is one line, plus its use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar, dataclass_transform

from printgen.errors import DataError, Problem
from printgen.model import Game
from printgen.model.checked import Checked
from printgen.model.schema import Key, check_mapping
from printgen.model.sources import Located

if TYPE_CHECKING:
    from _typeshed import DataclassInstance  # typeshed's protocol of a dataclass, for replace

T = TypeVar("T")
D = TypeVar("D", bound="DataclassInstance")
SETTING = "printgen.rules.setting"
"""The metadata key under which a rules dataclass's field holds its `Declared` setting."""


@dataclass(frozen=True)
class Declared:
    """A field's game.yaml `rules:` setting: its key, where it is, how the field is made."""

    key: Key
    at: tuple[str, ...]  # the path under `rules:` (a key, or a section and a key)
    then: Callable[..., object] | None  # the field's value from the checked one


def setting(key: Key, at: str = "", then: Callable[..., object] | None = None) -> Any:
    """A field of an engine's rules dataclass that is a game.yaml `rules:` setting, declared
    once by `key` (type, bounds, default, what to write). Its key is the field's name, or
    `at`: another name, or a section's key as `section.key` (the section declared in
    `declared(..., sections=)`). `then` makes the field's value from the checked one
    (`frozenset`, `dict`). It returns Any as `dataclasses.field` does: the field specifier of
    `rules_dataclass`, it stands for a value of any field's type."""
    return field(metadata={SETTING: Declared(key, tuple(at.split(".")) if at else (), then)})


@dataclass_transform(frozen_default=True, field_specifiers=(setting, field))
def rules_dataclass(cls: type[T]) -> type[T]:
    """A frozen dataclass whose fields may be settings (see `setting`): the type checkers
    then know that a setting field has no default."""
    return dataclass(frozen=True)(cls)


def settings_of(cls: type) -> dict[str, Declared]:
    """The fields of `cls` that are settings (see `setting`), each with its path filled in."""
    found = {}
    for item in fields(cls):
        declared_here = item.metadata.get(SETTING)
        if declared_here is not None:
            found[item.name] = replace(declared_here, at=declared_here.at or (item.name,))
    return found


def declared(
    cls: type, sections: Mapping[str, Key] | None = None, more: Mapping[str, Key] | None = None
) -> dict[str, Key]:
    """The keys of game.yaml `rules:` an engine reads: first `more`, the keys read by other
    parts of the engine (a board, a deck check) rather than copied into a field; then, in the
    order of `cls`'s fields, each setting field's key (see `setting`), a section's keys inside
    that section's own key (`sections`: its required flag and what to write)."""
    keys: dict[str, Key] = {}
    inner: dict[str, dict[str, Key]] = {}
    for declared_here in settings_of(cls).values():
        name, *rest = declared_here.at
        if rest:
            inner.setdefault(name, {})[rest[0]] = declared_here.key
            keys.setdefault(name, Key())  # its place; the section's key is made below
        else:
            keys[name] = declared_here.key
    for name, section in (sections or {}).items():
        if name not in inner:
            raise ValueError(f"section {name!r} has no setting field")
        keys[name] = replace(section, keys={**(section.keys or {}), **inner.pop(name)})
    if inner:
        raise ValueError(f"settings in undeclared sections: {', '.join(inner)}")
    return {**(more or {}), **keys}


def per_game(read: Callable[[Game], T]) -> Callable[[Game], T]:
    """Decorate `read(game)` so it runs once for each loaded game."""
    cache: dict[int, tuple[Game, T]] = {}

    @wraps(read)
    def cached(game: Game) -> T:
        hit = cache.get(id(game))
        if hit is not None and hit[0] is game:
            return hit[1]
        value = read(game)
        cache[id(game)] = (game, value)
        return value

    return cached


def rules_problem(game: Game, path: tuple[object, ...], message: str) -> Problem:
    """One problem of a game.yaml `rules:` value, to collect with the others (see Settings)."""
    field = ".".join(["rules", *map(str, path)])
    return Problem(game.located.file, game.rules_line(*path), field, message)


def one_setting(game: Game, keys: Mapping[str, Key], name: str) -> object:
    """`rules.<name>` checked as `keys` declares it (its declared default when absent), or
    None when it is wrong (`Settings` reports why, at its line): for a check that runs even
    while other settings are wrong, and needs this one alone."""
    problems: list[Problem] = []
    given = {name: game.rules[name]} if name in game.rules else {}
    where = game.located.child("rules")
    values = check_mapping(given, where, {name: keys[name]}, "rules", problems)
    return None if problems else values.get(name)


def with_settings(rules: D, changes: Mapping[str, object]) -> D:
    """`rules` (an engine's rules dataclass) with some setting fields changed (`simulate
    --set`), each value checked against its field's declared Key first: a name that is no
    setting, or a value its Key refuses, is a ValueError (the engine says it as the user's
    mistake before it gets here)."""
    declared_here = settings_of(type(rules))
    keys = {name: declared_here[name].key for name in changes if name in declared_here}
    problems: list[Problem] = []
    check_mapping(dict(changes), Located("options", 0), keys, "", problems)
    if problems:
        raise ValueError("; ".join(f"{p.field}: {p.message}" for p in problems))
    return replace(rules, **changes)


class Settings:
    """An engine's reading of game.yaml `rules:`: the declared keys checked by the schema
    machinery of game.yaml (model/schema.py), then the engine's own cross checks, every problem
    collected and reported at once by `done()` (as the data loader does), none stopping the rest.
    """

    def __init__(self, game: Game, keys: Mapping[str, Key]) -> None:
        self.game = game
        self.problems: list[Problem] = []
        self.values = check_mapping(
            game.rules, game.located.child("rules"), keys, "rules", self.problems
        )

    @property
    def ok(self) -> bool:
        return not self.problems

    def problem(self, path: tuple[object, ...], message: str) -> None:
        self.problems.append(rules_problem(self.game, path, message))

    def check(self, path: tuple[object, ...], value: object, keys: Mapping[str, Key]) -> Checked:
        """Check a mapping deeper in `rules:` whose keys are free (e.g. one board gate of
        `gates: {element: {...}}`) against `keys`, collecting its problems with the rest."""
        located = self.game.located.child("rules")
        for key in path:
            located = located.child(key)
        where = ".".join(["rules", *map(str, path)])
        return check_mapping(value, located, keys, where, self.problems)

    def build(self, cls: type[T], **given: object) -> T:
        """`cls` made from the checked values: each setting field from its key (see
        `setting`), every other field from `given` (which may also replace a setting's value
        by one the engine worked out from it)."""
        values = dict(given)
        for name, declared_here in settings_of(cls).items():
            if name not in values:
                *sections, key = declared_here.at
                section = self.values
                for inner in sections:
                    section = section.section(inner)
                value = section[key]
                values[name] = declared_here.then(value) if declared_here.then else value
        return cls(**values)

    def done(self) -> None:
        """Raise every collected problem as one DataError."""
        if self.problems:
            raise DataError(self.problems)
