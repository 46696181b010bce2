"""What a typeset rulebook page holds past its text area: a table a long name pushes wide, a
word longer than the line, a picture too big, read from weasyprint's laid-out boxes.

Each overflow is named by the rulebook's line (the `data-line` that
printgen.render.rulebook.text puts on each top-level block), its page and how far it runs;
`validate` reports them (printgen.check.rulebook), as a card's text cut short is reported.

weasyprint ships no type information (no py.typed): its document and boxes are named in
printgen.render.rulebook.weasy_types (`Any` there, with the reason).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from printgen.render.rulebook.weasy_types import Box, Document

PX_MM = 25.4 / 96  # weasyprint lays pages out in CSS pixels
TOLERANCE_PX = 1.5  # a rounding, an italic's overhang: not content past the edge
SAMPLE = 40  # characters of the overflowing text quoted


@dataclass(frozen=True)
class Overflow:
    page: int
    line: int | None
    what: str  # the element's tag: table, p, img ...
    text: str
    past_mm: float  # beyond the text area
    cut: bool  # beyond the paper itself

    def message(self, where: str) -> str:
        place = f"{where}:{self.line}" if self.line else where
        quoted = f" ({self.text!r})" if self.text else ""
        edge = ", off the paper" if self.cut else ""
        return (
            f"{place}: page {self.page}: a {self.what}{quoted} runs {self.past_mm:.1f} mm past "
            f"the text area{edge}"
        )


def overflows(document: Document) -> list[Overflow]:
    """Each outermost box of each page's text (not its margin boxes: headers, page numbers)
    that reaches past the page's text area."""
    found = []
    for number, page in enumerate(document.pages, start=1):
        box = page._page_box
        area = (
            box.content_box_x(),
            box.content_box_y(),
            box.content_box_x() + box.width,
            box.content_box_y() + box.height,
        )
        paper = (page.width, page.height)
        for child in box.children:
            found += [
                _overflow(number, line, over, area, paper) for over, line in _past(child, area)
            ]
    return found


def _past(
    box: Box, area: tuple[float, float, float, float], line: int | None = None
) -> Iterator[tuple[Box, int | None]]:
    from weasyprint.formatting_structure import boxes  # only when typesetting

    if isinstance(box, boxes.MarginBox):
        return
    element = getattr(box, "element", None)
    mark = element.get("data-line") if element is not None else None
    if mark is not None and str(mark).isdigit():
        line = int(mark)
    if _beyond(box, area) > TOLERANCE_PX and not isinstance(box, boxes.PageBox):
        yield box, line
        return
    for child in getattr(box, "children", None) or []:
        yield from _past(child, area, line)


def _extent(box: Box) -> tuple[float, float, float, float] | None:
    if getattr(box, "width", None) is None or getattr(box, "height", None) is None:
        return None
    x, y = box.border_box_x(), box.border_box_y()
    return x, y, x + box.border_width(), y + box.border_height()


def _beyond(box: Box, area: tuple[float, float, float, float]) -> float:
    extent = _extent(box)
    if extent is None:
        return 0.0
    left, _, right, bottom = extent
    return max(area[0] - left, right - area[2], bottom - area[3], 0.0)


def _overflow(
    page: int,
    line: int | None,
    box: Box,
    area: tuple[float, float, float, float],
    paper: tuple[float, float],
) -> Overflow:
    extent = _extent(box) or (0.0, 0.0, 0.0, 0.0)
    cut = extent[0] < -TOLERANCE_PX or extent[2] > paper[0] + TOLERANCE_PX
    cut = cut or extent[3] > paper[1] + TOLERANCE_PX
    text = " ".join(_text(box).split())
    return Overflow(
        page,
        line,
        str(getattr(box, "element_tag", None) or "box"),
        text[:SAMPLE] + ("…" if len(text) > SAMPLE else ""),
        round(_beyond(box, area) * PX_MM, 1),
        cut,
    )


def _text(box: Box) -> str:
    own = getattr(box, "text", None)
    if isinstance(own, str):
        return own
    return " ".join(_text(child) for child in getattr(box, "children", None) or [])
