"""Run many seeded games of one game through an executor and summarize them.

Game k of a run is played with the seed `f"{seed}:{k}"`, whatever batch or process plays it.
Each batch comes back as a `Tally` (counts), and counts add up the same in any order, so every
statistic is the same for any --jobs, or any executor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from printgen.errors import UsageError
from printgen.model import Game, load_game
from printgen.rules.engine import Engine, require_engine
from printgen.sim.executor import Executor, batched, executor_for
from printgen.sim.play import Bot, GameRecord, play_game, random_bot
from printgen.sim.stats import summarize
from printgen.sim.tally import Tally

BATCH_SIZE = 250
BOTS = ("random", "greedy")


@dataclass(frozen=True)
class SimSpec:
    """Everything a worker needs to play a batch; picklable."""

    folder: Path
    game_id: str
    players: int
    seed: int
    bots: tuple[str, ...] = ("random",)  # seat by seat, repeated when shorter than the seats
    options: dict[str, Any] = field(default_factory=dict)
    check_every_move: bool = False
    record_moves: bool = False

    def seat_bots(self) -> list[str]:
        return [self.bots[k % len(self.bots)] for k in range(self.players)]


@cache
def _game(folder: Path) -> Game:
    return load_game(folder)


def parse_bots(text: str, players: int) -> tuple[str, ...]:
    """`--bot greedy` (every seat) or `--bot greedy,random` (seat by seat, repeated)."""
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in BOTS:
            raise UsageError(f"--bot {text}: unknown bot {name!r}; bots: {', '.join(BOTS)}")
    if len(names) > players:
        raise UsageError(f"--bot {text}: {len(names)} bots for {players} players")
    return names


def engine_at(folder: Path) -> Engine:
    """The engine of the game in `folder` (what game.yaml's `engine:` names)."""
    return require_engine(_game(folder), "simulate")


def bot_for(spec: SimSpec, name: str) -> Bot:
    if name == "random":
        return random_bot
    greedy = engine_at(spec.folder).greedy_bot
    if name == "greedy" and greedy is not None:
        return greedy
    raise UsageError(f"no {name!r} bot for {spec.game_id}")


def game_seed(seed: int, index: int) -> str:
    return f"{seed}:{index}"


def new_state(spec: SimSpec) -> Any:
    """A fresh game of the spec (an engine's UsageError names a bad option or player count)."""
    new_game = engine_at(spec.folder).new_game
    if new_game is None:
        raise UsageError(f"{spec.game_id} cannot be simulated yet")
    return new_game(_game(spec.folder), spec.players, **spec.options)


def play_batch(job: tuple[SimSpec, int, int]) -> list[GameRecord]:
    """Play games `start` to `stop` of a run (the worker function)."""
    spec, start, stop = job
    bots = [bot_for(spec, name) for name in spec.seat_bots()]
    return [
        play_game(
            new_state(spec),
            bots,
            game_seed(spec.seed, index),
            index,
            spec.check_every_move,
            spec.record_moves,
        )
        for index in range(start, stop)
    ]


def tally_batch(job: tuple[SimSpec, int, int]) -> Tally:
    """Play a batch and keep only the counts the statistics need (what a worker sends back)."""
    return Tally.of(play_batch(job))


def run_games(
    spec: SimSpec,
    n_games: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> Tally:
    """Play the games in batches of BATCH_SIZE and add up their tallies."""
    batches = [(spec, a, b) for a, b in batched(n_games, BATCH_SIZE)]
    on_done = (lambda tally: progress(tally.games)) if progress else None
    results = (executor or executor_for(jobs)).map(tally_batch, batches, on_done)
    total = Tally()
    for tally in results:
        total.merge(tally)
    return total


def simulate(
    spec: SimSpec,
    n_games: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> dict[str, Any]:
    """Play the games and return the statistics (one JSON-ready object, in a fixed order)."""
    teams = new_state(spec).teams()  # also checks the options before any work starts
    tally = run_games(spec, n_games, jobs, progress, executor)
    return {
        "game": spec.game_id,
        "players": spec.players,
        "seed": spec.seed,
        "bots": spec.seat_bots(),
        "options": dict(sorted(spec.options.items())),
        **summarize(tally, spec.players, teams),
    }
