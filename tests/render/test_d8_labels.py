"""A d8's labels on its sheet and in the rulebook: squares that fit its triangular faces, and
the sheet's heading says their size and 'die' for one (a designer's trial printed 14 mm
squares for a 16 mm d8 under 'Labels for 1 blank 16 mm dice (14 mm each)')."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pdfplumber

from printgen.kit.names import path_of
from printgen.kit.pieces import piece_files
from printgen.model import load_game

GAME = """\
id: flows
name: Flows
players: {min: 1, max: 4}
components:
  d8: {file: d8.csv, kind: dice, faces: 8, size: 16mm}
"""
D8 = "id,name,count,Face 1,Face 2,Face 3,Face 4,Face 5,Face 6,Face 7,Face 8\n"
D8 += "flow,Lava Flow,1,N,NE,E,SE,S,SW,W,NW\n"


@dataclass
class Options:
    paper: str = "a4"
    preset: str = "tgc"
    crop_marks: bool = True
    gutter_mm: float = 0.0


def test_a_d8s_label_sheet_prints_squares_that_fit_its_faces(tmp_path: Path) -> None:
    folder = tmp_path / "flows"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "d8.csv").write_text(D8)
    made = {path_of(o): data for o, data in piece_files(load_game(folder), Options())}
    with pdfplumber.open(io.BytesIO(made["d8.pdf"])) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        assert "Labels for 1 blank 16 mm die (5.82 mm each)" in text, text
        mm = 25.4 / 72
        cuts = [r for r in page.rects if r["stroke"] and not r["fill"]]  # the cut lines
        sides = [(round(r["width"] * mm, 2), round(r["height"] * mm, 2)) for r in cuts]
        assert sides == [(5.82, 5.82)] * 8, sides  # eight squares of 5.82 mm, no 14 mm one
