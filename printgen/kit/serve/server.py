"""The HTTP server of `printgen serve`: the standard library's ThreadingHTTPServer (a thread a
request; an open page's event stream holds its thread while the page is open).

| path | answer |
| --- | --- |
| `/`, `/index.html` | the gallery the last build wrote, with the live script added |
| `/events` | the event stream (printgen.kit.serve.events) |
| `/_card/GAME/CARD` | the card's page; `.../front.png`, `.../back.png` its sides drawn now |
| `/_piece/GAME/DECK/ID` | a tile's, token's or die's page; its sides as a card's (`face-1.png`) |
| `/_part/GAME/NAME` | a part's page (a board, a sheet, a tuck box); `.../FACE.png` each face |
| `/_pages/PATH` | every page of a PDF of OUT as pictures; `/_page/PATH?n=N` one of them |
| `/_serve/live.js`, `/_serve/live.css` | the live pages' script and style |
| `GAME/balance.html`, any page of OUT | the page the build wrote, with the live script added |
| anything else | that file of OUT (printgen.kit.serve.outfiles), else 404 |

Requests must name the server as 127.0.0.1, localhost or [::1] in their Host header unless
`--host` widened it: a web page elsewhere cannot reach OUT through a name that it points at
127.0.0.1 (DNS rebinding).
"""

from __future__ import annotations

import queue
import shutil
import socket
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, quote, unquote

from printgen.files.templates import templates_dir
from printgen.kit.serve import html
from printgen.kit.serve.events import KEEPALIVE, KEEPALIVE_S, event, opening
from printgen.kit.serve.live import Live
from printgen.kit.serve.outfiles import content_type, file_in, open_file
from printgen.kit.serve.pages import Link, piece_page, piece_url
from printgen.kit.serve.parts import part_page, part_url
from printgen.kit.serve.views import GameView, face_lines, report_lines
from printgen.layout.sizes import Size
from printgen.model import Card, Component

CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
"""The live pages run printgen's one script and nothing a card's data could slip in."""
ASSETS = {"live.js": "text/javascript; charset=utf-8", "live.css": "text/css; charset=utf-8"}
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], live: Live, widened: bool) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        self.live = live
        self.widened = widened
        super().__init__(address, Handler)

    def host_allowed(self, host: str | None) -> bool:
        if self.widened:
            return True
        port = self.server_address[1]
        return host is not None and host.lower() in {f"{n}:{port}" for n in LOOPBACK_NAMES}


class Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"
    server_version = "printgen-serve"
    sys_version = ""
    head = False

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal says what the builds do, not every picture a page loads."""

    def do_GET(self) -> None:
        self._answer()

    def do_HEAD(self) -> None:
        self.head = True
        self._answer()

    def _answer(self) -> None:
        if not self.server.host_allowed(self.headers.get("Host")):
            self._message(HTTPStatus.FORBIDDEN, "Not here", "printgen serve answers 127.0.0.1.")
            return
        path, _, query = self.path.partition("?")
        try:
            route(path)(self, path, query)
        except (BrokenPipeError, ConnectionResetError):  # the page went away
            self.close_connection = True

    # -- answers -----------------------------------------------------------------------------

    def send(self, status: int, body: bytes, kind: str, cache: str = "no-cache") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        if kind.startswith("text/html"):
            self.send_header("Content-Security-Policy", CSP)
        self.end_headers()
        if not self.head:
            self.wfile.write(body)

    def _message(self, status: int, heading: str, text: str) -> None:
        live = {"page": "message", "problems": self.server.live.problems()}
        body = html.page("message.html.j2", live, heading=heading, text=text)
        self.send(status, body, "text/html; charset=utf-8")

    def missing(self, text: str = "No such page or file in the kit.") -> None:
        self._message(HTTPStatus.NOT_FOUND, "Not found", text)

    def send_file(self, path: Path) -> None:
        opened = open_file(path)
        if opened is None:
            self.missing()
            return
        stream, size = opened
        with stream:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", content_type(path))
            self.send_header("Content-Length", str(size))
            self.send_header("Cache-Control", "no-cache")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            if not self.head:
                shutil.copyfileobj(stream, self.wfile, size)


Route = Callable[[Handler, str, str], None]


def route(path: str) -> Route:
    if path in ("/", "/index.html"):
        return gallery
    if path == "/events":
        return events
    if path == "/favicon.ico":
        return no_icon
    for prefix, answer in PREFIXES:
        if path.startswith(prefix):
            return answer
    return out_file


def no_icon(handler: Handler, path: str, query: str) -> None:
    handler.send(HTTPStatus.NO_CONTENT, b"", "image/x-icon")


def out_file(handler: Handler, path: str, query: str) -> None:
    found = file_in(handler.server.live.out_dir, path)
    if found is None:
        handler.missing()
    elif found.suffix.lower() == ".html":
        report(handler, found)
    else:
        handler.send_file(found)


def report(handler: Handler, found: Path) -> None:
    """A page the build wrote beside a kit (its balance.html, analysis.html) with the live
    script added: it reloads when a build rewrites it (the figures recorded again)."""
    live = handler.server.live
    builds = live.builds  # before the file is read: a build ending meanwhile reloads it once
    opened = open_file(found)
    if opened is None:
        handler.missing()
        return
    stream, _ = opened
    with stream:
        built = stream.read()
    name = found.relative_to(live.out_dir.resolve()).as_posix()
    data = {"page": "report", "file": name, "builds": builds, "problems": live.problems()}
    handler.send(HTTPStatus.OK, html.with_live(built, data), "text/html; charset=utf-8")


def gallery(handler: Handler, path: str, query: str) -> None:
    live = handler.server.live
    links = {
        thumbnail(view.game.id, deck, card): piece_url(view.game.id, deck, card)
        for view in live.views()
        for deck, card in view.pieces()
    }
    data = {
        "page": "gallery",
        "builds": live.builds,
        "cards": links,
        "parts": part_links(live),
        "problems": live.problems(),
    }
    found = file_in(live.out_dir, "/index.html")
    opened = open_file(found) if found is not None else None
    if opened is None:
        waiting(handler)
        return
    stream, _ = opened
    with stream:
        built = stream.read()
    handler.send(HTTPStatus.OK, html.with_live(built, data), "text/html; charset=utf-8")


def part_links(live: Live) -> dict[str, list[tuple[str, str]]]:
    """Each file of parts the gallery links (`GAME/board.pdf`) -> its parts' pages."""
    found: dict[str, list[tuple[str, str]]] = {}
    for view in live.views():
        for part in view.game.parts.values():
            href = f"{view.game.id}/{part.file}.pdf"
            found.setdefault(href, []).append((part.label, part_url(view.game.id, part.name)))
    return found


def thumbnail(game_id: str, deck: Component, card: Card) -> str:
    """The picture of a piece's front that the gallery shows (its file in OUT)."""
    return f"{game_id}/{'cards' if deck.shape is None else deck.name}/{card.id}.png"


def waiting(handler: Handler) -> None:
    """Before the first build has written the gallery: the cards' pages, live already."""
    live = handler.server.live
    cards = [
        (view.game.name, [Link(c.name, piece_url(view.game.id, d, c)) for d, c in view.pieces()])
        for view in live.views()
    ]
    data = {"page": "waiting", "builds": live.builds, "problems": live.problems()}
    body = html.page("waiting.html.j2", data, cards=cards)
    handler.send(HTTPStatus.OK, body, "text/html; charset=utf-8")


def events(handler: Handler, path: str, query: str) -> None:
    hub = handler.server.live.hub
    handler.send_response(HTTPStatus.OK)
    handler.send_header("Content-Type", "text/event-stream; charset=utf-8")
    handler.send_header("Cache-Control", "no-cache")
    handler.send_header("Connection", "close")  # the stream ends with the connection
    handler.end_headers()
    handler.close_connection = True
    if handler.head:
        return
    stream = hub.subscribe(event("state", handler.server.live.state()))
    try:
        handler.wfile.write(opening())
        while True:
            try:
                message = stream.get(timeout=KEEPALIVE_S)
            except queue.Empty:
                message = KEEPALIVE
            if message is None:  # the server is stopping
                break
            handler.wfile.write(message)
            handler.wfile.flush()
    except OSError:  # the page closed
        pass
    finally:
        hub.unsubscribe(stream)


def card(handler: Handler, path: str, query: str) -> None:
    """`/_card/GAME/CARD`, and `/front.png` or `/back.png` after it."""
    parts = [unquote(part) for part in path.removeprefix("/_card/").split("/")]
    if len(parts) in (2, 3):
        piece(handler, parts[0], None, parts[1], parts[2] if len(parts) == 3 else None)
    else:
        handler.missing()


def shaped(handler: Handler, path: str, query: str) -> None:
    """`/_piece/GAME/DECK/ID`, and a side's picture after it (`/front.png`, `/face-1.png`)."""
    parts = [unquote(part) for part in path.removeprefix("/_piece/").split("/")]
    if len(parts) in (3, 4):
        piece(handler, parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else None)
    else:
        handler.missing()


def piece(handler: Handler, game_id: str, deck: str | None, id: str, side: str | None) -> None:
    """A piece's page (a card's when `deck` is None), or the picture of one of its sides."""
    live = handler.server.live
    view = live.view(game_id)
    at = view.at(deck, id) if view is not None else None
    if view is None or at is None:
        handler.missing("No such card or piece in the games as last read.")
        return
    if side is not None:
        picture(handler, view, at, side)
        return
    drawing, lines, stale = live.drawn(view, at)
    if drawing is not None and not stale:
        lines += face_lines(drawing)
    report = view.report()
    lines += report_lines(report or [], view.pieces()[at][1])
    shown = piece_page(view.game, view.pieces(), at, drawing, lines, view.generation, stale)
    data = {
        "page": "card",
        "game": view.game.id,
        "card": id,
        "generation": view.generation,
        "problems": live.problems(),
    }
    body = html.page("piece.html.j2", data, page=shown, checked=report is not None)
    handler.send(HTTPStatus.OK, body, "text/html; charset=utf-8")


def part(handler: Handler, path: str, query: str) -> None:
    """`/_part/GAME/NAME`: a part's page; `/_part/GAME/NAME/FACE.png`: a face of it."""
    parts = [unquote(piece) for piece in path.removeprefix("/_part/").split("/")]
    live = handler.server.live
    view = live.view(parts[0]) if len(parts) in (2, 3) else None
    at = view.part_at(parts[1]) if view is not None else None
    if view is None or at is None:
        handler.missing("No such part in the games as last read.")
        return
    drawing, lines, stale = live.drawn_part(view, at)
    if len(parts) == 3:
        name = parts[2]
        face = name.removesuffix(".png") if name.endswith(".png") else None
        side = drawing.side(face) if drawing is not None and face is not None else None
        if drawing is None or side is None:
            handler.missing()
            return
        size = Size(drawing.shape.width, drawing.shape.height)
        handler.send(HTTPStatus.OK, live.pictures.part(view.game, side.face, size), "image/png")
        return
    if drawing is not None and not stale:
        lines += face_lines(drawing)
    shown = part_page(view.game, at, drawing, lines, view.generation, stale)
    data = {
        "page": "card",
        "game": view.game.id,
        "card": parts[1],
        "generation": view.generation,
        "problems": live.problems(),
    }
    body = html.page("piece.html.j2", data, page=shown, checked=True)
    handler.send(HTTPStatus.OK, body, "text/html; charset=utf-8")


def picture(handler: Handler, view: GameView, at: int, name: str) -> None:
    live = handler.server.live
    drawing, _, _ = live.drawn(view, at)
    side = drawing.side(name.removesuffix(".png")) if drawing and name.endswith(".png") else None
    if drawing is None or side is None:
        handler.missing()
        return
    png = live.pictures.face(view.game, side.face, drawing.shape)
    handler.send(HTTPStatus.OK, png, "image/png")


def pdf_pages(handler: Handler, path: str, query: str) -> None:
    live = handler.server.live
    relative = path.removeprefix("/_pages")
    found = file_in(live.out_dir, relative)
    if found is None or found.suffix.lower() != ".pdf":
        handler.missing()
        return
    count = live.pictures.pdf_pages(found)
    data = {"page": "pages", "builds": live.builds, "problems": live.problems()}
    body = html.page(
        "pages.html.j2",
        data,
        name=unquote(relative.lstrip("/")),
        href=relative,
        count=count,
        image="/_page" + quote(unquote(relative)),
        version=found.stat().st_mtime_ns,
    )
    handler.send(HTTPStatus.OK, body, "text/html; charset=utf-8")


def pdf_page(handler: Handler, path: str, query: str) -> None:
    live = handler.server.live
    found = file_in(live.out_dir, path.removeprefix("/_page"))
    number = parse_qs(query).get("n", ["0"])[0]
    picture = None
    if found is not None and found.suffix.lower() == ".pdf" and number.isdigit():
        picture = live.pictures.pdf_page(found, int(number))
    if picture is None:
        handler.missing()
        return
    handler.send(HTTPStatus.OK, picture, "image/png")


def asset(handler: Handler, path: str, query: str) -> None:
    name = path.removeprefix("/_serve/")
    if name not in ASSETS:
        handler.missing()
        return
    body = (templates_dir() / "common" / "serve" / name).read_bytes()
    handler.send(HTTPStatus.OK, body, ASSETS[name])


PREFIXES: tuple[tuple[str, Route], ...] = (
    ("/_card/", card),
    ("/_piece/", shaped),
    ("/_part/", part),
    ("/_pages/", pdf_pages),
    ("/_page/", pdf_page),
    ("/_serve/", asset),
)
