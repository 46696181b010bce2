"""Names that become file names: card ids (`cards/<id>.png`) and game ids (`OUT/<game>/`).

A name from data must make a file of its own on every system a kit is opened on:
- at most MAX_NAME characters (a 240-character id made "File name too long" mid-build);
- not a name Windows keeps for a device (`con`, `aux`, `nul`, `com1` ...): such a file cannot
  be opened there, whatever its extension;
- written in Unicode NFC, and unique when case is ignored: `Tiny` and `tiny`, or `café` in
  NFC and in NFD, are one folder on macOS and Windows file systems;
- for cards, not `back` nor `back-<anything>`: printgen writes each deck's back beside the
  faces as `cards/back.png` and `cards/back-<deck>.png`, so a card of that name would be
  overwritten by a back, or overwrite it.
"""

from __future__ import annotations

import re
import unicodedata

LETTERS_WITHOUT_ACCENT = str.maketrans(
    {
        "ß": "ss",
        "ẞ": "SS",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "þ": "th",
        "Þ": "TH",
        "ı": "i",
        "ħ": "h",
        "Ħ": "H",
    }
)
"""Latin letters that are not a letter plus an accent, so Unicode cannot decompose them: `Fuß`
would lose its `ß` (fu) where a reader writes `fuss`."""

MAX_NAME = 64


def plain_letters(text: str) -> str:
    """`text` with accents taken off and the letters above spelt out: `Größe` -> Grosse,
    `Ægis` -> AEgis (what ids from names and loose file matching compare)."""
    decomposed = unicodedata.normalize("NFKD", text.translate(LETTERS_WITHOUT_ACCENT))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_CONTRACTION = re.compile(r"(?<=\w)['\u2019\u02bc](?=(?:s|t|re|ve|ll|d|m)\b)", re.IGNORECASE)
"""An apostrophe before the end of an English word: `Zephyr's`, `don't`, `we'll`."""


def slug(name: str) -> str:
    """A card or suit id made from its name: `Knight Champion!` -> knight-champion, `Café` ->
    cafe, `Fuß Soldier` -> fuss-soldier, `Zephyr's Whisper` -> zephyrs-whisper (an English
    contraction's apostrophe, `'s`, `n't`, `'ll`, joins its word as it is read; an elision's,
    `d'Łódź`, parts two words). A letter, digit or mark of another script stays as it is,
    lowercase (`Тень` -> тень, `Ἥλιος` -> ἥλιος, `夜 Garden` -> 夜-garden), so a designer
    reads the id their name made: file names, URLs (as UTF-8) and XML names take such
    letters. A symbol outside ASCII (`—`, an emoji) is left out, as before."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFC", _CONTRACTION.sub("", name)):
        if unicodedata.category(char)[0] == "M":  # a vowel sign, virama: its letter's
            if kept and not kept[-1].isascii():
                kept.append(char)
            continue
        plain = plain_letters(char)
        if plain.isascii():
            kept.append(plain.lower())
        elif unicodedata.category(char)[0] in "LN":
            kept.append(char.lower())
    spelt = unicodedata.normalize("NFC", "".join(kept))
    return _ID_GAPS.sub("-", spelt).strip("-")


_ID_GAPS = re.compile(r"[\x00-\x2f\x3a-\x60\x7b-\x7f]+")
"""The ASCII that is not a lowercase letter or digit: a gap between an id's words."""

_ASCII_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def is_id(text: str) -> bool:
    """Whether `text` can be written as an id: ASCII lowercase letters, digits and hyphens
    (`sea-glass`), or the id `slug` makes of it (`тень`, `夜-garden`)."""
    return bool(_ASCII_ID.match(text)) or (bool(text) and slug(text) == text)


WINDOWS_RESERVED = frozenset(
    ["con", "prn", "aux", "nul"]
    + [f"com{i}" for i in range(10)]
    + [f"lpt{i}" for i in range(10)]
    + ["com¹", "com²", "com³", "lpt¹", "lpt²", "lpt³"]
)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a file name of a kit; None when it can."""
    if len(name) > MAX_NAME:
        return f"{len(name)} characters; at most {MAX_NAME} (it names files)"
    if unicodedata.normalize("NFC", name) != name:
        return "not in Unicode NFC form; write it with composed characters"
    if name.split(".")[0].strip().lower() in WINDOWS_RESERVED:
        return f"{name!r} is a device name on Windows; a file of that name cannot be made there"
    return None


def card_id_problem(card_id: str) -> str | None:
    """Why `card_id` cannot name a card's files; None when it can."""
    if card_id == "back" or card_id.startswith("back-"):
        return (
            f"{card_id!r} is reserved: printgen writes the deck backs as cards/back.png and "
            "cards/back-<deck>.png; choose another id"
        )
    return name_problem(card_id)


def same_name_key(name: str) -> str:
    """The form in which two names are the same file on a case-insensitive file system."""
    return unicodedata.normalize("NFC", name).casefold()
