"""Where batches of games run: here, or in worker processes. Results come back in batch order.

The interface is one method, `map(function, batches, on_done) -> list`, with a picklable
module-level function (`runner.tally_batch`) and picklable batches (`(SimSpec, start, stop)`),
so a cluster engine fits behind it without touching game code. For Dask:
`futures = client.map(function, batches)`, then `on_done` for each in
`distributed.as_completed(futures)` and `client.gather(futures)`; for Ray:
`refs = [ray.remote(function).remote(b) for b in batches]`, then `ray.get(refs)`. Workers need
printgen installed and the game data at the spec's folder (or a shared path). Determinism
never depends on the executor: each game's seed comes from the run's seed and the game's index,
and a batch's result is a tally of counts, which add up the same in any order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol, TypeVar

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
        pool = ProcessPoolExecutor(max_workers=self.jobs)
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


def executor_for(jobs: int) -> Executor:
    return SerialExecutor() if jobs <= 1 else ProcessExecutor(jobs)


def batched(total: int, size: int) -> Iterable[tuple[int, int]]:
    """(start, stop) ranges of game indexes."""
    for start in range(0, total, size):
        yield start, min(total, start + size)
