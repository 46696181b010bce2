"""`printgen pull GAME`: each deck's `source:` (a published Google Sheets CSV link, or any
http(s) CSV or XLSX) fetched into the file its `file:` names, atomically, and what that
changed (printgen.kit.diff). The only command that touches the network: `build` and
`validate` never fetch.

Guarded as data from outside is: a timeout, a size limit read as the body arrives, redirects
followed only to http(s) and at most a few, and a body that is not what the file is (an HTML
page for a CSV: a sheet not published, or a sign-in page; no ZIP for an .xlsx) refused with
what to do. Every deck is fetched before any file is replaced: one failure leaves every file
as it was.
"""

from __future__ import annotations

import shutil
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from http.client import HTTPMessage
from pathlib import Path
from typing import IO

from printgen.errors import PrintgenError
from printgen.files.atomic import write_atomic
from printgen.kit.diff import GameDiff, diff_games
from printgen.model import load_game
from printgen.model.sources import load_yaml_value

TIMEOUT_S = 30
MAX_BYTES = 20 * 1024 * 1024
"""The largest body a sheet may send: far over any deck (1,000 rows of CSV are some 100 KB)."""
MAX_REDIRECTS = 5
PUBLISH_HINT = (
    "publish it as CSV: in Google Sheets, File > Share > Publish to web, the sheet, "
    "Comma-separated values (.csv), and copy that link"
)


@dataclass(frozen=True)
class Pulled:
    deck: str
    url: str
    file: Path
    size: int
    same: bool  # the file already held these bytes


class _HttpOnly(urllib.request.HTTPRedirectHandler):
    """Redirects within http(s) only, and at most MAX_REDIRECTS."""

    max_redirections = MAX_REDIRECTS

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: HTTPMessage,
        newurl: str,
    ) -> urllib.request.Request | None:
        if not newurl.lower().startswith(("http://", "https://")):
            raise urllib.error.URLError(f"refused a redirect to {newurl!r} (only http(s))")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def sources(folder: Path) -> list[tuple[str, str, Path]]:
    """(deck, url, file) for each deck of game.yaml with a `source:` (read from game.yaml
    alone: the first pull is often what makes the game's data loadable)."""
    doc, _ = load_yaml_value(folder / "game.yaml")
    decks = (doc.get("components") or {}) if isinstance(doc, dict) else {}
    found = []
    for name, spec in decks.items() if isinstance(decks, dict) else ():
        if isinstance(spec, dict) and spec.get("source") and spec.get("file"):
            url = str(spec["source"])
            if not url.lower().startswith(("http://", "https://")):
                raise PrintgenError(f"game.yaml: deck {name}: source: expected an http(s) address")
            found.append((str(name), url, folder / str(spec["file"])))
    return found


def fetch(url: str, where: str) -> bytes:
    """The body at `url`, within the limits; a PrintgenError naming `where` otherwise."""
    opener = urllib.request.build_opener(_HttpOnly())
    request = urllib.request.Request(url, headers={"User-Agent": "printgen-pull"})
    try:
        with opener.open(request, timeout=TIMEOUT_S) as answer:
            body = answer.read(MAX_BYTES + 1)
            kind = answer.headers.get("Content-Type", "")
    except urllib.error.HTTPError as exc:
        hint = f" (is the sheet published? {PUBLISH_HINT})" if exc.code in (401, 403, 404) else ""
        raise PrintgenError(f"{where}: {url}: HTTP {exc.code} {exc.reason}{hint}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise PrintgenError(f"{where}: {url}: cannot fetch: {reason}") from None
    if len(body) > MAX_BYTES:
        raise PrintgenError(f"{where}: {url}: over {MAX_BYTES // (1024 * 1024)} MB: not a deck")
    if "html" in kind.lower() or body.lstrip()[:15].lower().startswith((b"<!doctype", b"<html")):
        raise PrintgenError(
            f"{where}: {url}: the address gives a web page, not a CSV file: {PUBLISH_HINT}"
        )
    return body


def _check_kind(body: bytes, file: Path, where: str, url: str) -> None:
    if file.suffix.lower() in (".xlsx", ".ods") and not body.startswith(b"PK\x03\x04"):
        raise PrintgenError(f"{where}: {url}: not a {file.suffix} workbook (no ZIP)")


def pull(folder: Path) -> tuple[list[Pulled], GameDiff | None, str]:
    """Fetch every deck's source of the game in `folder`, then replace the files. Gives what
    was pulled, the diff against the files replaced, and why there is none ('' when there is
    one: the game did not load before, or does not load after)."""
    found = sources(folder)
    if not found:
        raise PrintgenError(
            f"{folder.name}: no deck has a source: (in game.yaml, a deck's source: URL names "
            "the published sheet that printgen pull fetches into its file:)"
        )
    bodies = []
    for deck, url, file in found:
        where = f"{folder.name} deck {deck}"
        body = fetch(url, where)
        _check_kind(body, file, where, url)
        bodies.append((deck, url, file, body))
    with tempfile.TemporaryDirectory(prefix="printgen-pull-") as scratch:
        before = Path(scratch) / folder.resolve().name
        shutil.copytree(folder, before, symlinks=True)
        pulled = []
        for deck, url, file, body in bodies:
            same = file.is_file() and file.read_bytes() == body
            if not same:
                write_atomic(file, body, folder)
            pulled.append(Pulled(deck, url, file, len(body), same))
        return pulled, *_diff(before, folder)


def _diff(before: Path, after: Path) -> tuple[GameDiff | None, str]:
    try:
        old = load_game(before)
    except PrintgenError:
        return None, "the files replaced did not load: no diff"
    try:
        return diff_games(old, load_game(after), "the files replaced"), ""
    except PrintgenError as exc:
        return None, f"the data pulled does not load yet: {exc}"
