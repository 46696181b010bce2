"""Issue 20, item 8: worker processes die with their parent. Was: SIGTERM or SIGKILL to the
parent of `build` or `simulate --jobs 2` left its workers alive for good (parent pid 1, about
130 MB each), still writing into OUT after kill -9."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.hardening.conftest import printgen_command, subprocess_env


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


CASES = {
    "build, kill -9": (["build", "--jobs", "2"], signal.SIGKILL),
    "build, SIGTERM": (["build", "--jobs", "2"], signal.SIGTERM),
    "simulate, kill -9": (
        ["simulate", "mywuxing", "--games", "200000", "--jobs", "2"],
        signal.SIGKILL,
    ),
    "simulate, SIGTERM": (
        ["simulate", "mywuxing", "--games", "200000", "--jobs", "2"],
        signal.SIGTERM,
    ),
}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(("args", "sig"), CASES.values(), ids=CASES.keys())
def test_workers_are_gone_within_5_s_of_their_parent(tiny: Path, args: list[str], sig: int) -> None:
    if args[0] == "build":
        args = [*args, "--data", str(tiny), "--out", str(tiny.parent / "out")]
    parent = subprocess.Popen(
        printgen_command(*args),
        env=subprocess_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while len(workers) < 2:
            assert parent.poll() is None, "the command ended before its workers started"
            assert time.monotonic() < deadline, "no workers started"
            workers = [p for p in children(parent.pid) if alive(p)]
            time.sleep(0.02)
        parent.send_signal(sig)
        parent.wait(10)
        deadline = time.monotonic() + 5
        while any(alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [p for p in workers if alive(p)]
        for pid in left:  # do not leave them to the rest of the suite
            os.kill(pid, signal.SIGKILL)
        assert left == [], f"workers still alive 5 s after their parent: {left}"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
