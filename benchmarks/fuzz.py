"""Fuzzing at scale: broken copies of the bundled data through validate, score and build.

    .venv/bin/python benchmarks/fuzz.py [--cases 10000] [--builds 100] [--workbooks 1000]
        [--pdfs 1000] [--jobs 2] [--seed 0]

Each case (tests/hardening/fuzzing.py) mutates one game's files (or a situation file for
`score`) and runs printgen in-process in a worker under a time and memory limit; a worker that
dies or stops answering is a failure too (a crash or a hang in C code), and is replaced. Half
the cases run `validate`, half `score`; `--builds` more run `build` on one kit each, and
`--workbooks` more run `validate` on a game whose decks are an .xlsx and an .ods, with the XML
inside them or its design broken, and `--pdfs` more run `preflight` on a PDF whose page is
made of hostile operators or whose bytes are broken (tests/hardening/fuzz_readers.py, issue 40).

Prints the number of cases, of failures, and one example case per kind of failure (paste it
into tests/hardening/test_regressions.py); exits 1 when anything failed. Issue 9: must be 0.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import random
import sys
import tempfile
import time
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.hardening.fuzz_readers import (  # noqa: E402
    add_preflight_pdf,
    add_workbook_game,
    draw_preflight_case,
    draw_workbook_case,
)
from tests.hardening.fuzzing import (  # noqa: E402
    Case,
    Outcome,
    RandomChooser,
    Sandbox,
    draw_case,
)

WATCHDOG_SLACK = 30.0  # seconds past the case's own limit before the worker is killed


def make_case(seed: int, index: int, command: str) -> Case:
    chooser = RandomChooser(random.Random(f"{seed}:{command}:{index}"))
    if command == "workbook":
        return draw_workbook_case(chooser)
    if command == "preflight":
        return draw_preflight_case(chooser)
    return draw_case(chooser, command)


def worker(conn: Connection) -> None:
    with tempfile.TemporaryDirectory(prefix="printgen-fuzz-") as tmp:
        box = Sandbox.create(Path(tmp))
        add_workbook_game(box)
        add_preflight_pdf(box)
        while True:
            job = conn.recv()
            if job is None:
                return
            outcome = box.run(make_case(*job))
            conn.send((outcome.code, outcome.problem, outcome.err[-3000:], outcome.seconds))


class Worker:
    def __init__(self, context: multiprocessing.context.BaseContext) -> None:
        self.context = context
        self.conn, child = context.Pipe()
        self.process = context.Process(target=worker, args=(child,), daemon=False)  # builds fork
        self.process.start()
        child.close()

    def run(self, job: tuple[int, int, str], limit: float) -> tuple[object, ...] | None:
        """The worker's answer, or None when it died or hung (it is then killed)."""
        try:
            self.conn.send(job)
            if self.conn.poll(limit):
                return tuple(self.conn.recv())
        except (EOFError, OSError):
            pass
        self.process.kill()
        self.process.join()
        return None

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.process.join(timeout=10)
        if self.process.is_alive():
            self.process.kill()


def run_jobs(jobs: list[tuple[int, int, str]], workers: int) -> list[Outcome]:
    import threading

    context = multiprocessing.get_context("forkserver")
    outcomes: list[Outcome] = []
    lock = threading.Lock()
    queue = list(reversed(jobs))
    started = time.perf_counter()

    def drive() -> None:
        current = Worker(context)
        while True:
            with lock:
                if not queue:
                    break
                job = queue.pop()
            limit = (90.0 if job[2] == "build" else 20.0) + WATCHDOG_SLACK
            answer = current.run(job, limit)
            case = make_case(*job)
            if answer is None:
                outcome = Outcome(case, None, "", "", "the worker died or hung (crash in C code?)")
                current = Worker(context)
            else:
                code, problem, err, seconds = answer
                outcome = Outcome(case, code, "", str(err), problem, float(seconds))  # type: ignore[arg-type]
            with lock:
                outcomes.append(outcome)
                done = len(outcomes)
                if done % 500 == 0 or done == len(jobs):
                    failed = sum(not o.ok for o in outcomes)
                    print(
                        f"  {done}/{len(jobs)} cases, {failed} failures "
                        f"({time.perf_counter() - started:.0f} s)",
                        file=sys.stderr,
                    )
        current.stop()

    threads = [threading.Thread(target=drive) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def signature(outcome: Outcome) -> str:
    """What kind of failure: the last line of the error, without the data's own values."""
    lines = [line for line in outcome.err.strip().splitlines() if line.strip()]
    last = lines[-1] if lines else outcome.problem or ""
    if "internal error:" in last:
        last = last.split("internal error:")[1].split(":")[0]
    return f"{outcome.case.command} {outcome.case.game}: {outcome.problem}: {last[:160]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000, help="validate + score cases")
    parser.add_argument("--builds", type=int, default=100, help="build cases, on top")
    parser.add_argument("--workbooks", type=int, default=1000, help="workbook cases, on top")
    parser.add_argument("--pdfs", type=int, default=1000, help="preflight cases, on top")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=("validate", "score"), help="one command's cases")
    args = parser.parse_args()

    commands = (args.only,) if args.only else ("validate", "score")
    jobs = [(args.seed, i, commands[i % len(commands)]) for i in range(args.cases)]
    jobs += [(args.seed, i, "build") for i in range(args.builds)]
    jobs += [(args.seed, i, "workbook") for i in range(args.workbooks)]
    jobs += [(args.seed, i, "preflight") for i in range(args.pdfs)]
    started = time.perf_counter()
    outcomes = run_jobs(jobs, args.jobs)
    seconds = time.perf_counter() - started
    failures = [o for o in outcomes if not o.ok]
    by_command = Counter(o.case.command for o in outcomes)
    codes = Counter(o.code for o in outcomes)
    print(
        f"{len(outcomes)} cases ({', '.join(f'{n} {c}' for c, n in sorted(by_command.items()))})"
        f" in {seconds:.0f} s; exit codes {dict(sorted(codes.items(), key=str))}"
    )
    kinds: dict[str, list[Outcome]] = {}
    for outcome in failures:
        kinds.setdefault(signature(outcome), []).append(outcome)
    for kind, found in sorted(kinds.items(), key=lambda item: -len(item[1])):
        print(f"\n{len(found)} x {kind}\n  {found[0].case!r}")
    print(f"\nfailures: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
