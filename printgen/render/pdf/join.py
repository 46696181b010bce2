"""One PDF from several, page after page: a large deck's card files are made a few sheets at a
time, each piece kept in the build store by what it shows, and joined here, so editing one
card redraws one piece, not the deck.

The pieces are cairo's files (printgen.render.pdf.pieces reads their objects without a PDF
library); the joined file takes each piece's objects over as they are, renumbered, its stream
data copied without being decoded, so a join costs about what copying the pieces' bytes costs
(pikepdf's join of a 1,000-card deck's cards-print.pdf took some 0.3 s, most of a one-card
edit's end). The small objects (dictionaries) are packed into compressed object streams, with
a cross-reference stream, as pikepdf's `object_stream_mode=generate` does. The first piece
gives the catalog's other entries (viewer preferences) and the document information (less its
dates); the fonts and drawings of each piece stay its own (subset per piece). The document id
is a digest of the content, so the same pieces always give the same bytes.

`bleed_mm` and `outline` add what cards-print.pdf has beyond its pages: each page's BleedBox
and TrimBox, page labels and a two-level outline (deck, then page). A piece this reader does
not know (not as cairo writes: pdfpieces.Unsupported) is joined with pikepdf instead.
"""

from __future__ import annotations

import hashlib
import io
import zlib
from collections.abc import Iterator, Sequence
from itertools import pairwise

from printgen.files.memo import remembered
from printgen.layout.units import PT_PER_MM
from printgen.render.pdf.outline import Outline, walk_outline
from printgen.render.pdf.pieces import (
    MEDIABOX,
    REF,
    Piece,
    Unsupported,
    outside_strings,
    piece_bytes,
    piece_from_bytes,
    read_piece,
)

PER_OBJECT_STREAM = 100
"""Dictionaries packed into one object stream (pikepdf's number)."""


def join_pdfs(
    pieces: Sequence[bytes], bleed_mm: float | None = None, outline: Outline = ()
) -> bytes:
    """The pages of every piece in order, as one PDF (one piece is returned as it is, unless
    there are boxes or an outline to add); with `bleed_mm`, every page gets BleedBox =
    MediaBox and TrimBox = MediaBox less `bleed_mm` a side; with `outline`, page labels and
    bookmarks (printgen.render.pdf.print_pdf.print_outline)."""
    if len(pieces) == 1 and bleed_mm is None and not outline:
        return pieces[0]
    try:
        read = [_read(piece) for piece in pieces]
    except Unsupported:
        return _join_with_pikepdf(pieces, bleed_mm, outline)
    return _Writer(read, bleed_mm, outline).write()


def _read(data: bytes) -> Piece:
    """`read_piece(data)`, kept in the build store by the bytes' digest: after one card's edit
    every window but that card's is read from there (a tenth of the time)."""
    digest = hashlib.sha256(data).hexdigest()
    stored = remembered("pdf-piece", [digest], lambda: piece_bytes(read_piece(data)))
    try:
        return piece_from_bytes(stored)
    except Unsupported:  # not as this printgen stores it: read the window itself
        return read_piece(data)


def _join_with_pikepdf(pieces: Sequence[bytes], bleed_mm: float | None, outline: Outline) -> bytes:
    import pikepdf  # loaded only when PDFs are joined

    # Here, not at the top: print_pdf loads cairo, which joining windows as bytes never needs
    # (a whole-deck piece that finds every window in the build store draws nothing).
    from printgen.render.pdf.print_pdf import finish_pdf, label_pages, set_boxes

    first, *rest = [pikepdf.open(io.BytesIO(piece)) for piece in pieces]
    try:
        for other in rest:
            first.pages.extend(other.pages)
        if bleed_mm is not None:
            set_boxes(first, bleed_mm)
        if outline:
            label_pages(first, outline)
        return finish_pdf(first)
    finally:
        for doc in (first, *rest):
            doc.close()


CATALOG, PAGES, INFO = 1, 2, 3


class _Writer:
    """The joined file's objects by number (1 the catalog, 2 the page tree, 3 the document
    information, then each piece's objects in the piece's order, then the outline's), written
    as a PDF 1.5 file."""

    def __init__(self, pieces: list[Piece], bleed_mm: float | None, outline: Outline) -> None:
        self.objects: dict[int, tuple[bytes, bytes | None]] = {}
        self.next = INFO + 1
        pages: list[int] = []
        for piece in pieces:
            numbers = {0: PAGES} | {old: self._take() for old in sorted(piece.objects)}
            heads = _renumbered(piece, numbers)
            for old, item in piece.objects.items():
                head = heads[old]
                if bleed_mm is not None and old in piece.pages:
                    head = _with_boxes(head, bleed_mm)
                self.objects[numbers[old]] = (head, item.data)
            pages += [numbers[page] for page in piece.pages]
        catalog = b"/Type /Catalog /Pages %d 0 R" % PAGES
        if pieces[0].catalog:
            catalog += b" " + pieces[0].catalog
        if outline:
            catalog += b" /PageLabels << /Nums [%s] >>" % b" ".join(_labels(outline))
            catalog += b" /PageMode /UseOutlines /Outlines %d 0 R" % self._outline(outline, pages)
        kids = b" ".join(b"%d 0 R" % page for page in pages)
        self.objects[CATALOG] = (b"<< " + catalog + b" >>", None)
        self.objects[PAGES] = (
            b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(pages)),
            None,
        )
        self.objects[INFO] = (b"<< " + pieces[0].info + b" >>", None)
        self.version = max(b"1.5", *(piece.version.encode() for piece in pieces))

    def _take(self) -> int:
        self.next += 1
        return self.next - 1

    def _outline(self, outline: Outline, pages: list[int]) -> int:
        """The bookmarks: each deck's item (at its first page), its pages' items under it,
        every item opening its page to fit; the number of the outline's root."""
        root = self._take()
        items: dict[int, dict[bytes, bytes]] = {}

        def item(title: str, page: int, parent: int, leaf: bool = False) -> int:
            number = self._take()
            items[number] = {b"/Title": _text(title), b"/Parent": b"%d 0 R" % parent}
            items[number][b"/Dest"] = b"[%d 0 R /Fit]" % pages[page]
            if leaf:
                items[number][b"/Count"] = b"0"
            return number

        def link(parent: int, children: list[int], count: int) -> None:
            for before, after in pairwise(children):
                items[before][b"/Next"] = b"%d 0 R" % after
                items[after][b"/Prev"] = b"%d 0 R" % before
            if children:
                items[parent][b"/First"] = b"%d 0 R" % children[0]
                items[parent][b"/Last"] = b"%d 0 R" % children[-1]
            items[parent][b"/Count"] = b"%d" % count

        items[root] = {b"/Type": b"/Outlines"}
        walk_outline(outline, root, item, link)
        for number, fields in items.items():
            entries = b" ".join(key + b" " + value for key, value in fields.items())
            self.objects[number] = (b"<< " + entries + b" >>", None)
        return root

    def write(self) -> bytes:
        out = bytearray(b"%PDF-" + self.version + b"\n%\xbf\xf7\xa2\xfe\n")
        # each object's cross-reference row: (1, offset, 0) or (2, its object stream, index)
        where: dict[int, tuple[int, int, int]] = {0: (0, 0, 0xFFFF)}
        plain = [number for number in sorted(self.objects) if self.objects[number][1] is None]
        for chunk in _chunks(plain, PER_OBJECT_STREAM):
            number = self._take()
            where[number] = (1, len(out), 0)
            out += self._object_stream(number, chunk)
            where |= {member: (2, number, index) for index, member in enumerate(chunk)}
        for number in sorted(self.objects):
            head, data = self.objects[number]
            if data is not None:
                where[number] = (1, len(out), 0)
                out += _stream_object(number, head, data)
        digest = hashlib.md5(out, usedforsecurity=False).hexdigest().encode()
        number = self._take()
        where[number] = (1, len(out), 0)
        rows = b"".join(
            bytes([kind]) + first.to_bytes(4, "big") + second.to_bytes(2, "big")
            for kind, first, second in (where.get(n, (0, 0, 0)) for n in range(number + 1))
        )
        table = zlib.compress(rows)
        head = (
            b"<< /Type /XRef /Size %d /W [1 4 2] /Root %d 0 R /Info %d 0 R /ID [<%s> <%s>] "
            b"/Filter /FlateDecode /Length %d >>"
        ) % (number + 1, CATALOG, INFO, digest, digest, len(table))
        start = len(out)
        out += _stream_object(number, head, table)
        out += b"startxref\n%d\n%%%%EOF\n" % start
        return bytes(out)

    def _object_stream(self, number: int, members: list[int]) -> bytes:
        """Object stream `number` holding the dictionaries of `members`, compressed."""
        offsets, body = [], bytearray()
        for member in members:
            offsets.append(b"%d %d" % (member, len(body)))
            body += self.objects[member][0] + b"\n"
        table = b" ".join(offsets) + b"\n"
        data = zlib.compress(table + bytes(body))
        head = b"<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>" % (
            len(members),
            len(table),
            len(data),
        )
        return _stream_object(number, head, data)


def _renumbered(piece: Piece, numbers: dict[int, int]) -> dict[int, bytes]:
    """Each object's dictionary of `piece` with the joined file's numbers in its references:
    those without a string in one pass over them all (a few thousand references a piece)."""
    refs = {b"%d" % old: b"%d 0 R" % new for old, new in numbers.items()}

    def renumber(text: bytes) -> bytes:
        return REF.sub(lambda match: refs[match.group(1)], text)

    quoted = {old for old, item in piece.objects.items() if b"(" in item.head}
    order = [old for old in piece.objects if old not in quoted]
    joined = renumber(SEPARATOR.join(piece.objects[old].head for old in order))
    heads = dict(zip(order, joined.split(SEPARATOR), strict=True))
    heads |= {old: outside_strings(piece.objects[old].head, renumber) for old in quoted}
    return heads


SEPARATOR = b"\nendobj\n"
"""Between two dictionaries renumbered in one pass: text no dictionary holds."""


def _stream_object(number: int, head: bytes, data: bytes) -> bytes:
    return b"%d 0 obj\n%s\nstream\n%s\nendstream\nendobj\n" % (number, head, data)


def _with_boxes(head: bytes, bleed_mm: float) -> bytes:
    """A page's dictionary with BleedBox = its MediaBox and TrimBox = that less the bleed."""
    found = MEDIABOX.search(head)
    assert found is not None  # pdfpieces refuses a page without one
    x0, y0, x1, y1 = (float(value) for value in found.group(1).split())
    bleed = bleed_mm * PT_PER_MM
    boxes = b" /BleedBox %s /TrimBox %s" % (
        _array((x0, y0, x1, y1)),
        _array((x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed)),
    )
    end = head.rstrip().rfind(b">>")
    return head[:end].rstrip() + boxes + b"\n>>"


def _array(values: Sequence[float]) -> bytes:
    return b"[" + b" ".join(_number(value) for value in values) + b"]"


def _number(value: float) -> bytes:
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return b"0" if text in ("-0", "") else text.encode()


def _labels(outline: Outline) -> Iterator[bytes]:
    """The page labels' number tree entries: each page's index and its label as a prefix."""
    index = 0
    for _, labels in outline:
        for label in labels:
            yield b"%d << /P %s >>" % (index, _text(label))
            index += 1


def _text(text: str) -> bytes:
    """A PDF text string: literal when printable ASCII, else UTF-16BE with its byte order mark."""
    if all(" " <= char <= "~" for char in text):
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return b"(" + escaped.encode("ascii") + b")"
    return b"<feff" + text.encode("utf-16-be").hex().encode() + b">"


def _chunks(items: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
