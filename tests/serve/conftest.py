"""`printgen serve` run as a designer runs it: its own process, a game folder to edit, a port
the system picks (`--port 0`), stopped with Ctrl-C (SIGINT)."""

from __future__ import annotations

import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.hardening.conftest import TINY_GAME, printgen_command, subprocess_env
from tests.kit.test_gallery import BROWSER_ARGS, CHROMIUM

PARTS = """\
parts:
  pad: {size: [100mm, 140mm], copies: 2, title: Score pad, note: One a game.}
  box: {tuck_box: deck}
"""
CHITS_DECK = """\
  chits:
    file: chits.csv
    shape: circle
    size: 20mm
    declared: 2
"""
GAME = TINY_GAME.replace("kinds:\n", PARTS + "kinds:\n", 1) + CHITS_DECK
"""The hardening tests' tiny game (tests/hardening/conftest.py), with a score pad, a tuck box
and a deck of round tokens."""
CARDS = "id,name,count,kind,text\nember,Ember,2,card,Burns bright.\nwave,Wave,1,card,Washes over.\n"
CHITS = "id,name,count,kind,text\ncoin,Coin,2,card,A token.\n"
WAIT_S = 120.0
"""Generous: the suite runs beside others on two shared cores."""
WAIT_MS = 120_000
"""The browser's waits, as generous. Every wait is on the page's state (an event arrived, the
page reloaded), never a sleep."""


def tiny_game(data: Path) -> Path:
    """A game of three cards and two round tokens, a score pad and a tuck box, no rulebook
    (its build takes seconds)."""
    folder = data / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "cards.csv").write_text(CARDS, encoding="utf-8")
    (folder / "chits.csv").write_text(CHITS, encoding="utf-8")
    return folder


class Serving:
    """A `printgen serve` process: its URL once it listens, its stderr lines as they come."""

    def __init__(self, *args: str | Path) -> None:
        self.process = subprocess.Popen(
            printgen_command("serve", *args),
            env=subprocess_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self._seen = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        assert first.startswith("serving http://"), first + self.err
        self.url = first.split()[1].rstrip("/")
        self.port = int(self.url.rsplit(":", 1)[1])

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self._seen:
                self.lines.append(line.rstrip("\n"))
                self._seen.notify_all()

    @property
    def err(self) -> str:
        return "\n".join(self.lines)

    def wait_for(self, text: str, count: int = 1) -> None:
        """Until `count` lines on stderr hold `text` (a build ended, the watcher runs)."""
        deadline = time.monotonic() + WAIT_S
        with self._seen:
            while sum(text in line for line in self.lines) < count:
                left = deadline - time.monotonic()
                assert left > 0 and self.process.poll() is None, f"no {text!r}:\n{self.err}"
                self._seen.wait(min(left, 1.0))

    def stop(self) -> int:
        """Ctrl-C; the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(WAIT_S)
        finally:
            if self.process.poll() is None:
                self.process.kill()
        self._reader.join(5)
        return code


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Serving, Path, Path]]:
    """One server of the tiny game for a module's tests, its first build done: the server,
    the data folder and OUT."""
    base = tmp_path_factory.mktemp("served")
    tiny_game(base / "data")
    out = base / "out"
    serving = Serving("--data", base / "data", "--out", out, "--port", "0", "--jobs", "1")
    try:
        serving.wait_for("watching")
        serving.wait_for("built ")
        yield serving, base / "data", out
    finally:
        code = serving.stop()
    assert code == 0, serving.err
    assert "stopped" in serving.err


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium, as the gallery's test drives it (skipped where it is not installed)."""
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
