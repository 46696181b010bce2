"""Balance lab speed: `compare` of two variants, and Dask against the process pool.

    .venv/bin/python benchmarks/bench_compare.py                  # everything (minutes)
    .venv/bin/python benchmarks/bench_compare.py --part compare   # 2 variants x 20,000 games
    .venv/bin/python benchmarks/bench_compare.py --part dask --games 200000
    .venv/bin/python benchmarks/bench_compare.py --part ladder --games 2000 --playouts 1

Targets (issue 19): `compare mywuxing --vary ...` with 2 variants x 20,000 games in under 10 s
on 2 cores; a Dask LocalCluster within 15 % of `--executor processes` on 200,000 MyWuXing
games, and at least 4,000 games/s per core for MyWuXing with random bots. Issue 38: the skill
ladder (`compare --bots random,greedy,mcts:N`, Think WuXing) on Dask against the process pool,
the same bytes from both (the benchmark checks the summaries are equal).

Each figure is the median of `--repeats` runs. The machine may be shared: besides the clock
time each run also gives the CPU time its workers got (per core: the clock time on idle
cores); the load average is printed with the results.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from printgen.model import data_dir_default
from printgen.model.settings import parse_setting
from printgen.sim.compare import run_compare
from printgen.sim.executor import Executor, executor_for
from printgen.sim.ladder import LadderSpec, ladder_spec, run_ladder, summarize_ladder
from printgen.sim.runner import SimSpec, new_state, simulate

FOLDER = data_dir_default() / "mywuxing"


def timed(run: Callable[[], object], jobs: int) -> tuple[float, float]:
    """Clock seconds, and the CPU seconds of this process and its finished children / jobs."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    mine = time.process_time()
    start = time.perf_counter()
    run()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    children = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, (children + time.process_time() - mine) / jobs


def bench_compare(games: int, jobs: int, repeats: int) -> None:
    base = SimSpec(FOLDER, "mywuxing", 2, 0)
    variants = [
        replace(base, settings=(parse_setting(f"deal.cards_each.2={n}", "--vary"),)) for n in (8, 6)
    ]
    runs = []
    for seed in range(repeats):
        specs = [replace(v, seed=seed) for v in variants]
        runs.append(timed(partial(run_compare, specs, games, executor_for(jobs)), jobs))
    wall = statistics.median(w for w, _ in runs)
    cpu = statistics.median(c for _, c in runs)
    total = 2 * games
    print(f"compare mywuxing, 2 variants x {games} games, --jobs {jobs} (median of {repeats})")
    print(f"  clock {wall:6.1f} s   CPU per core {cpu:6.1f} s (the clock on idle cores)")
    clock_rate, cpu_rate = total / wall / jobs, total / cpu / jobs
    print(f"  {clock_rate:7.0f} games/s per core by the clock, {cpu_rate:7.0f} by CPU time")
    print(f"  target 10 s: {'ok' if wall < 10 else 'ok on idle cores' if cpu < 10 else 'SLOW'}")


def bench_dask(games: int, jobs: int, repeats: int) -> None:
    spec = SimSpec(FOLDER, "mywuxing", 2, 0)
    clock: dict[str, float] = {}
    for kind in ("processes", "dask"):
        runs = []
        for seed in range(repeats):
            executor = executor_for(jobs, kind)
            one = replace(spec, seed=seed)
            runs.append(timed(partial(simulate, one, games, jobs, executor=executor), jobs)[0])
        clock[kind] = statistics.median(runs)
    print(f"\nsimulate mywuxing, {games} games, {jobs} workers (median of {repeats}, clock)")
    for kind, wall in clock.items():
        print(f"  {kind:<10} {wall:6.1f} s  {games / wall / jobs:6.0f} games/s per core")
    ratio = clock["dask"] / clock["processes"]
    print(f"  dask / processes: {ratio:.2f} (target: at most 1.15; the LocalCluster's start is in)")


def ladder_run(
    spec: LadderSpec, games: int, executor: Executor, done: list[dict[str, object]]
) -> None:
    tally, _ = run_ladder(spec, games, executor)
    done.append(summarize_ladder(spec, tally))


def bench_ladder(games: int, jobs: int, repeats: int, playouts: int) -> None:
    """The three-bot skill ladder of Think WuXing on each executor (the seeds batched alike)."""
    base = SimSpec(FOLDER, "mywuxing", 2, 0, options={"mode": "think"})
    bots = ("random", "greedy", f"mcts:{playouts}")
    clock: dict[str, float] = {}
    cpu: dict[str, float] = {}
    summaries: dict[str, list[dict[str, object]]] = {}
    for kind in ("processes", "dask"):
        runs = []
        for seed in range(repeats):
            one_base = replace(base, seed=seed)
            spec = ladder_spec(one_base, bots, new_state(one_base).teams())
            done = summaries.setdefault(kind, [])
            runs.append(
                timed(partial(ladder_run, spec, games, executor_for(jobs, kind), done), jobs)
            )
        clock[kind] = statistics.median(w for w, _ in runs)
        cpu[kind] = statistics.median(c for _, c in runs)
    print(f"\ncompare mywuxing --mode think --bots {','.join(bots)}, {games} seeds a pairing,")
    print(f"  {jobs} workers (median of {repeats}; CPU: this process and its ended children)")
    for kind, wall in clock.items():
        print(f"  {kind:<10} clock {wall:6.1f} s   CPU per core {cpu[kind]:6.1f} s")
    print(f"  dask / processes: {clock['dask'] / clock['processes']:.2f} by the clock")
    same = summaries["dask"] == summaries["processes"]
    print(f"  same summaries on both: {'yes' if same else 'NO'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("compare", "dask", "ladder", "all"), default="all")
    parser.add_argument("--playouts", type=int, default=1, help="the ladder's mcts:N")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", type=int, default=0, help="default: 20,000 / 200,000")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    if args.part in ("compare", "all"):
        bench_compare(args.games or 20_000, args.jobs, args.repeats)
    if args.part in ("dask", "all"):
        bench_dask(args.games or 200_000, args.jobs, args.repeats)
    if args.part in ("ladder", "all"):
        bench_ladder(args.games or 2000, args.jobs, args.repeats, args.playouts)


if __name__ == "__main__":
    main()
