"""Builds shared by every pytest-xdist worker of one test run. The first worker that asks for
a folder makes it under a file lock; the others wait and then read the same folder, so a costly
build (five kits, every rulebook) runs once a run, not once a worker."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def shared_folder(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name`, made by `make(folder)` once for the whole run. Tests only read it."""
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's own temporary folder, above each worker's
    shared = root / "shared"
    shared.mkdir(exist_ok=True)
    folder = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = shared / f"{name}.done"
        if not done.exists():
            if folder.exists():
                shutil.rmtree(folder)  # left by a worker whose build failed
            make(folder)
            done.touch()
    return folder
