"""Run the parts of the wanted kits: cached, in parallel with --jobs, one failure at a time.

A part may come in pieces (the cards of a game: each whole-deck PDF, each batch of one TTS
sheet's cards and their PNGs, each shop): every piece is a task of its own for the process
pool, so one large deck keeps every core busy, and each piece writes its own files as it makes
them, so no process holds a whole deck's images. A part is reported (and recorded in the
cache manifest) when its last piece is done, its files listed in piece order, so nothing in
the output or the manifest depends on --jobs or on which piece finished first.

A piece that fails (bad data, a refused resource) is reported as its part's failure and
leaves its previous files alone; the other pieces, parts and games go on. Files are written
atomically, so an interrupted build leaves no truncated file, and the next build redoes what
is missing.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import importlib
import os
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from printgen.check.font_files import refuse_bad_font_files
from printgen.errors import DataError, PrintgenError, Problem, display_path
from printgen.files import memo
from printgen.files.atomic import remove_empty_folders, unlink_inside, write_atomic
from printgen.files.stamps import STAMPS, Stamp, Stamps
from printgen.files.templates import templates_dir
from printgen.files.workers import die_with_parent
from printgen.kit.cache import MANIFEST, Manifest, part_key, unchanged_files, under
from printgen.kit.guide import count_pages
from printgen.kit.options import BuildOptions
from printgen.kit.parts import PARTS, TYPESETTER, parts_of
from printgen.kit.preview import make_preview, preview_files
from printgen.kit.write import write_each
from printgen.model import Game, load_game

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor


@dataclass(frozen=True)
class Task:
    game_id: str
    folder: Path
    part: str
    out_dir: Path
    options: BuildOptions
    key: str
    pieces: tuple[tuple[str, int], ...] = ()
    """The part's pieces, built apart, each with its rough cost (empty: one piece)."""
    piece_keys: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    """The key of each piece that can be skipped (printgen.kit.parts.Part.keys)."""
    unchanged: Mapping[str, tuple[tuple[str, str], ...]] = field(
        default_factory=dict, hash=False, compare=False
    )
    """The pieces whose key is the one the last build recorded, each with the files it wrote
    then (path under OUT, hash): such a piece is not built again while they are all there with
    these bytes."""
    stamps: Stamps | None = field(default=None, hash=False, compare=False)
    """The stamps kept for those files: a file they vouch for is not read
    (printgen.files.stamps)."""

    @property
    def piece_names(self) -> list[str | None]:
        return [name for name, _ in self.pieces] or [None]

    @property
    def lasts(self) -> list[str]:
        """The pieces that run after the others (they join what the others made), if any."""
        last = PARTS[self.part].last
        if last is None:
            return []
        return [p for p in self.piece_names if p is not None and p.partition("-")[0] == last]

    def in_run_order(self) -> list[str | None]:
        """The pieces in the order one process builds them: `lasts` last."""
        lasts = self.lasts
        return [p for p in self.piece_names if p not in lasts] + list(lasts)

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
    """The work of its pieces, added up (CPU-bound: about the time one core spent)."""
    rewritten: int | None = None
    """How many of `files` were written because their bytes changed (None: all of them)."""
    processes: int = 0
    """How many processes built its pieces."""
    hashes: dict[Path, str] = field(default_factory=dict)
    """The SHA-256 of each of `files`, as its piece wrote it (empty when cached)."""
    stamps: dict[Path, Stamp] = field(default_factory=dict)
    """The stamp of each of `files` its piece took (printgen.files.stamps)."""
    piece_files: dict[str, list[Path]] = field(default_factory=dict)
    """The files of each piece that has a key (`Task.piece_keys`), for the manifest."""
    shop_failures: dict[str, tuple[str, int]] = field(default_factory=dict)
    """The shops that failed (message and exit code, by shop) while the rest of the part was
    made: the part's files are kept and recorded, but it is built again next time, so the
    failure is reported until it is fixed."""


@dataclass
class PieceOutcome:
    files: list[Path] = field(default_factory=list)
    changed: int = 0
    error: str | None = None
    seconds: float = 0.0
    pid: int = field(default_factory=os.getpid)
    """The process that built it (0: none, its files were found unchanged by the parent)."""
    hashes: dict[Path, str] = field(default_factory=dict)
    """The SHA-256 of each of `files` (printgen.kit.write.Written.hashes)."""
    stamps: dict[Path, Stamp] = field(default_factory=dict)
    """The stamp of each of `files` (printgen.kit.write.Written.stamps)."""
    shop_failures: dict[str, tuple[str, int]] = field(default_factory=dict)


SHOP_FAILED = "shop-failed:"
"""Prefixes the key recorded for a part a shop of which failed: no build finds it fresh."""


SideJob = tuple[Callable[..., object], tuple[object, ...]]
"""A function and its arguments, run in a worker process for what it leaves behind."""
GameJobs = Callable[[str], Sequence[SideJob]]
"""The side jobs to run once a game's parts are all built, by the game's id."""


MAX_PRINTED_CARDS = 100_000
"""The most cards a game's printed decks may hold: a build draws each face, a sheet slot for
every copy and a TTS slot for every card, so a runaway count (a typo of 80000 for 8 in several
rows) is refused before any work starts rather than filling the disk for an hour. The build's
memory does not grow with the deck (one batch of faces at a time), so the limit is about
time and disk: 100,000 poker cards are some 11,000 A4 sheets in cards.pdf."""


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


_planned: dict[tuple[str, str], Game] = {}
"""The games `plan` was given, by working folder and game folder: the pieces of this build
take their game from here instead of reading its data again (a 1,000-card table is some 45 ms
a piece, and a large deck has a piece a TTS sheet). Worker processes are forked after `plan`,
so they see them too; a process started otherwise reads the data itself."""


def planned_game(folder: Path) -> Game | None:
    """The game `plan` was given from `folder` in this build, if it was (the gallery shows it
    without reading a large deck's table again)."""
    return _planned.get((os.getcwd(), str(folder)))


def as_built(game: Game, options: BuildOptions) -> Game:
    """`game` as the build's options draw it: its faces in `--lang`'s language, and without
    the version stamp with `--no-stamp`. The stamp's text is in each part's key: its date may
    change (SOURCE_DATE_EPOCH, a new commit) while the folder's files do not."""
    game = game.in_language(options.lang)
    return game if options.stamp else game.without_stamp()


def plan(games: list[Game], out_dir: Path, options: BuildOptions) -> list[Task]:
    """The parts to build, each with its cache key; a game over the limits, or whose design
    brings a font file the build could not open, stops the build here, before anything is
    written."""
    for game in games:
        check_limits(game)
        refuse_bad_font_files(game)  # before any drawing: not a crash in cairo or HarfBuzz
    _planned.clear()
    _planned.update({(os.getcwd(), str(game.folder)): game for game in games})
    option_values = asdict(options)
    option_values.pop("jobs", None)
    option_values.pop("watch", None)
    tasks = []
    for game in games:
        for part in parts_of(game, options):
            stamped = {**option_values, "stamp": as_built(game, options).stamp}
            key = part_key(game.folder, templates_dir(), part.name, stamped)
            pieces = part.pieces_of(game, options)
            tasks.append(Task(game.id, game.folder, part.name, out_dir, options, key, pieces))
    return tasks


def run_piece(task: Task, piece: str | None) -> PieceOutcome:
    """Build one piece of a part, or the whole part (in a worker process or here); a piece
    that is unchanged since the last build (`Task.unchanged`) gives its files as they are."""
    started = time.perf_counter()
    if piece is not None and piece in task.unchanged:
        kept = unchanged_piece(task, piece, started)
        if kept is not None:
            return kept
    memo.configure(task.out_dir / ".cache")
    try:
        game = _planned.get((os.getcwd(), str(task.folder))) or load_game(task.folder)
        game = as_built(game, task.options)
        render = PARTS[task.part].build
        made = (
            render(game, task.options) if piece is None else render(game, task.options, None, piece)
        )
        written = write_each(task.out_dir / game.id, made, task.out_dir)
        for path in written.paths:  # the gallery's previews, drawn here beside the other work
            if path.suffix == ".pdf":
                make_preview(path, task.out_dir)
                count_pages(path, game)  # and the print guide's page counts
        seconds = time.perf_counter() - started
        return PieceOutcome(
            written.paths,
            len(written.changed),
            seconds=seconds,
            hashes=written.hashes,
            stamps=written.stamps,
            shop_failures=written.shop_failures,
        )
    except PrintgenError as exc:
        return PieceOutcome(error=str(exc), seconds=time.perf_counter() - started)
    except OSError as exc:  # the output cannot be written: this part fails, the others go on
        error = cannot_write(exc, task.out_dir)
        return PieceOutcome(error=error, seconds=time.perf_counter() - started)
    finally:
        memo.configure(None)  # the store belongs to this task's OUT only


def unchanged_piece(
    task: Task, piece: str, started: float, read: bool = True
) -> PieceOutcome | None:
    """The outcome of a piece of `task.unchanged` whose files are all still there with the
    bytes recorded; None when one is missing or changed (the piece is then built), or, with
    `read=False`, when one would have to be read to tell."""
    files = task.unchanged[piece]
    kept = unchanged_files(task.out_dir, files, task.stamps, read)
    if kept is None:
        return None
    return PieceOutcome(
        list(kept.hashes),
        seconds=time.perf_counter() - started,
        hashes=kept.hashes,
        stamps=kept.stamps,
    )


def with_piece_keys(task: Task, manifest: Manifest, stamps: Stamps | None = None) -> Task:
    """`task` with the keys of its pieces that can be skipped, and those of them unchanged
    since the build `manifest` records (asked only of a part whose own key changed: one
    card's edit changes the card part's key, but one batch's key only)."""
    part = PARTS[task.part]
    if part.keys is None or not task.pieces:
        return task
    try:
        game = _planned.get((os.getcwd(), str(task.folder))) or load_game(task.folder)
        keys = part.keys_of(as_built(game, task.options), task.options)
    except PrintgenError:  # the pieces say what is wrong when they are built
        return task
    entry = manifest.parts.get(task.name, {})
    recorded, hashes = entry.get("pieces", {}), entry.get("files", {})
    unchanged = {
        piece: tuple((relative, hashes[relative]) for relative in recorded[piece]["files"])
        for piece, key in keys.items()
        if piece in recorded and recorded[piece]["key"] == key
    }
    if stamps is not None:
        stamps = stamps.only(r for files in unchanged.values() for r, _ in files)
    return replace(task, piece_keys=keys, unchanged=unchanged, stamps=stamps)


def run_task(task: Task, kept: Mapping[str | None, PieceOutcome] | None = None) -> PartOutcome:
    """Build a whole part here, piece after piece (its `last` piece last), but the pieces
    `kept` gives."""
    kept = kept or {}
    made = {p: kept[p] if p in kept else run_piece(task, p) for p in task.in_run_order()}
    return merge(task, [made[piece] for piece in task.piece_names])


def vouched_pieces(task: Task) -> dict[str | None, PieceOutcome]:
    """The pieces of `task.unchanged` whose files their stamps vouch for, each with its
    outcome, found here without reading a file: after one card's edit of a 5,000-card deck,
    72 batches are not sent to the worker processes (each with the task's 5,000 files'
    hashes and stamps) only to be found unchanged there."""
    kept: dict[str | None, PieceOutcome] = {}
    for piece in task.unchanged:
        outcome = unchanged_piece(task, piece, time.perf_counter(), read=False)
        if outcome is not None:
            kept[piece] = replace(outcome, pid=0)  # built by no process
    return kept


def without(task: Task, kept: Mapping[str | None, PieceOutcome]) -> Task:
    """`task` knowing only the unchanged pieces that are not `kept` (what it carries to the
    worker processes)."""
    if not kept:
        return task
    unchanged = {p: files for p, files in task.unchanged.items() if p not in kept}
    stamps = task.stamps
    if stamps is not None:
        stamps = stamps.only(r for files in unchanged.values() for r, _ in files)
    return replace(task, unchanged=unchanged, stamps=stamps)


def merge(task: Task, pieces: list[PieceOutcome]) -> PartOutcome:
    """The part's outcome from its pieces' (in piece order): every file, the first error."""
    seconds = sum(piece.seconds for piece in pieces)
    processes = len({piece.pid for piece in pieces if piece.pid})
    errors = [piece.error for piece in pieces if piece.error is not None]
    if errors:
        return PartOutcome(task, error=errors[0], seconds=seconds, processes=processes)
    files = [path for piece in pieces for path in piece.files]
    changed = sum(piece.changed for piece in pieces)
    return PartOutcome(
        task,
        files,
        seconds=seconds,
        rewritten=changed,
        processes=processes,
        hashes=_joined(piece.hashes for piece in pieces),
        stamps=_joined(piece.stamps for piece in pieces),
        piece_files=_files_by_piece(task, pieces),
        shop_failures=_joined(piece.shop_failures for piece in pieces),
    )


K = TypeVar("K")
V = TypeVar("V")


def _joined(maps: Iterable[Mapping[K, V]]) -> dict[K, V]:
    """The pieces' mappings as one, in piece order (a later piece's entry wins)."""
    return {key: value for mapping in maps for key, value in mapping.items()}


def _files_by_piece(task: Task, pieces: list[PieceOutcome]) -> dict[str, list[Path]]:
    """Each reusable piece's files (those with a key of their own), by the piece's name."""
    return {
        name: made.files
        for name, made in zip(task.piece_names, pieces, strict=True)
        if name is not None and name in task.piece_keys
    }


def cannot_write(exc: OSError, out_dir: Path) -> str:
    """A message for an output that could not be written (full disk, a file in the way). A
    file of the temporary folder (where `--shop` files are preflighted) is named as that: a
    full temporary folder is not OUT being full, and the cure is another TMPDIR."""
    if exc.filename and _in_temp_folder(str(exc.filename), out_dir):
        temp = display_path(tempfile.gettempdir())
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return (
                f"the temporary folder {temp} is full ({exc.strerror}): free space there, or "
                "set TMPDIR to a folder with room"
            )
        return f"cannot write in the temporary folder {temp}: {exc.strerror or exc}"
    where = display_path(exc.filename) if exc.filename else display_path(out_dir)
    return f"cannot write {where}: {exc.strerror or exc}"


def _in_temp_folder(name: str, out_dir: Path) -> bool:
    """Whether `name` is in the temporary folder and not in OUT (which may sit inside it)."""
    path = Path(os.path.abspath(name))
    temp = Path(os.path.abspath(tempfile.gettempdir()))
    return path.is_relative_to(temp) and not path.is_relative_to(os.path.abspath(out_dir))


def run_tasks(
    tasks: list[Task],
    out_dir: Path,
    manifest: Manifest,
    jobs: int,
    report: Callable[[PartOutcome], None],
    side: Sequence[SideJob] = (),
    after: GameJobs | None = None,
) -> list[PartOutcome]:
    """Build the tasks whose files are not fresh in `manifest`, recording each part in it (and
    in OUT's manifest file) as it finishes. When parts are built in worker processes, the
    `side` jobs run there too, after every piece, and the jobs `after` gives for a game once
    its last part is recorded: work the build needs later (the gallery's reports and pages)
    done while a core would otherwise wait; their results and failures are not collected
    (what needs them makes them when they are missing)."""
    recorder = _Recorder(out_dir, manifest, report)
    todo = recorder.to_build(tasks)
    todo = [with_piece_keys(task, manifest, recorder.stamps) for task in todo]
    vouched = {task.name: vouched_pieces(task) for task in todo}
    todo = [without(task, vouched[task.name]) for task in todo]
    work = [(task, piece) for task, piece in schedule(todo) if piece not in vouched[task.name]]
    if jobs <= 1 or len(work) <= 1:
        for task in sorted(todo, key=lambda t: -PARTS[t.part].cost):
            recorder.finish(run_task(task, vouched[task.name]))
    else:
        workers = min(jobs, len(work))
        _build_in_pool(recorder.finish, todo, work, vouched, workers, side, after)
    if todo:  # a build that changed nothing writes nothing
        save_stamps(out_dir, recorder.stamps, manifest)
    order = {task.name: i for i, task in enumerate(tasks)}
    return sorted(recorder.outcomes, key=lambda o: order[o.task.name])


class _Recorder:
    """What run_tasks keeps as parts finish: each outcome, reported as it comes; a built
    part recorded in the manifest (and OUT's manifest file), its files' stamps noted."""

    def __init__(
        self, out_dir: Path, manifest: Manifest, report: Callable[[PartOutcome], None]
    ) -> None:
        self.out_dir, self.manifest, self.report = out_dir, manifest, report
        self.stamps = load_stamps(out_dir)
        self.outcomes: list[PartOutcome] = []

    def to_build(self, tasks: list[Task]) -> list[Task]:
        """The tasks whose files are not fresh; the others are reported as kept."""
        todo: list[Task] = []
        for task in tasks:
            kept = self.manifest.fresh(self.out_dir, task.name, task.key, self.stamps)
            if kept is None:
                todo.append(task)
            else:
                note_stamps(self.stamps, self.out_dir, kept.hashes, kept.stamps)
                self._add(PartOutcome(task, list(kept.hashes), cached=True))
        return todo

    def finish(self, outcome: PartOutcome) -> None:
        """Records a part built (or forgets one that failed), then reports it."""
        name = outcome.task.name
        manifest, out_dir = self.manifest, self.out_dir
        if outcome.error is None:
            _remove_stale(out_dir, manifest.parts.get(name, {}).get("files", {}), outcome.files)
            pieces = {
                piece: (outcome.task.piece_keys[piece], files)
                for piece, files in outcome.piece_files.items()
            }
            key = outcome.task.key
            if outcome.shop_failures:  # kept, but not fresh: built (and reported) again
                key, pieces = f"{SHOP_FAILED}{key}", {}
            manifest.record(out_dir, name, key, outcome.files, outcome.hashes, pieces)
            note_stamps(self.stamps, out_dir, outcome.hashes, outcome.stamps)
        else:
            manifest.forget(name)
        write_atomic(out_dir / MANIFEST, manifest.to_bytes(), out_dir)
        self._add(outcome)

    def _add(self, outcome: PartOutcome) -> None:
        self.outcomes.append(outcome)
        self.report(outcome)


Done = dict[str, dict[str | None, PieceOutcome]]
"""Each task's pieces made so far (vouched for or built), by the task's name."""
Futures: TypeAlias = "dict[Future[PieceOutcome], tuple[Task, str | None]]"
"""The pieces building in the pool, each with its task and piece name."""


def _build_in_pool(
    finish: Callable[[PartOutcome], None],
    todo: list[Task],
    work: list[tuple[Task, str | None]],
    vouched: Done,
    workers: int,
    side: Sequence[SideJob],
    after: GameJobs | None = None,
) -> None:
    """Builds the pieces of `work` in `workers` processes, a task's `lasts` once its other
    pieces are made, then the `side` jobs; `finish` gets each part as its last piece comes,
    and a game's `after` jobs start once its last part is finished."""
    # Imported here for start-up time: a build that finds every part unchanged starts no pool.
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    with collector_paused():
        load_renderers(todo)
        preload(work, workers)
    done: Done = {t.name: vouched[t.name] for t in todo}
    with ProcessPoolExecutor(
        max_workers=workers,
        initializer=start_worker,
        initargs=(os.getpid(),),
    ) as pool:
        finish = _GameEnds(todo, finish, pool, after).finish
        futures: Futures = {
            pool.submit(run_piece, task, piece): (task, piece)
            for task, piece in work
            if piece not in task.lasts
        }
        for task in todo:
            if len(done[task.name]) + len(task.lasts) >= len(task.piece_names):
                _step(task, pool, futures, done, finish)  # every other piece vouched for
        for function, args in side:
            pool.submit(function, *args)
        while futures:
            finished, _ = wait(futures, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: futures[f][0].name):
                task, piece = futures.pop(future)
                done[task.name][piece] = future.result()
                _step(task, pool, futures, done, finish)


def start_worker(parent: int) -> None:
    """Each worker's first step: it ends with its parent, process `parent`
    (printgen.files.workers), and freezes what it inherited from it (`gc.freeze`: the modules
    and games loaded before the fork, some 100,000 objects). The garbage collector's full
    passes then walk only what the worker makes, not those too, to free nothing (they live
    as long as the process): the collector's time in five pieces (cards, a shop, a batch, a
    board, a rulebook) went from 0.17 to 0.09 s. They are still freed by their reference
    counts, and a fork that copied them is not made to write to their pages."""
    die_with_parent(parent)
    gc.freeze()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No garbage-collector pass while the block runs, and what it made frozen after
    (`gc.freeze`: left out of every later pass). For the parent's imports before the fork
    (the renderers, weasyprint, numpy, pikepdf: some 45,000 objects that live as long as the
    build): the collector's passes over them while they were made freed nothing and took
    0.16 s of the 0.65 s the parent spends importing them, on the path every worker waits
    for. A collector that was off stays off."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def load_renderers(todo: Iterable[Task]) -> None:
    """Import the renderers of the parts to build in this process, before the worker
    processes are forked from it: they inherit the modules instead of each importing them."""
    for name in sorted({task.part for task in todo}):
        module = PARTS[name].renderer
        if module is not None:
            importlib.import_module(module)


def preload(work: Iterable[tuple[Task, str | None]], workers: int) -> list[str]:
    """Import the libraries of `shared_loads` before the worker processes are forked from
    this one; the modules imported."""
    modules = shared_loads(work, workers)
    if TYPESETTER in modules:  # as the rulebook imports it: its C declarations cached
        from printgen.render.draw import pango_ffi  # start-up: only for rulebooks to typeset

        pango_ffi.install()
    for module in modules:
        importlib.import_module(module)
    return modules


def shared_loads(work: Iterable[tuple[Task, str | None]], workers: int) -> list[str]:
    """The libraries (`Part.loads`) that at least as many pieces of `work` load as there are
    workers. With the slowest pieces first, each worker would import them on its first such
    piece: imported once before the workers are forked, they cost the same wall time and save
    the CPU of every other import (weasyprint's is some 0.3 s, numpy's and pikepdf's 0.15 s).
    A library fewer pieces load is left to them: imported here, it would hold every worker
    back for the one that needs it."""
    wanted = Counter(
        module for task, piece in work for module in PARTS[task.part].loads_of(task.options, piece)
    )
    return sorted(module for module, pieces in wanted.items() if pieces >= workers)


class _GameEnds:
    """Passes each part finished on to `finish`, then starts the `after` jobs of its game
    when it was the game's last part to build."""

    def __init__(
        self,
        todo: list[Task],
        finish: Callable[[PartOutcome], None],
        pool: ProcessPoolExecutor,
        after: GameJobs | None,
    ) -> None:
        self.left = Counter(task.game_id for task in todo)
        self.then, self.pool, self.after = finish, pool, after

    def finish(self, outcome: PartOutcome) -> None:
        self.then(outcome)
        game_id = outcome.task.game_id
        self.left[game_id] -= 1
        if self.left[game_id] == 0 and self.after is not None:
            for function, args in self.after(game_id):
                self.pool.submit(function, *args)


def _step(
    task: Task,
    pool: ProcessPoolExecutor,
    futures: Futures,
    done: Done,
    finish: Callable[[PartOutcome], None],
) -> None:
    """Start the task's `lasts` once the others are done; finish it when all are."""
    left = len(task.piece_names) - len(done[task.name])
    lasts = task.lasts
    if lasts and left == len(lasts) and lasts[0] not in done[task.name]:
        for last in lasts:  # they join what the others made
            futures[pool.submit(run_piece, task, last)] = (task, last)
    elif left == 0:
        finish(merge(task, [done[task.name][p] for p in task.piece_names]))


def _stamps_file(out_dir: Path) -> Path | None:
    """Where OUT keeps its files' stamps; None when its cache folder is not printgen's (a
    symbolic link, a file): the stamps are then neither read nor written."""
    cache = out_dir / ".cache"
    if cache.is_symlink() or (cache.exists() and not cache.is_dir()):
        return None
    return cache / STAMPS


def note_stamps(
    stamps: Stamps, out_dir: Path, hashes: Mapping[Path, str], found: Mapping[Path, Stamp]
) -> None:
    """Keep the stamp each file had when it was written or read with the hash it had then."""
    for path, stamp in found.items():
        if path in hashes:
            stamps.note(under(out_dir, path), stamp, hashes[path])


def load_stamps(out_dir: Path) -> Stamps:
    path = _stamps_file(out_dir)
    return Stamps() if path is None else Stamps.load(path)


def save_stamps(out_dir: Path, stamps: Stamps, manifest: Manifest) -> None:
    """Keep the stamps of the files the manifest names (a shortcut: a failure is no error)."""
    path = _stamps_file(out_dir)
    if path is None:
        return
    named = sorted({f for part in manifest.parts.values() for f in part.get("files", {})})
    with contextlib.suppress(OSError):
        write_atomic(path, stamps.to_bytes(named), out_dir)


def schedule(tasks: list[Task]) -> list[tuple[Task, str | None]]:
    """Every piece to build, the slowest first (so that the last to finish is a short one):
    whole parts and whole-deck pieces by their part's cost, then the batches of every deck;
    the pieces that will likely be found unchanged (`Task.unchanged`) after all the others,
    so that after one card's edit its batch starts at once, not behind the checks of the
    batches before it (the whole-deck pieces wait for it)."""

    pieces = [
        (task, piece, (piece in task.unchanged, -cost))
        for task in tasks
        for piece, cost in (task.pieces or [(None, PARTS[task.part].cost)])
    ]
    return [(task, piece) for task, piece, _ in sorted(pieces, key=lambda item: item[2])]


def _remove_stale(out_dir: Path, before: dict[str, str], now: list[Path]) -> None:
    """Files the part wrote last time but not this time (a card removed from the data)."""
    kept = {under(out_dir, p) for p in now}
    remove_files(out_dir, [relative for relative in before if relative not in kept])


def remove_files(out_dir: Path, files: Iterable[str]) -> None:
    """Delete the files (paths under OUT) a build recorded, each PDF's gallery preview with
    it, and the folders that leaves empty below `OUT/<game>`; never through a symbolic link
    (printgen.files.atomic.unlink_inside)."""
    folders: set[Path] = set()
    for relative in files:
        path = out_dir / relative
        extra = preview_files(path) if path.suffix == ".pdf" else ()
        for each in (path, *extra):
            unlink_inside(out_dir, each)
            folders.add(each.parent)
    for folder in sorted(folders, key=lambda f: -len(f.parts)):  # the deepest first
        game_folder = out_dir / folder.relative_to(out_dir).parts[0]
        remove_empty_folders(out_dir, folder, game_folder)


def drop_unplanned(out_dir: Path, manifest: Manifest, tasks: list[Task]) -> list[str]:
    """Forget the parts of the games `tasks` build that this build does not make (a board
    taken out of `kit:`, a deck's shop no longer asked for), deleting their files; the
    parts dropped. Other games' parts are kept: a build of one game leaves the others."""
    planned = {task.name for task in tasks}
    games = {task.game_id for task in tasks}
    dropped = [
        name for name in manifest.parts if name not in planned and name.partition("/")[0] in games
    ]
    for name in dropped:
        remove_files(out_dir, manifest.parts[name].get("files", {}))
        manifest.forget(name)
    if dropped:
        write_atomic(out_dir / MANIFEST, manifest.to_bytes(), out_dir)
    return dropped
