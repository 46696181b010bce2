"""The kit's build for `printgen serve`: `printgen build` in a process of its own, again after
each save (saves during a build make one more build when it ends, not one each).

A process of its own because the build is what it always is: it takes OUT's build lock (a
`printgen build` the designer runs by hand waits for it, or it for that one), keeps its caches
and worker processes to itself, and whatever it does never stops the server. It runs at a
lower priority than the server, so that on a small machine the page of the card just saved is
drawn first and the kit (rulebooks typeset, sheets imposed) after. The build cache makes it
rebuild only the parts a save changed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
from pathlib import Path

import click

from printgen.kit.serve.live import Live

NICENESS = 10
STOP_WAIT_S = 10.0


class Builder:
    def __init__(self, command: list[str], live: Live) -> None:
        self.command = command
        self.live = live
        self._wanted = threading.Event()
        self._stopping = threading.Event()
        self._process: subprocess.Popen[str] | None = None
        self._starting = threading.Lock()
        """Held while a build process starts: `stop` then sees it started, or none."""
        self._thread = threading.Thread(target=self._run, name="printgen-build", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def request(self) -> None:
        """Build (again) as soon as the build running now, if any, ends."""
        self._wanted.set()

    def stop(self) -> None:
        """Stop building: a build under way is ended (its files are written whole or not at
        all, its worker processes end with it; the next build finishes the job)."""
        with self._starting:
            self._stopping.set()
            self._wanted.set()
            process = self._process
        if process is not None and process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
            try:
                process.wait(STOP_WAIT_S)
            except subprocess.TimeoutExpired:
                process.kill()
        if self._thread.is_alive():
            self._thread.join(STOP_WAIT_S)

    def _run(self) -> None:
        while True:
            self._wanted.wait()
            if self._stopping.is_set():
                return
            self._wanted.clear()
            self._build_once()

    def _build_once(self) -> None:
        before = snapshot(self.live.out_dir)
        self.live.build_started()
        click.echo("building the kit", err=True)
        with self._starting:
            if self._stopping.is_set():
                return
            process = self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
            )
        with contextlib.suppress(OSError):  # its worker processes, forked later, inherit it
            os.setpriority(os.PRIO_PROCESS, process.pid, NICENESS)
        out, err = process.communicate()
        self._process = None
        if self._stopping.is_set():
            return
        failures = failures_of(process.returncode, err)
        self.live.build_ended(failures, changed_files(before, snapshot(self.live.out_dir)))
        for line in out.splitlines()[:1] + [f"printgen: {f}" for f in failures]:
            click.echo(line, err=True)  # after the pages were told: "built" means they know


def failures_of(code: int, err: str) -> list[str]:
    """What a build that failed says (its `printgen:` lines, notes left out); none when it
    succeeded."""
    if code == 0:
        return []
    said = [
        line.removeprefix("printgen: ")
        for line in err.splitlines()
        if line.startswith("printgen: ") and not line.startswith("printgen: note:")
    ]
    return said or [f"the build stopped with exit code {code}"]


Snapshot = dict[str, tuple[int, int]]


def snapshot(out_dir: Path) -> Snapshot:
    """Each file of OUT (printgen's own dot-files aside) by its path there: size and time."""
    found: Snapshot = {}
    root = os.fspath(out_dir)
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.startswith("."):
                continue
            path = os.path.join(folder, name)
            with contextlib.suppress(OSError):
                info = os.stat(path)
                found[os.path.relpath(path, root).replace(os.sep, "/")] = (
                    info.st_size,
                    info.st_mtime_ns,
                )
    return found


def changed_files(before: Snapshot, after: Snapshot) -> list[str]:
    """The files written or made by a build (a file it found unchanged keeps its time)."""
    return sorted(path for path, stamp in after.items() if before.get(path) != stamp)
