"""Two clean builds of three kits that between them make every kind of output (card sheets,
print-shop PDF and PNGs, TTS sheets, rulebooks, board, player sheet, components, gallery)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printgen.cli import main
from tests.conftest import CARD_DATA

KITS = ("mywuxing", "the-way", "feng-shui-master")


def build(out: Path, *args: str | Path) -> int:
    with pytest.raises(SystemExit) as exited:
        main(["build", *map(str, args), "--out", str(out), "--jobs", "2"])
    code = exited.value.code
    return code if isinstance(code, int) else 0


@pytest.fixture(scope="session")
def kit_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder with only the three kits (the gallery then lists exactly those)."""
    data = tmp_path_factory.mktemp("data") / "card_data"
    for game in KITS:
        shutil.copytree(CARD_DATA / game, data / game)
    return data


@pytest.fixture(scope="session")
def two_builds(tmp_path_factory: pytest.TempPathFactory, kit_data: Path) -> tuple[Path, Path]:
    first = tmp_path_factory.mktemp("build-a")
    second = tmp_path_factory.mktemp("build-b")
    for out in (first, second):
        assert build(out, "--data", kit_data) == 0
    return first, second


def snapshot(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file()}
