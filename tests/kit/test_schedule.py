"""The order the kit hands pieces to the worker processes (issue 18): the slowest first, and
after one card's edit the edited batch before the batches that will be found unchanged, so the
whole-deck pieces waiting for it start as early as they can."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printgen.commands.build import BuildOptions
from printgen.kit.run import Task, schedule


def test_the_changed_batch_goes_first_then_the_unchanged_ones() -> None:
    pieces = (("decks-0", 3), ("decks", 1), *((f"batch-{n}", 1) for n in range(4)))
    kept = {f"batch-{n}": (("many/cards/c1.png", "0" * 64),) for n in (0, 1, 3)}
    cold = Task("many", Path("many"), "cards", Path("out"), BuildOptions(), "key", pieces)
    order = [piece for _, piece in schedule([replace(cold, unchanged=kept)])]
    assert order == ["decks-0", "decks", "batch-2", "batch-0", "batch-1", "batch-3"]
    assert [piece for _, piece in schedule([cold])] == [
        "decks-0",
        "decks",
        "batch-0",
        "batch-1",
        "batch-2",
        "batch-3",
    ]
