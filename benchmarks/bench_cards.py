"""Benchmark: MyWuXing's cards.pdf alone, process wall time (issue 4).

    .venv/bin/python benchmarks/bench_cards.py [--runs N] [--game GAME] [--all-outputs]

Each run starts a fresh Python process, as `printgen build` does, and times it from outside.
The process imports what the console script imports (`printgen.cli`, click), loads the game
and calls `build_part(card_files, game, BuildOptions(), OUT, ("cards.pdf",))`: the work of
`printgen build mywuxing` restricted to cards.pdf, without the other parts of the kit (rules,
gallery) or the build cache, which would otherwise skip the work on every run after the first.

The first run also compiles the templates into the user's Jinja cache (and fills the user's
cache of parsed YAML), so it is shown apart; the median is over the other runs. printgen's own
modules are compiled to bytecode first (`compileall`, into the `__pycache__` folders git
ignores), as an installed printgen has them: with PYTHONDONTWRITEBYTECODE set, as in some
shells, Python would otherwise compile its ~280 modules from source in every run, some 0.15 s
that no installed printgen spends; `--as-is` leaves the bytecode as it is, to see that too.
CPU time (user + system) is shown beside the wall time: on a machine busy with other work the
wall time grows, the CPU time much less.

Target: under 0.5 s median on the 2-core reference machine, and cards.pdf with backs under
150 KB. `--all-outputs` also times every card output (both PDFs, the PNGs, the TTS sheets).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S, TARGET_KB = 0.5, 150

CALL = """
import sys
from pathlib import Path
import printgen.cli  # what the console script loads before it builds
from printgen.commands.build import BuildOptions
from printgen.model import load_game
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.kit.cards import card_files
outputs = card_outputs(sys.argv[3].split(",")) if sys.argv[3] else None
build_part(card_files, load_game(Path(sys.argv[1])), BuildOptions(), Path(sys.argv[2]), outputs)
"""


def timed(command: list[str]) -> tuple[float, float]:
    """Wall time of one process, and its CPU time (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def series(name: str, command: list[str], runs: int) -> float:
    first, _ = timed(command)
    results = [timed(command) for _ in range(runs)]
    walls = [wall for wall, _ in results]
    median = statistics.median(walls)
    cpu = statistics.median(c for _, c in results)
    print(
        f"{name:10} first {first:.3f} s; median {median:.3f} s wall (CPU {cpu:.3f} s), "
        f"min {min(walls):.3f}, max {max(walls):.3f} over {runs} runs"
    )
    return median


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--game", default="mywuxing")
    parser.add_argument("--all-outputs", action="store_true")
    parser.add_argument("--as-is", action="store_true", help="do not compile bytecode first")
    args = parser.parse_args()
    if not args.as_is:
        subprocess.run([sys.executable, "-m", "compileall", "-q", "printgen"], check=True, cwd=ROOT)
    unwritten = "PYTHONDONTWRITEBYTECODE set; " if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    print(f"{unwritten}bytecode {'as it is' if args.as_is else 'compiled first'}")
    data = str(ROOT / "card_data" / args.game)
    with tempfile.TemporaryDirectory() as out:
        median = series(
            "cards.pdf", [sys.executable, "-c", CALL, data, out, "cards.pdf"], args.runs
        )
        pdf = Path(out) / args.game / "cards.pdf"
        size_kb = pdf.stat().st_size / 1000
        print(f"cards.pdf: {pdf.stat().st_size} bytes ({size_kb:.1f} KB)")
        if args.all_outputs:
            series("all", [sys.executable, "-c", CALL, data, out, ""], max(3, args.runs // 3))
            folder = Path(out) / args.game
            for path in sorted(folder.rglob("*")):
                if path.is_file() and path.parent == folder:
                    print(f"{path.name}: {path.stat().st_size} bytes")
            total = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
            print(f"all card outputs: {total / 1e6:.1f} MB")
    ok = median < TARGET_S and size_kb < TARGET_KB
    print(f"target: under {TARGET_S} s and {TARGET_KB} KB: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
