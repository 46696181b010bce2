"""The build's summary counts a shop that failed: a dtc shop refused by its preflight (a
picture at 24 dpi) ended in 'built 1 part, 0 unchanged, 0 failed' and exit 1, the summary
saying nothing failed above the message that said it did (found by a designer's trial)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.render.winds import winds_game


def test_a_failed_shop_is_counted_in_the_summary(tmp_path: Path) -> None:
    winds_game(tmp_path / "data")
    run = subprocess.run(
        [sys.executable, "-m", "printgen", "build", "--data", str(tmp_path / "data"), "winds",
         "--out", str(tmp_path / "out"), "--shop", "dtc", "--jobs", "1"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 1, run.stdout + run.stderr
    assert "0 failed, 1 shop failed: " in run.stdout, run.stdout
    assert "shop dtc failed: winds.pdf fails preflight for dtc: image resolution" in run.stderr
    assert "(sirocco-ember" in run.stderr  # the page's card
