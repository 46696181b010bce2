"""Simulation speed: games per second per core, and 10,000 games with two worker processes.

    .venv/bin/python benchmarks/bench_sim.py                 # everything (a few minutes)
    .venv/bin/python benchmarks/bench_sim.py --part core     # games/s per core only
    .venv/bin/python benchmarks/bench_sim.py --part jobs --only the-way

Each figure is the median of `--repeats` runs (the machine may be shared: medians, not best
times; the load average is printed with the results). Targets (issue 7): at least 1,000 games
per second per core for MyWuXing Learn, Elementa and CL4SH with the random bot; 10,000 games of
any game in under 20 s with --jobs 2. Issue 19 raised MyWuXing's (random bots) to 4,000.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from dataclasses import dataclass, field

from printgen.model import data_dir_default
from printgen.sim.runner import SimSpec, play_batch, simulate


@dataclass(frozen=True)
class Case:
    name: str
    game: str
    players: int
    bots: tuple[str, ...] = ("random",)
    options: dict[str, object] = field(default_factory=dict)
    games: int = 1000  # per timed run, one core
    target: float = 0.0  # games/s per core the issue asks for (0: none)

    def spec(self, seed: int = 0) -> SimSpec:
        folder = data_dir_default() / self.game
        return SimSpec(folder, self.game, self.players, seed, self.bots, dict(self.options))


CORE = [
    Case("mywuxing learn 2p", "mywuxing", 2, games=5000, target=4000),
    Case("mywuxing think 2p", "mywuxing", 2, options={"mode": "think"}, games=3000),
    Case("elementa 4p", "elementa", 4, games=5000, target=1000),
    Case("cl4sh set 2p", "cl4sh", 2, games=3000, target=1000),
    Case("cl4sh set 4p", "cl4sh", 4, games=2000, target=1000),
    Case("cl4sh competition 2p", "cl4sh", 2, options={"mode": "competition"}, games=500),
    Case("feng-shui 1p", "feng-shui-master", 1, games=1000),
    Case("feng-shui 2p", "feng-shui-master", 2, games=1000),
    Case("the-way versus 2p", "the-way", 2, games=300),
    Case("the-way coop-arc1 2p", "the-way", 2, options={"mode": "coop-arc1"}, games=1000),
    Case("the-way coop-arc2 2p", "the-way", 2, options={"mode": "coop-arc2"}, games=1000),
    Case("mywuxing think 2p greedy", "mywuxing", 2, ("greedy",), {"mode": "think"}, 2000),
    Case("elementa 4p greedy", "elementa", 4, ("greedy",), games=3000),
    Case("cl4sh set 2p greedy", "cl4sh", 2, ("greedy",), games=3000),
    Case("feng-shui 2p greedy", "feng-shui-master", 2, ("greedy",), games=300),
    Case("the-way versus 2p greedy", "the-way", 2, ("greedy",), games=100),
    Case("the-way coop-arc2 2p greedy", "the-way", 2, ("greedy",), {"mode": "coop-arc2"}, 1000),
]

JOBS = [
    Case("mywuxing learn 2p", "mywuxing", 2),
    Case("mywuxing think 2p", "mywuxing", 2, options={"mode": "think"}),
    Case("cl4sh set 2p", "cl4sh", 2),
    Case("the-way versus 2p", "the-way", 2),
    Case("the-way coop-arc1 2p", "the-way", 2, options={"mode": "coop-arc1"}),
    Case("the-way coop-arc2 2p", "the-way", 2, options={"mode": "coop-arc2"}),
    Case("elementa 4p", "elementa", 4),
    Case("feng-shui 2p", "feng-shui-master", 2),
    Case("feng-shui 1p", "feng-shui-master", 1),
]


def per_core(case: Case, repeats: int) -> tuple[float, float]:
    """Median games/s of `repeats` runs of `case.games` games in this process: by the CPU
    time the process got (the core's speed, even on a shared machine), and by the clock."""
    cpu, wall = [], []
    for run in range(repeats):
        spec = case.spec(seed=run)
        start, start_cpu = time.perf_counter(), time.process_time()
        play_batch((spec, 0, case.games))
        cpu.append(case.games / (time.process_time() - start_cpu))
        wall.append(case.games / (time.perf_counter() - start))
    return statistics.median(cpu), statistics.median(wall)


def with_jobs(case: Case, games: int, jobs: int, repeats: int) -> tuple[float, float]:
    """Median seconds for `games` games through `simulate` with `jobs` worker processes: by
    the clock, and the workers' CPU time divided by `jobs` (the clock time on idle cores)."""
    wall, cpu = [], []
    for run in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        simulate(case.spec(seed=run), games, jobs)
        wall.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers, once joined
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        cpu.append(used / jobs)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("core", "jobs", "all"), default="all")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=10_000, help="games for the --jobs part")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    if args.part in ("core", "all"):
        print(f"\ngames per second on one core (median of {args.repeats} runs): CPU, clock")
        for case in (c for c in CORE if args.only in c.name):
            rate, clock = per_core(case, args.repeats)
            verdict = f"  target {case.target:.0f}: {'ok' if rate >= case.target else 'SLOW'}"
            print(f"  {case.name:<30} {rate:8.0f} {clock:8.0f}{verdict if case.target else ''}")
    if args.part in ("jobs", "all"):
        repeats = max(1, args.repeats // 2)
        print(f"\n{args.games} games with --jobs {args.jobs} (median of {repeats} runs)")
        print("  (clock time; and the workers' CPU time / jobs: the clock time on idle cores)")
        for case in (c for c in JOBS if args.only in c.name):
            seconds, idle = with_jobs(case, args.games, args.jobs, repeats)
            verdict = "ok" if seconds < 20 else "ok on idle cores" if idle < 20 else "SLOW"
            print(f"  {case.name:<30} {seconds:6.1f} s {idle:6.1f} s  target 20 s: {verdict}")


if __name__ == "__main__":
    main()
