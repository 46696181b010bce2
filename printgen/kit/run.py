"""Run the parts of the wanted kits: cached, in parallel with --jobs, one failure at a time.

A part that fails (bad data, a refused resource) is reported and leaves its previous files
alone; the other parts and games go on. Files are written atomically by the renderers, so an
interrupted build leaves no truncated file, and the next build redoes what is missing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from printgen.errors import DataError, PrintgenError, Problem, display_path
from printgen.files import memo
from printgen.files.atomic import write_atomic
from printgen.files.workers import die_with_parent
from printgen.kit.cache import MANIFEST, Manifest, part_key
from printgen.kit.parts import PARTS, parts_of
from printgen.kit.write import build_part
from printgen.model import Game, load_game
from printgen.render.templates import templates_dir


@dataclass(frozen=True)
class Task:
    game_id: str
    folder: Path
    part: str
    out_dir: Path
    options: Any
    key: str

    @property
    def name(self) -> str:
        return f"{self.game_id}/{self.part}"


@dataclass
class PartOutcome:
    task: Task
    files: list[Path] = field(default_factory=list)
    error: str | None = None
    cached: bool = False
    seconds: float = 0.0


MAX_PRINTED_CARDS = 10_000
"""The most cards a game's printed decks may hold: a build draws each face, a sheet slot for
every copy and a TTS slot for every card, so a runaway count (a typo of 80000 for 8) is
refused before any work starts rather than filling the disk for an hour."""


def check_limits(game: Game) -> None:
    """Refuse a game whose printed decks hold more than MAX_PRINTED_CARDS cards."""
    decks = [deck for deck in game.printed_decks if deck.total]
    total = sum(deck.total for deck in decks)
    if total > MAX_PRINTED_CARDS:
        each = ", ".join(f"{deck.name} {deck.total}" for deck in decks)
        raise DataError(
            [
                Problem(
                    game.located.file,
                    game.located.line_of("components"),
                    "components",
                    f"the printed decks hold {total} cards ({each}); printgen builds at most "
                    f"{MAX_PRINTED_CARDS} cards a game: check the count column",
                )
            ]
        )


def plan(games: list[Game], out_dir: Path, options: Any) -> list[Task]:
    """The parts to build, each with its cache key; a game over the limits stops the build
    here, before anything is written."""
    for game in games:
        check_limits(game)
    option_values = asdict(options)
    option_values.pop("jobs", None)
    option_values.pop("watch", None)
    tasks = []
    for game in games:
        for part in parts_of(game):
            key = part_key(game.folder, templates_dir(), part.name, option_values)
            tasks.append(Task(game.id, game.folder, part.name, out_dir, options, key))
    return tasks


def run_task(task: Task) -> PartOutcome:
    """Build one part (in a worker process or here)."""
    started = time.perf_counter()
    memo.configure(task.out_dir / ".cache")
    try:
        game = load_game(task.folder)
        files = build_part(PARTS[task.part].builder(), game, task.options, task.out_dir)
        return PartOutcome(task, files, seconds=time.perf_counter() - started)
    except PrintgenError as exc:
        return PartOutcome(task, error=str(exc), seconds=time.perf_counter() - started)
    except OSError as exc:  # the output cannot be written: this part fails, the others go on
        error = cannot_write(exc, task.out_dir)
        return PartOutcome(task, error=error, seconds=time.perf_counter() - started)
    finally:
        memo.configure(None)  # the store belongs to this task's OUT only


def cannot_write(exc: OSError, out_dir: Path) -> str:
    """A message for an output that could not be written (full disk, a file in the way)."""
    where = display_path(exc.filename) if exc.filename else display_path(out_dir)
    return f"cannot write {where}: {exc.strerror or exc}"


def run_tasks(
    tasks: list[Task],
    out_dir: Path,
    manifest: Manifest,
    jobs: int,
    report: Callable[[PartOutcome], None],
) -> list[PartOutcome]:
    """Build the tasks whose files are not fresh in `manifest`, recording each part in it (and
    in OUT's manifest file) as it finishes."""
    outcomes: list[PartOutcome] = []
    todo: list[Task] = []
    for task in tasks:
        files = manifest.fresh(out_dir, task.name, task.key)
        if files is None:
            todo.append(task)
        else:
            outcome = PartOutcome(task, files, cached=True)
            outcomes.append(outcome)
            report(outcome)
    todo.sort(key=lambda t: -PARTS[t.part].cost)

    def finish(outcome: PartOutcome) -> None:
        name = outcome.task.name
        if outcome.error is None:
            _remove_stale(out_dir, manifest.parts.get(name, {}).get("files", {}), outcome.files)
            manifest.record(out_dir, name, outcome.task.key, outcome.files)
        else:
            manifest.forget(name)
        write_atomic(out_dir / MANIFEST, manifest.to_bytes())
        outcomes.append(outcome)
        report(outcome)

    if jobs <= 1 or len(todo) <= 1:
        for task in todo:
            finish(run_task(task))
    else:
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(todo)),
            initializer=die_with_parent,
            initargs=(os.getpid(),),
        ) as pool:
            futures = [pool.submit(run_task, task) for task in todo]
            for future in as_completed(futures):
                finish(future.result())
    order = {task.name: i for i, task in enumerate(tasks)}
    return sorted(outcomes, key=lambda o: order[o.task.name])


def _remove_stale(out_dir: Path, before: dict[str, str], now: list[Path]) -> None:
    """Files the part wrote last time but not this time (a card removed from the data)."""
    kept = {p.relative_to(out_dir).as_posix() for p in now}
    for relative in before:
        if relative not in kept:
            (out_dir / relative).unlink(missing_ok=True)
