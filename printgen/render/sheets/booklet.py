"""`rules-booklet.pdf`: a rulebook imposed for saddle stitching (printgen.layout.booklet), two
pages a side on A4 or Letter, each sheet with its footer; `rules.pdf` stays the reading copy.

The sheets (footer and fold marks) are drawn with cairo, then each rulebook page is placed on
them as a form XObject with pikepdf, so its text stays text and its fonts are embedded once.
Each form gets a name made from its page number: pikepdf's own `add_overlay` names it with
`Name.random` (a fresh random name every call), which made every booklet's bytes differ from
the last build's.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import TYPE_CHECKING

from printgen.layout.booklet import BookletSheet, booklet_sheet, saddle_order
from printgen.layout.duplex import NO_OFFSET, BackOffset
from printgen.layout.geometry import Rect
from printgen.layout.labels import fill
from printgen.layout.notes import BAND_GAP_MM, FOOTER_DEPTH_MM, Band
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.layout.units import PT_PER_MM
from printgen.render.pdf.saved import saved

if TYPE_CHECKING:
    import pikepdf  # loaded only when a booklet is made

    from printgen.render.text.lettering import Lettering

BOOKLET_NOTE = "print at 100 % (no scaling) · two-sided, flip on short edge · fold, staple"
BOOKLET_WORDS = {
    "booklet_note": BOOKLET_NOTE,
    "booklet_sheet": "sheet {n} of {count}, {side}: {pages}",
    "booklet_front": "front",
    "booklet_back": "back",
    "booklet_blank": "blank",
}
"""The footer's words in English; a rulebook in another language passes its own (its labels,
templates/common/rulebook/labels/<lang>.yaml), so the Italian booklet is printed in Italian."""


def booklet_pdf(
    rules: bytes,
    paper: str,
    title: str,
    lettering: Lettering | None = None,
    words: Mapping[str, object] | None = None,
    offset: BackOffset = NO_OFFSET,
) -> bytes:
    """The booklet of the rulebook PDF `rules`, on `paper` (a4 or letter), its footers in
    the game's `lettering` and in the rulebook's `words` (BOOKLET_WORDS' keys; English for
    each one missing), each sheet's back side moved by the printer's back `offset`."""
    import pikepdf  # loaded only when a booklet is made

    source = pikepdf.open(io.BytesIO(rules))
    box = [float(v) for v in source.pages[0].mediabox]
    page = Size((box[2] - box[0]) / PT_PER_MM, (box[3] - box[1]) / PT_PER_MM)
    sheet = booklet_sheet(page, PAPER_SIZES[paper], FOOTER_DEPTH_MM + BAND_GAP_MM)
    sides = saddle_order(len(source.pages))
    said = {key: str((words or {}).get(key) or word) for key, word in BOOKLET_WORDS.items()}
    base = pikepdf.open(io.BytesIO(_sheets(sheet, sides, title, lettering, said)))
    for side, (left, right) in zip(base.pages, sides, strict=True):
        # cairo leaves its y-flip (`1 0 0 -1 0 h cm`) in force at the end of a page's content:
        # the sheet's drawing is closed in its own q/Q so that the pages go on the plain page.
        side.contents_add(b"q\n", prepend=True)
        side.contents_add(b"Q\n")
        for number, rect in ((left, sheet.left), (right, sheet.right)):
            if number is not None:
                _place(side, source.pages[number - 1], rect, f"/RulebookPage{number}")
    for side in list(base.pages)[1::2]:  # each sheet's back side
        _shift(side, offset.on_back_page(sheet.paper))
    base.Root.ViewerPreferences = pikepdf.Dictionary(
        PrintScaling=pikepdf.Name("/None"), Duplex=pikepdf.Name("/DuplexFlipShortEdge")
    )
    return saved(base)


def _place(side: pikepdf.Page, page: pikepdf.Page, rect: Rect, name: str) -> None:
    """Draw `page` scaled into `rect` of `side`, as a form XObject called `name`."""
    import pikepdf  # loaded only when a booklet is made

    form = page.as_form_xobject()
    placed = side.add_resource(form, pikepdf.Name.XObject, name=pikepdf.Name(name))
    side.contents_add(side.calc_form_xobject_placement(form, placed, _points(rect)))
    side.contents_coalesce()


def _shift(side: pikepdf.Page, by: tuple[float, float]) -> None:
    """Move everything on `side` by `by` (mm, y up)."""
    if by == (0.0, 0.0):
        return
    dx, dy = (f"{v * PT_PER_MM:.4f}".rstrip("0").rstrip(".") for v in by)
    side.contents_add(f"q 1 0 0 1 {dx} {dy} cm\n".encode(), prepend=True)
    side.contents_add(b"Q\n")
    side.contents_coalesce()


def _points(rect: Rect) -> pikepdf.Rectangle:
    import pikepdf  # loaded only when a booklet is made

    return pikepdf.Rectangle(
        *(v * PT_PER_MM for v in (rect.left, rect.bottom, rect.right, rect.top))
    )


def _sheets(
    sheet: BookletSheet,
    sides: list[tuple[int | None, int | None]],
    title: str,
    lettering: Lettering | None,
    words: dict[str, str],
) -> bytes:
    """The empty sheets, with their footers, drawn with cairo."""
    from printgen.render.draw import vector  # cairo: only when a booklet is made
    from printgen.render.sheets.notes import (
        draw_footer,  # cairo and jinja2: only when a booklet is made
    )

    paper = sheet.paper
    out = io.BytesIO()
    surface = vector.pdf_surface(out, paper.width, paper.height, f"{title}: booklet")
    context = vector.mm_context(surface)
    inner = Rect(0, 0, paper.width, paper.height).outset(-5.0)
    band = Band(
        "bottom", Rect(inner.left, inner.bottom, inner.right, inner.bottom + FOOTER_DEPTH_MM)
    )
    count = len(sides) // 2
    for index, (left, right) in enumerate(sides):
        side = words["booklet_front"] if index % 2 == 0 else words["booklet_back"]
        pages = " | ".join(str(n) if n else words["booklet_blank"] for n in (left, right))
        where = fill(
            words["booklet_sheet"],
            {"n": index // 2 + 1, "count": count, "side": side, "pages": pages},
        )
        text = f"{words['booklet_note']} · {title} · {where}"
        draw_footer(context, paper, band, text, lettering)
        surface.show_page()
    surface.finish()
    return out.getvalue()
