"""Two small repairs of the PDFs cairo 1.16 writes, done in place on the bytes (no PDF library
to load, so `cards.pdf` stays fast to build):

- cairo lists a form XObject once in a page's resources for every time it is painted
  (`/XObject << /x6 6 0 R /x6 6 0 R ... >>`); a dictionary must not repeat a key, and strict
  readers warn. Repeated entries are blanked out with spaces of the same length, so no byte
  offset moves and the cross-reference table stays right.
- cairo writes no document id. One computed from the content is added to the trailer, which
  follows the cross-reference table, so again nothing before it moves.
"""

from __future__ import annotations

import hashlib
import re

_RESOURCE_DICT = re.compile(rb"/(?:XObject|Pattern|Font|Shading) <<(?P<body>[^<>]*)>>")
_ENTRY = re.compile(rb"/[^\s/<>\[\]()]+\s+\d+\s+\d+\s+R")


def tidy_cairo_pdf(data: bytes) -> bytes:
    return _add_id(_dedupe_resources(data))


def _dedupe_resources(data: bytes) -> bytes:
    def fix(match: re.Match[bytes]) -> bytes:
        body = match.group("body")
        seen: set[bytes] = set()

        def blank(entry: re.Match[bytes]) -> bytes:
            text = entry.group(0)
            key = text.split()[0]
            if key in seen:
                return b" " * len(text)
            seen.add(key)
            return text

        fixed = _ENTRY.sub(blank, body)
        start, end = match.span("body")
        whole = match.group(0)
        offset = match.start()
        return whole[: start - offset] + fixed + whole[end - offset :]

    return _RESOURCE_DICT.sub(fix, data)


def _add_id(data: bytes) -> bytes:
    at = data.rfind(b"trailer")
    if at < 0 or b"/ID" in data[at:]:
        return data
    opening = data.find(b"<<", at)
    if opening < 0:
        return data
    digest = hashlib.md5(data, usedforsecurity=False).hexdigest().encode()
    entry = b" /ID [<" + digest + b"> <" + digest + b">]"
    return data[: opening + 2] + entry + data[opening + 2 :]


_LAST_TRAILER = re.compile(
    rb"trailer\s*<<(?P<body>.*?)>>\s*startxref\s*(?P<xref>\d+)\s*%%EOF\s*$", re.S
)


def set_viewer_preferences(data: bytes, *, duplex: bool) -> bytes:
    """Ask viewers to print at 100 % (`/PrintScaling /None`) and, for a duplex file, to flip
    on the long edge (`/Duplex /DuplexFlipLongEdge`).

    cairo cannot set viewer preferences, so the catalog is written again as an incremental
    update appended to the file (a new version of the catalog object, a one-entry
    cross-reference section and a trailer pointing back to the old one): nothing before it
    moves, and no PDF library is loaded.
    """
    trailer = _LAST_TRAILER.search(data)
    if trailer is None:
        raise ValueError("not a PDF with a classic trailer")
    body = trailer.group("body")
    root = re.search(rb"/Root\s+(\d+)\s+(\d+)\s+R", body)
    if root is None:
        raise ValueError("the PDF trailer names no catalog")
    number, generation = int(root.group(1)), int(root.group(2))
    found = re.search(
        rb"(?<![0-9])%d %d obj\s*<<(?P<dict>.*?)>>\s*endobj" % (number, generation), data, re.S
    )
    if found is None:
        raise ValueError("the PDF catalog cannot be found")
    prefs = b"/PrintScaling /None" + (b" /Duplex /DuplexFlipLongEdge" if duplex else b"")
    catalog = b"<<" + found.group("dict").rstrip() + b"\n   /ViewerPreferences << " + prefs
    catalog += b" >>\n>>"
    start = len(data) + 1
    update = b"\n%d %d obj\n%s\nendobj\n" % (number, generation, catalog)
    xref_at = start + len(update) - 1
    old_body = re.sub(rb"/Prev\s+\d+", b"", body).strip()
    update += b"xref\n0 1\n0000000000 65535 f \n%d 1\n%010d %05d n \n" % (
        number,
        start,
        generation,
    )
    update += b"trailer\n<< %s\n   /Prev %s\n>>\n" % (old_body, trailer.group("xref"))
    update += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return data + update
