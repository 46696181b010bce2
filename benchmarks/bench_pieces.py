"""Benchmark: a deck of pieces' PDF alone, process wall time (issue 31).

    .venv/bin/python benchmarks/bench_pieces.py [--runs N]

Two decks of a game made for the run: 36 hexagonal tiles 40 mm across (seven kinds, one back
for the deck) and 30 double-sided round tokens 25 mm across (five kinds, each with its own back
drawn from its row, `sides: 2`). Each run starts a fresh Python process, as `printgen build`
does, and times it from outside: it imports what the console script imports, loads the game
and writes `<deck>.pdf` alone (`piece_files(..., [Kind.PIECE_SHEETS], deck)`): every face
drawn by the design engine, packed and mirrored, without the deck's other files or the build
cache. The first run (which fills the user's caches) is shown apart; the median is over the
others. CPU time is shown beside the wall time: on a busy machine the wall time grows, the CPU
time much less.

Target: each PDF under 1 s median on the 2-core reference machine.

    .venv/bin/python benchmarks/bench_pieces.py --unique 1000 [--runs 3]

A large deck instead: `--unique N` tiles, every one its own kind (count 1, its own name and
points, so N faces to draw), and N tokens each with its own back (2N faces). It reports the
same times and the peak memory (largest resident set) of the process writing each PDF, read
from `getrusage(RUSAGE_CHILDREN)` of a small wrapper process that runs only that one.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_cards import series

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 1.0

GAME = """\
id: marsh
name: Marsh
players: {min: 1, max: 4}
elements: [reed, creek, mudflat, saltpan]
columns:
  terrain: element?
  points: int[0..9]?
components:
  tiles: {file: tiles.csv, shape: hex, size: 40mm}
  tokens: {file: tokens.csv, shape: circle, size: 25mm, sides: 2}
"""
TILES = """\
name,count,terrain,points
Reed bed,8,reed,1
Reed with nest,2,reed,2
Creek,8,creek,1
Creek bend,2,creek,2
Mudflat,8,mudflat,1
Mudflat with nest,2,mudflat,2
Saltpan,6,saltpan,3
"""
TOKENS = """\
name,count,terrain,points,nest,eggs
Avocet,6,mudflat,2,Avocet nest,3
Redshank,6,saltpan,1,Redshank nest,2
Curlew,6,reed,3,Curlew nest,4
Little Egret,6,creek,2,Egret nest,3
Oystercatcher,6,mudflat,1,Oystercatcher nest,2
"""

CALL = """
import sys
from pathlib import Path
import printgen.cli  # what the console script loads before it builds
from printgen.commands.build import BuildOptions
from printgen.kit.pieces import piece_files
from printgen.model import load_game
from printgen.render.outputs import Kind
game = load_game(Path(sys.argv[1]))
for output, data in piece_files(game, BuildOptions(), [Kind.PIECE_SHEETS], sys.argv[3]):
    (Path(sys.argv[2]) / f"{output.name}.pdf").write_bytes(data)
"""


WRAP = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def unique_rows(count: int) -> tuple[str, str]:
    """tiles.csv and tokens.csv of `count` rows each, every row its own kind."""
    terrains = ("reed", "creek", "mudflat", "saltpan")
    birds = ("Avocet", "Redshank", "Curlew", "Little Egret", "Oystercatcher")
    tiles = ["name,count,terrain,points"]
    tokens = ["name,count,terrain,points,nest,eggs"]
    for k in range(count):
        terrain = terrains[k % len(terrains)]
        tiles.append(f"{terrain.capitalize()} {k + 1},1,{terrain},{k % 10}")
        bird = birds[k % len(birds)]
        tokens.append(f"{bird} {k + 1},1,{terrain},{k % 10},{bird} nest {k + 1},{k % 5 + 1}")
    return "\n".join(tiles) + "\n", "\n".join(tokens) + "\n"


def peak_mb(command: list[str]) -> float:
    """The largest resident set of the process `command` starts, in MB."""
    done = subprocess.run(
        [sys.executable, "-c", WRAP, *command], check=True, cwd=ROOT, capture_output=True, text=True
    )
    return int(done.stdout.split()[-1]) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--unique", type=int, default=0, help="N tiles and N tokens, all kinds")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", "printgen"], check=True, cwd=ROOT)
    medians = []
    with tempfile.TemporaryDirectory() as work:
        game = Path(work) / "marsh"
        game.mkdir()
        (game / "game.yaml").write_text(GAME)
        tiles, tokens = unique_rows(args.unique) if args.unique else (TILES, TOKENS)
        (game / "tiles.csv").write_text(tiles)
        (game / "tokens.csv").write_text(tokens)
        for deck in ("tiles", "tokens"):
            command = [sys.executable, "-c", CALL, str(game), work, deck]
            medians.append(series(f"{deck}.pdf", command, args.runs))
            size = (Path(work) / f"{deck}.pdf").stat().st_size
            print(f"{deck}.pdf: {size} bytes ({size / 1000:.1f} KB)")
            if args.unique:
                print(f"{deck}.pdf: peak memory {peak_mb(command):.0f} MB")
    if args.unique:
        return 0  # no target for a large deck: its numbers are for comparing
    ok = all(median < TARGET_S for median in medians)
    print(f"target: each under {TARGET_S} s: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
