"""Issue 40, item 11: `--report FILE.html` that cannot be written is refused before a game is
played (exit 2), not after the whole run with exit 3. The ways a report cannot be written:
a name longer than the disk takes (256 to 1,000 bytes, in letters and in multi-byte ones), no
room on the disk (a file size limit in a child process stands in for a full disk: the room is
set aside with posix_fallocate, which meets the limit as it would a full disk); and a disk
that fills up during the run is said, exit 2."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hardening.conftest import ROOT, subprocess_env

SIMULATE = ("simulate", "mywuxing", "--games", "4000", "--jobs", "1")
COMPARE = ("compare", "mywuxing", "--vary", "rules.tie_breaker=sudden-death,shared")


def long_names() -> Iterator[str]:
    for letters in (252, 300, 1000):
        yield "r" * letters + ".html"
    yield "ü" * 130 + ".html"  # 265 bytes in UTF-8, 135 characters
    yield "游" * 85 + ".html"  # 260 bytes


@pytest.mark.parametrize("command", [SIMULATE, COMPARE], ids=["simulate", "compare"])
@pytest.mark.parametrize("name", list(long_names()), ids=lambda n: f"{len(n.encode())} bytes")
def test_a_report_name_too_long_is_refused_before_the_run(
    cli, tmp_path: Path, command: tuple[str, ...], name: str
) -> None:
    run = cli(*command, "--report", tmp_path / name)
    assert run.code == 2 and run.out == "", run.err
    assert "bytes long; the limit here is 255" in run.err


FULL = """
import resource, sys
resource.setrlimit(resource.RLIMIT_FSIZE, (500_000, 500_000))  # Python ignores SIGXFSZ
from printgen.cli import main
main(sys.argv[1:])
"""


@pytest.mark.parametrize("command", [SIMULATE, COMPARE], ids=["simulate", "compare"])
def test_no_room_for_the_report_is_refused_before_the_run(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    run = subprocess.run(
        [sys.executable, "-c", FULL, *command, "--report", str(tmp_path / "lab.html")],
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 2 and run.stdout == "", run.stderr
    assert "cannot be written: no room for 8000000 bytes in" in run.stderr
    assert "File too large" in run.stderr
    assert not (tmp_path / "lab.html").exists()


def test_a_disk_full_after_the_run_is_said_with_exit_2(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The room was there before the run, and taken by someone else during it."""
    import errno

    from printgen.sim import report

    def full(path: Path, data: bytes) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(report, "write_atomic", full)
    run = cli("simulate", "mywuxing", "--games", "20", "--report", tmp_path / "lab.html")
    assert run.code == 2
    assert f"--report {tmp_path / 'lab.html'}: cannot be written: No space left" in run.err
