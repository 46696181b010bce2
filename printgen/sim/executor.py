"""Where batches of games run: here, in worker processes, or on a Dask cluster (`dask_executor`).
Results come back in batch order.

The interface is one method, `map(function, batches, on_done) -> list`, with a picklable
module-level function (`runner.tally_batch`) and picklable batches (`(SimSpec, start, stop)`),
so a cluster engine fits behind it without touching game code. Dask ships
(`dask_executor.DaskExecutor`); Ray would fit the same way:
`refs = [ray.remote(function).remote(b) for b in batches]`, then `ray.get(refs)`. Workers need
printgen installed and the game data at the spec's folder (or a shared path). Determinism
never depends on the executor: each game's seed comes from the run's seed and the game's index,
and a batch's result is a tally of counts, which add up the same in any order.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol, TypeVar

from printgen.errors import UsageError
from printgen.files.workers import die_with_parent

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    def map(
        self,
        function: Callable[[T], R],
        batches: Sequence[T],
        on_done: Callable[[R], None] | None = None,
    ) -> list[R]: ...


class SerialExecutor:
    """Runs every batch in this process, in order."""

    def map(
        self,
        function: Callable[[T], R],
        batches: Sequence[T],
        on_done: Callable[[R], None] | None = None,
    ) -> list[R]:
        results = []
        for batch in batches:
            result = function(batch)
            if on_done:
                on_done(result)
            results.append(result)
        return results


class ProcessExecutor:
    """Runs batches in `jobs` worker processes; returns the results in batch order."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs

    def map(
        self,
        function: Callable[[T], R],
        batches: Sequence[T],
        on_done: Callable[[R], None] | None = None,
    ) -> list[R]:
        pool = ProcessPoolExecutor(  # workers end with this process, however it ends
            max_workers=self.jobs, initializer=_start_worker, initargs=(os.getpid(),)
        )
        try:
            futures = [pool.submit(function, batch) for batch in batches]
            results = []
            for future in futures:
                result = future.result()
                if on_done:
                    on_done(result)
                results.append(result)
        except BaseException:  # a broken game or ^C: stop at once, not after every batch
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown()
        return results


EXECUTORS = ("processes", "dask")


def _start_worker(parent: int) -> None:
    """A worker's set-up: Ctrl-C left to the main process, and an end with its parent."""
    ignore_interrupts()
    die_with_parent(parent)


def ignore_interrupts() -> None:
    """In a worker: Ctrl-C reaches the whole process group, and the main process decides."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def executor_for(jobs: int, kind: str = "processes", scheduler: str | None = None) -> Executor:
    """`processes` (this machine; serial for one job) or `dask` (`scheduler`, or a LocalCluster
    of `jobs` workers started for the run)."""
    if kind == "dask":
        # the optional cluster extra's executor (and asyncio) load only with --executor dask
        from printgen.sim.dask_executor import DaskExecutor

        return DaskExecutor(scheduler, jobs)
    if scheduler is not None:
        raise UsageError(f"--scheduler {scheduler}: give --executor dask too")
    return SerialExecutor() if jobs <= 1 else ProcessExecutor(jobs)


def batched(total: int, size: int) -> Iterable[tuple[int, int]]:
    """(start, stop) ranges of game indexes."""
    for start in range(0, total, size):
        yield start, min(total, start + size)
