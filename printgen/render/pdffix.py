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
