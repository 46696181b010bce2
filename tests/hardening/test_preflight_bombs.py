"""Issue 40, item 5: `printgen preflight` on hostile PDFs. Each variant of
tests/hardening/pdfs.py (content that inflates to gigabytes, through one filter or two;
millions of operators; forms painting forms at slightly different scales, up to 40 levels;
malformed operators; images, inline or not, declaring billions of pixels or whose samples
inflate to gigabytes) is read in a child process under a memory ceiling: it is refused with
exit 2 naming the file and the page, or checked, the child's peak memory small. What bounds
its time is preflight's budget (`printgen.preflight.budget`: bytes decoded, operators,
objects, and CPU seconds, each counted as the file is read), lowered here to 2,000,000
operators; the CPU each variant takes is measured by benchmarks/bench_bombs.py, not asserted
here (a timed assertion fails on a busy machine). Files whose structure lies (page tree loops,
wrong or missing cross-references, cut short) end with exit 0, 1 or 2, never a traceback.
Was: 2.7 MB inflated to 3 GB, 10 million `q Q` aborted the process (std::bad_alloc), 3
levels of 300 scales took 29 s, `12 Tf` exited 3, a file pdfium could not load exited 3."""

from __future__ import annotations

import json
from pathlib import Path

from tests.hardening import pdfs
from tests.hardening.conftest import CHILD_PEAK_KB, ROOT, run_python

MEMORY_CEILING = 1_500_000_000
PEAK_MB = 400

CHECK_EACH = """
import contextlib, io, json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (CEILING, CEILING))
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
    print(json.dumps({"code": code, "err": err.getvalue()[-600:],
                      "seconds": time.process_time() - started}), flush=True)
print(json.dumps(PEAK_KB / 1024))
"""


def preflight_each(tmp_path: Path, files: list[bytes]) -> tuple[list[Path], list[dict], float]:
    """Each file preflighted in one child: the paths, each one's result, the child's peak MB."""
    paths = []
    for index, data in enumerate(files):
        paths.append(tmp_path / f"variant{index}.pdf")
        paths[-1].write_bytes(data)
        assert len(data) < 5_000_000
    code = CHECK_EACH.replace("CEILING", str(MEMORY_CEILING)).replace("PEAK_KB", CHILD_PEAK_KB)
    *results, peak_mb = map(json.loads, run_python(code, *paths, cwd=ROOT, timeout=900))
    return paths, results, peak_mb


def test_hostile_pdfs_are_refused_by_page_in_bounded_memory(tmp_path: Path) -> None:
    bombs = [*pdfs.pdf_bombs(), *pdfs.image_bombs()]
    paths, results, peak_mb = preflight_each(tmp_path, [data for _name, data, _said in bombs])
    wrong = []
    for (name, _data, said), path, result in zip(bombs, paths, results, strict=True):
        if said == pdfs.CHECKED:
            ok = result["code"] in (0, 1) and not result["err"]
        else:
            refusal = f"printgen: {path}: {said}"
            ok = result["code"] == 2 and refusal in result["err"]
        if not ok or "Traceback" in result["err"]:
            wrong.append((name, result))
    assert not wrong, wrong
    assert peak_mb < PEAK_MB, peak_mb


def test_files_whose_structure_lies_end_with_a_message(tmp_path: Path) -> None:
    broken = list(pdfs.broken_files())
    paths, results, peak_mb = preflight_each(tmp_path, [data for _name, data in broken])
    wrong = []
    for (name, _data), path, result in zip(broken, paths, results, strict=True):
        named = result["code"] != 2 or f"printgen: {path}: " in result["err"]
        crashed = result["code"] not in (0, 1, 2) or "internal error" in result["err"]
        if crashed or not named:
            wrong.append((name, result))
    assert not wrong, wrong
    assert peak_mb < PEAK_MB, peak_mb
