"""A grid's label naming a cell the grid lacks is bad input, as a cell rule's is: `labels:
{Z99: Far Rock}` on a 10 x 8 grid passed validate and printed nowhere, while a cell rule
naming K9 was refused (a designer's trial)."""

from __future__ import annotations

from pathlib import Path

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {min: 2, max: 4}
components:
  goals: {file: goals.csv}
card_size: poker
parts:
  board: {size: [200mm, 160mm]}
"""
DESIGN = """\
parts:
  board:
    boxes:
      sea: {{grid: {{shape: square, columns: 10, rows: 8}},
            labels: {{E4: Harbour, {cell}: Far Rock}}}}
"""


def _game(tmp_path: Path, cell: str) -> None:
    write_game(
        tmp_path, GAME, {"goals.csv": "name,count\nA,2\n", "design.yaml": DESIGN.format(cell=cell)}
    )


def test_a_label_out_of_the_grid_is_named_at_its_box(cli, tmp_path: Path) -> None:
    _game(tmp_path, "Z99")
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 2
    assert "design.yaml:4: box sea: labels: no cell 'Z99' in a 10 x 8 grid (A1 to J8)" in run.err
    assert "Traceback" not in run.err


def test_a_label_in_the_grid_prints(cli, tmp_path: Path) -> None:
    _game(tmp_path, "J8")
    run = cli("validate", "--data", tmp_path, "harbour")
    assert run.code == 0, run.err
