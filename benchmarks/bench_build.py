"""Whole-build timings (issue 8), medians of several runs of the real command in a fresh process:

- cold: every kit, every output, into an empty folder, `--jobs 2`;
- warm: the same build again with nothing changed;
- one card: after editing one MyWuXing card's text.

Run: .venv/bin/python benchmarks/bench_build.py [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRINTGEN = [sys.executable, "-m", "printgen"]


def timed(args: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([*PRINTGEN, *args], check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    cold, warm, one_card, sizes = [], [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "card_data"
            shutil.copytree(ROOT / "card_data", data)
            out = Path(tmp) / "out"
            args = ["build", "--data", str(data), "--out", str(out), "--jobs", "2"]
            cold.append(timed(args))
            sizes.append(sum(p.stat().st_size for p in out.rglob("*") if p.is_file()))
            warm.append(timed(args))
            cards = data / "mywuxing" / "cards.csv"
            cards.write_text(cards.read_text().replace("Destroys every card", "Destroys all cards"))
            one_card.append(timed(args))
    print(f"runs: {runs}")
    print(f"cold full build, --jobs 2: median {statistics.median(cold):.2f} s  {cold}")
    print(f"nothing changed:           median {statistics.median(warm):.2f} s  {warm}")
    print(f"one MyWuXing card edited:  median {statistics.median(one_card):.2f} s  {one_card}")
    print(f"total output size: {statistics.median(sizes) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
