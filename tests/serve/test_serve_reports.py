"""The pages a build writes beside a kit (`balance.html`, `analysis.html`) served live: with the
live script, rewritten by the build after a save of the recorded figures, and reloaded by an
open page. MyWuXing (a game with an engine has a balance page) without its rulebook, the slow
part of its build."""

from __future__ import annotations

import json
import re
import shutil
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve.conftest import WAIT_MS, WAIT_S, Serving
from tests.serve.test_serve_http import ask

CARD_DATA = Path(__file__).resolve().parents[2] / "card_data"
BALANCE = "/mywuxing/balance.html"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Serving, Path, Path]]:
    """A server of MyWuXing's cards, its first build done: the server, figures.json, OUT."""
    base = tmp_path_factory.mktemp("served-reports")
    game = base / "data" / "mywuxing"
    shutil.copytree(CARD_DATA / "mywuxing", game)
    (game / "rules.md").unlink()
    out = base / "out"
    serving = Serving("mywuxing", "--data", base / "data", "--out", out, "--port", "0")
    try:
        serving.wait_for("watching")
        serving.wait_for("built ")
        yield serving, game / "figures.json", out
    finally:
        code = serving.stop()
    assert code == 0, serving.err


def seat_one(page: str) -> str:
    """The rate of the first seat as the balance page's table prints it (`32.2 %`)."""
    found = re.search(r"seat-1-of-3</td><td>[^<]*</td><td[^>]*>([\d.]+ %)</td>", page)
    assert found, page[:2000]
    return found.group(1)


def record(figures: Path, value: float) -> None:
    """figures.json with the first seat's rate recorded as `value` (as if measured again)."""
    recorded = json.loads(figures.read_text(encoding="utf-8"))
    recorded["figures"]["seat-1-of-3"]["value"] = value
    figures.write_text(json.dumps(recorded, indent=1), encoding="utf-8")


def live_data(page: bytes) -> dict[str, Any]:
    found = page.split(b'id="printgen-live">')[1].split(b"</script>")[0]
    return dict(json.loads(found))


class Events:
    """/events, connected: its `state` event read (the page has caught up), later events read
    as they come."""

    def __init__(self, port: int) -> None:
        self.connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT_MS / 1000)
        self.connection.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        self.stream = b""
        self.next("state")

    def next(self, kind: str) -> dict[str, Any]:
        """The data of the next event of that kind."""
        while True:
            while b"\n\n" not in self.stream:
                chunk = self.connection.recv(65536)
                assert chunk, self.stream
                self.stream += chunk
            block, _, self.stream = self.stream.partition(b"\n\n")
            lines = block.decode("utf-8").split("\n")
            if f"event: {kind}" in lines:
                data = lines[lines.index(f"event: {kind}") + 1]
                return dict(json.loads(data.removeprefix("data: ")))

    def close(self) -> None:
        self.connection.close()


def test_the_balance_page_is_served_live_and_written_again(
    served: tuple[Serving, Path, Path],
) -> None:
    serving, figures, out = served
    status, headers, page = ask(serving.port, BALANCE)
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    assert "script-src 'self'" in headers["content-security-policy"]
    written = (out / "mywuxing" / "balance.html").read_bytes()
    assert page.split(b"</head>")[1].startswith(written.split(b"</head>")[1].split(b"</body>")[0])
    assert b'<script src="/_serve/live.js" defer></script></head>' in page
    data = live_data(page)
    assert (data["page"], data["file"]) == ("report", "mywuxing/balance.html")
    recorded = json.loads(figures.read_text(encoding="utf-8"))["figures"]["seat-1-of-3"]
    assert seat_one(page.decode("utf-8")) == f"{100 * recorded['value']:.1f} %"
    status, _, analysis = ask(serving.port, "/mywuxing/analysis.html")
    assert status == 200 and live_data(analysis)["file"] == "mywuxing/analysis.html"

    # the figures recorded again: the build writes the page again and says so; served anew
    events = Events(serving.port)
    value = 0.4567 if recorded["value"] != 0.4567 else 0.1234
    record(figures, value)
    try:
        built, page = built_showing(events, serving.port, f"{100 * value:.1f} %")
    finally:
        events.close()
    assert "mywuxing/balance.html" in built["changed"], built
    assert built["builds"] > data["builds"] and built["problems"] == []
    assert live_data(page)["builds"] == built["builds"]


def built_showing(events: Events, port: int, rate: str) -> tuple[dict[str, Any], bytes]:
    """The first `built` event after which the balance page shows `rate`, and that page (up
    to a deadline). Not simply the next one: `record` writes as an editor may, in two steps
    (emptied, then written) the watcher can see apart; the build the first step starts may
    read the file half written, and the build the second step asks for comes after it."""
    deadline = time.monotonic() + WAIT_S
    while True:
        built = events.next("built")
        status, _, page = ask(port, BALANCE)
        assert status == 200
        if seat_one(page.decode("utf-8")) == rate:
            return built, page
        assert time.monotonic() < deadline, f"no build showed {rate}; last: {built}"


def test_an_open_balance_page_reloads_itself(
    browser: Any, served: tuple[Serving, Path, Path]
) -> None:
    serving, figures, _ = served
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(WAIT_MS)
    page.goto(serving.url + BALANCE, timeout=WAIT_MS)
    before = seat_one(page.content())
    value = 0.2222 if before != "22.2 %" else 0.3333
    with page.expect_event("load", timeout=WAIT_MS):
        record(figures, value)
    assert seat_one(page.content()) == f"{100 * value:.1f} %"
    assert page.locator("#printgen-banner").is_hidden()
    page.close()
