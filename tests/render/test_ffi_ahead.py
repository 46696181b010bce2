"""cairo's and Pango's cached declarations written ahead, in a child, while a build's first
process loads its games (printgen.render.draw.ffi_ahead)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")

PROBE = """
import sys, threading
from printgen.render.draw import cairo_ffi, ffi_ahead, pango_ffi
if sys.argv[1] == "thread":
    stop = threading.Event()
    threading.Thread(target=stop.wait, daemon=True).start()
ffi_ahead.write_ahead([cairo_ffi.missing_write, pango_ffi.missing_write])
print("child" if ffi_ahead._writer else "none")
if sys.argv[1] == "thread":
    stop.set()
import printgen.render, cairocffi
from printgen.render.draw import pango_ffi
pango_ffi.install()
import weasyprint
from weasyprint.text import ffi
print(type(cairocffi.ffi).__module__, type(ffi.ffi).__module__, "pycparser" in sys.modules)
"""


def _probe(cache: Path, how: str = "alone") -> list[str]:
    env = {"XDG_CACHE_HOME": str(cache), "PATH": "/usr/bin:/bin", "HOME": str(cache)}
    run = subprocess.run(
        [sys.executable, "-c", PROBE, how], capture_output=True, text=True, env=env, check=True
    )
    assert run.stderr == ""
    return run.stdout.splitlines()


def test_a_first_start_has_the_declarations_written_by_a_child(tmp_path: Path) -> None:
    """The process itself parses nothing (pycparser never loaded): both modules come from
    the child, and are whole; the next start finds them and forks nothing."""
    assert _probe(tmp_path) == ["child", "_cffi_backend _cffi_backend False"]
    folder = tmp_path / "printgen" / "cffi"
    assert len(list(folder.glob("_printgen_cairo_*.py"))) == 1
    assert len(list(folder.glob("_printgen_pango_*.py"))) == 1
    assert list(folder.glob("*.tmp")) == []
    assert _probe(tmp_path) == ["none", "_cffi_backend _cffi_backend False"]


def test_a_process_with_another_thread_forks_nothing(tmp_path: Path) -> None:
    """A fork copies one thread: with another running, the declarations are written as
    without this (by the process itself, at the import)."""
    assert _probe(tmp_path, "thread") == ["none", "_cffi_backend _cffi_backend True"]
    assert len(list((tmp_path / "printgen" / "cffi").glob("_printgen_*.py"))) == 2


REAPED = """
import os, signal, sys
from printgen.render.draw import cairo_ffi, ffi_ahead, pango_ffi
ffi_ahead.write_ahead([cairo_ffi.missing_write, pango_ffi.missing_write])
started = ffi_ahead._writer is not None
pid = os.fork()
if pid == 0:  # a worker forked later: the writer is its parent's to wait for
    os._exit(0 if ffi_ahead._writer is None else 3)
_, status = os.waitpid(pid, 0)
ffi_ahead.wait()
try:
    os.waitpid(-1, os.WNOHANG)
    left = "a child left"
except ChildProcessError:
    left = "none left"
print(started, os.waitstatus_to_exitcode(status), left)
"""


def test_the_child_is_waited_for_and_a_later_fork_leaves_it_alone(tmp_path: Path) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-c", REAPED], capture_output=True, text=True, env=env, check=True
    )
    assert run.stdout.split() == ["True", "0", "none", "left"], run.stdout + run.stderr
