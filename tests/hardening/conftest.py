"""Shared by the hardening tests (issue 9): a sandbox for fuzz cases, the kit builds of
tests/kit (built once a session, shared), and running printgen in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hardening.fuzzing import Sandbox

ROOT = Path(__file__).resolve().parents[2]

# A child's own peak memory in KiB, as code for it to print. Not getrusage's ru_maxrss:
# Linux keeps that across exec, so a child of a 400 MB pytest worker starts at 400 MB.
CHILD_PEAK_KB = (
    "int(next(line for line in open('/proc/self/status') if line.startswith('VmHWM')).split()[1])"
)


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """A private copy of card_data/ that fuzz cases break and mend again."""
    yield Sandbox.create(tmp_path_factory.mktemp("fuzz"))


def printgen_command(*args: str | Path) -> list[str]:
    return [sys.executable, "-m", "printgen", *map(str, args)]


def subprocess_env(**extra: str) -> dict[str, str]:
    """The environment of a printgen subprocess: the project importable from any folder."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


def run_printgen(
    *args: str | Path, cwd: Path, timeout: float = 300, **env: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        printgen_command(*args),
        cwd=cwd,
        env=subprocess_env(**env),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def run_python(
    code: str,
    *args: str | Path,
    cwd: Path,
    timeout: float = 600,
    env: dict[str, str] | None = None,
) -> list[str]:
    """The lines a child Python prints running `code` over `args` (the bomb tests: each variant
    in one child, its limits its own), in `env` (default `subprocess_env()`); the child must
    end well."""
    run = subprocess.run(
        [sys.executable, "-c", code, *map(str, args)],
        env=subprocess_env() if env is None else env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout.splitlines()


TINY_GAME = """\
id: tiny
name: Tiny
players: {min: 2, max: 4}
elements: [fire, water]
card_size: poker
kinds:
  card: {label: Card}
components:
  deck:
    file: cards.csv
    declared: 3
"""
TINY_CARDS = "id,name,count,kind\nember,Ember,2,card\nwave,Wave,1,card\n"
TINY_RULES = "# Tiny\n\nPlay a card.\n\n{{ components() }}\n"


def write_tiny(root: Path) -> Path:
    """`root/data`, the data folder of a game of three cards, with a rulebook: a build takes
    seconds."""
    folder = root / "data" / "tiny"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(TINY_GAME, encoding="utf-8")
    (folder / "cards.csv").write_text(TINY_CARDS, encoding="utf-8")
    (folder / "rules.md").write_text(TINY_RULES, encoding="utf-8")
    return folder.parent


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    """The data folder of a game of three cards, with a rulebook (`write_tiny`)."""
    return write_tiny(tmp_path)
