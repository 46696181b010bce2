"""`--executor dask`: a real LocalCluster gives the same bytes as the process pool."""

from __future__ import annotations

import sys
from typing import Any

import pytest

ARGS = ("simulate", "mywuxing", "--players", "3", "--mode", "think", "--games", "600",
        "--seed", "4", "--json", "--jobs", "2")  # fmt: skip


def test_dask_local_cluster_of_two_workers_equals_processes_byte_for_byte(cli: Any) -> None:
    pytest.importorskip("distributed")
    processes = cli(*ARGS)
    dask = cli(*ARGS, "--executor", "dask")
    assert processes.code == dask.code == 0, dask.err
    assert dask.out == processes.out
    assert dask.json()["games"] == 600  # three batches, spread over two workers
    serial = cli(*ARGS[:-2])
    assert serial.out == processes.out


def test_without_distributed_dask_says_how_to_install_it(
    cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    run = cli(*ARGS, "--executor", "dask")
    assert run.code == 2 and run.out == ""
    assert "pip install 'printgen[cluster]'" in run.err


def test_a_scheduler_needs_the_dask_executor(cli: Any) -> None:
    run = cli(*ARGS, "--scheduler", "tcp://127.0.0.1:8786")
    assert run.code == 2 and "--scheduler tcp://127.0.0.1:8786: give --executor dask too" in run.err


def test_an_unreachable_scheduler_is_named(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr("printgen.sim.dask_executor.CONNECT_TIMEOUT", "1s")
    monkeypatch.setattr("printgen.sim.dask_scheduler.HANDSHAKE_SECONDS", 4.0)
    run = cli(*ARGS, "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9")
    assert run.code == 2 and "--scheduler tcp://127.0.0.1:9: cannot connect" in run.err


LADDER = ("compare", "mywuxing", "--mode", "think", "--bots", "random,mcts:1", "--games", "520",
          "--seed", "3", "--json", "--jobs", "2")  # fmt: skip


def test_the_skill_ladder_on_dask_equals_processes_byte_for_byte(cli: Any) -> None:
    """The ladder's seeds are batched like `compare`'s (three batches here, spread over two
    workers); a search bot's playouts are seeded from the game's seed, so Dask, the process
    pool and one process give the same bytes."""
    pytest.importorskip("distributed")
    processes = cli(*LADDER)
    dask = cli(*LADDER, "--executor", "dask")
    assert processes.code == dask.code == 0, dask.err
    assert dask.out == processes.out and dask.json()["games"] == 520
    assert cli(*LADDER[:-2]).out == processes.out
