"""Ctrl-C during a run: the finished games are reported, marked partial, exit 130."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from printgen.sim import runner
from printgen.sim.runner import simulate
from tests.sim.conftest import spec


class StopsAfter:
    """An executor whose user presses Ctrl-C once `batches` batches have finished."""

    def __init__(self, batches: int) -> None:
        self.batches = batches

    def map(
        self, function: Callable[[Any], Any], batches: Sequence[Any], on_done: Any = None
    ) -> list[Any]:
        for batch in batches[: self.batches]:
            on_done(function(batch))
        raise KeyboardInterrupt


def test_the_finished_batches_are_summed_and_marked_partial() -> None:
    s = spec("mywuxing", 3)
    cut = simulate(s, 1000, executor=StopsAfter(2))
    assert cut["games"] == 2 * runner.BATCH_SIZE
    assert cut["partial"] == {"games_asked": 1000}
    whole = simulate(s, 2 * runner.BATCH_SIZE)
    assert {k: v for k, v in cut.items() if k != "partial"} == whole


def test_the_command_prints_the_partial_figures_and_exits_130(
    cli: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("printgen.commands.simulate.executor_for", lambda *a: StopsAfter(1))
    run = cli("simulate", "mywuxing", "--games", "1000", "--json")
    assert run.code == 130
    assert run.json()["games"] == runner.BATCH_SIZE
    assert f"interrupted: {runner.BATCH_SIZE} of 1000 games finished" in run.err
    assert "(partial)" in run.err
