"""Issue 40, item 5: `printgen preflight` on hostile PDFs. Each variant of
tests/hardening/pdfs.py (content that inflates to gigabytes, through one filter or two;
millions of operators; forms painting forms at slightly different scales, up to 40 levels;
malformed operators) is read in a child process under a memory ceiling: it is refused with
exit 2 naming the file and the page, or checked, each within a few seconds of CPU, the
child's peak memory small. Was: 2.7 MB inflated to 3 GB, 10 million `q Q` aborted the
process (std::bad_alloc), 3 levels of 300 scales took 29 s, `12 Tf` exited 3."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.hardening import pdfs
from tests.hardening.conftest import ROOT, subprocess_env

MEMORY_CEILING = 1_500_000_000
PEAK_MB = 400
CPU_SECONDS = 10

CHECK_EACH = """
import contextlib, io, json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({ceiling}, {ceiling}))
resource.setrlimit(resource.RLIMIT_CPU, (300, 300))
from printgen.preflight import budget
budget.MAX_OPERATORS = 2_000_000  # the test's own: the file's budget is 20,000,000 (some 12 s)
from printgen.cli import main
for path in sys.argv[1:]:
    started = time.process_time()
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            main(["preflight", path, "--target", "print"])
            code = 0
        except SystemExit as exc:
            code = exc.code
    print(json.dumps({{"code": code, "err": err.getvalue()[-600:],
                      "seconds": time.process_time() - started}}), flush=True)
print(json.dumps(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
"""


def test_hostile_pdfs_are_refused_by_page_in_bounded_time_and_memory(tmp_path: Path) -> None:
    bombs = list(pdfs.pdf_bombs())
    paths = []
    for index, (_name, data, _said) in enumerate(bombs):
        paths.append(tmp_path / f"variant{index}.pdf")
        paths[-1].write_bytes(data)
        assert len(data) < 5_000_000
    run = subprocess.run(
        [sys.executable, "-c", CHECK_EACH.format(ceiling=MEMORY_CEILING), *map(str, paths)],
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    *results, peak_mb = map(json.loads, run.stdout.splitlines())
    wrong = []
    for (name, _data, said), path, result in zip(bombs, paths, results, strict=True):
        if said == pdfs.CHECKED:
            ok = result["code"] in (0, 1) and not result["err"]
        else:
            refusal = f"printgen: {path}: {said}"
            ok = result["code"] == 2 and refusal in result["err"]
        if not ok or result["seconds"] > CPU_SECONDS or "Traceback" in result["err"]:
            wrong.append((name, result))
    assert not wrong, wrong
    assert peak_mb < PEAK_MB, peak_mb
