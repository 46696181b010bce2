"""The characters a font file has glyphs for, read straight from its `cmap` table.

fontTools reads every format, but importing it and naming every glyph costs about 0.1 s a
build; the two formats nearly every font carries (4 for the Basic Multilingual Plane, 12 for
the rest) take a few lines of `struct`. Anything else returns None and the caller asks
fontTools.
"""

from __future__ import annotations

import struct

# (platform, encoding, format), best first: Windows full repertoire, Unicode full, Windows BMP,
# Unicode BMP
_MOST = 0x110000  # more code points than Unicode has: a damaged or hostile table
_PREFERRED = ((3, 10, 12), (0, 4, 12), (0, 6, 12), (3, 1, 4), (0, 3, 4), (0, 1, 4), (0, 0, 4))


def read_cmap(data: bytes) -> frozenset[int] | None:
    """The code points of the first font in `data` (a TTF, OTF or TTC), or None when its
    cmap is not one of the formats read here."""
    try:
        return _read(data)
    except (struct.error, IndexError):
        return None


def _read(data: bytes) -> frozenset[int] | None:
    start = 0
    if data[:4] == b"ttcf":
        (start,) = struct.unpack_from(">I", data, 12)  # the first font of a collection
    (tables,) = struct.unpack_from(">H", data, start + 4)
    cmap = None
    for i in range(tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, start + 12 + 16 * i)
        if tag == b"cmap":
            cmap = offset
    if cmap is None:
        return None
    _, count = struct.unpack_from(">HH", data, cmap)
    found: dict[tuple[int, int, int], int] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        (fmt,) = struct.unpack_from(">H", data, cmap + offset)
        found.setdefault((platform, encoding, fmt), cmap + offset)
    for key in _PREFERRED:
        if key in found:
            return _format12(data, found[key]) if key[2] == 12 else _format4(data, found[key])
    return None


def _format4(data: bytes, at: int) -> frozenset[int] | None:
    (segments,) = struct.unpack_from(">H", data, at + 6)
    segments //= 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    range_at = at + 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", data, range_at)
    if sum(max(0, last - first + 1) for first, last in zip(starts, ends, strict=True)) > _MOST:
        return None
    points: set[int] = set()
    for i, (first, last) in enumerate(zip(starts, ends, strict=True)):
        for code in range(first, last + 1):
            if code == 0xFFFF:
                continue
            if offsets[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                where = range_at + 2 * i + offsets[i] + 2 * (code - first)
                (glyph,) = struct.unpack_from(">H", data, where)
                if glyph:
                    glyph = (glyph + deltas[i]) & 0xFFFF
            if glyph:
                points.add(code)
    return frozenset(points)


def _format12(data: bytes, at: int) -> frozenset[int] | None:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    spans = [struct.unpack_from(">III", data, at + 16 + 12 * i) for i in range(groups)]
    if sum(max(0, last - first + 1) for first, last, _ in spans) > _MOST:
        return None
    points: set[int] = set()
    for first, last, glyph in spans:
        points.update(range(first if glyph else first + 1, last + 1))
    return frozenset(points)
