"""CPU seconds each hostile workbook and PDF of the hardening tests takes to be refused (or
read), medians of several runs.

    .venv/bin/python benchmarks/bench_bombs.py [--runs N] [--kind xlsx|ods|pdf ...]

tests/hardening/test_workbook_bombs.py and test_preflight_bombs.py hold what bounds that time
(the readers' limits on elements and cells, preflight's budget), not the time itself: a timed
assertion fails on a busy machine. Here the same children run each kind's variants (each
variant's CPU is the child's `time.process_time` around it: a loaded machine changes it
less than the wall clock), and every variant is listed, slowest first, with its median.

Target: each variant in a few seconds on the 2-core reference machine. The slowest are the
.ods variants of 100,000 repeated cells (some 3 s; 11 s when odfpy read .ods files).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests' own variants and children

from tests.hardening import pdfs  # noqa: E402
from tests.hardening.test_preflight_bombs import preflight_each  # noqa: E402
from tests.hardening.test_workbook_bombs import read_each  # noqa: E402

KINDS = ("xlsx", "ods", "pdf")


def seconds_of(kind: str, folder: Path) -> dict[str, float]:
    """Each variant of `kind` (by name) and the CPU seconds it took, in one child."""
    if kind == "pdf":
        bombs = [*pdfs.pdf_bombs(), *pdfs.image_bombs()]
        _paths, results, _peak = preflight_each(folder, [data for _name, data, _said in bombs])
        return {name: r["seconds"] for (name, _data, _said), r in zip(bombs, results, strict=True)}
    workbooks, results, _peak = read_each(folder, kind)
    return {name: r["seconds"] for (name, _p, _e), r in zip(workbooks, results, strict=True)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--kind", action="append", choices=KINDS)
    args = parser.parse_args()
    for kind in args.kind or KINDS:
        runs: dict[str, list[float]] = defaultdict(list)
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as folder:
                for name, seconds in seconds_of(kind, Path(folder)).items():
                    runs[name].append(seconds)
        medians = {name: statistics.median(times) for name, times in runs.items()}
        print(f"{kind}: {len(medians)} variants, {sum(medians.values()):.2f} s CPU in all")
        for name, median in sorted(medians.items(), key=lambda item: -item[1]):
            shown = name if len(name) <= 70 else name[:60] + "..."
            print(f"  {median:6.2f} s  {shown}")


if __name__ == "__main__":
    main()
