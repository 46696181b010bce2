"""Issue 40, item 2: a workbook is weighed before a library reads it. Every class of hostile
`.xlsx` and `.ods` (tests/hardening/workbooks.py: lying dimensions, floods of styles, strings,
merged ranges, cells and tables, repeats and spans, deep XML, zip bombs) is read in a child
process under a memory ceiling and a CPU limit; each must end in its refusal (or read as what
it is), the child's peak memory small whatever the variant claims, and the readers given no
more than their limits allow: the .ods reader keeps at most `ods.MAX_ELEMENTS` cells, openpyxl
builds at most `xlsx.MAX_CELLS`. Those counts, not the clock, are what the test holds (a timed
assertion fails on a busy machine, as this one did); the CPU each variant takes is measured
by benchmarks/bench_bombs.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from printgen.model.ods import MAX_ELEMENTS
from printgen.model.xlsx import MAX_CELLS
from tests.hardening import workbooks
from tests.hardening.conftest import CHILD_PEAK_KB, ROOT, subprocess_env

MEMORY_CEILING = 1_500_000_000  # bytes of address space for the child
PEAK_MB = 400  # the most the child may use over all its variants (the interpreter: ~50 MB)

READ_EACH = """
import json, resource, sys, time
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, ({ceiling}, {ceiling}))
resource.setrlimit(resource.RLIMIT_CPU, (120, 120))  # all variants: some 15 s; a hang ends here
import openpyxl.cell.read_only
from printgen.errors import DataError
from printgen.model import ods_content
from printgen.model.sheets import load_sheet
made = {{"ods_cells": 0, "xlsx_cells": 0}}  # what the readers build, variant by variant

def counted(kind, init):
    def counting(self, *args, **kwargs):
        made[kind] += 1
        init(self, *args, **kwargs)
    return counting

ods_content.Cell.__init__ = counted("ods_cells", ods_content.Cell.__init__)
ReadOnlyCell = openpyxl.cell.read_only.ReadOnlyCell
ReadOnlyCell.__init__ = counted("xlsx_cells", ReadOnlyCell.__init__)
for path in sys.argv[1:]:
    made.update(ods_cells=0, xlsx_cells=0)
    started = time.process_time()
    try:
        message = f"read {{len(load_sheet(Path(path), None).rows)}} rows"
    except DataError as exc:
        message = str(exc)
    except BaseException as exc:
        message = f"{{type(exc).__name__}}: {{exc}}"
    print(json.dumps({{"message": message, "seconds": time.process_time() - started, **made}}),
          flush=True)
print(json.dumps({{"peak_mb": {peak_kb} / 1024}}))
"""


def read_each(tmp_path: Path, kind: str) -> tuple[list[workbooks.Bomb], list[dict], float]:
    """Every hostile workbook of `kind` read in one child: the variants, what each came to
    (its message, CPU seconds, the cells the readers built), the child's peak
    MB. benchmarks/bench_bombs.py reads the seconds."""
    bombs = list(workbooks.xlsx_bombs() if kind == "xlsx" else workbooks.ods_bombs())
    paths = []
    for index, (_name, parts, _expect) in enumerate(bombs):
        paths.append(tmp_path / f"variant{index}.{kind}")
        workbooks.write_zip(paths[-1], parts)
        assert paths[-1].stat().st_size < 5_000_000  # under the file limit: the parts count
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            READ_EACH.format(ceiling=MEMORY_CEILING, peak_kb=CHILD_PEAK_KB),
            *map(str, paths),
        ],
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    *results, peak = map(json.loads, run.stdout.splitlines())
    return bombs, results, peak["peak_mb"]


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_hostile_workbooks_are_refused_in_bounded_work_and_memory(
    tmp_path: Path, kind: str
) -> None:
    bombs, results, peak_mb = read_each(tmp_path, kind)
    wrong = [
        (name, result)
        for (name, _parts, expect), result in zip(bombs, results, strict=True)
        if expect not in result["message"]
        or result["ods_cells"] > MAX_ELEMENTS
        or result["xlsx_cells"] > MAX_CELLS
    ]
    assert not wrong, wrong
    assert peak_mb < PEAK_MB, peak_mb


def test_list_refuses_a_workbook_bomb_with_its_file(cli, tmp_path: Path) -> None:
    """`printgen list` reads every deck: a 2 KB sheet claiming 16,384 columns was 2.8 GB."""
    folder = tmp_path / "data" / "bomb"
    folder.mkdir(parents=True)
    styles = workbooks.styles_with("fonts", "<font/>", 200_000)
    workbooks.write_zip(folder / "cards.xlsx", workbooks.xlsx(styles=styles))
    (folder / "game.yaml").write_text(
        "id: bomb\nname: Bomb\nplayers: {min: 2, max: 4}\ncard_size: poker\n"
        "components:\n  deck:\n    file: cards.xlsx\n"
    )
    run = cli("list", "--data", tmp_path / "data")
    assert run.code == 2
    assert "bomb/cards.xlsx: refused: xl/styles.xml holds over 65536 fonts" in run.err
