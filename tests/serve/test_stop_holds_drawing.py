"""A stop waits for the picture being drawn and keeps every later drawing out, so that no
request thread is inside cairo or pdfium while the process ends (it crashed with -11)."""

from __future__ import annotations

import threading

import pytest

from printgen.commands import serve
from printgen.commands.serve import hold_drawing


def test_a_stop_waits_for_the_drawing_under_way_then_keeps_the_lock() -> None:
    drawing = threading.RLock()
    started, finished = threading.Event(), threading.Event()
    release = threading.Event()

    def draw() -> None:
        with drawing:
            started.set()
            release.wait(10)
            finished.set()

    painter = threading.Thread(target=draw, daemon=True)
    painter.start()
    assert started.wait(10)
    threading.Timer(0.2, release.set).start()

    assert hold_drawing(drawing) is True
    assert finished.is_set()  # the stop came back only after the drawing ended

    later: list[bool] = []
    late = threading.Thread(target=lambda: later.append(drawing.acquire(timeout=0.1)))
    late.start()
    late.join(10)
    assert later == [False]  # no drawing starts after the stop


def test_a_drawing_that_never_ends_does_not_hold_the_stop_for_ever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(serve, "STOP_WAIT_S", 0.05)
    drawing = threading.Lock()
    drawing.acquire()  # held by someone else for good
    assert hold_drawing(drawing) is False
