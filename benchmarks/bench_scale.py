"""Large decks (issue 18): how a cold `printgen build --jobs 2` grows with the number of unique
cards, and where the time goes.

    .venv/bin/python benchmarks/bench_scale.py [--sizes 50,200,1000,5000] [--runs 3]
                                               [--jobs 2] [--outputs] [--edit]

For each N it writes a game folder under /tmp/issue-18-bench/ (or `--scratch DIR`: two people
measuring at once each need their own) with N unique poker cards (no
design of its own, so the shared default design; one line of text a card, every card once),
then builds it cold into an empty OUT in a fresh process, as a designer would. It reports:

- wall: the median over `--runs` builds (1 run from 1,000 cards up: each takes a while), and
  the CPU time (user + system) of the build and its workers, which a busy machine inflates
  much less; the load average before each size is printed beside them;
- peak memory: the largest resident set of any one process of the build (the command and its
  workers), read from `getrusage(RUSAGE_CHILDREN)` of a small wrapper process that runs only
  the build, so the numbers of one build do not leak into the next;
- the build's own progress lines (one per task, with its seconds), when `--tasks` is given;
- with `--outputs`, the time of each card output alone (`card_files(game, options,
  outputs=(name,))` in one fresh process, faces drawn included) and its milliseconds a card;
- with `--edit`, the time of a rebuild after one card's text changed (the per-card cache):
  the median of `--edits` such rebuilds (5), each to a new text.

The machine is shared: compare medians measured the same way, and say how loaded it was.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = Path("/tmp/issue-18-bench")
GAME = "scale"

GAME_YAML = """\
id: scale
name: Scale Benchmark
players: {min: 2, max: 4}
card_size: poker
components:
  deck:
    file: cards.csv
"""

WRAPPER = """
import json, resource, subprocess, sys, time
started = time.perf_counter()
run = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - started
usage = resource.getrusage(resource.RUSAGE_CHILDREN)  # the build and its workers
print(json.dumps({"code": run.returncode, "wall": wall, "peak_mb": usage.ru_maxrss / 1024,
                  "cpu": usage.ru_utime + usage.ru_stime, "err": run.stderr}))
"""

OUTPUT_TIMES = """
import json, sys, time
from pathlib import Path
import printgen.cli
from printgen.commands.build import BuildOptions
from printgen.model import load_game
from printgen.kit.names import CARD_SELECTION
from printgen.kit.cards import card_files
game = load_game(Path(sys.argv[1]))
times = {}
for name, kind in CARD_SELECTION.items():
    started = time.perf_counter()
    for _ in card_files(game, BuildOptions(), (kind,)):  # made one at a time: make them all
        pass
    times[name] = time.perf_counter() - started
print(json.dumps(times))
"""


def make_game(root: Path, cards: int) -> Path:
    """A data folder holding one game of `cards` unique cards."""
    folder = root / GAME
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "text"])
        for number in range(1, cards + 1):
            writer.writerow(
                [f"Card {number}", f"Card {number}: draw {number % 5 + 1}, pass one to the left."]
            )
    return root


def build(data: Path, out: Path, jobs: int) -> dict[str, object]:
    """One build in a fresh process tree: its wall time, peak memory and progress lines."""
    command = [sys.executable, "-m", "printgen", "build", "--data", str(data), "--out", str(out)]
    command += ["--jobs", str(jobs)]
    run = subprocess.run(
        [sys.executable, "-c", WRAPPER, *command],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    result: dict[str, object] = json.loads(run.stdout)
    if result["code"] != 0:
        raise SystemExit(f"the build failed:\n{result['err']}")
    return result


def cold(cards: int, runs: int, jobs: int) -> tuple[float, float, float, str]:
    """Median wall, CPU time (user + system, the build and its workers) and peak memory of
    `runs` cold builds, and the last build's progress."""
    data = make_game(SCRATCH / f"data-{cards}", cards)
    walls, cpus, peaks, err = [], [], [], ""
    for _ in range(runs):
        out = SCRATCH / f"out-{cards}"
        shutil.rmtree(out, ignore_errors=True)
        result = build(data, out, jobs)
        walls.append(float(str(result["wall"])))
        cpus.append(float(str(result["cpu"])))
        peaks.append(float(str(result["peak_mb"])))
        err = str(result["err"])
    return statistics.median(walls), statistics.median(cpus), statistics.median(peaks), err


def edited(cards: int, jobs: int, edits: int = 1) -> tuple[float, float]:
    """The median wall and CPU time of `edits` rebuilds, each after one card's text changed to
    a text it never had (the cold build of `cold` is in OUT): an edit back to an earlier text
    would find its card's files in the build store."""
    data = SCRATCH / f"data-{cards}"
    table = data / GAME / "cards.csv"
    middle = cards // 2 or 1
    walls, cpus = [], []
    for number in range(1, edits + 1):
        rows = table.read_text(encoding="utf-8").splitlines(keepends=True)
        rows[middle] = f'Card {middle},"Card {middle}: now draw {number}, pass one on."\n'
        table.write_text("".join(rows), encoding="utf-8")
        result = build(data, SCRATCH / f"out-{cards}", jobs)
        walls.append(float(str(result["wall"])))
        cpus.append(float(str(result["cpu"])))
    return statistics.median(walls), statistics.median(cpus)


def output_times(cards: int) -> dict[str, float]:
    data = make_game(SCRATCH / f"data-{cards}", cards)
    run = subprocess.run(
        [sys.executable, "-c", OUTPUT_TIMES, str(data / GAME)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    times: dict[str, float] = json.loads(run.stdout)
    return times


def main() -> None:
    global SCRATCH
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,200,1000,5000")
    parser.add_argument("--runs", type=int, default=3, help="builds per size under 1,000 cards")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--outputs", action="store_true", help="time each card output alone")
    parser.add_argument("--edit", action="store_true", help="time a one-card edit too")
    parser.add_argument("--edits", type=int, default=5, help="one-card edits (median) with --edit")
    parser.add_argument("--tasks", action="store_true", help="print the build's progress lines")
    parser.add_argument("--scratch", type=Path, default=SCRATCH, help="where games and kits go")
    args = parser.parse_args()
    SCRATCH = args.scratch
    sizes = [int(size) for size in args.sizes.split(",")]
    print(f"printgen build --jobs {args.jobs}, cold; {time.strftime('%Y-%m-%d %H:%M')}")
    print(
        "| unique cards | wall | CPU (user + system) | peak memory of the largest process "
        "| one card edited: median wall (CPU) | load average before |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for cards in sizes:
        runs = args.runs if cards < 1000 else 1
        load = os.getloadavg()[0]
        wall, cpu, peak, err = cold(cards, runs, args.jobs)
        edit = "-"
        if args.edit:
            edit_wall, edit_cpu = edited(cards, args.jobs, args.edits)
            edit = f"{edit_wall:.1f} s ({edit_cpu:.1f} s)"
        print(
            f"| {cards:,} | {wall:.1f} s | {cpu:.1f} s | {peak:,.0f} MB | {edit} | {load:.1f} |",
            flush=True,
        )
        if args.tasks:
            for line in err.splitlines():
                if line.startswith("["):
                    print(f"    {line}")
    if args.outputs:
        for cards in sizes:
            times = output_times(cards)
            each = ", ".join(
                f"{name} {seconds:.1f} s ({seconds / cards * 1000:.1f} ms a card)"
                for name, seconds in times.items()
            )
            print(f"{cards:,} cards, each output alone in one process (faces included): {each}")


if __name__ == "__main__":
    main()
