"""A grid's `labels:` in design.es.yaml merge cell by cell over design.yaml's: a Spanish
table giving only its first cell's word (`labels: {A1: Dado}`) printed an empty grid but for
that cell (a designer's trial). `null` drops a cell's label."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.pieces_game import GOALS_DECK, HARBOUR, write_game

GAME = HARBOUR + "languages: [en, es]\n" + GOALS_DECK + "parts:\n  table: {size: [100mm, 60mm]}\n"
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


def _spanish_words(cli, tmp_path: Path, spanish: str) -> set[str]:
    """The words of table.pdf built `--lang es` over DESIGN with `spanish` as design.es.yaml."""
    files = {"goals.csv": "name,count\nA,2\n", "design.yaml": DESIGN, "design.es.yaml": spanish}
    write_game(tmp_path / "data", GAME, files)
    out = tmp_path / "out"
    run = cli("build", "harbour", "--data", tmp_path / "data", "--out", out, "--lang", "es")
    assert run.code == 0, run.err
    with pdfplumber.open(out / "harbour" / "table.pdf") as pdf:
        return {w["text"] for w in pdf.pages[0].extract_words()}


def test_a_translated_cell_keeps_the_other_cells(cli, tmp_path: Path) -> None:
    words = _spanish_words(cli, tmp_path, SPANISH)
    assert {"Dado", "Odds", "Even", "Roll", "2:1"} <= words
    assert "Die" not in words and "1:2" not in words


def test_a_grid_given_anew_gives_its_labels_anew(cli, tmp_path: Path) -> None:
    """A layer that reshapes the grid replaces its labels: merged, a 2 x 2 Spanish grid
    inherited C1 and was refused (the review of this change)."""
    spanish = (
        "parts:\n  table:\n    boxes:\n      grid: {grid: {shape: square, columns: 2, rows: 2},\n"
        "             labels: {a1: Dado, B1: Par, A2: Tira, B2: '1:2'}}\n"
    )
    words = _spanish_words(cli, tmp_path, spanish)
    assert {"Dado", "Par", "Tira"} <= words and not {"Die", "Even", "Odds"} & words
