"""weasyprint's C declarations loaded from the user's cache in a fresh process: the same PDF
bytes as when weasyprint parses them itself, and a damaged cached module is not fatal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROBE = """
import hashlib, sys
from pathlib import Path
from printgen.render.rulebook.pdf import render_pdf
folder = Path(sys.argv[1])
html = '<html lang="en"><h1>Probe</h1><p>Fire and water</p>'
data = render_pdf(lambda toc: html, "", folder, [folder], "probe")
from weasyprint.text import ffi
print(type(ffi.ffi).__module__, hashlib.sha256(data).hexdigest())
"""


def test_a_fresh_process_loads_weasyprint_declarations_from_the_cache(tmp_path: Path) -> None:
    def probe() -> tuple[str, str]:
        env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
        run = subprocess.run(
            [sys.executable, "-c", PROBE, str(tmp_path)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        kind, digest = run.stdout.split()
        return kind, digest

    kind, digest = probe()  # the first writes the module, says nothing
    assert kind == "_cffi_backend"
    written = list((tmp_path / "printgen" / "cffi").glob("_printgen_pango_*.py"))
    assert len(written) == 1
    assert probe() == (kind, digest)  # the next loads it
    written[0].write_text("raise ImportError('damaged')\n")  # a damaged one is not fatal:
    assert probe() == ("cffi.api", digest)  # weasyprint parses its declarations itself, same PDF
    assert not written[0].exists()
    assert probe() == (kind, digest)  # and the next process writes the module again
