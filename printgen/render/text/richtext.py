"""Rich card text: `**bold**`, `*italic*`, line breaks and inline icons `:name:` (read by
`markup`), broken into lines that fit a box and shrunk, no further than the design's minimum
size, until they do.

Widths come from a `Measure` (on the build path the one cairo draws with), so a line measured
here is the line printed. Each run of one style gets its own x, so bold words and icons sit
exactly where they were measured. Long words are hyphenated (pyphen's dictionaries, the ones
WeasyPrint uses for the rulebooks), then split between letters only if no hyphenation fits.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING

from printgen.render.text.fonts import EMBOLDEN_EM, needs_bold
from printgen.render.text.markup import BREAK, Piece, icon_names, pieces
from printgen.render.text.shaping import RTL_CLASSES, direction, visual_order
from printgen.render.text.textfit import Font, Measure

if TYPE_CHECKING:  # pyphen's names only: loaded when a word is hyphenated; no types
    import pyphen

ICON_EM = 0.9  # an inline icon is this many ems wide and high, sitting on the baseline
# A word that does not fit the end of a line is hyphenated only when moving it whole would
# leave more than this share of the line empty (the "hyphenation zone" of ragged-right
# typesetting): fewer hyphens on small cards, and the dictionary is loaded only when needed.
HYPHENATION_ZONE = 0.35
PRETTY_STEP, PRETTY_LEAST = 0.025, 0.7
"""A paragraph that ends on one word is broken again at 97.5 %, 95 % ... down to 70 % of the
box's width, the widest that leaves two words or more on its last line (`Layout._pretty`)."""


Word = tuple[Piece, ...]


@dataclass(frozen=True)
class Placed:
    """A piece on a line: `x` from the line's start, in the text's unit (mm)."""

    piece: Piece
    x: float
    width: float
    after_space: bool = False
    """The piece starts a word that follows a space on the same line."""
    joins: bool = False
    """The piece continues the text run before it, after a space (the same style): the run
    is shaped and drawn as one text, kerned across its spaces (and its right-to-left words
    ordered), as it was measured."""


@dataclass
class Line:
    pieces: list[Placed] = field(default_factory=list)
    width: float = 0.0
    run_x: float = 0.0
    """Where the text run the line ends with starts."""
    run_text: str = ""
    """That run's text ('' when the line ends with an icon or is empty)."""


@dataclass(frozen=True)
class Block:
    size: float
    lines: tuple[Line, ...]
    fits: bool
    """False when the text does not fit the box even at the minimum size (lines were cut)."""
    runts: int = 0
    """Paragraphs left on a one-word last line that no narrower setting avoids."""
    spills: bool = False
    """Every line kept, but over the box's top and bottom: too low for one line at the
    minimum size (`fits` is False; nothing was cut)."""


def icons_in(markup: str) -> list[str]:
    """The icons `markup` names (`:coin:`, a letter first), for the unknown-icon check."""
    return icon_names(markup)


def parse(
    markup: str, icons: frozenset[str] | None = None, upper: bool = False
) -> list[list[Word]]:
    """Paragraphs of words; a word is the pieces between two spaces (`markup` reads the
    styles, escapes, breaks and icons). `upper` capitalises the text, not icon names."""
    paragraphs: list[list[Word]] = [[]]
    current: list[Piece] = []

    def end_word() -> None:
        if current:
            paragraphs[-1].append(tuple(current))
            current.clear()

    for piece in pieces(markup, icons, upper):
        if piece is BREAK or piece.text == "\n":
            end_word()
            paragraphs.append([])
        elif piece.icon is not None:
            current.append(piece)
        else:
            for part in re.split(r"(\s+)", piece.text):
                if not part:
                    continue
                if part.isspace():
                    end_word()
                else:
                    current.append(Piece(part, piece.bold, piece.italic))
    end_word()
    return paragraphs


def plain(markup: str) -> str:
    """The text without markup (for messages and measuring a title)."""
    return " ".join(
        "".join(p.text or f":{p.icon}:" for p in word)
        for paragraph in parse(markup)
        for word in paragraph
    )


class Layout:
    """Breaks parsed text into lines for one family at one size."""

    def __init__(
        self,
        family: str,
        measure: Measure,
        language: str = "en",
        zone: bool = True,
        features: tuple[tuple[str, int], ...] = (),
        spacing: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        self.family = family
        self.spacing = spacing
        """Letter spacing (`letter_spacing:`) after each character, spaces too, as CSS and
        `shaped_text.show` add it: a share of the size (em) and a fixed length (mm)."""
        self.measure = measure
        self.language = language
        self.zone = zone
        """Whether a word is hyphenated to fill a line's end (body text); a title's words
        (`zone` False) are hyphenated only when one is wider than a whole line."""
        self.features = features
        self.whole = False
        """Set while `_pretty` tries narrower widths: a word that no longer fits a line
        whole ends the trial (no new hyphen or split)."""
        self.runts = 0
        """How many paragraphs the last `lines` left on a one-word last line that no
        narrower setting avoids (a paragraph of three words or more)."""

    def font(self, piece: Piece, bold: bool = False) -> Font:
        return Font(self.family, piece.bold or bold, piece.italic, self.features)

    def width(self, piece: Piece, size: float, bold: bool) -> float:
        if piece.icon is not None:
            return ICON_EM * size
        return self.advance(piece.text, self.font(piece, bold), size)

    def advance(self, text: str, font: Font, size: float) -> float:
        """`text`'s width as it is drawn: a bold the family lacks is its regular face,
        emboldened, each letter wider by the stroke that thickens it (`fonts.needs_bold`),
        and each character followed by the letter spacing."""
        em, mm = self.spacing
        spaced = len(text) * (em * size + mm)
        if font.bold and needs_bold(font.family, font.italic):
            drawn = Font(font.family, False, font.italic, font.features)
            return (self.measure.advance(text, drawn) + len(text) * EMBOLDEN_EM) * size + spaced
        return self.measure.advance(text, font) * size + spaced

    def lines(
        self, paragraphs: list[list[Word]], width: float, size: float, bold: bool
    ) -> tuple[list[Line], bool]:
        """Lines no wider than `width`; the flag says whether a word had to be split between
        letters (a sign the size is too large for the box)."""
        lines: list[Line] = []
        forced = False
        self.runts = 0
        for paragraph in paragraphs:
            base = _paragraph_direction(paragraph)
            broken: list[Line] = []
            split = self._paragraph(paragraph, width, size, bold, broken)
            if not split and _runt(broken):
                better = self._pretty(paragraph, width, size, bold, broken)
                self.runts += better is None and len(_words(paragraph)) > 2
                broken = better or broken
            if base is not None:
                broken = [_visual(line, base) for line in broken]
            lines += broken
            forced = forced or split
        while lines and not lines[-1].pieces:
            lines.pop()
        return lines, forced

    def _pretty(
        self, paragraph: list[Word], width: float, size: float, bold: bool, lines: list[Line]
    ) -> list[Line] | None:
        """The paragraph broken as narrowly as needed (in steps of PRETTY_STEP of the width,
        down to PRETTY_LEAST) for its last line to hold two words or more, in as many lines,
        as CSS's `text-wrap: pretty` avoids a one-word last line, its words moved whole
        (no hyphen the first setting did not have); None when no such width breaks it
        without splitting a word."""
        count = len(lines)
        steps = int((1 - PRETTY_LEAST) / PRETTY_STEP)
        zone, self.zone = self.zone, False  # words move down whole: no new hyphens
        self.whole = True
        try:
            for step in range(1, steps + 1):
                trial: list[Line] = []
                narrower = width * (1 - step * PRETTY_STEP)
                if self._paragraph(paragraph, narrower, size, bold, trial):
                    return None
                if len(trial) > count:
                    return None
                if not _runt(trial):
                    return trial
            return None
        finally:
            self.zone, self.whole = zone, False

    def _paragraph(
        self, paragraph: list[Word], width: float, size: float, bold: bool, lines: list[Line]
    ) -> bool:
        """Break one paragraph into `lines`; True when a word was split between letters."""
        forced = False
        line = Line()
        queue = list(paragraph)
        while queue:
            word = queue.pop(0)
            wide = sum(self.width(p, size, bold) for p in word)
            if self._placed(line, word, size, bold)[1] <= width:
                self._append(line, word, size, bold)
                continue
            room = width - line.width - self._space(line, word[0], size, bold)
            head, tail = (
                self._hyphenate(word, line, width, size, bold)
                if self.zone and room > HYPHENATION_ZONE * width
                else (None, None)
            )
            if head is not None and tail is not None:
                self._append(line, head, size, bold)
                queue.insert(0, tail)
            if line.pieces:
                lines.append(line)
                line = Line()
            if head is not None:
                continue
            if wide <= width:
                self._append(line, word, size, bold)
                continue
            if self.whole:
                return True  # a narrower trial that would break a word: not taken
            head, tail = self._hyphenate(word, line, width, size, bold)
            if head is None or tail is None:
                head, tail = self._split(word, width, size, bold)
                forced = True
            self._append(line, head, size, bold)
            lines.append(line)
            line = Line()
            if tail:
                queue.insert(0, tail)
        lines.append(line)
        return forced

    def _space(self, line: Line, first: Piece, size: float, bold: bool) -> float:
        """The space before a word: in the word's style when the line's last piece has that
        style too (so the two draw as one run, exactly as measured), else upright."""
        if not line.pieces:
            return 0.0
        last = line.pieces[-1].piece
        same = (last.bold, last.italic) == (first.bold, first.italic) and not (
            last.icon or first.icon
        )
        font = self.font(first, bold) if same else Font(self.family, bold, False, self.features)
        return self.advance(" ", font, size)

    def _joins(self, line: Line, first: Piece) -> bool:
        """Whether `first` continues the run the line ends with (a text of the same style)."""
        if not (line.pieces and line.run_text) or first.icon is not None:
            return False
        last = line.pieces[-1].piece
        return last.icon is None and (last.bold, last.italic) == (first.bold, first.italic)

    def _placed(
        self, line: Line, word: Word, size: float, bold: bool
    ) -> tuple[list[Placed], float, tuple[float, str]]:
        """The pieces `word` adds to `line` (after a space when the line has pieces), the
        line's width after them, and the run it then ends with (its x and text). A word
        that continues the line's run is measured with it, as one shaped text."""
        placed: list[Placed] = []
        run_x, run_text = line.run_x, line.run_text
        end = line.width
        for i, piece in enumerate(word):
            first = i == 0 and bool(line.pieces)
            if first and self._joins(line, piece):
                font = self.font(piece, bold)
                head = self.advance(run_text + " ", font, size)
                run_text = f"{run_text} {piece.text}"
                end = run_x + self.advance(run_text, font, size)
                x = run_x + head
                placed.append(Placed(piece, x, end - x, after_space=True, joins=True))
                continue
            x = end + (self._space(line, piece, size, bold) if first else 0.0)
            w = self.width(piece, size, bold)
            placed.append(Placed(piece, x, w, after_space=first))
            run_x, run_text = x, piece.text if piece.icon is None else ""
            end = x + w
        return placed, end, (run_x, run_text)

    def _append(self, line: Line, word: Word, size: float, bold: bool) -> None:
        placed, end, (line.run_x, line.run_text) = self._placed(line, word, size, bold)
        line.pieces += placed
        line.width = end

    def _hyphenate(
        self, word: Word, line: Line, width: float, size: float, bold: bool
    ) -> tuple[Word | None, Word | None]:
        """The longest hyphenated start of a one-piece word that `line` takes within `width`,
        and the rest."""
        if len(word) != 1 or word[0].icon is not None:
            return None, None
        piece = word[0]
        for start, rest in _hyphen_points(self.language, piece.text):
            head = Piece(start, piece.bold, piece.italic)
            if self._placed(line, (head,), size, bold)[1] <= width:
                return (head,), (Piece(rest, piece.bold, piece.italic),)
        return None, None

    def _split(self, word: Word, width: float, size: float, bold: bool) -> tuple[Word, Word]:
        """Split between letters: as much of `word` as fits `width` (at least one letter)."""
        taken: list[Piece] = []
        used = 0.0
        for i, piece in enumerate(word):
            w = self.width(piece, size, bold)
            if used + w <= width or (not taken and piece.icon is not None):
                taken.append(piece)
                used += w
                continue
            if piece.icon is not None:
                return tuple(taken), word[i:]
            cut = 0
            for n in range(1, len(piece.text) + 1):
                trial = Piece(piece.text[:n], piece.bold, piece.italic)
                if used + self.width(trial, size, bold) > width:
                    break
                cut = n
            cut = max(cut, 0 if taken else 1)
            if cut:
                taken.append(Piece(piece.text[:cut], piece.bold, piece.italic))
            rest = (Piece(piece.text[cut:], piece.bold, piece.italic), *word[i + 1 :])
            return tuple(taken), tuple(p for p in rest if p.text or p.icon)
        return tuple(taken), ()


def _runt(lines: list[Line]) -> bool:
    """Whether the last of two or more lines holds a single word."""
    filled = [line for line in lines if line.pieces]
    if len(filled) < 2:
        return False
    return not any(placed.after_space for placed in filled[-1].pieces)


def _words(paragraph: list[Word]) -> list[Word]:
    return [word for word in paragraph if any(p.text.strip() or p.icon for p in word)]


def _paragraph_direction(paragraph: list[Word]) -> str | None:
    """'rtl' or 'ltr' for a paragraph with a right-to-left letter in it (its direction is
    its first strong letter's), None for one without (the common case: set as it is)."""
    text = " ".join(p.text for word in paragraph for p in word)
    if not any(unicodedata.bidirectional(c) in RTL_CLASSES for c in text):
        return None
    return direction(text) or "ltr"


def _visual(line: Line, base: str) -> Line:
    """`line` with its runs (the words of one style, drawn as one shaped text that orders
    its own words) placed left to right in their visual order (`visual_order`); the space
    between two neighbours is the one measured between them."""
    runs: list[list[Placed]] = []
    for placed in line.pieces:
        if placed.joins and runs:
            runs[-1].append(placed)
        else:
            runs.append([placed])
    texts = [" ".join(p.piece.text for p in run) for run in runs]
    order = visual_order([direction(text) for text in texts], base)
    if order == sorted(order):
        return line
    gaps = [0.0] + [
        after[0].x - (before[-1].x + before[-1].width) for before, after in pairwise(runs)
    ]
    placed_runs: list[Placed] = []
    x = 0.0
    for position, index in enumerate(order):
        if position:
            x += gaps[max(index, order[position - 1])]
        run = runs[index]
        shift = x - run[0].x
        placed_runs += [replace(p, x=p.x + shift) for p in run]
        x = run[-1].x + shift + run[-1].width
    return Line(placed_runs, x)


FIRST_LETTERS = 2
"""The fewest letters a hyphenated word keeps before its break."""
LAST_LETTERS = {"en": 3, "fr": 3}
"""The fewest it carries after it, as TeX sets each language: three in English and French
(a line starting `té` after `Extraordinairi-` reads as a stub), two elsewhere (`Spie-le`)."""


@cache
def _dictionary(language: str) -> pyphen.Pyphen:
    import pyphen  # its dictionaries load only when a word is hyphenated

    last = LAST_LETTERS.get(language.split("_")[0].split("-")[0].lower(), 2)
    try:
        return pyphen.Pyphen(lang=language, left=FIRST_LETTERS, right=last)
    except KeyError:
        return pyphen.Pyphen(lang="en", left=FIRST_LETTERS, right=LAST_LETTERS["en"])


def _hyphen_points(language: str, text: str) -> list[tuple[str, str]]:
    """Where `text` may break at a line's end, longest start first: the start as printed
    (ending in a hyphen) and the rest. A compound breaks after its own hyphens
    (`Windsbraut-` / `Überwachungsstation`), and each of its parts of 8 letters or more
    where the dictionary hyphenates it."""
    points: list[tuple[str, str]] = []
    at = 0
    for part in text.split("-"):
        end = at + len(part)
        if part and end + 1 < len(text):
            points.append((text[: end + 1], text[end + 1 :]))  # after the word's own hyphen
        letters = part.strip(".,;:!?)(\"'")
        if len(letters) >= 8 and letters.isalpha():
            points += [
                (text[:at] + start + "-", rest + text[end:])
                for start, rest in _dictionary(language).iterate(part)
            ]
        at = end + 1
    return sorted(points, key=lambda point: -len(point[0]))


def fit(
    markup: str,
    layout: Layout,
    box_width: float,
    box_height: float,
    size: float,
    min_size: float,
    *,
    leading: float,
    max_lines: int | None,
    extents: tuple[float, float],
    bold: bool = False,
    icons: frozenset[str] | None = None,
    upper: bool = False,
) -> Block:
    """The largest size from `size` down to `min_size` at which the text's lines fit the box
    (width, height and at most `max_lines`), words unsplit; at `min_size` what does not fit
    is cut (but the first line, in a box too low for it) and the block says so. `extents` =
    (ascent, descent) of the font, in ems."""
    paragraphs = parse(markup, icons, upper)
    ascent, descent = extents
    current = size
    while True:
        lines, forced = layout.lines(paragraphs, box_width, current, bold)
        room = _lines_that_fit(box_height, current, leading, ascent, descent)
        limit = room if max_lines is None else min(room, max_lines)
        if (len(lines) <= limit and not forced) or current <= min_size + 1e-9:
            fits = len(lines) <= limit and not forced
            # a box too low for one line at the minimum size still shows its first line (a
            # 15 mm token's name), over its edges, cut as any other; validate names it
            kept = lines[: max(limit, 1)]
            if len(kept) < len(lines) and kept:
                kept[-1] = _ellipsis(kept[-1], layout, box_width, current, bold)
            spills = limit < 1 and len(lines) == 1 and not forced
            return Block(round(current, 3), tuple(kept), fits, layout.runts, spills)
        current = max(min_size, current - max(0.05, current * 0.04))


def height_of(count: int, size: float, leading: float, extents: tuple[float, float]) -> float:
    ascent, descent = extents
    return 0.0 if count == 0 else (ascent + descent) * size + (count - 1) * leading * size


def _lines_that_fit(
    height: float, size: float, leading: float, ascent: float, descent: float
) -> int:
    first = (ascent + descent) * size
    if first > height + 1e-6:
        return 0
    return 1 + int((height - first) / (leading * size) + 1e-6)


def _ellipsis(line: Line, layout: Layout, width: float, size: float, bold: bool) -> Line:
    """`line` ending in an ellipsis, words dropped from its end until it fits."""
    dots = Piece("…")
    dots_w = layout.width(dots, size, bold)
    pieces = list(line.pieces)
    while pieces and pieces[-1].x + pieces[-1].width + dots_w > width:
        pieces.pop()
    end = pieces[-1].x + pieces[-1].width if pieces else 0.0
    pieces.append(Placed(dots, end, dots_w))
    return Line(pieces, end + dots_w)
