"""PNG files from rows of RGB pixels, written directly: the per-card PNGs and TTS sheets.

Why not Pillow's encoder: it tries every PNG filter on every row, which costs as much as the
rasterising itself (about 10 ms for a poker card at 300 dpi), and for these flat, drawn
pictures the unfiltered rows deflate smaller anyway. Here each row is stored unfiltered (filter
byte 0) and deflated by libdeflate (`deflate`: the zlib stream format any PNG reader inflates);
the same pixels give the same bytes (no time or text chunks), and any PNG reader gives back
exactly the pixels that were drawn.

Why libdeflate: its deflate is a pure function of the bytes and the level, in every process
(its author's word, and what a reproducible build needs). ISA-L, used before, was seven times
faster (0.7 ms against 4.7 ms for a poker card at 300 dpi) but twice deflated the same rows
into other bytes in another process (a card of the suite's reference build against a fresh
build: identical pixels, 75,809 against 75,789 bytes), so two builds of the same data could
differ. libdeflate at level 1 also makes files a sixth smaller than ISA-L's (62.8 KB against
75.8 KB for that card) and than zlib's at level 1, which takes 6.4 ms.
"""

from __future__ import annotations

import struct
import zlib

import deflate

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COMPRESSION = 1
"""libdeflate's level: 1 is the fastest (4.7 ms a poker card); 2 to 6 take a third longer for
2 to 5 % smaller files."""


class Rows:
    """Pixels laid out as a PNG's image data wants them: each row of `width` RGB pixels
    preceded by its filter byte, so the buffer is deflated as it is, without a copy.

    `buffer` is what a rasteriser draws into: row `y` starts at `1 + y * stride`. It starts
    white (every byte 255), which costs what zeros cost and spares the rasteriser a fill.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.stride = width * 3 + 1
        self.data = bytearray(b"\xff") * (self.stride * height + 1)

    def image_data(self) -> memoryview:
        """The rows with their filter bytes (0: none), ready to deflate."""
        end = self.stride * self.height
        self.data[0 : end : self.stride] = bytes(self.height)  # a drawer may touch the padding
        return memoryview(self.data)[:end]


def _chunk(kind: bytes, body: bytes | bytearray) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def encode(rows: Rows, dpi: int | None = None) -> bytes:
    """An 8-bit RGB PNG of `rows`; with `dpi`, a pHYs chunk tells print shops the resolution."""
    header = struct.pack(">IIBBBBB", rows.width, rows.height, 8, 2, 0, 0, 0)
    chunks = [SIGNATURE, _chunk(b"IHDR", header)]
    if dpi is not None:
        per_metre = int(dpi / 0.0254 + 0.5)
        chunks.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    chunks.append(_chunk(b"IDAT", deflate.zlib_compress(rows.image_data(), COMPRESSION)))
    chunks.append(_chunk(b"IEND", b""))
    return b"".join(chunks)
