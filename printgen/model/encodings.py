"""Which encoding a data file's bytes are in, when they do not say: UTF-16 saved without a
byte-order mark, and the legacy 8-bit encodings an older export writes.

A CSV that is not UTF-8 is refused (guessing wrong would print the wrong letters on every
card), but the refusal names the encoding the bytes look like, so the designer can write it
in the deck (`encoding: mac_roman`) or save the file as "CSV UTF-8". The guess is made by
reading the bytes each way and keeping the reading whose non-ASCII characters look like
Western European text: accented letters inside words, typographic quotes and dashes, rather
than symbols or capitals in the middle of a lowercase word.
"""

from __future__ import annotations

import unicodedata

LEGACY = {"cp1252": "Windows-1252", "mac_roman": "Mac Roman"}
"""The 8-bit encodings a spreadsheet's older "CSV" writes, in order of preference on a tie:
Excel on Windows, and Excel and older tools on a Mac."""

_ACCENTED = set("àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßœ")
_PUNCTUATION = set("‘’“”–—…•€£©®°·×«»¡¿")
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


def guess_legacy(raw: bytes) -> str | None:
    """The legacy encoding (a key of `LEGACY`) that reads the bytes most like text, or None
    when neither reads them as Western text (symbols, a binary file)."""
    best: tuple[int, str] | None = None
    for codec in LEGACY:
        try:
            text = raw.decode(codec)
        except UnicodeDecodeError:
            continue
        score = _plausibility(text)
        if best is None or score > best[0]:
            best = (score, codec)
    return best[1] if best and best[0] > 0 else None


def _plausibility(text: str) -> int:
    """How much the non-ASCII characters of `text` look like Western European writing."""
    score = 0
    for index, char in enumerate(text):
        if ord(char) < 128:
            continue
        before = text[index - 1] if index else " "
        if char in _PUNCTUATION:
            score += 1
        elif char.casefold() in _ACCENTED:
            # a capital after a lowercase letter (`CafÈ`) is a misreading, not a word
            score += 0 if char.isupper() and before.islower() else 2
        elif not unicodedata.category(char).startswith("L"):
            score -= 2
    return score
