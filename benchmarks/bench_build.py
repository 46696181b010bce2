"""Whole-build timings (issue 8), medians of several runs of the real command in a fresh process:

- cold: every kit, every output, into an empty folder, `--jobs 2`;
- warm: the same build again with nothing changed;
- one card: after editing one MyWuXing card's text.

Each is given as wall time and as CPU time (user + system of the command and its worker
processes): on a machine others are using, the wall time says little and the CPU time is the
number to compare; on an idle one, wall time is what a designer waits.

Run: .venv/bin/python benchmarks/bench_build.py [--runs N]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRINTGEN = [sys.executable, "-m", "printgen"]


def timed(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of the command (with its worker processes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([*PRINTGEN, *args], check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def line(label: str, runs: list[tuple[float, float]]) -> str:
    walls = [round(wall, 2) for wall, _ in runs]
    cpus = [round(cpu, 2) for _, cpu in runs]
    return (
        f"{label} median {statistics.median(walls):.2f} s wall, "
        f"{statistics.median(cpus):.2f} s CPU  (wall {walls}, CPU {cpus})"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    cold: list[tuple[float, float]] = []
    warm: list[tuple[float, float]] = []
    one_card: list[tuple[float, float]] = []
    sizes = []
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
    print(line("cold full build, --jobs 2:", cold))
    print(line("nothing changed:          ", warm))
    print(line("one MyWuXing card edited: ", one_card))
    print(f"total output size: {statistics.median(sizes) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
