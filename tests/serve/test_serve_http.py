"""`printgen serve` over HTTP, as a browser or a curious neighbour would ask it: the event stream,
what it refuses to serve, where it listens, and how it stops."""

from __future__ import annotations

import io
import json
import socket
import time
from pathlib import Path

import pytest
from PIL import Image

from tests.serve.conftest import Serving, tiny_game


def ask(port: int, target: str, host: str | None = None) -> tuple[int, dict[str, str], bytes]:
    """One GET with the request target sent exactly as given (an HTTP library would tidy
    `../` away), on its own connection: status, headers, body."""
    host = host or f"127.0.0.1:{port}"
    with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
        connection.sendall(
            f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
        )
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


def test_the_gallery_and_a_cards_page(served: tuple[Serving, Path, Path]) -> None:
    serving, _, out = served
    status, headers, body = ask(serving.port, "/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert body.startswith((out / "index.html").read_bytes().split(b"</head>")[0])
    assert b'<script src="/_serve/live.js" defer></script>' in body
    live = body.split(b'id="printgen-live">')[1].split(b"</script>")[0]
    links = json.loads(live)["cards"]
    assert links["tiny/cards/ember.png"] == "/_card/tiny/ember"
    assert links["tiny/chits/coin.png"] == "/_piece/tiny/chits/coin"
    assert b'src="tiny/chits/coin.png"' in body  # the thumbnail live.js links
    assert "script-src 'self'" in headers["content-security-policy"]

    status, _, page = ask(serving.port, "/_card/tiny/ember")
    assert status == 200
    assert b"<h1>Ember</h1>" in page and b"Burns bright." in page
    assert b'href="/_card/tiny/wave"' in page  # the next card
    status, headers, png = ask(serving.port, "/_card/tiny/ember/front.png?g=1")
    assert status == 200 and headers["content-type"] == "image/png"
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    status, _, _ = ask(serving.port, "/_card/tiny/nothing")
    assert status == 404


def test_a_round_tokens_page(served: tuple[Serving, Path, Path]) -> None:
    """The chit: a circle 20 mm across, its bleed 1/8 in (3.175 mm) round it, its safe zone a
    tenth of it across (2 mm, less than 3 mm) inside: worked out by hand."""
    serving, _, _ = served
    status, _, page = ask(serving.port, "/_piece/tiny/chits/coin")
    assert status == 200
    assert b"<h1>Coin</h1>" in page and b"chits.csv:2" in page
    assert b'viewBox="-3.175 -3.175 26.35 26.35"' in page
    # the cut line: the circle of radius 10 round (10, 10)
    assert b'class="layer trim" d="M0,10 A10,10 0 1,0 20,10 A10,10 0 1,0 0,10 Z"' in page
    # the safe zone: radius 8; the bleed's outer edge: radius 13.175
    assert b'class="layer safe" d="M2,10 A8,8 0 1,0 18,10 A8,8 0 1,0 2,10 Z"' in page
    assert b'd="M-3.175,10 A13.175,13.175 0 1,0 23.175,10' in page
    assert b'href="/_card/tiny/wave"' in page  # before it: the last card
    status, headers, png = ask(serving.port, "/_piece/tiny/chits/coin/front.png?g=1")
    assert status == 200 and headers["content-type"] == "image/png"
    image = Image.open(io.BytesIO(png))
    # 26.35 mm at 300 dpi; white beyond the bleed's circle, drawn inside it
    assert image.size == (311, 311)
    assert image.convert("RGB").getpixel((2, 2)) == (255, 255, 255)
    assert image.convert("RGB").getpixel((155, 40)) != (255, 255, 255)
    assert ask(serving.port, "/_card/tiny/coin")[0] == 404  # a token is not a card
    assert ask(serving.port, "/_piece/tiny/deck/ember")[0] == 404  # nor a card a piece


def test_a_parts_page(served: tuple[Serving, Path, Path]) -> None:
    """The score pad: 100 x 140 mm with no bleed (its cut line is its edge), its safe zone
    3 mm inside, its design's boxes (a part with no design: a frame and its title) named
    with their lines; drawn with its longer side 1,600 px (290 dpi: 1142 x 1598 px). The
    gallery links it beside its PDF; the tuck box's page follows it."""
    serving, _, _ = served
    status, _, body = ask(serving.port, "/")
    live = json.loads(body.split(b'id="printgen-live">')[1].split(b"</script>")[0])
    assert live["parts"]["tiny/pad.pdf"] == [["Score pad", "/_part/tiny/pad"]]
    assert live["parts"]["tiny/box.pdf"] == [["Box", "/_part/tiny/box"]]
    assert b'href="tiny/pad.pdf"' in body  # the PDF's link live.js adds the part's after

    status, _, page = ask(serving.port, "/_part/tiny/pad")
    assert status == 200
    assert b"<h1>Score pad</h1>" in page and b"game.yaml:7" in page
    assert b'viewBox="0 0 100 140"' in page
    assert b'class="layer trim" d="M0,0 L100,0 L100,140 L0,140 Z"' in page
    assert b'class="layer safe" d="M3,3 L97,3 L97,137 L3,137 Z"' in page
    assert b"<title>title (text), game.yaml:7</title>" in page
    assert b"One a game." in page and b'href="/_pages/tiny/pad.pdf"' in page  # every page
    assert b'rel="next" href="/_part/tiny/box"' in page
    assert b'rel="prev"' not in page
    status, headers, png = ask(serving.port, "/_part/tiny/pad/pad.png?g=1")
    assert status == 200 and headers["content-type"] == "image/png"
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (1142, 1598)
    assert image.getpixel((571, 200)) == (255, 255, 255)  # inside the frame, above the title
    dark = [image.getpixel((571, y)) for y in range(760, 840)]  # the title across the middle
    assert min(sum(p) for p in dark) < 300

    status, _, page = ask(serving.port, "/_part/tiny/box")
    assert status == 200 and b'id="net"' in page and b'rel="prev" href="/_part/tiny/pad"' in page
    assert ask(serving.port, "/_part/tiny/box/net.png")[0] == 200
    assert ask(serving.port, "/_part/tiny/nothing")[0] == 404
    assert ask(serving.port, "/_part/tiny/pad/back.png")[0] == 404


def test_every_page_of_a_pdf_as_pictures(served: tuple[Serving, Path, Path]) -> None:
    import pikepdf

    serving, _, out = served
    with pikepdf.open(out / "tiny" / "cards.pdf") as pdf:
        count = len(pdf.pages)
        width_pt = float(pdf.pages[0].mediabox[2] - pdf.pages[0].mediabox[0])
    status, _, page = ask(serving.port, "/_pages/tiny/cards.pdf")
    assert status == 200
    assert page.count(b'<img src="/_page/tiny/cards.pdf?n=') == count
    status, headers, png = ask(serving.port, f"/_page/tiny/cards.pdf?n={count - 1}")
    assert status == 200 and headers["content-type"] == "image/png"
    image = Image.open(io.BytesIO(png))
    assert image.width == 1000  # the page's width drawn at 1000 px
    height_pt = width_pt * image.height / image.width
    assert height_pt == pytest.approx(841.89, abs=1.5)  # an A4 page, 595 x 842 pt
    assert ask(serving.port, f"/_page/tiny/cards.pdf?n={count}")[0] == 404  # no such page
    assert ask(serving.port, "/_pages/../secret.pdf")[0] == 404


def test_events_is_a_valid_event_stream(served: tuple[Serving, Path, Path]) -> None:
    serving, _, _ = served
    with socket.create_connection(("127.0.0.1", serving.port), timeout=60) as connection:
        connection.sendall(
            f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{serving.port}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        stream = b""
        while stream.count(b"\n\n") < 3:  # the head, the retry and comment, the state event
            chunk = connection.recv(65536)
            assert chunk, stream
            stream += chunk
    head, _, body = stream.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ")
    assert b"Content-Type: text/event-stream; charset=utf-8" in head
    assert b"Content-Length" not in head
    # the grammar of https://html.spec.whatwg.org/multipage/server-sent-events.html: blocks
    # of `field: value` lines (or `: comment` lines) ended by an empty line
    blocks = body.decode("utf-8").split("\n\n")
    assert blocks[0] == "retry: 1000\n: printgen serve"
    kind, data = blocks[1].split("\n")
    assert kind == "event: state"
    state = json.loads(data.removeprefix("data: "))
    assert state["generations"] == {"tiny": 1}
    assert state["problems"] == [] and state["builds"] >= 1


@pytest.mark.parametrize(
    "target",
    [
        "/../secret.txt",
        "/tiny/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/tiny/%2E%2E/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
        "//etc/passwd",
        "/%2Fetc%2Fpasswd",
        "/tiny/link-out.txt",  # a symbolic link inside OUT to a file outside it
        "/tiny/folder-out/secret.txt",  # through a linked folder
        "/.printgen-cache.json",  # printgen's own files in OUT
        "/.cache/stamps.json",
        "/tiny",  # a folder
        "http://127.0.0.1/etc/passwd",
    ],
)
def test_nothing_outside_out_is_served(served: tuple[Serving, Path, Path], target: str) -> None:
    serving, _, out = served
    secret = out.parent / "secret.txt"
    secret.write_text("not for the browser")
    for name, to in (("link-out.txt", secret), ("folder-out", out.parent)):
        if not (out / "tiny" / name).is_symlink():
            (out / "tiny" / name).symlink_to(to)
    status, _, body = ask(serving.port, target)
    assert status == 404, target
    assert b"not for the browser" not in body


def test_a_file_of_the_kit_and_a_link_inside_it(served: tuple[Serving, Path, Path]) -> None:
    serving, _, out = served
    status, headers, body = ask(serving.port, "/tiny/cards.pdf")
    assert status == 200 and headers["content-type"] == "application/pdf"
    assert body == (out / "tiny" / "cards.pdf").read_bytes()
    inside = out / "tiny" / "same-cards.pdf"
    if not inside.is_symlink():
        inside.symlink_to(out / "tiny" / "cards.pdf")
    assert ask(serving.port, "/tiny/same-cards.pdf")[0] == 200


def test_another_host_name_is_refused(served: tuple[Serving, Path, Path]) -> None:
    """A page elsewhere that points a name of its own at 127.0.0.1 cannot read the kit."""
    serving, _, _ = served
    assert ask(serving.port, "/tiny/cards.pdf", host=f"evil.example:{serving.port}")[0] == 403
    assert ask(serving.port, "/tiny/cards.pdf", host=f"localhost:{serving.port}")[0] == 200


def test_it_listens_on_loopback_only(served: tuple[Serving, Path, Path]) -> None:
    serving, _, _ = served
    addresses = _listening(serving.process.pid)
    assert addresses == [("127.0.0.1", serving.port)], addresses


def _listening(pid: int) -> list[tuple[str, int]]:
    """The TCP sockets process `pid` listens on (from /proc: Linux)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        target = str(fd.readlink()) if fd.is_symlink() else ""
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    found = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
            address, port = fields[1].split(":")
            ip = ".".join(str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0))
            found.append((ip, int(port, 16)))
    return found


def test_a_port_in_use_and_a_second_server_are_refused(
    served: tuple[Serving, Path, Path], tmp_path: Path
) -> None:
    from tests.hardening.conftest import run_printgen

    serving, data, out = served
    other = tmp_path / "out"
    taken = run_printgen(
        "serve", "--data", data, "--out", other, "--port", serving.port, cwd=tmp_path, timeout=120
    )
    assert taken.returncode == 2, taken.stderr
    assert f"--port {serving.port}: already in use" in taken.stderr
    assert f"try --port {serving.port + 1}, or --port 0 for any free port" in taken.stderr
    assert "Traceback" not in taken.stderr
    again = run_printgen("serve", "--data", data, "--out", out, "--port", "0", cwd=tmp_path)
    assert again.returncode == 2, again.stderr
    assert "another printgen serve is serving this folder" in again.stderr


def test_an_unknown_game_is_refused(tmp_path: Path) -> None:
    from tests.hardening.conftest import run_printgen

    tiny_game(tmp_path / "data")
    run = run_printgen("serve", "tiyn", "--data", tmp_path / "data", "--port", "0", cwd=tmp_path)
    assert run.returncode == 2
    assert "unknown game 'tiyn'" in run.stderr and "Traceback" not in run.stderr


def _children(pid: int) -> set[int]:
    """The processes `pid` started (from /proc: Linux)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def test_host_widens_with_a_warning_and_ctrl_c_stops_a_build(tmp_path: Path) -> None:
    """127.0.0.2 is this machine too, but not one of the private names: it warns as for
    0.0.0.0 without opening the test's machine to others. Ctrl-C during the first build ends
    the build's process, frees the port and exits 0."""
    from tests.hardening.conftest import TINY_RULES

    folder = tiny_game(tmp_path / "data")
    (folder / "rules.md").write_text(TINY_RULES, encoding="utf-8")  # a build of seconds more
    serving = Serving(
        "--data", tmp_path / "data", "--out", tmp_path / "out", "--host", "127.0.0.2", "--port", "0"
    )
    try:
        assert serving.url.startswith("http://127.0.0.2:")
        serving.wait_for("warning: --host 127.0.0.2: anyone who can reach this machine")
        serving.wait_for("building the kit")
        builds: set[int] = set()
        while not builds:  # the build's process, once started (ended: it was too quick)
            assert "built " not in serving.err and serving.process.poll() is None, serving.err
            builds = _children(serving.process.pid) or (time.sleep(0.02) or set())
    finally:
        code = serving.stop()
    assert code == 0, serving.err
    assert serving.err.splitlines()[-1] == "stopped"
    assert "Traceback" not in serving.err
    assert not any(Path(f"/proc/{pid}").exists() for pid in builds)
    with socket.socket() as again:  # the port is free at once
        again.bind(("127.0.0.2", serving.port))
