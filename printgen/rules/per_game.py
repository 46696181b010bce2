"""Read a game's rule settings once per loaded game.

A `Game` holds dicts, so it cannot key a dict or an lru_cache; results are kept by the game's
identity, with the game itself held so that the identity is never reused.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from printgen.errors import DataError, Problem
from printgen.model import Game

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


def rules_error(game: Game, path: tuple[Any, ...], message: str) -> DataError:
    """A bad value under game.yaml `rules:`, named by its file, line and dotted key."""
    field = ".".join(["rules", *map(str, path)])
    return DataError([Problem(game.located.file, game.rules_line(*path), field, message)])
