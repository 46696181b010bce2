"""Text shaped by HarfBuzz: the glyphs a font's own rules choose for a text (kerning,
ligatures, Arabic joining forms, Devanagari conjuncts and reordered vowel signs) and where
each one goes. Card text is measured here and drawn from the same shaped glyphs
(`printgen.render.draw.shaped_text`), so a line that fits when measured is the line printed.

Why HarfBuzz (uharfbuzz) and not Pango: printgen breaks lines itself (hyphenation by the
game's language, no one-word last line), and a font a design names is the face printed,
whatever is installed; Pango would pick fallback fonts of its own and break lines its way.
HarfBuzz shapes one run in one font file and says exactly which glyph goes where.

A run of text is shaped whole, as a browser sets a line (kerned across its spaces), unless it
holds a right-to-left letter: then it is shaped a word at a time and the words are laid left
to right in their visual order, a word of a right-to-left script shaped right to left and a
run of such words turned round as a whole (`visual_order`: the Unicode bidirectional
algorithm's reordering, by words). Shaped pieces are cached by text and font.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.render.text.fonts import FontRequest, resolve
from printgen.render.text.textfit import Font

if TYPE_CHECKING:  # uharfbuzz's names only: loaded when text is shaped; no types
    import uharfbuzz as hb

RTL_CLASSES = frozenset({"R", "AL"})
LTR_CLASS = "L"
_PIECES = re.compile(r"( +)")

Features = tuple[tuple[str, int], ...]
"""OpenType features as (tag, value) pairs: `(("liga", 0), ("smcp", 1))`."""


@dataclass(frozen=True)
class Shaped:
    """One word (or space) shaped: its glyphs in visual order, in ems of the font size."""

    glyphs: tuple[int, ...]
    xs: tuple[float, ...]
    """Each glyph's x from the word's start (its offset included)."""
    ys: tuple[float, ...]
    """Each glyph's offset up from the baseline (marks above a letter, Devanagari's signs)."""
    clusters: tuple[int, ...]
    """The index of the character each glyph starts from (for the text a PDF gives back)."""
    advance: float
    rtl: bool
    chars: int
    """How many characters were shaped."""


@dataclass(frozen=True)
class Run:
    """A run of text shaped: its words in visual order, each at its x (ems)."""

    text: str
    pieces: tuple[tuple[int, Shaped, float], ...]
    """(where the piece starts in `text`, the piece, its x)."""
    advance: float

    @property
    def reordered(self) -> bool:
        """Some piece is drawn right to left or out of its logical order."""
        starts = [start for start, _, _ in self.pieces]
        return starts != sorted(starts) or any(shaped.rtl for _, shaped, _ in self.pieces)


@dataclass(frozen=True)
class FontFile:
    path: Path
    index: int = 0


@cache
def font_file(font: Font) -> FontFile:
    """The file drawn for `font`: the one fontconfig gives cairo for it, or a design's own."""
    return FontFile(resolve(FontRequest(font.family, font.bold, font.italic)).file)


@cache
def _hb_font(file: FontFile) -> hb.Font:
    import uharfbuzz as hb  # loaded only when text is shaped

    face = hb.Face(hb.Blob.from_file_path(str(file.path)), file.index)
    return hb.Font(face)


def direction(text: str) -> str | None:
    """'rtl' or 'ltr' from the first letter of a strong direction in `text`, else None."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in RTL_CLASSES:
            return "rtl"
        if kind == LTR_CLASS:
            return "ltr"
    return None


DEFAULT_FEATURES: dict[str, int] = {"liga": 0, "clig": 0}
"""Latin ligatures (`fi`) are asked for (`features: liga`), not set by default: cairo maps a
ligature glyph to the font's own character for it (U+FB01) in the PDF and says "fi" only in
ActualText, which pypdf and pdfminer ignore, so `Infinite Dragon` could not be found in the
PDF by them. The ligatures a script needs (Arabic's lam-alef, `rlig`; Devanagari's
conjuncts) are other features, always on."""


@lru_cache(maxsize=65536)
def shape_piece(text: str, font: Font) -> Shaped:
    """`text` (a word, or spaces) shaped in `font` with its features."""
    import uharfbuzz as hb  # loaded only when text is shaped

    hb_font = _hb_font(font_file(font))
    per_em = hb_font.face.upem
    buffer = hb.Buffer()
    buffer.add_codepoints([ord(c) for c in text])  # clusters count characters
    buffer.guess_segment_properties()
    hb.shape(hb_font, buffer, {**DEFAULT_FEATURES, **dict(font.features)})
    glyphs, xs, ys, clusters = [], [], [], []
    pen = 0.0
    for info, position in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        glyphs.append(info.codepoint)
        clusters.append(info.cluster)
        xs.append((pen + position.x_offset) / per_em)
        ys.append(position.y_offset / per_em)
        pen += position.x_advance
    return Shaped(
        tuple(glyphs),
        tuple(xs),
        tuple(ys),
        tuple(clusters),
        pen / per_em,
        buffer.direction == "rtl",
        len(text),
    )


@lru_cache(maxsize=65536)
def shape(text: str, font: Font) -> Run:
    """`text` shaped: whole when it has no right-to-left letter (kerned across its spaces,
    as a browser sets a line), else a word at a time, the words in visual order."""
    if not any(unicodedata.bidirectional(c) in RTL_CLASSES for c in text):
        whole = shape_piece(text, font)
        return Run(text, ((0, whole, 0.0),), whole.advance)
    parts: list[tuple[int, str]] = []
    at = 0
    for part in _PIECES.split(text):
        if part:
            parts.append((at, part))
        at += len(part)
    order = visual_order([direction(part) for _, part in parts], direction(text) or "ltr")
    pieces = []
    x = 0.0
    for index in order:
        start, part = parts[index]
        shaped = shape_piece(part, font)
        pieces.append((start, shaped, x))
        x += shaped.advance
    return Run(text, tuple(pieces), x)


def _levels(directions: Sequence[str | None], paragraph: int) -> list[int]:
    """Each word's embedding level: a word with no strong direction takes its neighbours'
    when both agree, else the paragraph's (0 left-to-right, 1 right-to-left)."""
    strong = [None if d is None else (1 if d == "rtl" else 0) for d in directions]
    levels = []
    for i, kind in enumerate(strong):
        if kind is None:
            before = next((k for k in reversed(strong[:i]) if k is not None), paragraph)
            after = next((k for k in strong[i + 1 :] if k is not None), paragraph)
            kind = before if before == after else paragraph
        # a right-to-left paragraph: its words at level 1, left-to-right words inside it at 2
        levels.append(kind if paragraph == 0 else 2 - kind)
    return levels


def visual_order(directions: Sequence[str | None], base: str = "ltr") -> list[int]:
    """The order in which words of these directions are laid left to right, by the Unicode
    bidirectional algorithm at the level of words: a word with no strong direction (a
    number, a space, punctuation) takes its neighbours' when both agree, else the
    paragraph's (`base`); then every run of words at an odd level or higher is reversed,
    highest level first (rule L2)."""
    levels = _levels(directions, 1 if base == "rtl" else 0)
    order = list(range(len(directions)))
    for level in range(max(levels, default=0), 0, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and levels[order[j]] >= level:
                j += 1
            order[i:j] = reversed(order[i:j])
            i = j
    return order


_TAG = re.compile(r"^[A-Za-z0-9]{4}$")


def feature_list(text: str) -> Features:
    """A design's `features:` (`"smcp, -liga"`, `"ss01 onum=1"`), written as HarfBuzz's
    tools write them: a tag turns a feature on, `-tag` off, `tag=N` picks alternate N.
    ValueError names what is not a feature."""
    found: dict[str, int] = {}
    for item in re.split(r"[,\s]+", str(text).strip()):
        if not item:
            continue
        tag, _, value = item.lstrip("+-").partition("=")
        if not _TAG.match(tag) or (value and not value.isdigit()):
            raise ValueError(
                f"{item!r} is not an OpenType feature: write a 4-letter tag (smcp, liga, "
                "kern, onum, ss01), -tag to turn one off, tag=2 for an alternate"
            )
        found[tag] = 0 if item.startswith("-") else int(value or 1)
    return tuple(found.items())


def merged(base: Features, over: Features) -> Features:
    """`base` with the features `over` sets changed or added (a box's over its font's)."""
    found = dict(base)
    found.update(over)
    return tuple(found.items())


def features_attribute(features: Features) -> str:
    """The CSS `font-feature-settings` value of `features` (`"liga" 0, "smcp" 1`)."""
    return ", ".join(f'"{tag}" {value}' for tag, value in features)


_FEATURE = re.compile(r"""^\s*["']([A-Za-z0-9 ]{4})["']\s*(on|off|\d+)?\s*$""")


def parse_features(value: str | None) -> Features:
    """`font-feature-settings` read back (`"liga" 0, 'smcp'`); what is not a feature is
    left out, as CSS leaves out a declaration it cannot read."""
    found = []
    for item in (value or "").split(","):
        matched = _FEATURE.match(item)
        if matched is None:
            continue
        tag, setting = matched.groups()
        number = {"on": 1, "off": 0, None: 1}.get(setting)
        found.append((tag, int(setting) if number is None else number))
    return tuple(found)


class ShapedMeasure:
    """Widths of shaped text (HarfBuzz, the glyphs drawn) and the font's extents."""

    def advance(self, text: str, font: Font) -> float:
        return shape(text, font).advance

    def extents(self, font: Font) -> tuple[float, float]:
        return _extents(font_file(font))


@cache
def _extents(file: FontFile) -> tuple[float, float]:
    """Ascent and descent in ems, as cairo's FreeType backend reads them (checked alike for
    every font the machine has: hhea, or OS/2's typographic figures where the font asks)."""
    hb_font = _hb_font(file)
    extents = hb_font.get_font_extents("ltr")
    per_em = hb_font.face.upem
    return extents.ascender / per_em, -extents.descender / per_em
