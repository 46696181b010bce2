"""A grid's `labels:` in design.es.yaml merge cell by cell over design.yaml's: a Spanish
table giving only its first cell's word (`labels: {A1: Dado}`) printed an empty grid but for
that cell (a designer's trial). `null` drops a cell's label."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.pieces_game import write_game

GAME = """\
id: harbour
name: Harbour
players: {min: 2, max: 4}
card_size: poker
languages: [en, es]
components:
  goals: {file: goals.csv}
parts:
  table: {size: [100mm, 60mm]}
"""
DESIGN = """\
parts:
  table:
    boxes:
      grid: {grid: {shape: square, columns: 3, rows: 2},
             labels: {A1: Die, B1: Odds, C1: Even, A2: Roll, B2: "1:2", C2: "2:1"}}
"""
SPANISH = """\
parts:
  table:
    boxes:
      grid: {labels: {A1: Dado, B2: null}}
"""


def test_a_translated_cell_keeps_the_other_cells(cli, tmp_path: Path) -> None:
    files = {"goals.csv": "name,count\nA,2\n", "design.yaml": DESIGN, "design.es.yaml": SPANISH}
    write_game(tmp_path / "data", GAME, files)
    out = tmp_path / "out"
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", out, "--lang", "es")
    assert run.code == 0, run.err
    with pdfplumber.open(out / "harbour" / "table.pdf") as pdf:
        words = {w["text"] for w in pdf.pages[0].extract_words()}
    assert {"Dado", "Odds", "Even", "Roll", "2:1"} <= words
    assert "Die" not in words and "1:2" not in words


def test_a_grid_given_anew_gives_its_labels_anew(cli, tmp_path: Path) -> None:
    """A layer that reshapes the grid replaces its labels: merged, a 2 x 2 Spanish grid
    inherited C1 and was refused (the review of this change)."""
    spanish = (
        "parts:\n  table:\n    boxes:\n      grid: {grid: {shape: square, columns: 2, rows: 2},\n"
        "             labels: {a1: Dado, B1: Par, A2: Tira, B2: '1:2'}}\n"
    )
    files = {"goals.csv": "name,count\nA,2\n", "design.yaml": DESIGN, "design.es.yaml": spanish}
    write_game(tmp_path / "data", GAME, files)
    out = tmp_path / "out"
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", out, "--lang", "es")
    assert run.code == 0, run.err
    with pdfplumber.open(out / "harbour" / "table.pdf") as pdf:
        words = {w["text"] for w in pdf.pages[0].extract_words()}
    assert {"Dado", "Par", "Tira"} <= words and not {"Die", "Even", "Odds"} & words
