"""Run many seeded games of one game through an executor and summarize them.

Game k of a run is played with the seed `f"{seed}:{k}"`, whatever batch or process plays it.
Each batch comes back as a `Tally` (counts), and counts add up the same in any order, so every
statistic is the same for any --jobs, or any executor.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import FrameType
from typing import TypeVar

from printgen.errors import DataError, UsageError
from printgen.model import Game, load_game
from printgen.model.schema import did_you_mean
from printgen.model.settings import Setting, explain
from printgen.rules.api import GameState
from printgen.rules.engine import Engine, require_engine
from printgen.sim.executor import Executor, batched, executor_for
from printgen.sim.mcts import PLAYOUTS, MctsBot
from printgen.sim.play import Bot, GameRecord, play_game, random_bot
from printgen.sim.stats import summarize
from printgen.sim.summary import SetBy, Summary
from printgen.sim.tally import Tally

BATCH_SIZE = 250  # the smallest batch: progress and Ctrl-C answer within a fraction of a second
MAX_BATCH = 5000  # the largest: at most a few seconds of work a task on a cluster
BATCHES = 64  # a long run makes about this many batches (fewer, larger tasks: less overhead)


def batch_size(n_games: int) -> int:
    """Games a batch. Any split gives the same figures (a batch returns counts and integer
    sums), so the size only trades the overhead of a task against how soon progress shows."""
    return min(MAX_BATCH, max(BATCH_SIZE, n_games // BATCHES))


BOTS = ("random", "greedy", "mcts")  # `mcts:N`: N playouts a decision (`mcts`: PLAYOUTS)
MAX_PLAYOUTS = 1_000_000


@dataclass(frozen=True)
class SimSpec:
    """Everything a worker needs to play a batch; picklable."""

    folder: Path
    game_id: str
    players: int
    seed: int
    bots: tuple[str, ...] = ("random",)  # seat by seat, repeated when shorter than the seats
    options: Mapping[str, object] = field(default_factory=dict)
    check_every_move: bool = False
    record_moves: bool = False
    settings: tuple[Setting, ...] = ()  # `--set`: game.yaml values changed for this run

    def seat_bots(self) -> list[str]:
        return [self.bots[k % len(self.bots)] for k in range(self.players)]


@cache
def _game(folder: Path, settings: tuple[Setting, ...] = ()) -> Game:
    try:
        return load_game(folder, settings)
    except DataError as exc:
        raise explain(exc, settings) from None


def game_of_folder(folder: Path, settings: tuple[Setting, ...] = ()) -> Game:
    """A game with its `--set` values applied; a bad value names its place and its --set."""
    return _game(folder, settings)


def game_of(spec: SimSpec) -> Game:
    """The spec's game, with its `--set` values applied (loaded once per process)."""
    return _game(spec.folder, spec.settings)


def parse_bots(text: str, players: int) -> tuple[str, ...]:
    """`--bot greedy` (every seat) or `--bot greedy,random` (seat by seat, repeated)."""
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        check_bot(name, f"--bot {text}")
    if len(names) > players:
        raise UsageError(f"--bot {text}: {len(names)} bots for {players} players")
    return names


def check_bot(name: str, option: str) -> None:
    """A bot's name as `--bot` gives it: random, greedy, mcts or mcts:N (N playouts)."""
    kind, colon, budget = name.partition(":")
    if kind not in BOTS or (colon and kind != "mcts"):
        close = did_you_mean(kind, BOTS)
        raise UsageError(f"{option}: unknown bot {name!r}{close} (bots: {', '.join(BOTS)}, mcts:N)")
    if colon and not (budget.isdigit() and 1 <= int(budget) <= MAX_PLAYOUTS):
        raise UsageError(
            f"{option}: {name!r}: mcts:N takes a number of playouts from 1 to {MAX_PLAYOUTS:,}"
        )


def engine_at(folder: Path, settings: tuple[Setting, ...] = ()) -> Engine:
    """The engine of the game in `folder` (what game.yaml's `engine:` names)."""
    return require_engine(_game(folder, settings), "simulate")


def bot_for(spec: SimSpec, name: str) -> Bot:
    if name == "random":
        return random_bot
    if name.startswith("mcts"):
        _, _, budget = name.partition(":")
        return MctsBot(int(budget) if budget else PLAYOUTS)
    greedy = engine_at(spec.folder, spec.settings).greedy_bot
    if name == "greedy" and greedy is not None:
        return greedy
    raise UsageError(f"no {name!r} bot for {spec.game_id}")


def game_seed(seed: int, index: int) -> str:
    return f"{seed}:{index}"


def new_state(spec: SimSpec) -> GameState:
    """A fresh game of the spec (an engine's UsageError names a bad option or player count)."""
    new_game = engine_at(spec.folder, spec.settings).new_game
    if new_game is None:
        raise UsageError(f"{spec.game_id} cannot be simulated yet")
    try:
        return new_game(game_of(spec), spec.players, **spec.options)
    except DataError as exc:  # an engine's reading of game.yaml `rules:`
        raise explain(exc, spec.settings) from None


def fresh_games(spec: SimSpec) -> Callable[[], GameState]:
    """A maker of fresh games of the spec: one is set up, every game starts as a copy of it
    (`clone()`), so an engine reads its settings and deals once a batch, not once a game."""
    return new_state(spec).clone


def play_batch(job: tuple[SimSpec, int, int]) -> list[GameRecord]:
    """Play games `start` to `stop` of a run (the worker function)."""
    spec, start, stop = job
    bots = [bot_for(spec, name) for name in spec.seat_bots()]
    fresh = fresh_games(spec)
    return [
        play_game(
            fresh(),
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


class Interrupted(Exception):
    """Ctrl-C stopped a `simulate` run; `done` adds up the batches that had finished."""

    def __init__(self, done: Tally) -> None:
        super().__init__("interrupted")
        self.done = done


Job = TypeVar("Job")
Done = TypeVar("Done")


def run_batches(
    function: Callable[[Job], Done],
    batches: Sequence[Job],
    executor: Executor,
    progress: Callable[[Done], None] | None = None,
) -> tuple[list[Done], bool]:
    """Every batch's result, in batch order, and False; on Ctrl-C, those finished and True.

    The first Ctrl-C only asks to stop: the run stops when the next batch comes back, at a
    point where no pool lock is held (an interrupt inside the pool's own code can hang it),
    and a second Ctrl-C stops at once.
    """
    finished: list[Done] = []
    asked: list[bool] = []

    def done(result: Done) -> None:
        finished.append(result)
        if progress:
            progress(result)
        if asked:
            raise KeyboardInterrupt

    with _stop_asked(asked):
        try:
            return executor.map(function, batches, done), False
        except KeyboardInterrupt:
            return finished, True


@contextmanager
def _stop_asked(asked: list[bool]) -> Iterator[None]:
    """While inside, a first SIGINT appends to `asked` instead of raising."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread only
        return

    def ask(signum: int, frame: FrameType | None) -> None:
        asked.append(True)
        signal.signal(signal.SIGINT, signal.default_int_handler)

    previous = signal.signal(signal.SIGINT, ask)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def run_games(
    spec: SimSpec,
    n_games: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> Tally:
    """Play the games in batches (`batch_size`) and add up their tallies."""
    batches = [(spec, a, b) for a, b in batched(n_games, batch_size(n_games))]
    on_done = (lambda tally: progress(tally.games)) if progress else None
    results, partial = run_batches(tally_batch, batches, executor or executor_for(jobs), on_done)
    if partial:
        raise Interrupted(_total(results))
    return _total(results)


def _total(tallies: list[Tally]) -> Tally:
    total = Tally()
    for tally in tallies:
        total.merge(tally)
    return total


def _set_by(spec: SimSpec) -> SetBy:
    return {"set": {s.key: s.text for s in spec.settings}} if spec.settings else {}


def simulate(
    spec: SimSpec,
    n_games: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> Summary:
    """Play the games and return the statistics (one JSON-ready object, in a fixed order)."""
    teams = new_state(spec).teams()  # also checks the options before any work starts
    partial = False
    try:
        tally = run_games(spec, n_games, jobs, progress, executor)
    except Interrupted as stop:
        tally, partial = stop.done, True
    summary: Summary = {
        "game": spec.game_id,
        "players": spec.players,
        "seed": spec.seed,
        "bots": spec.seat_bots(),
        "options": dict(sorted(spec.options.items())),
        **_set_by(spec),
        **summarize(tally, spec.players, teams),
    }
    if partial:  # what a Ctrl-C leaves: the finished games, said to be a part
        summary["partial"] = {"games_asked": n_games}
    return summary
