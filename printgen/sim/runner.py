"""Run many seeded games of one game through an executor and summarize them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from printgen.errors import UsageError
from printgen.model import Game, load_game
from printgen.rules.registry import engine
from printgen.sim.executor import batched, executor_for
from printgen.sim.play import Bot, GameRecord, play_game, random_bot
from printgen.sim.stats import summarize

BATCH_SIZE = 250


@dataclass(frozen=True)
class SimSpec:
    """Everything a worker needs to play a batch; picklable."""

    folder: Path
    game_id: str
    players: int
    seed: int
    bot: str = "random"
    options: dict[str, Any] = field(default_factory=dict)
    check_every_move: bool = False
    record_moves: bool = False


@cache
def _game(folder: Path) -> Game:
    return load_game(folder)


def bot_for(game_id: str, name: str) -> Bot:
    if name == "random":
        return random_bot
    module = engine(game_id)
    greedy = getattr(module, "greedy_bot", None)
    if name == "greedy" and greedy is not None:
        return greedy
    raise UsageError(f"no {name!r} bot for {game_id}")


def game_seed(seed: int, index: int) -> str:
    return f"{seed}:{index}"


def play_batch(job: tuple[SimSpec, int, int]) -> list[GameRecord]:
    """Play games `start` to `stop` of a run (the worker function)."""
    spec, start, stop = job
    game = _game(spec.folder)
    module = engine(spec.game_id)
    bot = bot_for(spec.game_id, spec.bot)
    records = []
    for index in range(start, stop):
        state = module.new_game(game, spec.players, **spec.options)
        records.append(
            play_game(
                state,
                [bot] * spec.players,
                game_seed(spec.seed, index),
                index,
                spec.check_every_move,
                spec.record_moves,
            )
        )
    return records


def run_games(
    spec: SimSpec, n_games: int, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> list[GameRecord]:
    batches = [(spec, a, b) for a, b in batched(n_games, BATCH_SIZE)]
    on_done = (lambda records: progress(len(records))) if progress else None
    results = executor_for(jobs).map(play_batch, batches, on_done)
    return [record for batch in results for record in batch]


def simulate(
    spec: SimSpec, n_games: int, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> dict[str, Any]:
    records = run_games(spec, n_games, jobs, progress)
    return {
        "game": spec.game_id,
        "players": spec.players,
        "seed": spec.seed,
        "bot": spec.bot,
        "options": spec.options,
        **summarize(records, spec.players),
    }
