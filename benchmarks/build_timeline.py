"""Where a cold build's time goes: every piece of every part, in which worker, when, and its CPU.

bench_build.py gives the totals; this gives the timeline behind them, to find the critical
path: one cold `printgen build --jobs N` of a copy of the bundled kits, in this process, with
the kit's piece runner and the gallery's side jobs wrapped to record start, end and CPU time
(worker processes are forked, so they run the wrapped functions). The parent's own steps
(loading, planning, the gallery and print guides at the end) are listed too.

Run: .venv/bin/python benchmarks/build_timeline.py [--jobs 2] [--data card_data]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import printgen.commands.build as build
import printgen.kit.analysis as analysis
import printgen.kit.pages as pages
import printgen.kit.reports as reports
import printgen.kit.run as run

ROOT = Path(__file__).resolve().parent.parent
STARTED = time.time()


def recording(log: Path, kind: str, name: Callable[..., str], function: Any) -> Any:
    """`function`, writing a line to `log` for each call: what, which process, when, CPU. It
    keeps the function's module and name, so the pool pickles it by the name it replaces."""

    @functools.wraps(function)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        wall, cpu = time.time(), time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            line = {
                "kind": kind,
                "name": name(*args),
                "pid": os.getpid(),
                "start": wall - STARTED,
                "end": time.time() - STARTED,
                "cpu": time.process_time() - cpu,
            }
            with log.open("a") as out:
                out.write(json.dumps(line) + "\n")

    return wrapped


def instrument(log: Path) -> None:
    run.run_piece = recording(
        log, "piece", lambda task, piece: f"{task.name}:{piece or '-'}", run.run_piece
    )
    side = [  # the gallery's side jobs, in their modules and by the names callers use
        (reports, "remember", "report", [build]),
        (analysis, "remember_analysis", "analysis", [pages]),
        (pages, "make_pages", "pages", []),
    ]
    for module, name, what, users in side:
        wrapped = recording(
            log,
            "side",
            lambda folder, *_, w=what: f"{w} {Path(folder).name}",
            getattr(module, name),
        )
        for holder in (module, *users):
            setattr(holder, name, wrapped)
    for step in ("load_all", "plan", "write_gallery"):
        setattr(build, step, recording(log, "parent", lambda *a, s=step: s, getattr(build, step)))


def show(rows: list[dict[str, Any]], wall: float) -> None:
    pids = sorted({row["pid"] for row in rows}, key=lambda pid: pid != os.getpid())
    print(f"{'who':6} {'start':>6} {'end':>6} {'wall':>5} {'cpu':>5}  what")
    for row in sorted(rows, key=lambda row: row["start"]):
        who = "parent" if row["pid"] == os.getpid() else f"w{pids.index(row['pid'])}"
        print(
            f"{who:6} {row['start']:6.2f} {row['end']:6.2f} {row['end'] - row['start']:5.2f} "
            f"{row['cpu']:5.2f}  {row['name']}"
        )
    by_part: dict[str, float] = defaultdict(float)
    by_worker: dict[int, float] = defaultdict(float)
    for row in rows:
        part = row["name"].split(":")[0].split("/")[-1] if row["kind"] == "piece" else row["kind"]
        by_part[part] += row["cpu"]
        by_worker[row["pid"]] += row["end"] - row["start"]
    print("CPU by part:", ", ".join(f"{k} {v:.2f} s" for k, v in sorted(by_part.items())))
    busy = ", ".join(
        f"{'parent' if pid == os.getpid() else 'w' + str(pids.index(pid))} {seconds:.2f} s"
        for pid, seconds in sorted(by_worker.items(), key=lambda item: pids.index(item[0]))
    )
    print(f"busy: {busy}; whole build {wall:.2f} s wall")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--data", type=Path, default=ROOT / "card_data")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "card_data"
        shutil.copytree(args.data, data)
        log = Path(tmp) / "timeline.jsonl"
        instrument(log)
        options = build.BuildOptions(jobs=args.jobs)
        started = time.time()
        build.run_build((), data, Path(tmp) / "out", options)
        wall = time.time() - started
        show([json.loads(line) for line in log.read_text().splitlines()], wall)


if __name__ == "__main__":
    main()
