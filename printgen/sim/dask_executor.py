"""`--executor dask`: batches of games run on a Dask cluster, results in batch order.

With `--scheduler tcp://host:8786` the batches go to a running cluster (`dask scheduler` on one
machine, `dask worker tcp://host:8786 --nthreads 1` on each of the others, printgen installed
on every one and the game data at the same path); without it a `LocalCluster` of `jobs` worker
processes is started for the run and closed after it. The worker function and its batches are
the ones the process pool gets (`runner.tally_batch`, `(SimSpec, start, stop)`), each game's
seed comes from (seed, game index) and each batch returns counts, so the figures are the same,
byte for byte, whichever executor and however many workers.

A `--scheduler` is checked and asked who it is first (`printgen.sim.dask_scheduler`), and a
run whose cluster has had no worker for `WORKERLESS_SECONDS` stops with a message instead of
waiting for ever. A scheduler must be trusted: Dask unpickles what it sends back.

`distributed` loads only here; it is the optional extra `printgen[cluster]`. It ships its
types (py.typed), named here for mypy only, so a run without it loads nothing of it.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

from printgen.errors import UsageError
from printgen.sim.dask_scheduler import scheduler_address, workers_of

if TYPE_CHECKING:
    from distributed import Client, Future, LocalCluster

T = TypeVar("T")
R = TypeVar("R")

CONNECT_TIMEOUT = "10s"  # a scheduler that does not answer by then is reported, not waited on
WORKERLESS_SECONDS = 30.0  # a cluster with no worker for this long stops the run
POLL_SECONDS = 1.0
INSTALL = "pip install 'printgen[cluster]'  (or: pip install 'dask[distributed]')"


def require_distributed() -> ModuleType:
    """The `distributed` module, or a UsageError saying how to install it."""
    try:
        import distributed  # optional extra (cluster): only with --executor dask
    except ImportError:
        raise UsageError(
            f"--executor dask needs Dask's distributed scheduler, which is not installed: {INSTALL}"
        ) from None
    return distributed


class DaskExecutor:
    """Runs batches as Dask tasks, one task a batch; at most one cluster at a time."""

    def __init__(self, scheduler: str | None = None, jobs: int = 2) -> None:
        require_distributed()  # not installed: a UsageError now, before any batch
        self.scheduler = scheduler
        self.jobs = jobs

    def map(
        self,
        function: Callable[[T], R],
        batches: Sequence[T],
        on_done: Callable[[R], None] | None = None,
    ) -> list[R]:
        from distributed.comm import CommClosedError  # optional extra (cluster), as above

        with self._client() as client:
            futures = client.map(function, list(batches), pure=False)
            try:
                for future in self._as_completed(client, futures):
                    if on_done:
                        on_done(future.result())
                results: list[R] = client.gather(futures)  # distributed leaves gather untyped
            except BaseException as exc:  # a broken game or ^C: drop the waiting batches at once
                client.cancel(futures)
                if isinstance(exc, CommClosedError):
                    raise UsageError(f"{self._where()}: the connection was lost: {exc}") from None
                raise
            return results

    def _as_completed(self, client: Client, futures: list[Future[R]]) -> Iterator[Future[R]]:
        """The futures as they finish; a UsageError once the cluster has had no worker for
        `WORKERLESS_SECONDS` (none ever joined, or all left)."""
        from distributed import wait  # optional extra (cluster): only with --executor dask

        pending = list(futures)
        idle = 0.0
        while pending:
            try:
                done, waiting = wait(pending, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
            except TimeoutError:
                idle = 0.0 if client.scheduler_info().get("workers") else idle + POLL_SECONDS
                if idle >= WORKERLESS_SECONDS:
                    raise UsageError(
                        f"{self._where()}: no worker for {WORKERLESS_SECONDS:g} s, so no game "
                        f"is played; start one: dask worker {self.scheduler or 'ADDRESS'} "
                        "--nthreads 1"
                    ) from None
                continue
            yield from done
            pending = list(waiting)

    def _where(self) -> str:
        return (
            "the local Dask cluster" if self.scheduler is None else f"--scheduler {self.scheduler}"
        )

    def _client(self) -> Client | _Owned:
        from distributed import Client, LocalCluster  # optional extra (cluster), as above

        if self.scheduler is not None:  # "" too: refused, not a local cluster
            address = scheduler_address(self.scheduler)
            workers_of(address, self.scheduler)  # a scheduler, answering: else a UsageError
            try:
                return Client(address, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError) as exc:
                raise UsageError(f"--scheduler {self.scheduler}: cannot connect: {exc}") from None
        # Workers started while SIGINT is ignored ignore it too (Python then installs no
        # KeyboardInterrupt): a Ctrl-C on the terminal reaches the whole process group, and
        # only this process should decide to stop, reporting the finished batches.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            cluster = LocalCluster(
                n_workers=self.jobs,
                threads_per_worker=1,  # the games are pure Python: one process a core
                processes=True,
                dashboard_address=None,
                silence_logs=50,  # CRITICAL only: the run's own output stays readable
            )
        finally:
            signal.signal(signal.SIGINT, previous)
        return _Owned(Client(cluster), cluster)


class _Owned:
    """A client and the LocalCluster it was started with, closed together."""

    def __init__(self, client: Client, cluster: LocalCluster) -> None:
        self.client, self.cluster = client, cluster

    def __enter__(self) -> Client:
        return self.client

    def __exit__(self, *exc: object) -> None:
        self.client.close()
        self.cluster.close()
