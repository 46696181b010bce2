"""The printgen command starts numpy with one OpenBLAS thread (printgen.cli.one_blas_thread)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.hardening.conftest import run_python, subprocess_env

CHILD = (
    "import os\n"
    "from printgen.cli import main\n"
    "try:\n"
    "    main(['--version'])\n"
    "except SystemExit:\n"
    "    pass\n"
    "import numpy\n"
    "threads = len(os.listdir('/proc/self/task')) if os.path.isdir('/proc/self/task') else 0\n"
    "print(os.environ.get('OPENBLAS_NUM_THREADS'), threads)\n"
)


def _child(tmp_path: Path, **env: str) -> list[str]:
    environment = subprocess_env(**env)
    if not env:
        environment.pop("OPENBLAS_NUM_THREADS", None)  # as a user's shell has it: unset
    return run_python(CHILD, cwd=tmp_path, timeout=120, env=environment)[-1].split()


def test_numpy_starts_no_thread_of_its_own_under_printgen(tmp_path: Path) -> None:
    setting, threads = _child(tmp_path)
    assert setting == "1"
    if sys.platform.startswith("linux"):
        assert int(threads) == 1  # the main thread alone (numpy's OpenBLAS starts a core's worth)


def test_a_users_own_blas_setting_is_kept(tmp_path: Path) -> None:
    setting, _ = _child(tmp_path, OPENBLAS_NUM_THREADS="2")
    assert setting == "2"
