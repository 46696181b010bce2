"""The small games of pieces that the piece tests build (issues 31 and 33), written in one place.

`SHAPED` declares one deck of each kind a designer prints besides cards: flat-top hexagon
tiles, corner-up hexagons, two-sided round tokens, rounded rectangles and dice;
tests/render/test_pieces_pdf.py works its expectations out from these sizes and gives its own
rows. `write_game` and `build_game` write and build every piece test's game (the cut files',
the print guide's and the pond kit's too).

tests/printer/test_cut_pieces.py keeps its smaller pieces: with SHAPED's 40 mm tiles the first
and last tile of the cutter's sheet get only 0.25 mm of art past their cut at the top (their
clip stops 21.75 mm from the sheet's edge, the cut 22 mm), which its art check rightly fails.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

SHAPED = """\
  tiles: {file: tiles.csv, shape: hex, size: 40mm}
  upright: {file: upright.csv, shape: hex, size: 30mm, corner_up: true}
  tokens: {file: tokens.csv, shape: circle, size: 25mm, sides: 2}
  rooms: {file: rooms.csv, shape: rounded, size: [50mm, 30mm]}
  dice: {file: dice.csv, kind: dice, size: 18mm}
"""
TILE_MM, UPRIGHT_MM, TOKEN_MM, ROOM_MM, DIE_MM = 40.0, 30.0, 25.0, (50.0, 30.0), 18.0
"""The sizes SHAPED declares: a hexagon's flats, a token's diameter, a die's edge."""


HARBOUR = "id: harbour\nname: Harbour\nplayers: {min: 2, max: 4}\ncard_size: poker\n"
"""The head of the small poker-card game many trial tests build their game.yaml on."""
GOALS_DECK = "components:\n  goals: {file: goals.csv}\n"
PAROLE = (
    "id: parole\nname: Parole\nplayers: {min: 3, max: 8}\ncard_size: poker\nlanguages: [it, en]\n"
)
"""The head of an Italian-first game with English as its second language."""
"""Its one deck of cards, goals.csv, for tests whose game needs no other."""


def write_game(data: Path, game_yaml: str, files: Mapping[str, str]) -> Path:
    """The game folder `data/ID` (ID read from game.yaml's first line) with its files."""
    game_id = game_yaml.split("\n", 1)[0].removeprefix("id:").strip()
    folder = data / game_id
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(game_yaml, encoding="utf-8")
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)  # icons/, art/
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def build_game(work: Path, game_yaml: str, files: Mapping[str, str], *args: str) -> Path:
    """The game written under `work/data` and built into `work/out` (with its own config
    folder, never the user's): the kit's folder, `work/out/ID`."""
    from tests.printer.conftest import printgen

    folder = write_game(work / "data", game_yaml, files)
    out = work / "out"
    run = printgen("build", "--data", work / "data", "--out", out, *args, config=work / "config")
    assert run.returncode == 0, run.stderr
    return out / folder.name


def guide_text(cli: Callable[..., Any], data: Path, out: Path, game_id: str) -> str:
    """`game_id` of `data` built into `out` (`cli` the suite's fixture), and its print guide's
    text, each run of white space one space."""
    import pypdf  # the tests that read a guide

    run = cli("build", game_id, "--data", data, "--out", out)
    assert run.code == 0, run.err
    reader = pypdf.PdfReader(out / game_id / "print-guide.pdf")
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
