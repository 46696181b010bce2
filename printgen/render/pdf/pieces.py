"""The pages of a PDF cairo wrote, as objects a joined file can take over as they are
(printgen.render.pdf.join), read without a PDF library.

cairo writes every object in the clear (`N 0 obj ... endobj`, streams compressed), a classic
cross-reference table and a flat page tree; printgen's repairs (printgen.render.pdf.fix) append
an incremental update. That is all this reader knows: anything else (object streams, a
cross-reference stream, a nested page tree, a page without its own MediaBox) is `Unsupported`,
and the joiner then hands the file to pikepdf. Each object's dictionary is kept as text with
its references marked, its stream data as bytes never looked into, so joining a piece is
copying bytes and renumbering a few thousand references, not parsing and re-serialising every
object of a large deck on every one-card edit.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass


class Unsupported(ValueError):
    """The file is not one this reader knows (see the module's docstring)."""


@dataclass(frozen=True)
class PdfObject:
    head: bytes
    """The object's value (a stream's dictionary), comments dropped, `/Length` direct."""
    data: bytes | None = None
    """A stream's bytes as stored (still compressed); None for an object without a stream."""
    refs: tuple[int, ...] = ()
    """The objects `head` refers to, in order (a page's /Parent left out)."""


@dataclass(frozen=True)
class Piece:
    """The pages of one file and every object they use, by the file's own numbers."""

    version: str
    pages: tuple[int, ...]
    objects: dict[int, PdfObject]
    catalog: bytes
    """The catalog's entries but /Type and /Pages (e.g. cairo's /ViewerPreferences, added by
    printgen.render.pdf.fix), as dictionary text without the brackets."""
    info: bytes
    """The document information's entries but its dates, as dictionary text."""


_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_SUBSECTION = re.compile(rb"(\d+)[ \t]+(\d+)[ \t]*\r?\n")
_OBJ = re.compile(rb"(\d+)\s+(\d+)\s+obj\b")
_STREAM = re.compile(rb">>\s*stream(?:\r\n|\n)")
REF = re.compile(rb"(\d+)\s+\d+\s+R(?![\w])")
COMMENT = re.compile(rb"%[^\r\n]*")
_LENGTH = re.compile(rb"/Length\s+(\d+)\s+(\d+)\s+R(?![\w])|/Length\s+(\d+)(?![\d.\s]*R)")
MEDIABOX = re.compile(rb"/MediaBox\s*\[([^\]]*)\]")


def read_piece(data: bytes) -> Piece:
    """The pages of `data` and the objects they use; Unsupported when it is not as cairo
    writes (see the module's docstring)."""
    header = re.match(rb"%PDF-(\d\.\d)", data)
    if header is None:
        raise Unsupported("no PDF header")
    offsets, starts, trailer = _cross_references(data)
    ends = sorted({*starts, len(data)})
    raw = _Raw(data, offsets, ends)
    root = _ref(trailer, b"/Root")
    info = _ref(trailer, b"/Info")
    catalog = raw[root]
    pages_root = _ref(catalog, b"/Pages")
    tree = raw[pages_root]
    kids = re.search(rb"/Kids\s*\[([^\]]*)\]", tree)
    if kids is None or b"/Parent" in tree:
        raise Unsupported("no flat page tree")
    pages = tuple(int(n) for n in re.findall(rb"(\d+)\s+\d+\s+R", kids.group(1)))
    objects = _reachable(raw, pages, forbidden={root, pages_root, info})
    return Piece(
        header.group(1).decode(),
        pages,
        objects,
        _without(catalog, (b"/Type", b"/Pages")),
        _without(raw[info], (b"/CreationDate", b"/ModDate")) if info in raw else b"",
    )


def _cross_references(data: bytes) -> tuple[dict[int, int], set[int], bytes]:
    """Where each object starts (the newest section's, after incremental updates), where
    every object any section lists and every section start (an object ends before the next
    of them), and the newest trailer's text."""
    found = _STARTXREF.search(data[-1024:])
    if found is None:
        raise Unsupported("no startxref")
    at: int | None = int(found.group(1))
    offsets: dict[int, int] = {}
    starts: set[int] = set()
    newest: bytes | None = None
    seen: set[int] = set()
    while at is not None:
        if at in seen or not data.startswith(b"xref", at):
            raise Unsupported("not a classic cross-reference table")
        seen.add(at)
        starts.add(at)
        position = at + 4
        while True:
            while data[position : position + 1] in (b"\r", b"\n", b" "):
                position += 1
            section = _SUBSECTION.match(data, position)
            if section is None:
                break
            first, count = int(section.group(1)), int(section.group(2))
            position = section.end()
            for index in range(count):
                entry = data[position : position + 20]
                position += 20
                if entry[17:18] == b"n":
                    starts.add(int(entry[:10]))
                    offsets.setdefault(first + index, int(entry[:10]))
        if not data.startswith(b"trailer", position):
            raise Unsupported("no trailer after the cross-reference table")
        end = data.find(b">>", position)  # a trailer holds no nested dictionary but /ID's array
        trailer = data[position + 7 : end + 2]
        newest = newest if newest is not None else trailer
        previous = re.search(rb"/Prev\s+(\d+)", trailer)
        at = int(previous.group(1)) if previous else None
    assert newest is not None
    return offsets, starts, newest


class _Raw(dict[int, bytes]):
    """Each object's text from `obj` to `endobj` (stream data included), by number, cut from
    the file when first asked for: its end is found before the next object or
    cross-reference section starts. A number the table does not list is not in it."""

    def __init__(self, data: bytes, offsets: dict[int, int], ends: list[int]) -> None:
        super().__init__()
        self.data, self.offsets, self.ends = data, offsets, ends

    def __contains__(self, number: object) -> bool:
        return number in self.offsets

    def __missing__(self, number: int) -> bytes:
        start = self.offsets.get(number)
        found = None if start is None else _OBJ.match(self.data, start)
        if start is None or found is None or int(found.group(1)) != number:
            raise Unsupported(f"object {number} is not where the table says")
        end = self.ends[bisect_right(self.ends, start)]
        close = self.data.rfind(b"endobj", found.end(), end)
        if close < 0:
            raise Unsupported(f"object {number} has no endobj")
        text = self[number] = self.data[found.end() : close]
        return text


def _ref(text: bytes, key: bytes) -> int:
    found = re.search(re.escape(key) + rb"\s+(\d+)\s+\d+\s+R", text)
    if found is None:
        raise Unsupported(f"no {key.decode()} reference")
    return int(found.group(1))


def _reachable(
    raw: dict[int, bytes], pages: tuple[int, ...], forbidden: set[int]
) -> dict[int, PdfObject]:
    """Every object the pages use, each parsed once; Unsupported when one of them leads back to
    the catalog, the page tree or the document information (the joined file has its own)."""
    objects: dict[int, PdfObject] = {}
    todo = list(pages)
    while todo:
        number = todo.pop()
        if number in objects:
            continue
        if number in forbidden or number not in raw:
            raise Unsupported(f"object {number} cannot be taken over")
        parsed = _parse(raw, raw[number], page=number in pages)
        objects[number] = parsed
        todo.extend(ref for ref in parsed.refs if ref not in objects)
    return objects


def _parse(raw: dict[int, bytes], text: bytes, page: bool) -> PdfObject:
    stream = _STREAM.search(text)
    head = text if stream is None else text[: stream.start() + 2]
    data = None
    if stream is not None:
        length = _LENGTH.search(head)
        if length is None:
            raise Unsupported("a stream without /Length")
        size = int(length.group(3) or _integer(raw, int(length.group(1))))
        data = text[stream.end() : stream.end() + size]
        if len(data) != size or not text[stream.end() + size :].lstrip().startswith(b"endstream"):
            raise Unsupported("a stream's /Length is not its data's")
        head = head[: length.start()] + b"/Length %d" % size + head[length.end() :]
    if page:
        head = re.sub(rb"/Parent\s+\d+\s+\d+\s+R", b"/Parent 0 0 R", head, count=1)
        if MEDIABOX.search(head) is None:
            raise Unsupported("a page without its own MediaBox")
    head = outside_strings(head, _uncommented).strip()
    refs = tuple(int(number) for text in _unquoted(head) for number in REF.findall(text))
    if page:
        refs = tuple(ref for ref in refs if ref != 0)
    return PdfObject(head, data, refs)


def outside_strings(text: bytes, change: Callable[[bytes], bytes]) -> bytes:
    """`text` with `change` made to every part of it outside its strings (`(...)`, nested
    parentheses and escapes included): a '%' or a '1 0 R' in a string is text, not a comment
    or a reference."""
    if b"(" not in text:
        return change(text)
    return b"".join(part if quoted else change(part) for quoted, part in _split_strings(text))


def _unquoted(text: bytes) -> list[bytes]:
    if b"(" not in text:
        return [text]
    return [part for quoted, part in _split_strings(text) if not quoted]


def _split_strings(text: bytes) -> list[tuple[bool, bytes]]:
    """`text` cut into its strings and what lies between them, in order. A '(' in a comment
    starts no string; a string left open is Unsupported."""
    parts: list[tuple[bool, bytes]] = []
    start = position = 0
    while True:
        found = _STRING_OR_COMMENT.search(text, position)
        if found is None:
            parts.append((False, text[start:]))
            return parts
        if found.group(0) != b"(":  # a comment: skipped to its line's end
            position = found.end()
            continue
        parts.append((False, text[start : found.start()]))
        depth, index = 0, found.start()
        while index < len(text):
            char = text[index : index + 1]
            if char == b"\\":
                index += 2
                continue
            depth += {b"(": 1, b")": -1}.get(char, 0)
            index += 1
            if depth == 0:
                break
        if depth:
            raise Unsupported("a string is not closed")
        parts.append((True, text[found.start() : index]))
        start = position = index


_STRING_OR_COMMENT = re.compile(rb"\(|%[^\r\n]*")


def _uncommented(text: bytes) -> bytes:
    return COMMENT.sub(b"", text) if b"%" in text else text


def _integer(raw: dict[int, bytes], number: int) -> int:
    text = raw[number].strip() if number in raw else b""
    if not text.isdigit():
        raise Unsupported(f"object {number} is not a stream's length")
    return int(text)


def _without(text: bytes, keys: tuple[bytes, ...]) -> bytes:
    """A dictionary's entries as text, without its brackets and the entries of `keys` (whose
    values are names, references or strings without parentheses in them)."""
    body = outside_strings(text, _uncommented).strip()
    if not (body.startswith(b"<<") and body.endswith(b">>")):
        raise Unsupported("not a dictionary")
    body = body[2:-2]
    for key in keys:
        body = re.sub(
            re.escape(key) + rb"(?![\w])\s*(?:\d+\s+\d+\s+R|/[^\s/<>\[\]()]*|\([^()]*\))", b"", body
        )
    if any(REF.search(part) for part in _unquoted(body)):
        raise Unsupported("a catalog or information entry refers to another object")
    return body.strip()


STORED = b"printgen-pdf-piece 1\n"


def piece_bytes(piece: Piece) -> bytes:
    """`piece` as bytes for the build store (`piece_from_bytes` reads them back): a JSON line
    listing the objects, then their dictionaries and stream data one after another. Reading
    a stored piece is some 0.3 ms, reading the window it came from some 3 ms."""
    numbers = sorted(piece.objects)
    listing = {
        "version": piece.version,
        "pages": list(piece.pages),
        "catalog": piece.catalog.decode("latin-1"),
        "info": piece.info.decode("latin-1"),
        "objects": [
            [
                number,
                len(piece.objects[number].head),
                -1
                if piece.objects[number].data is None
                else len(piece.objects[number].data or b""),
                list(piece.objects[number].refs),
            ]
            for number in numbers
        ],
    }
    parts = [STORED, json.dumps(listing, separators=(",", ":")).encode("ascii"), b"\n"]
    for number in numbers:
        item = piece.objects[number]
        parts += [item.head, item.data or b""]
    return b"".join(parts)


def piece_from_bytes(data: bytes) -> Piece:
    """A piece `piece_bytes` stored; Unsupported when `data` is not one (an entry of another
    printgen, edited by hand)."""
    if not data.startswith(STORED):
        raise Unsupported("not a stored piece")
    end = data.find(b"\n", len(STORED))
    try:
        listing = json.loads(data[len(STORED) : end])
        objects, position = {}, end + 1
        for number, head_size, data_size, refs in listing["objects"]:
            head = data[position : position + head_size]
            position += head_size
            stream = None
            if data_size >= 0:
                stream = data[position : position + data_size]
                position += data_size
            objects[int(number)] = PdfObject(head, stream, tuple(int(ref) for ref in refs))
        piece = Piece(
            str(listing["version"]),
            tuple(int(page) for page in listing["pages"]),
            objects,
            str(listing["catalog"]).encode("latin-1"),
            str(listing["info"]).encode("latin-1"),
        )
    except (ValueError, KeyError, TypeError) as exc:
        raise Unsupported(f"a stored piece cannot be read: {exc}") from None
    if position != len(data) or end < 0:
        raise Unsupported("a stored piece's length is not its listing's")
    return piece
