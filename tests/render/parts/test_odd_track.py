"""A score track of an odd count fills its board's edge: read back from the board's PDF, the
last number sits right under the first (the ring closes), and the bottom row has one number
fewer than the top (a designer's 0-50 track left the corner under 0 blank)."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber

from printgen.commands.build import BuildOptions
from printgen.model import load_game
from printgen.render.parts import part_files

GAME = """\
id: isle
name: Isle
players: {min: 1, max: 4}
components:
  deck: {file: deck.csv}
parts:
  board: {size: [160mm, 160mm]}
"""
DESIGN = """\
parts:
  board:
    boxes:
      score: {track: {spaces: 21, first: 0, size: 15mm}, anchor: trim, left: 5mm, right: 5mm,
              top: 5mm, bottom: 5mm, fill: paper}
"""
MM = 25.4 / 72


def test_a_track_of_21_closes_round_the_board(tmp_path: Path) -> None:
    folder = tmp_path / "isle"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME)
    (folder / "design.yaml").write_text(DESIGN)
    (folder / "deck.csv").write_text("name,count\nFox,2\n")
    made = dict(part_files(load_game(folder), BuildOptions(paper="a4")))
    [board] = [data for output, data in made.items() if str(output.name).startswith("board")]
    with pdfplumber.open(io.BytesIO(board)) as pdf:
        words = pdf.pages[0].extract_words()
    on_board = [w for w in words if w["text"].isdigit() and w["top"] * MM < 200]  # no footer
    numbers = {int(w["text"]): w for w in on_board}
    assert len(on_board) == len(numbers)  # each number once
    assert sorted(numbers) == list(range(21))
    centre = {
        n: ((w["x0"] + w["x1"]) / 2 * MM, (w["top"] + w["bottom"]) / 2 * MM)
        for n, w in numbers.items()
    }
    # 150 mm square, spaces of 15 mm at least: 7 on top (21.4 mm), 6 along the bottom (25 mm),
    # 6 down (25 mm; 4 between the corners each side): 7 + 6 + 8 = 21, worked by hand (6/5/7
    # is 21 too, with 30 x 21.4 mm spaces along the bottom, less square)
    top = [n for n in numbers if abs(centre[n][1] - centre[0][1]) < 1]
    bottom_y = max(y for _, y in centre.values())
    bottom = [n for n in numbers if abs(centre[n][1] - bottom_y) < 1]
    assert (sorted(top), sorted(bottom)) == ([0, 1, 2, 3, 4, 5, 6], [11, 12, 13, 14, 15, 16])
    x0, y0 = centre[0]
    x20, y20 = centre[20]
    assert abs(x20 - x0) < 0.5 and abs((y20 - y0) - 25.0) < 0.5  # right under 0: no gap
