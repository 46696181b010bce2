"""`printgen pull` against a local HTTP server: a published-CSV look-alike, a 404, a redirect
(followed within http, refused off it), an oversize body, an HTML page instead of CSV."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from printgen.kit import pull as pulling
from tests.conftest import edit
from tests.versions.conftest import SAMPLE

PATRONS = (SAMPLE / "patrons.csv").read_bytes()
NEW_PATRONS = PATRONS.replace(b"Guild Weaver,1,", b"Guild Weaver,2,")


class Sheets(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        pages = {
            "/pub.csv": (200, "text/csv", NEW_PATRONS),
            "/html": (200, "text/html; charset=utf-8", b"<!DOCTYPE html><html>Sign in</html>"),
            "/sneaky": (200, "text/plain", b"  <html><body>Sign in</body></html>"),
            "/big": (200, "text/csv", b"id,name\n" + b"x" * (pulling.MAX_BYTES + 10)),
        }
        if self.path == "/moved":
            self._answer(302, "text/plain", b"", {"Location": "/pub.csv"})
        elif self.path == "/off":
            self._answer(302, "text/plain", b"", {"Location": "file:///etc/passwd"})
        elif self.path == "/ftp":
            self._answer(302, "text/plain", b"", {"Location": "ftp://127.0.0.1/deck.csv"})
        elif self.path in pages:
            self._answer(*pages[self.path])
        else:
            self._answer(404, "text/plain", b"not found")

    def _answer(self, code: int, kind: str, body: bytes, extra: dict | None = None) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Sheets)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def game_with_source(tmp_path: Path, url: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(SAMPLE, data / "lantern-market")
    edit(
        data / "lantern-market" / "game.yaml",
        "file: patrons.csv",
        f"file: patrons.csv\n    source: {url}",
    )
    return data


def test_pull_replaces_the_file_and_says_what_changed(cli, server: str, tmp_path: Path) -> None:
    data = game_with_source(tmp_path, f"{server}/pub.csv")
    run = cli("pull", "lantern-market", "--data", data)
    assert run.code == 0, run.err
    assert (data / "lantern-market" / "patrons.csv").read_bytes() == NEW_PATRONS
    lines = run.out.splitlines()
    assert lines[0] == f"patrons: {server}/pub.csv -> patrons.csv ({len(NEW_PATRONS):,} bytes)"
    assert "  * patrons/weaver 'Guild Weaver'" in lines and "      count: 1 -> 2" in lines
    again = cli("pull", "lantern-market", "--data", data)
    assert "(unchanged)" in again.out and "no card added, removed or changed" in again.out


def test_a_redirect_within_http_is_followed(cli, server: str, tmp_path: Path) -> None:
    data = game_with_source(tmp_path, f"{server}/moved")
    assert cli("pull", "lantern-market", "--data", data).code == 0
    assert (data / "lantern-market" / "patrons.csv").read_bytes() == NEW_PATRONS


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/missing", "HTTP 404 Not Found (is the sheet published? publish it as CSV"),
        ("/off", "Redirection to url 'file:///etc/passwd' is not allowed"),  # urllib's own
        ("/ftp", "refused a redirect to 'ftp://127.0.0.1/deck.csv' (only http(s))"),
        ("/big", "over 20 MB: not a deck"),
        ("/html", "the address gives a web page, not a CSV file: publish it as CSV"),
        ("/sneaky", "the address gives a web page, not a CSV file"),
    ],
)
def test_a_bad_source_is_exit_2_and_leaves_the_file(
    cli, server: str, tmp_path: Path, path: str, message: str
) -> None:
    data = game_with_source(tmp_path, f"{server}{path}")
    run = cli("pull", "lantern-market", "--data", data)
    assert run.code == 2
    assert f"lantern-market deck patrons: {server}{path}" in run.err and message in run.err
    assert (data / "lantern-market" / "patrons.csv").read_bytes() == PATRONS


def test_build_and_validate_never_fetch(cli, tmp_path: Path) -> None:
    data = game_with_source(tmp_path, "http://127.0.0.1:9/never")  # port 9: nothing listens
    run = cli("validate", "lantern-market", "--data", data)
    assert run.code == 0, run.err  # the file as it is; no error from the source
