"""`printgen build`: write every kit's files under OUT/<game>/ (DESIGN.md section 6) and the
gallery OUT/index.html, reusing what has not changed since the last build."""

from __future__ import annotations

import gc
import shlex
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from printgen.commands.common import data_dir_or_default
from printgen.errors import DataError, RenderError, printable
from printgen.files import memo
from printgen.files.atomic import remove_leftovers, write_atomic
from printgen.files.stamps import STAMPS
from printgen.kit.cache import MANIFEST, Manifest
from printgen.kit.options import BuildOptions
from printgen.kit.outdir import (
    MARKER,
    check_game_folders,
    check_no_links,
    check_out_dir,
    exclusive,
    mark,
)
from printgen.kit.progress import Progress
from printgen.kit.reprint import remove_reprint, write_reprint
from printgen.kit.run import (
    GameJobs,
    PartOutcome,
    SideJob,
    Task,
    as_built,
    cannot_write,
    collector_paused,
    drop_unplanned,
    plan,
    planned_game,
    run_tasks,
)
from printgen.model import Game, load_all, load_game
from printgen.model.load import game_ids_in
from printgen.render.draw import cairo_ffi, ffi_ahead, pango_ffi
from printgen.render.text.kit_words import KitWords, english_words, kit_words
from printgen.rules.engine import check_settings

if TYPE_CHECKING:
    from printgen.rules.engine import Check


def run_build(
    games: tuple[str, ...],
    data_dir: Path | None,
    out_dir: Path,
    options: BuildOptions,
    changed_since: str | None = None,
) -> int:
    """Build once; the exit code is 2 when any part of any kit failed, else 1 when a shop's
    file failed its preflight (the rest of the kit is written: the checks found problems),
    else 0. With `changed_since`, each kit built whole also gets its reprint files; without,
    an earlier build's are removed (`refresh_reprints`)."""
    # on a first start, the C declarations are written on the other core while games load
    ffi_ahead.write_ahead([cairo_ffi.missing_write, pango_ffi.missing_write])
    try:
        return _built(games, data_dir, out_dir, options, changed_since)
    finally:
        ffi_ahead.wait()  # a build that never drew reaps the child too


def _built(
    games: tuple[str, ...],
    data_dir: Path | None,
    out_dir: Path,
    options: BuildOptions,
    changed_since: str | None,
) -> int:
    """`run_build`'s build."""
    started = time.perf_counter()
    used_since = time.time_ns() - USE_CLOCK_SLACK_NS  # what this build uses of the store
    folder = data_dir_or_default(data_dir)
    check_out_dir(out_dir, folder)  # a dangerous OUT stops here, before any work
    with collector_paused():  # the games and their plan live as long as the build
        loaded = load_all(folder, games)  # bad data stops here, before anything is written
        for game in loaded:
            for message in build_notes(game, options):
                note(message)
        tasks = plan(loaded, out_dir, options)  # and data over the limits here
    check_game_folders(out_dir, [game.folder for game in loaded])
    check_no_links(out_dir, [game.id for game in loaded])
    try:
        mark(out_dir)
        with exclusive(out_dir, note):  # one build at a time in OUT
            manifest = Manifest.load(out_dir)
            for line in manifest.notes:
                note(line)
            if any(manifest.parts.get(task.name, {}).get("key") != task.key for task in tasks):
                check_settings(loaded)  # bad `rules:` settings stop here, before any part
            remove_leftovers(*leftover_places(out_dir, manifest), out_dir)  # of killed builds
            for name in drop_unplanned(out_dir, manifest, tasks):
                note(f"removed {name}'s files: the kit no longer has that part")
            side = gallery_jobs(tasks, out_dir, manifest, options.stamp)
            after = pages_jobs(tasks, out_dir, manifest, options)
            with Progress(len(tasks), sys.stderr.isatty()) as progress:
                outcomes = run_tasks(
                    tasks, out_dir, manifest, options.jobs, progress.done, side, after
                )
            refresh_reprints(loaded, outcomes, out_dir, options, changed_since)
            memo.configure(out_dir / ".cache")  # the gallery's reports and guides are kept
            try:
                reports = write_gallery(
                    folder,
                    outcomes,
                    out_dir,
                    manifest,
                    partial(duplex_note, options),
                    options.stamp,
                    options.lang,
                )
            finally:
                memo.configure(None)
            memo.prune(out_dir / ".cache", used_since=used_since)
    except OSError as exc:  # a full disk, a file where a folder should be: say which
        raise RenderError(cannot_write(exc, out_dir)) from None
    code = summarize(outcomes, out_dir, time.perf_counter() - started)
    say_checks({game.id: reports.get(game.id, []) for game in loaded}, out_dir, data_dir)
    return code


USE_CLOCK_SLACK_NS = 2_000_000_000
"""Files' times come from a coarser clock than `time.time_ns()` (and the store may be on
another machine's disk): an entry the build used is one used up to this long before it
started."""


def note(message: str) -> None:
    click.echo(f"printgen: note: {printable(message)}", err=True)


def leftover_places(out_dir: Path, manifest: Manifest) -> tuple[list[Path], list[Path]]:
    """The files printgen recorded writing in OUT, and its own folders (the cache's kinds):
    the only places where the leftovers of a killed build are looked for."""
    targets = [out_dir / name for name in ("index.html", MANIFEST, MARKER)]
    targets.append(out_dir / ".cache" / STAMPS)
    targets += [out_dir / f for part in manifest.parts.values() for f in part["files"]]
    cache = out_dir / ".cache"
    folders = []
    if cache.is_dir() and not cache.is_symlink():
        folders = [p for p in cache.iterdir() if p.is_dir() and not p.is_symlink()]
    return targets, folders


def gallery_jobs(
    tasks: list[Task], out_dir: Path, manifest: Manifest, stamped: bool = True
) -> list[SideJob]:
    """The gallery's reports and analyses to make in the worker processes beside the parts
    (none when no part is to be built: no process is started for them alone), drawn as the
    build draws (`stamped`: False for `--no-stamp`)."""
    if all(manifest.parts.get(task.name, {}).get("key") == task.key for task in tasks):
        return []  # nothing to build (a deleted file aside: the gallery then makes its report)
    # Imported here, before the workers fork (not in each worker): a process that only draws
    # (benchmarks/bench_cards.py) never loads the checks and analyses. A build with nothing
    # to build loads them all the same, for the gallery (`write_gallery`).
    from printgen.kit.pages import analysis_jobs  # start-up: see above
    from printgen.kit.reports import remember, unremembered  # start-up: see above

    folders = list(dict.fromkeys(task.folder for task in tasks))
    todo = unremembered(folders, out_dir, stamped)
    reports: list[SideJob] = [(remember, (folder, out_dir, stamped)) for folder in todo]
    return reports + analysis_jobs(folders, out_dir)


def pages_jobs(
    tasks: list[Task], out_dir: Path, manifest: Manifest, options: BuildOptions
) -> GameJobs:
    """For each game whose parts the workers built, the job that makes its print guide and
    pages there as the gallery will (printgen.kit.pages), so the gallery finds them made."""
    folders = {task.game_id: task.folder for task in tasks}
    # Imported here for start-up time, and not in `jobs`: before the workers fork, not in each.
    from printgen.kit.pages import pages_job

    def jobs(game_id: str) -> list[SideJob]:
        game = planned_game(folders[game_id])
        if game is None:
            return []
        recorded = _recorded_files(manifest, out_dir, game_id)
        notes = kit_notes(game, options)
        job = pages_job(game.folder, recorded, out_dir, notes, options.lang)
        return [job] if job is not None else []

    return jobs


def build_notes(game: Game, options: BuildOptions) -> list[str]:
    """What the build says of `game` before it starts: a `--lang` it lacks, and what each
    `--shop` leaves out of it."""
    said = []
    if options.lang and options.lang not in game.languages:
        said.append(
            f"{game.id} has no {options.lang!r} in its languages; its cards stay "
            f"in {game.languages[0]!r}"
        )
    return said + shop_notes(game, options.shops)


def shop_notes(game: Game, shops: tuple[str, ...]) -> list[str]:
    """What a print shop's files leave out of the game: they hold its cards (and a rulebook
    for a shop that takes one); its tiles, tokens, dice, decks of a size of their own and
    parts (a board, a tuck box) print at home. A game with no cards got an empty shop
    folder and no word why (a designer's trial)."""
    if not shops:
        return []
    from printgen.render.shop.presets import load_preset  # start-up: only with --shop

    pieces = ", ".join([*(deck.name for deck in game.piece_decks), *game.parts])
    home = f"; {pieces} print at home" if pieces else ""
    notes = []
    for shop in shops:
        if game.printed_decks and home:
            notes.append(f"{game.id}: --shop {shop} holds its cards only{home}")
        elif not game.printed_decks:
            takes = (
                "its rulebook only" if load_preset(shop).rules_bleed_mm is not None else "nothing"
            )
            notes.append(f"{game.id} has no cards: --shop {shop} makes {takes}{home}")
    return notes


def kit_notes(game: Game, options: BuildOptions) -> tuple[str, ...]:
    """What the game's print guide says at its end of the build's options, in its kit's
    language."""
    words = kit_words(game.in_language(options.lang))
    stamp = stamp_note(game, words) if options.stamp else ""
    return tuple(n for n in (duplex_note(options, words), stamp) if n)


def duplex_note(options: BuildOptions, words: KitWords | None = None) -> str:
    """What the print guide says of the back offset this build used (in `words`' language,
    English when not given)."""
    offset = options.back_offset
    if not offset:
        return ""  # nothing moved: the guide stays as long as it was
    words = words or english_words()
    if options.printer:
        return words.say("guide_offset_saved", printer=repr(options.printer), offset=offset)
    return words.say("guide_offset_given", offset=offset)


def stamp_note(game: Game, words: KitWords | None = None) -> str:
    """What the print guide says of the version stamp (none without `version:`)."""
    if not game.stamp:
        return ""
    return (words or english_words()).say("guide_stamp", stamp=game.stamp)


def write_gallery(
    folder: Path,
    outcomes: list[PartOutcome],
    out_dir: Path,
    manifest: Manifest,
    duplex: Callable[[KitWords], str] | None = None,
    stamped: bool = True,
    lang: str | None = None,
) -> dict[str, list[Check]]:
    """The gallery shows every game of the data folder that has files in OUT, whether built
    now or before (a partial build keeps the others on the page), the print guide of each
    kit built now in `lang` (`--lang`; else the game's first language). Gives each shown
    game's failed validate checks."""
    # Imported here for start-up time: the gallery's modules load once the parts are built.
    from printgen.check.report import GameReport  # start-up: see above
    from printgen.kit.gallery import entry_for, render_gallery  # start-up: see above
    from printgen.kit.pages import kit_pages  # start-up: see above
    from printgen.kit.reports import checks_of  # start-up: see above

    entries = []
    failing: dict[str, list[Check]] = {}
    for game_id in game_ids_in(folder):
        recorded = _recorded_files(manifest, out_dir, game_id)
        failed = _failed_parts(outcomes, game_id)
        if not recorded and not failed:
            continue
        try:
            game = planned_game(folder / game_id) or load_game(folder / game_id)
        except DataError:
            continue
        built_now = planned_game(folder / game_id) is not None
        words = kit_words(game.in_language(lang if built_now else None))
        said = (duplex(words) if duplex else "", stamp_note(game, words) if stamped else "")
        notes = tuple(n for n in said if n)
        kit = out_dir / game_id
        files, guide = kit_pages(game, recorded, kit, notes, lang, built_now)
        report = GameReport(game, checks_of(game, stamped))
        failing[game_id] = [c for c in report.checks if not c.ok]
        entries.append(entry_for(report, files, out_dir, failed, guide))
    write_atomic(out_dir / "index.html", render_gallery(entries), out_dir)
    return failing


def _recorded_files(manifest: Manifest, out_dir: Path, game_id: str) -> list[Path]:
    """The files the manifest records for the game's parts, in the parts' order."""
    return [
        out_dir / f
        for name, part in sorted(manifest.parts.items())
        if name.split("/")[0] == game_id
        for f in part.get("files", {})
    ]


def _failed_parts(outcomes: list[PartOutcome], game_id: str) -> list[str]:
    """What failed of the game's parts in this build: each part's error, then each shop's."""
    mine = [o for o in outcomes if o.task.game_id == game_id]
    return [f"{o.task.part}: {o.error}" for o in mine if o.error] + [
        f"{o.task.part}: shop {shop}: {message}"
        for o in mine
        for shop, (message, _) in o.shop_failures.items()
    ]


def say_checks(
    failing: dict[str, list[Check]], out_dir: Path, data_dir: Path | None = None
) -> None:
    """What `validate` finds in the games built, counted, and where to read it: a build
    writes a kit with warnings (a text shrunk below its size, a runt) and says so, with the
    `--data` it was given (the command as written finds the games)."""
    counts = {
        game_id: (
            sum(c.level == "error" for c in checks),
            sum(c.level != "error" for c in checks),
        )
        for game_id, checks in failing.items()
        if checks
    }
    if not counts:
        return
    errors = sum(e for e, _ in counts.values())
    warnings = sum(w for _, w in counts.values())
    found = ", ".join(
        [_count(errors, "error")] * bool(errors) + [_count(warnings, "warning")] * bool(warnings)
    )
    each = ", ".join(f"{game_id} {sum(n)}" for game_id, n in counts.items())
    data = f" --data {shlex.quote(str(data_dir))}" if data_dir is not None else ""
    click.echo(
        f"validate: {found} ({each}): read them with `printgen validate "
        f"{' '.join(counts)}{data}` or in {out_dir / 'index.html'}"
    )


def summarize(outcomes: list[PartOutcome], out_dir: Path, seconds: float) -> int:
    click.echo(_summary(outcomes, out_dir, seconds))
    click.echo(f"open {out_dir / 'index.html'} to see every kit")
    return _say_failures(outcomes)


def _summary(outcomes: list[PartOutcome], out_dir: Path, seconds: float) -> str:
    """`built 3 parts, 1 unchanged, 0 failed: 40 files, 2.1 MB in OUT (9.5 s)`."""
    from printgen.kit.gallery import human_size  # start-up: loaded by the gallery by now

    built = [o for o in outcomes if o.error is None and not o.cached]
    cached = [o for o in outcomes if o.cached]
    failed = [o for o in outcomes if o.error]
    files = [f for o in outcomes if o.error is None for f in o.files]
    total = sum(f.stat().st_size for f in files if f.exists())
    return (
        f"built {_count(len(built), 'part')}, {len(cached)} unchanged, {len(failed)} failed"
        f"{_shops_failed(outcomes)}: "
        f"{_count(len(files), 'file')}, {human_size(total)} in {out_dir} ({seconds:.1f} s)"
    )


def _shops_failed(outcomes: list[PartOutcome]) -> str:
    """`, 2 shops failed` (a part built, a shop of it refused); empty when none was."""
    shops = sum(len(o.shop_failures) for o in outcomes)
    return f", {shops} shop{'s' if shops > 1 else ''} failed" if shops else ""


def _say_failures(outcomes: list[PartOutcome]) -> int:
    """Each failed part and refused shop on stderr; the exit code they give (0 when none)."""
    failed = [o for o in outcomes if o.error]
    for outcome in failed:
        error = "\n".join(map(printable, (outcome.error or "").split("\n")))  # data escaped
        click.echo(f"printgen: {outcome.task.name} failed: {error}", err=True)
    codes = [2 for _ in failed]
    for outcome in outcomes:
        for shop, (message, code) in outcome.shop_failures.items():
            click.echo(f"printgen: {outcome.task.name}: shop {shop} failed: {message}", err=True)
            codes.append(code)
    return max(codes, default=0)


def _count(number: int, noun: str) -> str:
    """'1 part', '2 parts'."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def run(
    games: tuple[str, ...],
    data_dir: Path | None,
    out_dir: Path,
    options: BuildOptions,
    watch: bool = False,
    changed_since: str | None = None,
) -> int:
    if changed_since is not None:
        check_against(games, data_dir, changed_since)  # a bad revision stops before any work

    def once() -> int:
        try:
            return run_build(games, data_dir, out_dir, options, changed_since)
        finally:  # what the build froze (`collector_paused`) is freed by the next one's passes
            gc.unfreeze()  # in a watched folder's rebuilds

    code = once()
    if not watch:
        return code

    from printgen.kit.watch import watch_and_rebuild  # start-up: only with --watch

    return watch_and_rebuild(once, [data_dir_or_default(data_dir)], out_dir)


def check_against(games: tuple[str, ...], data_dir: Path | None, against: str) -> None:
    """Each game's other version can be read (`--changed-since`), or a PrintgenError says why."""
    from printgen.kit.against import other_version  # start-up: only with --changed-since

    for game in load_all(data_dir_or_default(data_dir), games):
        with other_version(game.folder, against, "--changed-since") as folder:
            load_game(folder)


def refresh_reprints(
    games: list[Game],
    outcomes: list[PartOutcome],
    out_dir: Path,
    options: BuildOptions,
    against: str | None,
) -> None:
    """`--changed-since`: each game's reprint.pdf and reprint.txt (printgen.kit.reprint),
    before the gallery and the print guide, which list them. A build without it, or a kit
    with a part that failed, removes the reprint files an earlier build left: they would
    describe another build's kit (the build owns its kits' folders, as it owns every part's
    files)."""
    failed = {o.task.game_id for o in outcomes if o.error}
    for game in games:
        if against is None or game.id in failed:
            for path in remove_reprint(out_dir / game.id):
                why = "a part of the kit failed" if against else "no --changed-since"
                note(f"removed {path.name} of an earlier build ({game.id}: {why})")
            continue
        for path in write_reprint(as_built(game, options), against, out_dir, options):
            click.echo(f"wrote {path}", err=True)
