"""The `printgen` command line: declares commands and options, nothing more.

Each command imports its worker lazily (heavy libraries load only for the commands that need
them) and returns an exit code: 0 success, 1 the checks found problems, 2 bad input or usage.
"""

from __future__ import annotations

import atexit
import gc
import os
import re
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypedDict, TypeVar, Unpack

import click

from printgen import __version__
from printgen.errors import PrintgenError, printable

if TYPE_CHECKING:
    from printgen.layout.duplex import BackOffset

EXIT_OK, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 2, 3  # 1 (checks failed) is returned by commands


F = TypeVar("F", bound=Callable[..., object])


class Decorator(Protocol):
    """What click.option gives: a decorator that returns the command function it was given."""

    def __call__(self, func: F, /) -> F: ...


class OptionAttrs(TypedDict, total=False):
    """The attributes of a click.Option that the shared options set."""

    type: click.ParamType | type[int]
    default: object
    show_default: bool
    help: str
    is_flag: bool
    multiple: bool
    metavar: str
    callback: Callable[[click.Context, click.Parameter, str | None], object]


SHARED: dict[str, tuple[tuple[str, ...], OptionAttrs]] = {
    "data": (
        ("--data", "data_dir"),
        {
            "type": click.Path(path_type=Path, file_okay=False),
            "default": None,
            "help": "Folder of game data (default: the bundled card_data/).",
        },
    ),
    "json": (("--json", "as_json"), {"is_flag": True, "help": "Print one JSON object."}),
    "out": (
        ("--out", "out_dir"),
        {
            "type": click.Path(path_type=Path, file_okay=False),
            "default": Path("output"),
            "show_default": True,
        },
    ),
    "paper": (
        ("--paper",),
        {"type": click.Choice(["a4", "letter"]), "default": "a4", "show_default": True},
    ),
    "jobs": (("--jobs",), {"type": click.IntRange(1, 64), "default": 1, "show_default": True}),
    "report": (
        ("--report",),
        {"type": click.Path(path_type=Path, dir_okay=False), "default": None},
    ),
    "offset": (
        ("--back-offset",),
        {"default": None, "metavar": "X,Y", "callback": lambda ctx, p, v: check_offset(v)},
    ),
    "printer": (("--printer",), {"default": None, "metavar": "NAME"}),
    "players": (
        ("--players",),
        {"type": click.IntRange(1, 20), "default": None, "help": "Seats (default: per game)."},
    ),
    "seed": (("--seed",), {"type": int, "default": 0, "show_default": True}),
    "set": (
        ("--set", "settings"),
        {
            "multiple": True,
            "metavar": "KEY=VALUE",
            "help": "Change one game.yaml value for this run (repeatable): "
            "rules.tie_breaker=shared.",
        },
    ),
}
"""The options several commands share, declared once: `shared(NAME, ...)` gives one."""


def shared(name: str, *decls: str, **changes: Unpack[OptionAttrs]) -> Decorator:
    """The shared option NAME as a click decorator: `decls` (another flag or variable name)
    and `changes` (its own help, default) replace the shared declaration's."""
    names, attrs = SHARED[name]
    merged: OptionAttrs = {**attrs, **changes}
    return click.option(*(decls or names), **merged)


data_option = shared("data")
json_option = shared("json")


class ReaderGone(Exception):
    """The reader of printgen's output stopped reading (`printgen validate | head`)."""


class Commands(click.Group):
    """printgen's commands. A reader of standard output that stops reading early (`| head`)
    is no failure: its broken pipe ends the command here, before click turns it into exit 1
    (`main`: exit 0). Any other broken pipe (a socket, a worker's) is left as it was."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            if not _reader_left(sys.stdout):
                raise
            raise ReaderGone from None


def _reader_left(stream: object) -> bool:
    """Whether `stream` is a pipe whose reader has closed it: the kernel reports an error
    on its writing end (poll's POLLERR)."""
    import select  # start-up: only once a pipe has broken

    try:
        descriptor = stream.fileno()  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):  # not a file (a test's captured output)
        return False
    if not hasattr(select, "poll"):
        return False
    watch = select.poll()
    watch.register(descriptor, select.POLLOUT)
    return any(events & select.POLLERR for _, events in watch.poll(0))


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="printgen")
@click.option("--verbose", is_flag=True, help="Show tracebacks of internal errors.")
@click.pass_context
def cli(ctx: click.Context, verbose: bool) -> None:
    """Check game data and build print-and-play kits."""
    ctx.obj = {"verbose": verbose}


@cli.command("list")
@data_option
@json_option
def list_command(data_dir: Path | None, as_json: bool) -> int:
    """List the games, their components and card counts."""
    from printgen.commands.list_games import run  # start-up: loads with its command

    return run(data_dir, as_json)


@cli.command()
@click.argument("games", nargs=-1)
@data_option
@json_option
def validate(games: tuple[str, ...], data_dir: Path | None, as_json: bool) -> int:
    """Check the games' data against their rules (default: every game)."""
    from printgen.commands.validate import run  # start-up: loads with its command

    return run(games, data_dir, as_json)


@cli.command()
@click.argument("game")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@data_option
@json_option
def score(game: str, file: Path, data_dir: Path | None, as_json: bool) -> int:
    """Evaluate one situation file (its formats: docs/scoring.md, Situation files)."""
    from printgen.commands.score import run  # start-up: loads with its command

    return run(game, file, data_dir, as_json)


@cli.command()
@click.argument("game")
@data_option
@json_option
@shared("report", help="Also write the analysis as an HTML page with charts.")
@click.option(
    "--cost",
    default=None,
    help="The cost column of the cost curve (default: the number column named like a cost).",
)
def analyze(
    game: str, data_dir: Path | None, as_json: bool, report: Path | None, cost: str | None
) -> int:
    """Analyse a deck: column statistics, the cost curve, near-duplicates, keywords."""
    from printgen.commands.analyze import run  # start-up: loads with its command

    return run(game, data_dir, as_json, report, cost)


@cli.command()
@click.argument("games", nargs=-1)
@data_option
@shared("out", help="Where the kits are written.")
@shared("paper")
@click.option(
    "--preset",
    type=click.Choice(["tgc", "mpc"]),
    default="tgc",
    show_default=True,
    help="Print-shop preset for the per-card PNGs.",
)
@click.option("--no-crop-marks", is_flag=True, help="Leave the crop marks out.")
@click.option(
    "--gutter",
    type=click.FloatRange(0, 30),
    default=0.0,
    help="Millimetres between cards; each card then keeps its full bleed.",
)
@shared(
    "jobs",
    default=None,
    show_default=False,
    help="Worker processes (default: the machine's cores, at most 4).",
)
@click.option(
    "--ink-saver",
    is_flag=True,
    help="Light card backs (outline and title) and a light rulebook cover, for home printers.",
)
@click.option("--watch", is_flag=True, help="Rebuild whenever the data or templates change.")
@click.option(
    "--shop",
    "shops",
    multiple=True,
    callback=lambda ctx, param, value: check_shops(value),
    help="Also write OUT/<game>/shop/NAME/ for a print shop (repeatable): dtc, tgc, mpc, print.",
)
@click.option(
    "--lang",
    default=None,
    metavar="LANG",
    callback=lambda ctx, param, value: check_lang(value),
    help="Card faces in this language (e.g. it), for games that list it in `languages`.",
)
@shared("offset", help="Move every back page by X,Y mm (as read off printgen calibrate's sheet).")
@shared(
    "printer",
    help="Move every back page by the offset saved for this printer (printgen calibrate --save).",
)
@click.option(
    "--cutter",
    type=click.Choice(["silhouette", "cricut"]),
    default=None,
    help="Also write cards-cut.pdf, .svg and .dxf (and <deck>-cut.* for tiles and tokens) "
    "for this cutting machine's print and cut.",
)
@click.option(
    "--changed-since",
    default=None,
    metavar="DIR|REV",
    help="Also write reprint.pdf, only the cards changed since this version of the game "
    "(a copy of its folder, or a git revision), and reprint.txt, what to take out.",
)
@click.option(
    "--no-stamp",
    is_flag=True,
    help="Leave the version stamp (game.yaml's version:) off every card, piece and part.",
)
def build(
    games: tuple[str, ...],
    data_dir: Path | None,
    out_dir: Path,
    paper: str,
    preset: str,
    no_crop_marks: bool,
    gutter: float,
    jobs: int | None,
    ink_saver: bool,
    watch: bool,
    shops: tuple[str, ...],
    lang: str | None,
    back_offset: BackOffset | None,
    printer: str | None,
    cutter: str | None,
    changed_since: str | None,
    no_stamp: bool,
) -> int:
    """Write the print-and-play kits (default: every game) under OUT/<game>/."""
    from printgen.commands.build import BuildOptions, run  # start-up: loads with its command
    from printgen.commands.common import capped_jobs  # start-up: loads the model

    options = BuildOptions(
        paper=paper,
        preset=preset,
        crop_marks=not no_crop_marks,
        gutter_mm=gutter,
        ink_saver=ink_saver,
        jobs=capped_jobs(jobs) if jobs else default_jobs(),
        shops=shops,
        lang=lang,
        back_offset=offset_for(back_offset, printer),
        printer=printer or "",
        cutter=cutter,
        stamp=not no_stamp,
    )
    return run(games, data_dir, out_dir, options, watch=watch, changed_since=changed_since)


def check_offset(value: str | None) -> BackOffset | None:
    """--back-offset X,Y in mm (printgen.layout.duplex)."""
    if value is None:
        return None
    from printgen.layout.duplex import OffsetError, parse_offset  # start-up: only for back offsets

    try:
        return parse_offset(value)
    except OffsetError as exc:
        raise click.BadParameter(str(exc)) from None


def offset_for(offset: BackOffset | None, printer: str | None) -> BackOffset:
    """The back offset asked for: --back-offset's, --printer's saved one, or none."""
    from printgen.layout.duplex import NO_OFFSET  # start-up: only for back offsets

    if offset is not None and printer is not None:
        raise click.UsageError("give --back-offset or --printer, not both")
    if printer is not None:
        from printgen.kit.printers import printer_offset  # start-up: only with --printer

        return printer_offset(printer)
    return offset if offset is not None else NO_OFFSET


@cli.command()
@shared("paper")
@shared("out", help="Where calibration.pdf is written.")
@click.option("--save", "save_as", default=None, metavar="NAME", help="Keep --offset as NAME's.")
@shared("offset", "--offset", help="The back offset read off the sheet, in mm (with --save).")
@shared(
    "offset",
    help="Print the sheet's back moved by X,Y mm, to check an offset (the lines meet at 0).",
)
@shared("printer", help="As --back-offset, NAME's offset.")
def calibrate(
    paper: str,
    out_dir: Path,
    save_as: str | None,
    offset: BackOffset | None,
    back_offset: BackOffset | None,
    printer: str | None,
) -> int:
    """Write OUT/calibration.pdf, a duplex sheet to read your printer's back offset off, or
    keep a reading: --save NAME --offset X,Y."""
    from printgen.commands.calibrate import save, write_calibration  # start-up: with its command

    if save_as is not None or offset is not None:
        if save_as is None or offset is None:
            raise click.UsageError("--save NAME and --offset X,Y go together")
        return save(save_as, offset)
    return write_calibration(paper, out_dir, offset_for(back_offset, printer))


@cli.command()
@click.argument("games", nargs=-1)
@data_option
@shared("out", help="Where the kits are built and served from.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="The port to serve on (0: any free one).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on; any but 127.0.0.1 lets other machines read the kit.",
)
@shared(
    "jobs",
    default=None,
    show_default=False,
    help="Worker processes of each build (default: as build).",
)
def serve(
    games: tuple[str, ...],
    data_dir: Path | None,
    out_dir: Path,
    port: int,
    host: str,
    jobs: int | None,
) -> int:
    """Serve the gallery and a page per card on 127.0.0.1, following every save."""
    from printgen.commands.common import capped_jobs  # start-up: loads the model
    from printgen.commands.serve import run  # start-up: loads with its command

    return run(games, data_dir, out_dir, port, host, capped_jobs(jobs) if jobs else None)


def check_lang(value: str | None) -> str | None:
    """A language code as game.yaml's `languages` writes them (it, en, pt-br)."""
    if value is not None and not re.fullmatch(r"[a-z]{2,3}(-[a-z0-9]{2,8})?", value):
        raise click.BadParameter(f"not a language code: {value!r} (e.g. en, it, pt-br)")
    return value


def check_shops(names: tuple[str, ...]) -> tuple[str, ...]:
    """Each --shop names a preset file (templates/common/shops/NAME.yaml), once."""
    if not names:
        return ()
    from printgen.render.shop.presets import shop_names  # start-up: only with --shop

    known = shop_names()
    for name in names:
        if name not in known:
            raise click.BadParameter(f"no shop {name!r}; shops: {', '.join(known)}")
    return tuple(dict.fromkeys(names))


set_option = shared("set")


def executor_options(func: F) -> F:
    func = click.option(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="Dask scheduler, e.g. tcp://host:8786 (default: a local cluster of --jobs workers).",
    )(func)
    return click.option(
        "--executor",
        type=click.Choice(["processes", "dask"]),
        default="processes",
        show_default=True,
        help="Where the games run; dask needs: pip install 'printgen[cluster]'.",
    )(func)


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--target",
    type=click.Choice(["dtc", "print", "home"]),
    default="print",
    show_default=True,
    help="Whose rules: DriveThruCards (PDF/X-1a), any print shop (PDF/X-4), home printing.",
)
@json_option
def preflight(files: tuple[Path, ...], target: str, as_json: bool) -> int:
    """Check PDFs the way a print shop's preflight does (exit 1 when a check fails)."""
    from printgen.commands.preflight import run  # start-up: loads with its command

    return run(files, target, as_json)


@cli.command()
@click.argument("game")
@data_option
@click.option(
    "--games", "n_games", type=click.IntRange(1, 10_000_000), default=1000, show_default=True
)
@shared("players")
@shared("seed")
@click.option(
    "--bot",
    default="random",
    show_default=True,
    help="random, greedy or mcts (a search bot; mcts:N for N playouts a decision, "
    "default 200); or one per seat, repeated: mcts,random.",
)
@click.option(
    "--mode",
    default=None,
    help="One of the game's modes (a wrong one lists them); default: its engine's first.",
)
@click.option(
    "--expansion",
    is_flag=True,
    help="Shuffle the game's expansion deck in (an engine that has one).",
)
@shared("jobs")
@click.option(
    "--check-moves",
    is_flag=True,
    help="Check the invariants after every move, not only at the end.",
)
@shared("report", help="Also write an HTML report with charts.")
@set_option
@executor_options
@json_option
def simulate(
    game: str,
    data_dir: Path | None,
    n_games: int,
    players: int | None,
    seed: int,
    bot: str,
    mode: str | None,
    expansion: bool,
    jobs: int,
    check_moves: bool,
    report: Path | None,
    settings: tuple[str, ...],
    executor: str,
    scheduler: str | None,
    as_json: bool,
) -> int:
    """Play whole games with bots and report what they show; same seed, same result."""
    from printgen.commands.common import capped_jobs  # start-up: loads the model
    from printgen.commands.simulate import SimOptions, run  # start-up: loads with its command

    options = SimOptions(
        n_games,
        players,
        seed,
        bot,
        mode,
        expansion,
        capped_jobs(jobs),
        check_moves,
        report,
        as_json,
        settings,
        executor,
        scheduler,
    )
    return run(game, data_dir, options)


@cli.command()
@click.argument("game")
@data_option
@click.option(
    "--vary",
    multiple=True,
    metavar="KEY=V1,V2",
    help="A game.yaml key and its values to compare (repeatable: the cross product); "
    "the first values make the baseline A.",
)
@click.option(
    "--bots",
    default=None,
    metavar="BOT,BOT,...",
    help="Instead of --vary: the skill ladder of these bots (random, greedy, mcts, mcts:N), "
    "each against each by seat, seeds paired; the win-rate table and the skill gap.",
)
@click.option(
    "--games",
    "n_games",
    type=click.IntRange(1, 10_000_000),
    default=2000,
    show_default=True,
    help="Games a variant (the same seeds for each).",
)
@shared("players")
@click.option("--mode", default=None, help="As for simulate.")
@shared("seed")
@click.option("--bot", default="random", show_default=True, help="As for simulate.")
@shared("jobs")
@shared("report", help="Also write an HTML report: one chart a metric, the variants side by side.")
@set_option
@executor_options
@json_option
def compare(
    game: str,
    data_dir: Path | None,
    vary: tuple[str, ...],
    bots: str | None,
    n_games: int,
    players: int | None,
    mode: str | None,
    seed: int,
    bot: str,
    jobs: int,
    report: Path | None,
    settings: tuple[str, ...],
    executor: str,
    scheduler: str | None,
    as_json: bool,
) -> int:
    """Play the same seeds under rule variants; each metric with intervals, and the difference
    from the baseline with a paired interval (* where it is significant). With --bots, rank
    bots instead: does the game reward skill?"""
    from printgen.commands.common import capped_jobs  # start-up: loads the model
    from printgen.commands.compare import CompareOptions, run  # start-up: loads with its command
    from printgen.commands.simulate import SimOptions  # start-up: loads with its command

    sim = SimOptions(
        n_games=n_games,
        players=players,
        seed=seed,
        bot=bot,
        mode=mode,
        jobs=capped_jobs(jobs),
        report=report,
        as_json=as_json,
        settings=settings,
        executor=executor,
        scheduler=scheduler,
    )
    return run(game, data_dir, CompareOptions(vary, sim, bots))


@cli.command()
@click.argument("game")
@data_option
def pull(game: str, data_dir: Path | None) -> int:
    """Fetch each deck's source: (a published sheet) into its file:, and say what changed."""
    from printgen.commands.pull import run  # start-up: loads with its command

    return run(game, data_dir)


@cli.command()
@click.argument("game")
@data_option
@click.option(
    "--against",
    required=True,
    metavar="DIR|REV",
    help="The other version: a copy of the game's folder, or a git revision of it (HEAD~1).",
)
@json_option
@click.option(
    "--html",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="Also write the diff as a page with each card's front before and after.",
)
def diff(game: str, data_dir: Path | None, against: str, as_json: bool, html: Path | None) -> int:
    """List the cards added, removed and changed since another version of the game."""
    from printgen.commands.diff import run  # start-up: loads with its command

    return run(game, data_dir, against, as_json, html)


@cli.command()
@click.argument("name")
@data_option
@click.option(
    "--shape",
    type=click.Choice(["rect", "rounded", "circle", "hex"]),
    default=None,
    help="A deck of pieces of this shape (tiles, tokens) instead of cards.",
)
def new(name: str, data_dir: Path | None, shape: str | None) -> int:
    """Write a new game folder NAME (game.yaml, a deck, design.yaml, rules.md) that validates
    and builds at once."""
    from printgen.commands.new import run  # start-up: loads with its command

    return run(name, data_dir, shape)


@cli.command()
@click.argument("games", nargs=-1)
@data_option
@shared("jobs")
@click.option(
    "--only",
    "only",
    multiple=True,
    metavar="NAME",
    help="Measure only this figure of one GAME (repeatable); the others stay as recorded, "
    "byte for byte, once shown current.",
)
def figures(games: tuple[str, ...], data_dir: Path | None, jobs: int, only: tuple[str, ...]) -> int:
    """Measure the figures a rulebook prints (figures.yaml) into figures.json, by simulation;
    validate fails while they are stale."""
    from printgen.commands.common import capped_jobs  # start-up: loads the model
    from printgen.commands.figures import run  # start-up: loads with its command

    return run(games, data_dir, capped_jobs(jobs), only)


def default_jobs() -> int:
    from printgen.commands.common import cores  # start-up: loads the model

    return min(4, cores())


def _uncollected_exit() -> None:
    """At exit the interpreter's garbage collector walks every object a command leaves (a
    build's parent holds weasyprint, numpy and its games): some 0.3 s of CPU after the work
    is done, to free memory the process gives back anyway. Run at exit (before the
    interpreter's teardown), this leaves them out of its collections; they are still freed
    by their reference counts, and every file a command writes is closed when written."""
    gc.freeze()


def _reader_gone() -> None:
    """Point standard output at /dev/null once its reader has gone, so that the
    interpreter's last flush of what is left in its buffer does not fail (and print a
    BrokenPipeError) as it exits."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (a test's captured output)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)


BLAS_THREADS = "OPENBLAS_NUM_THREADS"


def one_blas_thread() -> None:
    """numpy's OpenBLAS starts a thread a core when numpy is imported, for large matrix
    products printgen never asks of it (its numpy work is element by element, colour tables
    and ink sums, or a picture's pixels through a 3 x 3 colour matrix): starting them took
    0.08 s of CPU in `build`, and 24 ms on the parent's path before it forks its workers.
    One thread unless the user said otherwise (a process that imported numpy before this has
    its threads already)."""
    os.environ.setdefault(BLAS_THREADS, "1")


def main(argv: list[str] | None = None) -> None:
    """Console entry point: turns every user-facing error into a message and an exit code."""
    one_blas_thread()
    verbose = "--verbose" in (argv if argv is not None else sys.argv[1:])
    atexit.unregister(_uncollected_exit)  # once, however often main runs in a process (tests)
    atexit.register(_uncollected_exit)
    try:
        code = cli.main(args=argv, prog_name="printgen", standalone_mode=False)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.exceptions.Abort:
        click.echo("printgen: interrupted", err=True)
        code = 130
    except click.ClickException as exc:
        exc.show()
        code = EXIT_BAD_INPUT
    except PrintgenError as exc:
        for line in str(exc).split("\n"):  # a message's own lines; data in it is escaped
            click.echo(f"printgen: {printable(line)}", err=True)
        code = EXIT_BAD_INPUT
    except KeyboardInterrupt:
        click.echo("printgen: interrupted", err=True)
        code = 130
    except ReaderGone:
        _reader_gone()
        code = EXIT_OK
    except Exception as exc:  # a bug: say so plainly; the traceback only when asked for
        if verbose:
            traceback.print_exc()
        click.echo(
            f"printgen: internal error: {type(exc).__name__}: {exc} "
            "(a bug in printgen; run with --verbose for details)",
            err=True,
        )
        code = EXIT_INTERNAL
    sys.exit(code if isinstance(code, int) else EXIT_OK)
