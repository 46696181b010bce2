"""Which encoding a data file's bytes are in, when they do not say: UTF-16 saved without a
byte-order mark."""

from __future__ import annotations

_SAMPLE = 4096


def utf16_without_bom(raw: bytes) -> str | None:
    """`utf-16-le` or `utf-16-be` when the bytes are UTF-16 with no byte-order mark (mostly
    ASCII text, so every other byte is NUL), else None."""
    sample = raw[:_SAMPLE]
    if len(sample) < 4 or len(raw) % 2:
        return None
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) >= 0.4 * len(odd) and even.count(0) <= 0.05 * len(even):
        return "utf-16-le"
    if even.count(0) >= 0.4 * len(even) and odd.count(0) <= 0.05 * len(odd):
        return "utf-16-be"
    return None
