"""`print-guide.pdf`: a page per game that says what to print at home and how: which files,
how many sheets of each, which paper, two-sided or folded, the cutting order and the scale
check (issue 16). The gallery shows the same `PrintGuide`.

The guide's content is plain data (`PrintGuide`), gathered by printgen.kit.guide from the files
a build wrote; this module only draws it: a page of the kit's paper (a second when a kit of
many files runs past the first's margin), 5 mm kept blank, no text under 6 pt.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from printgen.layout.labels import fill
from printgen.layout.sizes import Size
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.pdf.fix import set_viewer_preferences, tidy_cairo_pdf
from printgen.render.text.fonts import require_glyphs
from printgen.render.text.kit_words import KitWords, english_words
from printgen.render.text.lettering import Lettering


@dataclass(frozen=True)
class PrintItem:
    file: str
    sheets: int
    paper: str
    how: str
    papers: str = ""
    """The sheets by paper size (`1 A3, 2 A4`) when the file's pages are not all one size."""


@dataclass(frozen=True)
class GuideHeadings:
    """The guide's own words in the kit's language (the kit words' `guide_*`), `{game}`,
    `{paper}` and `{n}` filled as it is drawn."""

    title: str
    continued: str
    laid_out: str
    what: str
    cutting: str
    scale: str
    sheet: str
    sheets: str


def guide_headings(words: KitWords | None = None) -> GuideHeadings:
    """The headings in `words`' language (English when not given)."""
    words = words or english_words()
    return GuideHeadings(
        title=words.say("guide_title"),
        continued=words.say("guide_continued"),
        laid_out=words.say("guide_laid_out"),
        what=words.say("guide_what"),
        cutting=words.say("guide_cutting"),
        scale=words.say("guide_scale"),
        sheet=words.say("guide_sheet"),
        sheets=words.say("guide_sheets"),
    )


@dataclass(frozen=True)
class PrintGuide:
    game: str
    paper: str
    """The paper the kit was built for: `A4` or `Letter`."""
    items: tuple[PrintItem, ...]
    cutting: tuple[str, ...]
    scale_check: str
    notes: tuple[str, ...] = field(default_factory=tuple)
    headings: GuideHeadings = field(default_factory=guide_headings)


MARGIN_MM = 15.0
TEXT_MM = 3.4  # 9.6 pt
SMALL_MM = 2.9  # 8.2 pt
INK = (0.13, 0.12, 0.11)
MUTED = (0.38, 0.36, 0.33)


def print_guide_pdf(guide: PrintGuide, paper: Size, lettering: Lettering | None = None) -> bytes:
    """The guide as a one-page PDF on `paper`, in the game's `lettering` (its cards' body
    font, Lato for what that lacks)."""
    import cairocffi as cairo  # loaded only when the guide is drawn

    from printgen.render.draw import vector  # cairo: only when the guide is drawn

    out = io.BytesIO()
    surface = vector.pdf_surface(out, paper.width, paper.height, f"{guide.game}: print guide")
    context = vector.mm_context(surface)
    pen = _Pen(context, cairo, MARGIN_MM, paper.width - 2 * MARGIN_MM, lettering or Lettering())

    words = guide.headings

    def next_page() -> None:
        surface.show_page()
        pen.line(fill(words.continued, {"game": guide.game}), SMALL_MM, color=MUTED, after=2.0)

    pen.bottom, pen.next_page = paper.height - MARGIN_MM, next_page
    *first, last = pen.wrap(fill(words.title, {"game": guide.game}), 7.0, bold=True)
    for line in first:  # a long title wraps rather than running off the page
        pen.line(line, 7.0, bold=True, after=0.2)
    pen.line(last, 7.0, bold=True, after=2.0)
    pen.para(fill(words.laid_out, {"paper": guide.paper}), TEXT_MM)
    pen.heading(words.what)
    for item in guide.items:
        sheets = fill(words.sheet if item.sheets == 1 else words.sheets, {"n": item.sheets})
        sheets += f" ({item.papers})" if item.papers else ""
        pen.line(f"{item.file} \u2014 {sheets}", TEXT_MM, bold=True, after=0.6)
        pen.para(f"{item.paper}. {item.how}", SMALL_MM, indent=4.0)
    if guide.cutting:  # a kit of sheets and boards only has no cutting order
        pen.heading(words.cutting)
    for number, step in enumerate(guide.cutting, start=1):
        pen.para(f"{number}. {step}", SMALL_MM, indent=0.0)
    pen.heading(words.scale)
    pen.para(guide.scale_check, SMALL_MM)
    for note in guide.notes:
        pen.para(note, SMALL_MM, color=MUTED)
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=False)


class _Pen:
    """Writes lines and wrapped paragraphs down the page (y grows downwards, mm)."""

    def __init__(
        self,
        context: CairoContext,
        cairo: ModuleType,
        left: float,
        width: float,
        lettering: Lettering,
    ) -> None:
        self.context, self.cairo, self.lettering = context, cairo, lettering
        self.left, self.width, self.y = left, width, MARGIN_MM
        self.bottom = float("inf")
        """Where the page's text must end: a line that would pass it starts a new page."""
        self.next_page: Callable[[], None] | None = None

    def _font(self, family: str, size: float, bold: bool) -> None:
        weight = self.cairo.FONT_WEIGHT_BOLD if bold else self.cairo.FONT_WEIGHT_NORMAL
        self.context.select_font_face(family, self.cairo.FONT_SLANT_NORMAL, weight)
        self.context.set_font_size(size)

    def line(
        self,
        text: str,
        size: float,
        bold: bool = False,
        after: float = 1.0,
        indent: float = 0.0,
        color: tuple[float, float, float] = INK,
    ) -> None:
        require_glyphs("", "the print guide", self.lettering.requests(text, bold))
        if self.y + size * 1.3 > self.bottom and self.next_page is not None:
            self.y = MARGIN_MM  # a long kit (a cutter's files too) runs onto a second page
            self.next_page()
        self.y += size
        for index, (family, piece) in enumerate(self.lettering.runs(text, bold)):
            self._font(family, size, bold)
            if index == 0:
                self.context.set_source_rgb(*color)
                self.context.move_to(self.left + indent, self.y)
            self.context.show_text(piece)
        self.y += size * 0.3 + after

    def heading(self, text: str) -> None:
        """A heading, on the next page when the page has no room for two lines under it (it
        stood alone at a page's foot: a designer's trial)."""
        self.y += 3.0
        kept = 4.2 * 1.3 + 1.2 + 2 * (TEXT_MM * 1.3 + 0.2)
        if self.y + kept > self.bottom and self.next_page is not None:
            self.y = MARGIN_MM
            self.next_page()
        self.line(text, 4.2, bold=True, after=1.2)

    def para(
        self,
        text: str,
        size: float,
        indent: float = 0.0,
        color: tuple[float, float, float] = INK,
    ) -> None:
        for line in self.wrap(text, size, indent):
            self.line(line, size, after=0.2, indent=indent, color=color)
        self.y += 1.2

    def wrap(self, text: str, size: float, indent: float = 0.0, bold: bool = False) -> list[str]:
        """`text` broken into lines that fit the page's width less `indent`."""
        lines, current = [], ""
        for word in text.split():
            trial = f"{current} {word}".strip()
            if self._width(trial, size, bold) > self.width - indent and current:
                lines.append(current)
                current = word
            else:
                current = trial
        return [*lines, current] if current else lines

    def _width(self, text: str, size: float, bold: bool) -> float:
        width = 0.0
        for family, piece in self.lettering.runs(text, bold):
            self._font(family, size, bold)
            width += self.context.text_extents(piece)[4]
        return width
