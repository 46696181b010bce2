"""What issue 33's home-printing outputs cost, medians of several runs of the real command in
a fresh process (wall time and CPU time: on a shared machine compare the CPU time):

- calibrate: `printgen calibrate` (the calibration sheet; the issue asks under 1 s);
- cards: a cold `build mywuxing --jobs 1` (its 54 cards, rulebook and all) into an empty folder;
- cards + cutter: the same with `--cutter silhouette` (the issue asks under 30 % more).

Run: .venv/bin/python benchmarks/bench_printer.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from bench_build import line, timed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    calibrate, plain, cutter = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            calibrate.append(timed(["calibrate", "--out", str(out / "cal")]))
            plain.append(timed(["build", "mywuxing", "--jobs", "1", "--out", str(out / "a")]))
            with_cutter = ["--out", str(out / "b"), "--cutter", "silhouette"]
            cutter.append(timed(["build", "mywuxing", "--jobs", "1", *with_cutter]))
    print(line("calibrate       ", calibrate))
    print(line("cards           ", plain))
    print(line("cards + cutter  ", cutter))
    extra = statistics.median(c for _, c in cutter) / statistics.median(c for _, c in plain) - 1
    print(f"--cutter adds {100 * extra:.0f} % CPU to the build")


if __name__ == "__main__":
    main()
