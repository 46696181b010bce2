"""Shared fixtures: a copy of the bundled data to break, and the CLI run in-process."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SUITE_CACHE = ROOT / ".pytest_cache" / "user-cache"
"""The suite's own user cache (parsed YAML, compiled templates, C declarations): a run must
not fill or evict the developer's ~/.cache/printgen, and keeps this one between runs."""
os.environ["XDG_CACHE_HOME"] = str(SUITE_CACHE)

from printgen.cli import main  # noqa: E402  (after the cache is set, as printgen reads it)

CARD_DATA = ROOT / "card_data"


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A private copy of card_data/ that a test may change."""
    target = tmp_path / "card_data"
    shutil.copytree(CARD_DATA, target)
    return target


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]):
    """Run `printgen ARGS...` in-process; returns exit code, stdout and stderr."""

    def run(*args: str | Path) -> Run:
        with pytest.raises(SystemExit) as exited:
            main([str(a) for a in args])
        captured = capsys.readouterr()
        code = exited.value.code
        return Run(code if isinstance(code, int) else 0, captured.out, captured.err)

    return run


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace `old` by `new` in a file, failing loudly when `old` is not there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def add_languages(game: Path, languages: str) -> None:
    """game.yaml of the folder `game` given `languages:` (`"[en, fr]"`), which it lacks."""
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert "\nlanguages:" not in text, f"{path} has its languages already"
    path.write_text(text.rstrip("\n") + f"\nlanguages: {languages}\n", encoding="utf-8")


def add_column(table: Path, header: str, cells: list[str]) -> None:
    """A CSV file given a last column `header`, its cells row by row (rows past them empty)."""
    head, *rows = table.read_text(encoding="utf-8").splitlines()
    filled = [f"{row},{cells[n] if n < len(cells) else ''}" for n, row in enumerate(rows)]
    table.write_text("\n".join([f"{head},{header}", *filled]) + "\n", encoding="utf-8")


@pytest.fixture(scope="session")
def kit_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with only the three kits of tests/kit (the gallery then lists exactly
    those): MyWuXing, The Way and Feng Shui Master make every kind of output between them.
    One folder a test run, shared by the xdist workers (the builds below read it)."""
    from tests.kit.conftest import KITS
    from tests.shared_builds import shared_folder

    def make(folder: Path) -> None:
        for game in KITS:
            shutil.copytree(CARD_DATA / game, folder / "card_data" / game)

    return shared_folder(tmp_path_factory, "kit-data", make) / "card_data"


@pytest.fixture(scope="session")
def two_builds(tmp_path_factory: pytest.TempPathFactory, kit_data: Path) -> tuple[Path, Path]:
    """Two clean builds of `kit_data` (tests/kit and tests/hardening share them), made once a
    test run by whichever xdist worker asks first; tests only read them.

    Each is a `python -m printgen build --jobs 2` of its own, as a designer's build is: made
    inside the worker, it would be a process that had drawn whatever its earlier tests drew,
    and twice (once in CI) such a build differed from a fresh process's in one card PNG, which
    five full runs and targeted trials (fonts resolved first with other options, pdfium's
    batches, hash seeds, cold caches) did not reproduce. What a process keeps between builds
    is tested where it is kept (tests/kit/test_rebuild_in_process.py)."""
    import subprocess

    from tests.hardening.conftest import printgen_command, subprocess_env
    from tests.shared_builds import shared_folder

    def make(folder: Path) -> None:
        for name in ("build-a", "build-b"):
            command = printgen_command(
                "build", "--data", kit_data, "--out", folder / name, "--jobs", "2"
            )
            run = subprocess.run(
                command, env=subprocess_env(), capture_output=True, text=True, check=False
            )
            assert run.returncode == 0, run.stderr

    folder = shared_folder(tmp_path_factory, "two-builds", make)
    return folder / "build-a", folder / "build-b"
