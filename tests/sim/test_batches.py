"""Batch sizes grow with a run; any split of the games gives the same figures."""

from __future__ import annotations

from printgen.sim.runner import (
    BATCH_SIZE,
    MAX_BATCH,
    batch_size,
    new_state,
    simulate,
    tally_batch,
)
from printgen.sim.stats import summarize
from printgen.sim.tally import Tally
from tests.sim.conftest import spec


def test_batches_grow_with_the_run_within_bounds() -> None:
    assert batch_size(1000) == BATCH_SIZE
    assert batch_size(10**8) == MAX_BATCH
    assert batch_size(200_000) == 200_000 // 64


def test_any_split_of_the_games_gives_the_same_summary() -> None:
    s = spec("mywuxing", 3, mode="think")
    whole = simulate(s, 700)
    parts = Tally()
    for start, stop in ((500, 700), (0, 123), (123, 500)):  # uneven, and out of order
        parts.merge(tally_batch((s, start, stop)))
    summary = summarize(parts, 3, new_state(s).teams())
    assert summary == {k: v for k, v in whole.items() if k in summary}
    assert summary["games"] == 700
