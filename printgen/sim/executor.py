"""Where batches of games run: here, or in worker processes. Results come back in batch order.

The interface is one method, `map(function, batches) -> list`, with picklable functions and
batches, so a cluster engine fits behind it without touching game code: for Dask,
`client.gather(client.map(function, batches))`; for Ray, `ray.get([ray.remote(function)
.remote(b) for b in batches])`. Determinism never depends on the executor: each game's seed
comes from the run's seed and the game's index, and batches are merged in order.
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
        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            futures = [pool.submit(function, batch) for batch in batches]
            results = []
            for future in futures:
                result = future.result()
                if on_done:
                    on_done(result)
                results.append(result)
            return results


def executor_for(jobs: int) -> Executor:
    return SerialExecutor() if jobs <= 1 else ProcessExecutor(jobs)


def batched(total: int, size: int) -> Iterable[tuple[int, int]]:
    """(start, stop) ranges of game indexes."""
    for start in range(0, total, size):
        yield start, min(total, start + size)
