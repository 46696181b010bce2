"""A designer's game with parts, built once a test run (shared by the xdist workers): a
500 x 500 mm board with a square grid and a score track round its edge, a hex map, three score
pads and a tuck box for its 54-card deck."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.parts import part_files
from tests.shared_builds import shared_folder

BOARD_MM = 500.0
OVERLAP_MM = 10.0
BACKGROUND = "#e9dfc8"

GAME = """\
id: meadow
name: Meadow
players: {min: 1, max: 4}
card_size: poker
elements: [reed, creek]
components:
  market: {file: market.csv}
parts:
  board: {size: [500mm, 500mm]}
  hexmap: {size: [200mm, 150mm]}
  score-pad: {size: [130mm, 180mm], copies: 3}
  deck-box: {tuck_box: market}
"""
DESIGN = f"""\
parts:
  board:
    boxes:
      background: {{shape: rect, anchor: trim, fill: "{BACKGROUND}"}}
      track: {{track: {{spaces: 100, first: 1, size: 18mm}}, anchor: trim, left: 5mm,
              right: 5mm, top: 5mm, bottom: 5mm, fill: paper, mark: creek.light}}
      map: {{grid: {{columns: 10, rows: 10, size: 40mm}}, anchor: trim, left: 50mm,
            top: 50mm, width: 400mm, height: 400mm, fill: paper, alternate: reed.light,
            stroke: muted, coordinates: true}}
  hexmap:
    boxes:
      map: {{grid: {{shape: hex, columns: 5, rows: 3, size: 30mm}}, fill: paper,
            stroke: ink, labels: {{C2: Nest}}, cells: [{{at: [A1, E3], fill: creek.light,
            icon: creek}}]}}
  score-pad:
    boxes:
      title: {{text: "{{{{ game }}}}: scores", top: 0, height: 12mm, size: 14pt}}
      table: {{grid: {{columns: 5, rows: 8}}, top: 16mm, fill: paper, stroke: muted,
              labels: {{A1: Player, B1: Birds, C1: Nests, D1: Goals, E1: Total}},
              label_size: 8pt}}
"""


def meadow(root: Path) -> Path:
    folder = root / "meadow"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "design.yaml").write_text(DESIGN)
    (folder / "market.csv").write_text("name,count,element\nFox,20,reed\nHare,34,creek\n")
    return folder


@pytest.fixture(scope="session")
def parts_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """OUT/meadow with the parts built on A4."""

    def make(out: Path) -> None:
        game = load_game(meadow(out / "data"))
        build_part(part_files, game, BuildOptions(paper="a4"), out)

    return shared_folder(tmp_path_factory, "parts-meadow", make) / "meadow"
