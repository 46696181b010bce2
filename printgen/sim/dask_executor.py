"""`--executor dask`: batches of games run on a Dask cluster, results in batch order.

With `--scheduler tcp://host:8786` the batches go to a running cluster (`dask scheduler` on one
machine, `dask worker tcp://host:8786 --nthreads 1` on each of the others, printgen installed
on every one and the game data at the same path); without it a `LocalCluster` of `jobs` worker
processes is started for the run and closed after it. The worker function and its batches are
the ones the process pool gets (`runner.tally_batch`, `(SimSpec, start, stop)`), each game's
seed comes from (seed, game index) and each batch returns counts, so the figures are the same,
byte for byte, whichever executor and however many workers.

`distributed` loads only here; it is the optional extra `printgen[cluster]`.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from printgen.errors import UsageError

T = TypeVar("T")
R = TypeVar("R")

CONNECT_TIMEOUT = "10s"  # a scheduler that does not answer by then is reported, not waited on
INSTALL = "pip install 'printgen[cluster]'  (or: pip install 'dask[distributed]')"


def require_distributed() -> Any:
    """The `distributed` module, or a UsageError saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise UsageError(
            f"--executor dask needs Dask's distributed scheduler, which is not installed: {INSTALL}"
        ) from None
    return distributed


class DaskExecutor:
    """Runs batches as Dask tasks, one task a batch; at most one cluster at a time."""

    def __init__(self, scheduler: str | None = None, jobs: int = 2) -> None:
        self.distributed = require_distributed()
        self.scheduler = scheduler
        self.jobs = jobs

    def map(
        self,
        function: Callable[[T], R],
        batches: Sequence[T],
        on_done: Callable[[R], None] | None = None,
    ) -> list[R]:
        with self._client() as client:
            futures = client.map(function, list(batches), pure=False)
            try:
                for future in self.distributed.as_completed(futures):
                    if on_done:
                        on_done(future.result())
                results: list[R] = client.gather(futures)
            except BaseException:  # a broken game or ^C: drop the waiting batches at once
                client.cancel(futures)
                raise
            return results

    def _client(self) -> Any:
        d = self.distributed
        if self.scheduler:
            try:
                return d.Client(self.scheduler, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError) as exc:
                raise UsageError(f"--scheduler {self.scheduler}: cannot connect: {exc}") from None
        # Workers started while SIGINT is ignored ignore it too (Python then installs no
        # KeyboardInterrupt): a Ctrl-C on the terminal reaches the whole process group, and
        # only this process should decide to stop, reporting the finished batches.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            cluster = d.LocalCluster(
                n_workers=self.jobs,
                threads_per_worker=1,  # the games are pure Python: one process a core
                processes=True,
                dashboard_address=None,
                silence_logs=50,  # CRITICAL only: the run's own output stays readable
            )
        finally:
            signal.signal(signal.SIGINT, previous)
        return _Owned(d.Client(cluster), cluster)


class _Owned:
    """A client and the LocalCluster it was started with, closed together."""

    def __init__(self, client: Any, cluster: Any) -> None:
        self.client, self.cluster = client, cluster

    def __enter__(self) -> Any:
        return self.client

    def __exit__(self, *exc: object) -> None:
        self.client.close()
        self.cluster.close()
