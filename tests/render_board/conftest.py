"""Boards, sheets and components built once per paper for the tests that read them back, once
a test run for all the xdist workers (tests/shared_builds.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.boards import sheet_files
from tests.shared_builds import shared_folder

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "card_data"


@pytest.fixture(scope="session")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """OUT folders of the player sheet kit on A4 and on Letter: {"a4": OUT, "letter": OUT}."""
    built = {}
    for paper in ("a4", "letter"):

        def make(out: Path, paper: str = paper) -> None:
            out.mkdir(parents=True)
            build_part(
                sheet_files,
                load_game(DATA / "feng-shui-master"),
                BuildOptions(paper=paper),
                out,
            )

        built[paper] = shared_folder(tmp_path_factory, f"boards-sheets-{paper}", make)
    return built
