"""The C declarations' cached modules (printgen.render.draw.cairo_ffi, pango_ffi) written on
the other core while a build loads its games, when the user's cache has none yet.

A build's first process on a machine (a cache folder emptied, a new cffi, cairocffi or
WeasyPrint) parses cairo's and Pango's declarations with pycparser before it can import
either, some 0.12 s on the path every worker waits for (the parent imports both before it
forks them). Nothing else needs that time: the games are loaded and planned meanwhile, on
one core, while the other waits. `write_ahead()` forks a child that writes the missing
modules and ends; the finders `wait()` for it before they look for the file, then load it
as they would any other time. The child's writes are the ones the finders make (atomic:
whichever process writes first, the file is whole), so a child that fails or is killed
costs nothing but the time: the finder writes the module itself, as without this.

Only on Linux, and only from a process that runs no other thread (a fork copies one thread:
one that held a lock in another would leave it held in the child).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence

_writer: int | None = None
"""The child writing the modules, until waited for."""


def write_ahead(missing: Sequence[Callable[[], Callable[[], None] | None]]) -> None:
    """Start writing the cached declarations the user's cache lacks, in a child process;
    `missing`: each module's `missing_write` (cairo_ffi's, pango_ffi's), asked here."""
    global _writer
    if _writer is not None or not sys.platform.startswith("linux"):
        return
    if threading.active_count() != 1:
        return
    writes = [write for write in (ask() for ask in missing) if write is not None]
    if not writes:
        return
    pid = os.fork()
    if pid == 0:
        _write_and_end(writes)
    _writer = pid


def _write_and_end(writes: list[Callable[[], None]]) -> None:
    """The child: every write tried, then out (no exit handler, no flush of the output
    buffers it copied from its parent). Ctrl-C in the terminal reaches it too: it finishes
    its writes (a fraction of a second) rather than leave a partial file in the cache."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for write in writes:
            with contextlib.suppress(Exception):
                write()
    finally:
        os._exit(0)


def _forget() -> None:
    """In a process forked later (a build's worker): the child is its parent's to wait for."""
    global _writer
    _writer = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget)


def wait() -> None:
    """The child's writes finished, if one was started (at once otherwise)."""
    global _writer
    if _writer is None:
        return
    pid, _writer = _writer, None
    with contextlib.suppress(ChildProcessError, InterruptedError):
        os.waitpid(pid, 0)
