"""A `--scheduler` address checked, and the scheduler asked who it is, before a Client is made.

Dask's own client takes any address it has a scheme for (`inproc://`, `tls://` without
certificates, `ucx://`) and fails deep inside with a ValueError or TypeError; and it waits for
a listener's handshake with no limit, so a port that accepts and stays silent hangs a run for
good. So printgen takes `tcp://host:port` (or `host:port`) only, and first asks the scheduler
for its identity over one connection of its own, the whole exchange bounded by
`HANDSHAKE_SECONDS`; the reply is read without unpickling anything, and must be a scheduler's.
Anything else is a UsageError naming the address: exit 2, never a traceback.

What cannot be bounded: once connected, a scheduler sends the results of the batches, and Dask
unpickles them (a pickle can run code) and allocates what a message claims. A scheduler must
be one you trust, as the balance lab's documentation says.
"""

from __future__ import annotations

import asyncio

from printgen.errors import UsageError

HANDSHAKE_SECONDS = 10.0  # connecting, the handshake and the identity reply together
_TLS = (
    "a TLS scheduler needs certificates, which printgen does not take: reach it through an "
    "SSH tunnel (ssh -L 8786:localhost:8786 HOST) and give tcp://localhost:8786"
)
_WEB = "that is a web address (the dashboard's?); give the scheduler's, tcp://HOST:8786"
_SCHEMES = {
    "inproc": "inproc:// reaches a scheduler inside this same process only; give tcp://HOST:PORT",
    "tls": _TLS,
    "wss": _TLS,
    "http": _WEB,
    "https": _WEB,
}


def scheduler_address(text: str) -> str:
    """`tcp://host:port` from what was typed (`host:port` too, as Dask reads it); a UsageError
    for any other scheme or a malformed address."""
    scheme, separator, rest = text.partition("://")
    if not separator:
        scheme, rest = "tcp", text
    if scheme.lower() != "tcp":
        why = _SCHEMES.get(scheme.lower(), "printgen reaches a scheduler over tcp:// only")
        raise _refused(text, why)
    host, colon, port = rest.rpartition(":")
    if not colon or not host or "/" in rest or not port.isdigit() or not 0 < int(port) < 65536:
        raise _refused(text, "expected tcp://HOST:PORT, e.g. tcp://192.168.1.20:8786")
    return f"tcp://{host}:{int(port)}"


def _refused(text: str, why: str) -> UsageError:
    return UsageError(f"--scheduler {text}: {why}")


def workers_of(address: str, typed: str) -> int:
    """How many workers the scheduler at `address` has, as it says itself; a UsageError when
    nothing answers as a Dask scheduler within `HANDSHAKE_SECONDS`."""
    seconds = HANDSHAKE_SECONDS
    try:
        reply = asyncio.run(asyncio.wait_for(_identity(address, seconds), seconds))
    except TimeoutError:  # asyncio's too
        raise UsageError(
            f"--scheduler {typed}: no answer within {seconds:g} s (a Dask scheduler answers at "
            "once; is something else listening on that port?)"
        ) from None
    except MemoryError:
        message = "its reply claims more memory than there is"
        raise UsageError(f"--scheduler {typed}: {message}") from None
    except OSError as exc:  # refused, reset, closed, unreachable
        raise UsageError(f"--scheduler {typed}: cannot connect: {exc}") from None
    except Exception as exc:  # bytes that are no Dask message
        raise UsageError(
            f"--scheduler {typed}: what answers there is not a Dask scheduler ({exc})"
        ) from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise UsageError(f"--scheduler {typed}: what answers there is not a Dask scheduler")
    workers = reply.get("workers")
    return len(workers) if isinstance(workers, dict) else 0


async def _identity(address: str, seconds: float) -> object:
    from distributed.comm import connect  # optional extra (cluster): --executor dask

    # distributed retries a refused connection until its timeout, then raises OSError: half
    # the budget, so a closed port is named as one before the whole budget runs out
    comm = await connect(address, timeout=seconds / 2, deserialize=False)  # nothing unpickled
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()
