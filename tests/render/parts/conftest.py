"""A designer's game with parts, built once a test run (shared by the xdist workers): a
500 x 500 mm board with a square grid and a score track round its edge, a hex map, three score
pads and a tuck box for its 54-card deck; the bundled games' parts on A4 and Letter; and the
outlines read back from their PDFs."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from printgen.commands.build import BuildOptions
from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.parts import part_files
from tests.conftest import CARD_DATA
from tests.shared_builds import shared_folder

PAPERS = ("a4", "letter")

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


@pytest.fixture(scope="session")
def parts_kit_letter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """OUT/meadow with the parts built on Letter."""

    def make(out: Path) -> None:
        game = load_game(meadow(out / "data"))
        build_part(part_files, game, BuildOptions(paper="letter"), out)

    return shared_folder(tmp_path_factory, "parts-meadow-letter", make) / "meadow"


def bundled_parts(factory: pytest.TempPathFactory, game_id: str) -> dict[str, Path]:
    """OUT/<game> of a bundled game with its parts built, on A4 and on Letter."""
    built = {}
    for paper in PAPERS:

        def make(out: Path, paper: str = paper) -> None:
            game = load_game(CARD_DATA / game_id)
            build_part(part_files, game, BuildOptions(paper=paper), out)

        built[paper] = shared_folder(factory, f"{game_id}-parts-{paper}", make) / game_id
    return built


@pytest.fixture(scope="session")
def way(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return bundled_parts(tmp_path_factory, "the-way")


@pytest.fixture(scope="session")
def fsm(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return bundled_parts(tmp_path_factory, "feng-shui-master")


def ring(path) -> list[tuple[float, float]]:
    """The distinct corners of a one-line outline (its closing point dropped)."""
    (line,) = path.outline
    points = list(line)
    while len(points) > 1 and math.dist(points[0], points[-1]) < 1e-6:
        points.pop()
    return points


def extent(path) -> tuple[float, float, float, float]:
    """An outline's box: (x0, y0, x1, y1) in mm."""
    xs, ys = zip(*(p for line in path.outline for p in line), strict=True)
    return min(xs), min(ys), max(xs), max(ys)
