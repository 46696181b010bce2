"""The docs' table of the search bot's strength is drawn from the benchmark's record
(benchmarks/records/mcts_strength.json, written by `bench_mcts.py --record`), never typed."""

from __future__ import annotations

import json

from benchmarks.bench_mcts import BEGIN, DOCS, END, RECORD, docs_table


def test_the_docs_table_is_the_recorded_runs() -> None:
    """`bench_mcts.py --part docs` wrote it: rerun that after recording a run."""
    runs = json.loads(RECORD.read_text())
    _, found, rest = DOCS.read_text().partition(BEGIN)
    assert found, f"{DOCS.name} has no {BEGIN!r}"
    table, found, _ = rest.partition(END)
    assert found, f"{DOCS.name} has no {END!r}"
    assert table == "\n" + docs_table(runs)


def test_every_recorded_rate_lies_in_its_interval() -> None:
    for run in json.loads(RECORD.read_text()):
        for row in run["rows"]:
            low, high = row["ci95"]
            assert 0 <= low <= row["value"] <= high <= 1, (run["label"], row)
            assert row["games"] == run["seeds"], (run["label"], row)
