"""A tiny game built with and without a printer's back offset (issue 33): three poker cards,
two round tokens with their own backs, and a one-page rulebook (so a booklet), built once a
test run for the tests of this folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

GAME = """\
id: duo
name: Duo
players: {min: 2, max: 2}
card_size: poker
components:
  deck: {file: cards.csv}
  tokens: {file: tokens.csv, shape: circle, size: 25mm, sides: 2}
"""
FILES = {
    "cards.csv": "name,count,text\nRiver,3,Flows around the stone.\nStone,1,Stays.\n",
    "tokens.csv": "name,count\nSun,2\n",
    "rules.md": "## Setup\n\nDeal every card.\n",
}


def make_game(folder: Path) -> Path:
    """The game's data folder under `folder`."""
    game = folder / "data" / "duo"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    for name, text in FILES.items():
        (game / name).write_text(text)
    return folder / "data"


def printgen(*args: str | Path, config: Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`python -m printgen ARGS` with its own config folder (never the user's)."""
    import os

    env = dict(os.environ, PRINTGEN_CONFIG_DIR=str(config))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "printgen", *map(str, args)]
    return subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, check=False)


@pytest.fixture(scope="session")
def offset_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The game built three times: plain, with --back-offset 1.5,-0.75, and with --printer
    after `calibrate --save` of the same offset. Each value: the build's OUT/duo folder."""
    from tests.shared_builds import shared_folder

    builds = {
        "plain": (),
        "offset": ("--back-offset", "1.5,-0.75"),
        "printer": ("--printer", "office"),
    }

    def make(work: Path) -> None:
        data = make_game(work)
        config = work / "config"
        saved = printgen("calibrate", "--save", "office", "--offset", "1.5,-0.75", config=config)
        assert saved.returncode == 0, saved.stderr
        for name, extra in builds.items():
            out = work / name
            run = printgen("build", "--data", data, "--out", out, *extra, config=config)
            assert run.returncode == 0, run.stderr

    work = shared_folder(tmp_path_factory, "duo-offsets", make)
    return {name: work / name / "duo" for name in builds}
