"""A part's `{{ copy }}` numbers its printed copies. A designer's trial: a score pad of
`copies: 3` whose label reads "Pad {{ copy }} of {{ copies }}" printed "Pad 1 of 3" three
times, as docs/components.md promises `copy` to a part's boxes: a face was drawn once an
item and printed `copies` times. A design that reads `copy` now draws each copy; one that
does not is drawn once and printed `copies` times, as before."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber

from tests.pieces_game import build_game

GAME = """\
id: pads
name: Pads
players: {min: 2, max: 4}
components:
  deck: {file: cards.csv}
parts:
  pad: {size: [90mm, 120mm], copies: 3}
  log: {size: [90mm, 120mm], copies: 2}
"""
DESIGN = """\
parts:
  pad:
    boxes:
      label: {text: "Pad {{ copy }} of {{ copies }}", size: 14pt, top: 0, height: 12mm}
  log:
    boxes:
      label: {text: "Log of {{ copies }}", size: 14pt, top: 0, height: 12mm}
"""


def test_each_copy_of_a_part_prints_its_own_number(tmp_path: Path) -> None:
    files = {"cards.csv": "id,name,count\nsun,Sun,1\n", "design.yaml": DESIGN}
    kit = build_game(tmp_path, GAME, files)
    texts = {}
    for name in ("pad", "log"):
        with pdfplumber.open(kit / f"{name}.pdf") as pdf:
            texts[name] = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert re.findall(r"Pad \d of \d", texts["pad"]) == ["Pad 1 of 3", "Pad 2 of 3", "Pad 3 of 3"]
    assert re.findall(r"Log of \d", texts["log"]) == ["Log of 2", "Log of 2"], texts["log"]
