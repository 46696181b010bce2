"""Which engine module serves which game; modules are imported only when asked for."""

from __future__ import annotations

import importlib
from types import ModuleType

from printgen.errors import UsageError

ENGINES: dict[str, str] = {
    "mywuxing": "printgen.rules.mywuxing",
    "cl4sh": "printgen.rules.cl4sh",
    "the-way": "printgen.rules.the_way",
    "elementa": "printgen.rules.elementa",
    "feng-shui-master": "printgen.rules.feng_shui",
}


def engine(game_id: str) -> ModuleType:
    """The engine module of a game. Each offers `score(situation, game) -> ScoreResult`."""
    if game_id not in ENGINES:
        raise UsageError(f"no rules engine for {game_id!r}; engines: {', '.join(ENGINES)}")
    return importlib.import_module(ENGINES[game_id])
