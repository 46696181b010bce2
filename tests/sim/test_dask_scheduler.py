"""Issue 40, item 7: a `--scheduler` that is not a Dask scheduler, or one with no worker, ends
the run with exit 2 and a message naming it; never a hang, never a traceback.

The addresses are refused before any connection (a generator of every scheme Dask knows and
more, and malformed `tcp://` addresses). The listeners are sockets of this test's own that
accept and then stay silent, send bytes that are no Dask message, claim a frame of 2**62 or
1.5 GB, or hang up; printgen runs in a child process, so a hang is a timeout of the test, not
a stuck suite. A real scheduler with no worker is started with `dask scheduler`.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hardening.conftest import ROOT, printgen_command, subprocess_env

pytest.importorskip("distributed")

RUN = ("simulate", "mywuxing", "--games", "20", "--executor", "dask", "--scheduler")

SCHEMES = ("inproc", "tls", "wss", "ws", "http", "https", "ucx", "udp", "file", "tcp+tls")
MALFORMED = (
    "garbage",
    "tcp://",
    "tcp://:8786",
    "tcp://host",
    "tcp://host:",
    "tcp://host:0",
    "tcp://host:65536",
    "tcp://host:99999",
    "tcp://host:port",
    "tcp://host:8786/path",
    "host:8786?x=1",
    ":::",
    "tcp://[::1]",
    "",
)


def addresses() -> Iterator[str]:
    for scheme in SCHEMES:
        yield f"{scheme}://127.0.0.1:8786"
        yield f"{scheme.upper()}://scheduler.example:1"
    yield from MALFORMED


@pytest.mark.parametrize("address", list(addresses()))
def test_an_address_that_is_not_tcp_host_port_is_refused_at_once(cli, address: str) -> None:
    run = cli(*RUN, address)
    assert run.code == 2, run.err
    assert run.err.startswith(f"printgen: --scheduler {address}: "), run.err
    assert "Traceback" not in run.err and run.out == ""


class Listener:
    """A TCP port of this test's own that answers every connection as `behaviour` says."""

    def __init__(self, behaviour: bytes | None) -> None:
        self.behaviour = behaviour  # None: accept and say nothing; b"": hang up at once
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.open: list[socket.socket] = []
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                conn, _ = self.socket.accept()
            except OSError:
                return
            self.open.append(conn)
            if self.behaviour == b"":
                conn.close()
            elif self.behaviour is not None:
                conn.sendall(self.behaviour)

    def close(self) -> None:
        self.socket.close()
        for conn in self.open:
            conn.close()


NOT_SCHEDULERS = {
    "silent": None,
    "hangs up": b"",
    "random bytes": bytes(range(256)) * 16,
    "a web server": b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n",
    "a frame of 2**62 bytes": (2**62).to_bytes(8, "little") + b"\x01" * 64,
    "a frame of 1.5 GB": (1_500_000_000).to_bytes(8, "little") * 3 + b"\x00" * 64,
    "an SSH server": b"SSH-2.0-OpenSSH_9.2p1\r\n",
}


def test_a_listener_that_is_no_scheduler_ends_the_run_with_its_address() -> None:
    """Was: a silent listener hung `simulate` past 600 s; bytes that are no Dask message or a
    1.5 GB frame claim exited 3 or waited for the bytes for ever."""
    listeners = {name: Listener(behaviour) for name, behaviour in NOT_SCHEDULERS.items()}
    try:
        children = {
            name: subprocess.Popen(
                printgen_command(*RUN, f"tcp://127.0.0.1:{listener.port}"),
                env=subprocess_env(),
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for name, listener in listeners.items()
        }
        for name, child in children.items():
            _out, err = child.communicate(timeout=240)  # the handshake's limit is 10 s
            port = listeners[name].port
            assert child.returncode == 2, (name, err)
            assert f"printgen: --scheduler tcp://127.0.0.1:{port}: " in err, (name, err)
            assert "Traceback" not in err, (name, err)
    finally:
        for listener in listeners.values():
            listener.close()


WITHOUT_WORKERS = """
import sys
import printgen.sim.dask_executor as dask_executor
from printgen.cli import main
dask_executor.WORKERLESS_SECONDS = 3.0
main(sys.argv[1:])
"""


def test_a_scheduler_without_workers_ends_the_run(tmp_path: Path) -> None:
    """Was: the batches waited for a worker for ever, silently."""
    info = tmp_path / "scheduler.json"
    scheduler = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("dask")),
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--dashboard-address",
            ":0",
            "--scheduler-file",
            str(info),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(600):
            if info.is_file() and info.stat().st_size:
                break
            time.sleep(0.1)
        import json

        address = json.loads(info.read_text())["address"]
        run = subprocess.run(
            [sys.executable, "-c", WITHOUT_WORKERS, *RUN, address],
            env=subprocess_env(),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=240,
            check=False,
        )
    finally:
        scheduler.terminate()
        scheduler.wait(timeout=60)
    assert run.returncode == 2, run.stderr
    assert f"--scheduler {address}: no worker for 3 s, so no game is played" in run.stderr
    assert f"start one: dask worker {address} --nthreads 1" in run.stderr
