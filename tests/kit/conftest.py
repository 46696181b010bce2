"""Helpers of the kit tests. Their session fixtures, `kit_data` and `two_builds` (two clean
builds of three kits that between them make every kind of output), live in tests/conftest.py,
so that tests/hardening shares the same builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.cli import main

KITS = ("mywuxing", "the-way", "feng-shui-master")


def build(out: Path, *args: str | Path, jobs: int = 2) -> int:
    with pytest.raises(SystemExit) as exited:
        main(["build", *map(str, args), "--out", str(out), "--jobs", str(jobs)])
    code = exited.value.code
    return code if isinstance(code, int) else 0


def snapshot(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()
    }
