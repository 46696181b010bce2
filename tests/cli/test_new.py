"""`printgen new NAME [--data DIR] [--shape ...]` writes a game folder that validates and builds at
once (DESIGN.md section 11), for cards and for every shape of piece; it refuses a folder already
there and a NAME that cannot be a game's id, leaving nothing behind."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from printgen.cli import main
from printgen.kit.scaffold import SHAPES
from tests.conftest import ROOT

GAMES = {"cards-game": None} | {f"{shape}-game": shape for shape in SHAPES}
"""A new game of each kind: cards (no --shape) and pieces of every shape."""
FRONTS = {"Dawn": 3, "Noon": 1, "Crescent": 3, "Full Moon": 1, "Spark": 3, "Comet": 1}
"""The new game's rows (templates/common/new/cards.csv.in): each name and its count."""


def printgen(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "printgen", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(data folder, OUT): every kind of new game, written by `new` and built in one build."""
    root = tmp_path_factory.mktemp("new")
    data, out = root / "games", root / "out"
    for name, shape in GAMES.items():
        with pytest.raises(SystemExit) as made:
            main(["new", name, "--data", str(data), *(["--shape", shape] if shape else [])])
        assert made.value.code == 0
    build = printgen("build", "--data", data, "--out", out, "--jobs", "2")
    assert build.returncode == 0, build.stderr
    return data, out


def test_every_new_game_validates(built: tuple[Path, Path], cli: Any) -> None:
    data, _ = built
    run = cli("validate", "--data", data, "--json")
    assert run.code == 0, run.out + run.err
    report = run.json()
    assert sorted(report["games"]) == sorted(GAMES)
    for game, result in report["games"].items():
        failed = [c for c in result["checks"] if not c["ok"] and c["level"] == "error"]
        assert result["ok"] and not failed, (game, failed)
        assert sum(result["totals"].values()) == sum(FRONTS.values()), game


def printed_names(pdf: Path) -> dict[str, int]:
    """How many times each row's name is printed in the PDF. Glyphs are drawn one by one, so
    the extracted text has no spaces inside a name (`FullMoon`); the backs carry only the
    game's name and the footers no row's name, so each count is the row's copies."""
    words: list[str] = []
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            words += (page.extract_text() or "").split()
    return {name: words.count(name.replace(" ", "")) for name in FRONTS}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_built_kit_prints_every_row(built: tuple[Path, Path], name: str) -> None:
    _, out = built
    deck = {None: "cards", "circle": "tokens"}.get(GAMES[name], "tiles")
    assert printed_names(out / name / f"{deck}.pdf") == FRONTS
    assert (out / name / "rules.pdf").stat().st_size > 0


def test_an_existing_folder_is_refused_and_kept(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me", encoding="utf-8")
    run = cli("new", "mine", "--data", tmp_path)
    assert run.code == 2
    assert "mine: already exists" in run.err and "Traceback" not in run.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["notes.txt"]


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("My Game", "did you mean 'my-game'?"),
        ("con", "a device name on Windows"),
        ("x" * 65, "at most 64"),
        ("../escape", "did you mean 'escape'?"),
    ],
)
def test_a_bad_name_is_named_and_nothing_written(
    cli: Any, tmp_path: Path, name: str, says: str
) -> None:
    run = cli("new", name, "--data", tmp_path / "games")
    assert run.code == 2
    assert says in run.err and "Traceback" not in run.err
    assert not (tmp_path / "games").exists()
    assert not (tmp_path / "escape").exists()


def test_a_name_that_differs_only_in_case_is_refused(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "Tavern").mkdir()
    run = cli("new", "tavern", "--data", tmp_path)
    assert run.code == 2 and "same name once case is ignored" in run.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Tavern"]


def test_the_comments_point_to_pages_that_exist() -> None:
    folder = ROOT / "templates" / "common" / "new"
    pages = {m for f in folder.iterdir() for m in re.findall(r"docs/[\w-]+\.md", f.read_text())}
    assert pages and all((ROOT / page).is_file() for page in pages), pages
