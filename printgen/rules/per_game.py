"""Read a game's rule settings once per loaded game.

A `Game` holds dicts, so it cannot key a dict or an lru_cache; results are kept by the game's
identity, with the game itself held so that the identity is never reused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, TypeVar

from printgen.errors import DataError, Problem
from printgen.model import Game
from printgen.model.schema import Key, check_mapping

T = TypeVar("T")


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


def rules_problem(game: Game, path: tuple[Any, ...], message: str) -> Problem:
    """One problem of a game.yaml `rules:` value, to collect with the others (see Settings)."""
    field = ".".join(["rules", *map(str, path)])
    return Problem(game.located.file, game.rules_line(*path), field, message)


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

    def problem(self, path: tuple[Any, ...], message: str) -> None:
        self.problems.append(rules_problem(self.game, path, message))

    def check(self, path: tuple[Any, ...], value: Any, keys: Mapping[str, Key]) -> dict[str, Any]:
        """Check a mapping deeper in `rules:` whose keys are free (e.g. one board gate of
        `gates: {element: {...}}`) against `keys`, collecting its problems with the rest."""
        located = self.game.located.child("rules")
        for key in path:
            located = located.child(key)
        where = ".".join(["rules", *map(str, path)])
        return check_mapping(value, located, keys, where, self.problems)

    def done(self) -> None:
        """Raise every collected problem as one DataError."""
        if self.problems:
            raise DataError(self.problems)
