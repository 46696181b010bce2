"""`printgen serve`: the gallery on 127.0.0.1, a page per card, every save read at once and the
kit rebuilt, the open pages told through `/events` (DESIGN.md section 11, issue 35)."""

from __future__ import annotations

import errno
import signal
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Protocol

import click

from printgen.commands.common import data_dir_or_default
from printgen.errors import UsageError
from printgen.files import memo
from printgen.kit.outdir import check_out_dir, mark, serving
from printgen.kit.serve.builder import Builder
from printgen.kit.serve.events import Hub
from printgen.kit.serve.live import Live
from printgen.kit.serve.server import Server
from printgen.kit.watch import saves
from printgen.model.load import resolve_games

LOOPBACK = "127.0.0.1"
LOOPBACKS = frozenset((LOOPBACK, "localhost", "::1"))
"""Addresses of this machine alone: `--host localhost` is as private as the default."""


def widened(host: str) -> bool:
    """Whether listening on `host` lets other machines in (a warning says so)."""
    return host.lower() not in LOOPBACKS


DEFAULT_PORT = 8000


def run(
    games: tuple[str, ...],
    data_dir: Path | None,
    out_dir: Path,
    port: int = DEFAULT_PORT,
    host: str = LOOPBACK,
    jobs: int | None = None,
) -> int:
    folder = data_dir_or_default(data_dir)
    resolve_games(folder, games)  # an unknown game: exit 2, before anything is made
    check_out_dir(out_dir, folder)
    mark(out_dir)
    with serving(out_dir):
        live = Live(folder, games, out_dir, Hub())
        server = listen(host, port, live)
        memo.configure(out_dir / ".cache")  # a card's page shows the build's validate report
        try:
            builder = Builder(build_command(games, folder, out_dir, jobs), live)
            return serve(server, builder, live, folder, host)
        finally:
            memo.configure(None)


def listen(host: str, port: int, live: Live) -> Server:
    """The server bound to HOST:PORT (a port in use: exit 2, with another to try)."""
    try:
        return Server((host, port), live, widened=widened(host))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise UsageError(
                f"--port {port}: already in use (another printgen serve, or another server); "
                f"try --port {port + 1 if port < 65535 else 8000}, or --port 0 for any free port"
            ) from None
        if exc.errno == errno.EACCES:
            raise UsageError(
                f"--port {port}: not allowed here (ports under 1024 need root); "
                f"try --port {DEFAULT_PORT}"
            ) from None
        raise UsageError(f"--host {host}: cannot listen there: {exc.strerror or exc}") from None


def build_command(
    games: tuple[str, ...], folder: Path, out_dir: Path, jobs: int | None
) -> list[str]:
    command = [sys.executable, "-m", "printgen", "build", *games, "--data", str(folder)]
    command += ["--out", str(out_dir)]
    return command + (["--jobs", str(jobs)] if jobs else [])


def serve(server: Server, builder: Builder, live: Live, folder: Path, host: str) -> int:
    """Serve until Ctrl-C (or SIGTERM), reading each save and building after it."""
    stop_on_signals()
    listening = threading.Thread(target=server.serve_forever, args=(0.2,), daemon=True)
    try:
        live.read()
        say_problems(live)
        listening.start()
        builder.start()
        builder.request()
        say_where(host, server.server_address[1])
        for paths in saves([folder], live.out_dir):
            click.echo(f"changed: {', '.join(sorted({p.name for p in paths}))}", err=True)
            live.read(paths)
            say_problems(live)
            builder.request()
    except KeyboardInterrupt:
        pass
    finally:
        live.hub.close()
        if listening.is_alive():
            server.shutdown()
        server.server_close()
        builder.stop()
        hold_drawing(live.drawing)
    click.echo("stopped", err=True)
    return 0


class Lock(Protocol):
    def acquire(self, blocking: bool = ..., timeout: float = ...) -> bool: ...


STOP_WAIT_S = 30.0
"""How long a stop waits for a picture being drawn to be finished."""


def hold_drawing(drawing: Lock) -> bool:
    """Wait for the picture a page's request is drawing, then keep the drawing lock for good.

    Requests are answered on daemon threads, which the interpreter stops wherever they are
    when the process ends; one stopped inside cairo or pdfium while Python shuts down crashes
    the process (exit -11 instead of 0 after Ctrl-C, seen when a page asked for thumbnails
    during the stop). Every drawing takes `Live.drawing`, so holding it keeps them all out.
    False when a drawing did not end within `STOP_WAIT_S`."""
    return drawing.acquire(timeout=STOP_WAIT_S)


def say_where(host: str, port: int) -> None:
    name = f"[{host}]" if ":" in host else host
    click.echo(f"serving http://{name}:{port}/ (Ctrl-C to stop)")
    if widened(host):
        click.echo(
            f"printgen: warning: --host {host}: anyone who can reach this machine there can "
            "read every file of the kit",
            err=True,
        )


def say_problems(live: Live) -> None:
    for problem in live.problems():
        if problem["source"] == "read":
            for line in problem["text"].splitlines():
                click.echo(f"printgen: {line}", err=True)


def stop_on_signals() -> None:
    """Ctrl-C (SIGINT) and SIGTERM stop the server cleanly (its build is stopped, its port
    freed), even when started where SIGINT is ignored (`&` in a script): Ctrl-C is how a
    server is stopped."""

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, interrupt)
