"""What preflight may spend on one PDF, and content streams decoded within it (issue 40, 5).

A PDF is anyone's file: 2.7 MB of deflated content can inflate to 3 GB, a small stream can hold
millions of operators, forms can paint forms at ever new scales. So each file gets a budget:
bytes of decoded content (one stream, and all), operators, objects looked at, and CPU seconds;
past any of them preflight stops with a `Refused` naming the page, exit 2.

A content stream is decoded here, not by QPDF, whenever its filters are Flate or ASCII ones
(nearly every PDF): zlib is told how much it may produce, so a bomb costs the budget and no
more. Other filters (LZW, run length) are left to QPDF only when the stream is small enough
that even their worst expansion stays within the budget.
"""

from __future__ import annotations

import base64
import binascii
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printgen.errors import PrintgenError

if TYPE_CHECKING:
    import pikepdf

MAX_STREAM_BYTES = 64_000_000  # one content stream, decoded
MAX_CONTENT_BYTES = 512_000_000  # every content stream of the file, decoded
MAX_OPERATORS = 20_000_000  # tokens read, in all: about 10 s of parsing
MAX_OBJECTS = 2_000_000  # resources, forms and images looked at
MAX_SECONDS = 60.0  # CPU seconds for one file
MAX_IMAGE_PIXELS = 50_000_000  # one image, as a build takes (pdfium decodes it whole)
WORST_EXPANSION = 4096  # what LZW (or another filter) may make of one byte, at most


class Refused(PrintgenError):
    """A PDF preflight will not read further (`page`: where, 0 for the file itself)."""

    def __init__(self, page: int, message: str) -> None:
        self.page = page
        where = f"page {page}: " if page else ""
        super().__init__(f"{where}{message}")


@dataclass
class Budget:
    """What is left of one file's budget, spent as the file is read."""

    started: float = field(default_factory=time.process_time)
    content: int = 0
    counted: int = 0
    """Tokens read and counted; `operators` adds those still waiting to be (`spend_tokens`)."""
    objects: int = 0
    waiting: list[Callable[[], int]] = field(default_factory=list, repr=False)
    """Counts not made yet, of streams read (`spend_tokens`), and their bytes in all:"""
    waiting_bytes: int = 0

    @property
    def operators(self) -> int:
        """The tokens of every stream read so far."""
        self._settle()
        return self.counted

    def spend_content(self, size: int, page: int) -> None:
        self.content += size
        if self.content > MAX_CONTENT_BYTES:
            raise Refused(page, f"its content comes to over {MAX_CONTENT_BYTES} bytes decoded")

    def spend_operators(self, count: int, page: int) -> None:
        if self.counted + self.waiting_bytes + count > MAX_OPERATORS:
            self._settle()  # the tokens waiting may matter now
        self.counted += count
        if self.counted > MAX_OPERATORS:
            raise Refused(page, f"the file's content holds over {MAX_OPERATORS} operators")
        self.clock(page)

    def spend_tokens(self, size: int, count: Callable[[], int], page: int) -> None:
        """The tokens of a stream of `size` bytes, which `count` counts. A token is a byte at
        least, so while the tokens counted and the bytes waiting stay within MAX_OPERATORS no
        count can pass it, and `count` waits (most files never call it); from there the
        counts are made, and the file refused on the same page as when each is made at once."""
        if self.counted + self.waiting_bytes + size > MAX_OPERATORS:
            self.spend_operators(count(), page)
            return
        self.waiting.append(count)
        self.waiting_bytes += size
        self.clock(page)

    def _settle(self) -> None:
        self.counted += sum(count() for count in self.waiting)
        self.waiting.clear()
        self.waiting_bytes = 0

    def spend_objects(self, count: int, page: int) -> None:
        self.objects += count
        if self.objects > MAX_OBJECTS:
            raise Refused(page, f"the file's pages use over {MAX_OBJECTS} objects")

    def clock(self, page: int) -> None:
        if time.process_time() - self.started > MAX_SECONDS:
            raise Refused(page, f"checking the file takes over {MAX_SECONDS:g} s")


def image_pixels(width: float, height: float, page: int) -> None:
    """A Refused for an image of more than MAX_IMAGE_PIXELS, from what it declares: a renderer
    (the bleed check's) would allocate them before reading a byte of its data."""
    if width * height > MAX_IMAGE_PIXELS:
        raise Refused(
            page,
            f"an image of {width:.0f} x {height:.0f} pixels; preflight reads none over "
            f"{MAX_IMAGE_PIXELS // 1_000_000} megapixels",
        )


_FLATE = {"/FlateDecode", "/Fl"}
_HEX = {"/ASCIIHexDecode", "/AHx"}
_A85 = {"/ASCII85Decode", "/A85"}


def decoded(
    stream: pikepdf.Object,
    page: int,
    budget: Budget,
    limit: int = MAX_STREAM_BYTES,
    what: str = "its content",
) -> bytes:
    """The stream's data, decoded within `limit` bytes (a Refused past it); `what` names the
    stream in the refusal ("its content", "an image's samples")."""
    filters = _filters(stream)
    if all(f in _FLATE | _HEX | _A85 for f in filters):
        data = stream.read_raw_bytes()
        for name in filters:
            data = _decode(name, data, page, limit, what)
        if _predicted(stream):  # a predictor only shrinks what the filters gave: QPDF undoes it
            data = stream.read_bytes()
    else:
        raw = len(stream.read_raw_bytes())
        if raw * WORST_EXPANSION > limit:
            shown = ", ".join(f.lstrip("/") for f in filters)
            raise Refused(
                page,
                f"{what}, {raw} bytes through {shown}, could decode past "
                f"{limit} bytes; preflight reads no such stream",
            )
        data = stream.read_bytes()
    budget.spend_content(len(data), page)
    return data


def first_bytes(stream: pikepdf.Object, count: int) -> bytes:
    """The first `count` bytes of the stream's decoded data. A stream deflated alone (and
    not predicted) is inflated only as far as they need: an output intent's ICC profile,
    140 KB deflated, is read for its 20-byte header in a sixth of a millisecond instead of
    7 ms, and a profile that inflates without end costs no more. Any other stream is
    decoded by QPDF, as before."""
    filters = _filters(stream)
    if not _predicted(stream):
        if not filters:
            return bytes(stream.read_raw_bytes()[:count])
        if len(filters) == 1 and filters[0] in _FLATE:
            try:
                return zlib.decompressobj().decompress(stream.read_raw_bytes(), count)
            except zlib.error:
                pass  # damaged before those bytes: decoded by QPDF as before
    return bytes(stream.read_bytes()[:count])


def _filters(stream: pikepdf.Object) -> list[str]:
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    value = stream.get("/Filter")
    if value is None:
        return []
    return [str(item) for item in (value if isinstance(value, pikepdf.Array) else [value])]


def _predicted(stream: pikepdf.Object) -> bool:
    """Whether a filter has a predictor (its output then needs QPDF's own decoding)."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    parms = stream.get("/DecodeParms")
    if parms is None:
        return False
    listed = list(parms) if isinstance(parms, pikepdf.Array) else [parms]
    return any(isinstance(p, pikepdf.Dictionary) and p.get("/Predictor", 1) != 1 for p in listed)


def _decode(name: str, data: bytes, page: int, limit: int, what: str) -> bytes:
    if name in _FLATE:
        return _inflate(data, page, limit, what)
    try:
        if name in _HEX:  # the ASCII decoders only shrink their input
            text = data.split(b">", 1)[0].translate(None, _BLANKS)
            return binascii.unhexlify(text + b"0" * (len(text) % 2))
        text = data.split(b"~>", 1)[0].translate(None, _BLANKS)
        return base64.a85decode(text, adobe=False)
    except (ValueError, binascii.Error) as exc:
        message = f"{what} is broken {name.lstrip('/')} data ({exc})"
        raise Refused(page, message) from None


_BLANKS = b" \t\r\n\f\0"


def _inflate(data: bytes, page: int, limit: int, what: str) -> bytes:
    """Deflated data inflated, at most `limit` bytes of it, fed to zlib a piece at a time;
    a damaged stream gives what comes before the damage, as QPDF reads it."""
    inflater = zlib.decompressobj()
    out = bytearray()
    offset = 0
    try:
        while offset < len(data) and not inflater.eof:
            piece = data[offset : offset + INFLATE_PIECE]
            offset += len(piece)
            out += inflater.decompress(piece, limit + 1 - len(out))
            while inflater.unconsumed_tail and len(out) <= limit:
                tail = inflater.unconsumed_tail
                out += inflater.decompress(tail, limit + 1 - len(out))
            if len(out) > limit:
                raise Refused(
                    page,
                    f"{what} inflates to over {limit} bytes from {len(data)} "
                    "(a decompression bomb?)",
                )
    except zlib.error:
        pass  # what came before the damage is the content
    return bytes(out)


INFLATE_PIECE = 1 << 16
