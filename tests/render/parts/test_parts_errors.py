"""Mistakes in parts are bad input: validate and build exit 2 naming the file, the line and
what is wrong (with the close name), never a traceback and never a half-written PDF."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import edit
from tests.render.parts.conftest import meadow


@pytest.fixture
def data(tmp_path: Path) -> Path:
    meadow(tmp_path / "data")
    return tmp_path / "data"


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        (
            "shape: hex, columns: 5",
            "shape: hex, columns: 0",
            "map: {grid: {shape: hex",
            "parts.hexmap.boxes.map.grid.columns: expected a whole number from 1 to 1000, got 0",
        ),
        (
            "spaces: 100, first: 1, size: 18mm",
            "spaces: 120, first: 1, size: 18mm",
            "track: {track:",
            "box track: a track of 120 spaces of 18 mm does not fit round a 490.0 x 490.0 mm"
            " box: it holds at most 104",
        ),
        (
            "columns: 10, rows: 10, size: 40mm",
            "columns: 10, rows: 10, size: 42mm",
            "map: {grid: {columns: 10",
            "box map: a 10 x 10 square grid of 42 mm cells is 420.0 x 420.0 mm, larger than"
            " its 400.0 x 400.0 mm box (cells of at most 40.0 mm fit)",
        ),
        (
            "cells: [{at: [A1, E3]",
            "cells: [{at: [A1, F3]",
            "map: {grid: {shape: hex",
            "box map: cells rule 1: no cell 'F3' in a 5 x 3 grid (A1 to E3)",
        ),
        (
            "shape: hex, columns: 5",
            "shape: hexagon, columns: 5",
            "map: {grid: {shape: hex",
            "parts.hexmap.boxes.map.grid.shape: expected one of square, hex, got 'hexagon'; "
            "did you mean 'hex'?",
        ),
    ],
)
def test_a_grid_or_track_mistake_names_its_line(
    cli, data: Path, old: str, new: str, where: str, message: str
) -> None:
    design = data / "meadow" / "design.yaml"
    edit(design, old, new)
    line = line_of(design, where)
    for command in (("validate",), ("build", "--out", data.parent / "out")):
        run = cli(*command, "--data", data, "meadow")
        assert run.code == 2, run.err
        assert f"design.yaml:{line}: {message}" in run.err, run.err
        said = {
            line.split("design.yaml:")[1] for line in run.err.splitlines() if "design.yaml:" in line
        }
        assert len(said) == 1, run.err  # one mistake, one message (build says it twice)
        assert "Traceback" not in run.err
    assert not (data.parent / "out" / "meadow" / "hexmap.pdf").exists()
    assert not (data.parent / "out" / "meadow" / "board.pdf").exists()


def test_a_tuck_box_for_a_deck_the_game_lacks(cli, data: Path) -> None:
    game = data / "meadow" / "game.yaml"
    edit(game, "tuck_box: market", "tuck_box: markets")
    run = cli("validate", "--data", data, "meadow")
    assert run.code == 2
    line = line_of(game, "deck-box:")
    assert (
        f"game.yaml:{line}: parts.deck-box.tuck_box: the game has no deck 'markets'; did you"
        " mean 'market'?"
    ) in run.err


def test_a_design_for_a_part_the_game_lacks(cli, data: Path) -> None:
    design = data / "meadow" / "design.yaml"
    edit(design, "  score-pad:", "  scorepad:")
    run = cli("validate", "--data", data, "meadow")
    assert run.code == 2
    line = line_of(design, "scorepad:")
    assert (
        f"design.yaml:{line}: parts.scorepad: the game has no part 'scorepad'; did you mean"
        " 'score-pad'?"
    ) in run.err


def test_validate_passes_the_sample_parts_and_lists_them(cli, data: Path) -> None:
    run = cli("validate", "--data", data, "meadow", "--json")
    assert run.code == 0, run.err
    checks = {c["name"]: c for c in run.json()["games"]["meadow"]["checks"]}
    assert checks["part text fits"]["ok"]
    assert checks["part contrast"]["ok"], checks["part contrast"]["detail"]
