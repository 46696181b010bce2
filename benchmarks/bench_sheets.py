"""Benchmark: read a large deck kept as .xlsx and as .ods (printgen.model.sheets.load_sheet).

    .venv/bin/python benchmarks/bench_sheets.py [--rows 5000] [--columns 20] [--runs 5]

Each workbook is written once by the library that reads it (openpyxl, odfpy), as a designer's
spreadsheet program would write it: a header and `--rows` cards of `--columns` text and number
cells. Reports the median CPU time of `--runs` reads (CPU time: other processes on a shared
machine do not count) and the peak memory of the process. Issue 40 weighs every part of a
workbook before the library reads it; this measures what that costs an honest deck.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.model.sheets import load_sheet  # noqa: E402
from tests.model.designer import write_ods, write_xlsx  # noqa: E402


def deck(rows: int, columns: int) -> list[list[object]]:
    header = ["name", "count", *(f"field {i}" for i in range(columns - 2))]
    cards = [
        [f"Card {r}", 1 + r % 3, *(f"text {r}.{c}" if c % 2 else r * c for c in range(columns - 2))]
        for r in range(rows)
    ]
    return [header, *cards]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=5000)
    parser.add_argument("--columns", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows = deck(args.rows, args.columns)
    with tempfile.TemporaryDirectory() as tmp:
        for suffix, write in ((".xlsx", write_xlsx), (".ods", write_ods)):
            path = Path(tmp) / f"cards{suffix}"
            write(path, {"Cards": rows})
            times = []
            for _ in range(args.runs):
                started = time.process_time()
                table = load_sheet(path, None)
                times.append(time.process_time() - started)
            assert len(table.rows) == args.rows
            print(
                f"{suffix:5} {args.rows} rows x {args.columns} columns "
                f"({path.stat().st_size // 1024} KB): median {statistics.median(times):.3f} s CPU"
            )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"peak memory {peak} MB")


if __name__ == "__main__":
    main()
