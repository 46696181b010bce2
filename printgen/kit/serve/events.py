"""The event stream at `/events` (server-sent events, read by the browser's own EventSource).

Each open page subscribes and hears, as `event: KIND` with one line of JSON as `data:`:

- `state`, first, on connecting: the generation of each game and the problems now shown (a
  page opened, or reconnected after a server restart, catches up with what it missed);
- `change`: a save was read; the games it touched, their new generations, the cards whose
  rows changed (card pages of those games reload; the gallery swaps those thumbnails);
- `building` and `built`: a build started or ended, with the files of OUT it changed;
- `problems`: what is wrong now (a save that cannot be read, a failed build), for a banner;
  the page keeps what it shows.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Mapping

KEEPALIVE_S = 15.0
"""A comment line this often keeps an idle stream open through proxies and finds the pages
that have gone (their write fails)."""
RETRY_MS = 1000
"""How soon a page reconnects when the stream drops (a restarted server)."""


def event(kind: str, data: Mapping[str, object]) -> bytes:
    """One event as the stream sends it: its kind, its data on one line, an empty line."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f"event: {kind}\ndata: {text}\n\n".encode()


def opening() -> bytes:
    """What a stream starts with: the reconnection delay and a comment."""
    return f"retry: {RETRY_MS}\n: printgen serve\n\n".encode()


KEEPALIVE = b": keepalive\n\n"


class Hub:
    """The open streams: each has a queue of events to send; None in a queue ends it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queues: set[queue.SimpleQueue[bytes | None]] = set()
        self._closed = False

    def subscribe(self, first: bytes) -> queue.SimpleQueue[bytes | None]:
        """A new stream's queue, `first` already in it (the `state` event)."""
        stream: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        stream.put(first)
        with self._lock:
            if self._closed:
                stream.put(None)
            else:
                self._queues.add(stream)
        return stream

    def unsubscribe(self, stream: queue.SimpleQueue[bytes | None]) -> None:
        with self._lock:
            self._queues.discard(stream)

    def publish(self, kind: str, data: Mapping[str, object]) -> None:
        message = event(kind, data)
        with self._lock:
            for stream in self._queues:
                stream.put(message)

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        with self._lock:
            self._closed = True
            for stream in self._queues:
                stream.put(None)
            self._queues.clear()

    @property
    def listeners(self) -> int:
        with self._lock:
            return len(self._queues)
