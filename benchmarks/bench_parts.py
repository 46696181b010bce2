"""Benchmark: a 500 x 500 mm board tiled on A4, process wall time (issue 31).

    .venv/bin/python benchmarks/bench_parts.py [--runs N]

Each run starts a fresh Python process, as `printgen build` does, and times it from outside:
it imports what the console script imports, loads a small game whose one part is a 500 x
500 mm board (a background, a 10 x 10 square grid of 40 mm cells with their coordinates, a
score track of 100 spaces round its edge) and writes its `board.pdf`: the board whole on an
A1 sheet, then tiled across six A4 pages with overlaps, crosshairs and cut marks. The game
is the one the parts tests build (tests/render/parts/conftest.py). The first run is shown
apart (it fills the user's caches); the median is over the others.

Target: under 2 s median on the 2-core reference machine.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_cards import timed

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 2.0

CALL = """
import sys
from pathlib import Path
import printgen.cli  # what the console script loads before it builds
from printgen.commands.build import BuildOptions
from printgen.kit.write import build_part
from printgen.model import load_game
from printgen.render.parts import part_files
build_part(part_files, load_game(Path(sys.argv[1])), BuildOptions(), Path(sys.argv[2]))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", "printgen"], check=True, cwd=ROOT)
    sys.path.insert(0, str(ROOT))
    from tests.render.parts.conftest import DESIGN, GAME

    with tempfile.TemporaryDirectory() as work:
        folder = Path(work) / "data" / "meadow"
        folder.mkdir(parents=True)
        board_only = GAME.split("  hexmap:")[0]  # the board, not the other parts
        (folder / "game.yaml").write_text(board_only)
        (folder / "design.yaml").write_text(DESIGN.split("  hexmap:")[0])
        (folder / "market.csv").write_text("name,count\nFox,20\n")
        out = Path(work) / "out"
        command = [sys.executable, "-c", CALL, str(folder), str(out)]
        first, _ = timed(command)
        results = [timed(command) for _ in range(args.runs)]
        walls = [wall for wall, _ in results]
        median = statistics.median(walls)
        cpu = statistics.median(c for _, c in results)
        pdf = out / "meadow" / "board.pdf"
        print(
            f"board.pdf (500 x 500 mm, A1 + 6 A4 tiles): first {first:.3f} s; median "
            f"{median:.3f} s wall (CPU {cpu:.3f} s), min {min(walls):.3f}, max {max(walls):.3f}"
            f" over {args.runs} runs; {pdf.stat().st_size} bytes"
        )
    ok = median < TARGET_S
    print(f"target: under {TARGET_S} s: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
