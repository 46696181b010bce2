"""Worker processes that die with their parent (build and simulate).

A pool's workers are children of the printgen process. When that process is killed (SIGTERM,
SIGKILL, a closed terminal) nothing tells them: they used to live on for good, reparented to
pid 1, about 130 MB each, still writing into OUT. Every pool therefore starts its workers with
`die_with_parent` as initializer:

- on Linux, prctl(PR_SET_PDEATHSIG, SIGKILL) asks the kernel to kill the worker the moment
  its parent goes (through ctypes: no dependency);
- everywhere, a daemon thread polls os.getppid() every half second and ends the worker when
  it changes (the parent gone, the worker adopted).

Writes are atomic (temporary name, then rename), so a worker killed mid-write leaves only a
temporary file, which the next build removes.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
POLL_SECONDS = 0.5


def die_with_parent(parent: int) -> None:
    """Initializer of every worker process (`initargs=(os.getpid(),)`): end this process when
    its parent, process `parent`, ends."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the watchdog below still holds
            pass
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    while True:
        time.sleep(POLL_SECONDS)
        if os.getppid() != parent:
            os._exit(1)
