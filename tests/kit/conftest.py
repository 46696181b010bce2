"""Helpers of the kit tests. Their session fixtures, `kit_data` and `two_builds` (two clean
builds of three kits that between them make every kind of output), live in tests/conftest.py,
so that tests/hardening shares the same builds. `home_kits` gives the five bundled kits built
in each home-printing mode, once a test run for all xdist workers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.cli import main
from tests.shared_builds import shared_folder

KITS = ("mywuxing", "the-way", "feng-shui-master")
CARD_DATA = Path(__file__).resolve().parents[2] / "card_data"


def build(out: Path, *args: str | Path, jobs: int = 2) -> int:
    with pytest.raises(SystemExit) as exited:
        main(["build", *map(str, args), "--out", str(out), "--jobs", str(jobs)])
    code = exited.value.code
    return code if isinstance(code, int) else 0


def snapshot(out: Path) -> dict[str, bytes]:
    """Every file under `out` by its path, but the stamps of OUT's files (.cache/stamps.json:
    their inodes and times on this disk, which no two builds share; printgen.files.stamps)."""
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.relative_to(out).as_posix() != STAMPS_FILE
    }


STAMPS_FILE = ".cache/stamps.json"


MODES: dict[str, tuple[tuple[str, ...], str | None]] = {
    # mode: (build options, the mode whose folder it starts from)
    "a4": (("--paper", "a4"), None),
    "letter": (("--paper", "letter"), "a4"),
    "a4-gutter-saver-nomarks": (
        ("--paper", "a4", "--gutter", "2", "--ink-saver", "--no-crop-marks"),
        "a4",
    ),
    "letter-gutter-saver": (
        ("--paper", "letter", "--gutter", "2", "--ink-saver"),
        "a4-gutter-saver-nomarks",
    ),
}
"""Home-printing modes, each option both ways: plain A4 and Letter, and each paper with a 2 mm
gutter and ink-saving backs, once without and once with crop marks. A mode's build starts from
a copy of an earlier mode's folder, reusing its cache as a designer's next build does."""


def home_kits(factory: pytest.TempPathFactory, mode: str) -> Path:
    """OUT holding the five bundled kits built in `mode`."""
    options, start = MODES[mode]

    def make(out: Path) -> None:
        if start is not None:
            shutil.copytree(home_kits(factory, start), out, symlinks=True)
        assert build(out, "--data", CARD_DATA, *options) == 0

    return shared_folder(factory, f"home-{mode}", make)
