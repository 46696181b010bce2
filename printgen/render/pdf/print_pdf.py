"""`cards-print.pdf`: one card a page at trim plus a 1/8 in bleed, TrimBox and BleedBox set,
the form print shops and imposition tools take. Each printed deck in turn: its fronts in data
order (every copy), then its back. Every page is labelled with what is on it (`water 2/10`,
`back`) and the outline has a bookmark per deck and per page, so a shop's operator (or the
designer) finds a card by name. Boxes, labels, outline and a deterministic document id are
added with pikepdf.

The bleed is the 1/8 in the faces are drawn with (`RECORD_BLEED_MM`): a poker card's page is
exactly 2.75 x 3.75 in, as US shops ask, and no part of the drawn bleed is cut away. Shop
presets may ask for another bleed (`print_pdf(..., bleed_mm=3)`).
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from printgen.layout.units import PT_PER_MM
from printgen.model import Game
from printgen.render.draw import vector
from printgen.render.faces.face import RECORD_BLEED_MM, DeckFaces, Face
from printgen.render.pdf.fix import tidy_cairo_pdf
from printgen.render.pdf.outline import walk_outline
from printgen.render.pdf.saved import saved

if TYPE_CHECKING:  # pikepdf's types only: it is loaded when a PDF is written
    import pikepdf

PRINT_BLEED_MM = RECORD_BLEED_MM


@dataclass(frozen=True)
class PrintPage:
    face: Face
    label: str
    """What the page shows, for its page label and bookmark: `water 2/10`, `back`."""


def deck_pages(deck: DeckFaces, order: str = "fronts-then-back") -> Iterator[PrintPage]:
    """The pages of one deck: every copy of every front, then the back (`fronts-then-back`),
    or each copy followed by the back (`pairs`, for shops that print page 2 on the back of
    page 1)."""
    for _card, face in deck.fronts:
        copies = _card.count
        for copy in range(1, copies + 1):
            label = face.name if copies == 1 else f"{face.name} {copy}/{copies}"
            yield PrintPage(face, label)
            if order == "pairs":
                yield PrintPage(deck.back, f"{label} back")
    if order != "pairs":
        yield PrintPage(deck.back, deck.back.name)


def print_pdf(
    game: Game,
    decks: Sequence[DeckFaces],
    drawings: dict[str, vector.Recorded],
    bleed_mm: float = PRINT_BLEED_MM,
    order: str = "fronts-then-back",
) -> bytes:
    pages = print_pages(game, decks, drawings, bleed_mm, order)
    return with_boxes(pages, bleed_mm, print_outline(decks, order))


def print_pages(
    game: Game,
    decks: Sequence[DeckFaces],
    drawings: dict[str, vector.Recorded],
    bleed_mm: float = PRINT_BLEED_MM,
    order: str = "fronts-then-back",
    window: tuple[int, int, int] | None = None,
) -> bytes:
    """The pages alone, without boxes, labels or outline (`with_boxes` adds them to the whole
    file); `window` = (deck index, first page, end page) makes only those pages of one deck
    (a piece of a large deck's file, printgen.kit.card_pdfs)."""
    assert game.card_size is not None
    trim = game.card_size
    width, height = trim.width + 2 * bleed_mm, trim.height + 2 * bleed_mm
    out = io.BytesIO()
    surface = vector.pdf_surface(out, width, height, f"{game.name}: cards for print shops")
    context = vector.mm_context(surface)
    offset = RECORD_BLEED_MM - bleed_mm
    for index, deck in enumerate(decks):
        for number, page in enumerate(deck_pages(deck, order)):
            if window is None or (window[0] == index and window[1] <= number < window[2]):
                vector.paint(context, drawings[page.face.svg], -offset, -offset)
                surface.show_page()
    surface.finish()
    return tidy_cairo_pdf(out.getvalue())


def print_outline(
    decks: Sequence[DeckFaces], order: str = "fronts-then-back"
) -> list[tuple[str, list[str]]]:
    """Each deck's bookmark title and its pages' labels."""
    return [
        (f"{deck.deck.name} ({deck.size} cards)", [page.label for page in deck_pages(deck, order)])
        for deck in decks
    ]


def with_boxes(
    pdf: bytes, bleed_mm: float, outline: Sequence[tuple[str, Sequence[str]]] = ()
) -> bytes:
    """Every page gets BleedBox = MediaBox and TrimBox = MediaBox less `bleed_mm` a side;
    with `outline` (deck title, page labels), page labels and bookmarks too."""
    import pikepdf  # loaded only when a PDF is written

    with pikepdf.open(io.BytesIO(pdf)) as doc:
        complete_print_pdf(doc, bleed_mm, outline)
        return finish_pdf(doc)


def complete_print_pdf(
    doc: object, bleed_mm: float, outline: Sequence[tuple[str, Sequence[str]]] = ()
) -> None:
    """What `with_boxes` adds, added to the open document `doc`."""
    set_boxes(doc, bleed_mm)
    if outline:
        label_pages(doc, outline)


def set_boxes(doc: object, bleed_mm: float) -> None:
    import pikepdf  # loaded only when a PDF is written

    assert isinstance(doc, pikepdf.Pdf)
    bleed = bleed_mm * PT_PER_MM
    for page in doc.pages:
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)
        page.obj.BleedBox = pikepdf.Array([x0, y0, x1, y1])
        page.obj.TrimBox = pikepdf.Array([x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed])


def label_pages(doc: object, outline: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Page labels (`/P` prefixes, no numbers) and a two-level outline: deck, then page."""
    import pikepdf  # loaded only when a PDF is written

    assert isinstance(doc, pikepdf.Pdf)
    nums: list[object] = []
    index = 0
    for _, labels in outline:
        for label in labels:
            nums.extend([index, pikepdf.Dictionary(P=pikepdf.String(label))])
            index += 1
    _write_outline(doc, outline)
    doc.Root.PageLabels = pikepdf.Dictionary(Nums=pikepdf.Array(nums))
    doc.Root.PageMode = pikepdf.Name.UseOutlines


def _write_outline(doc: pikepdf.Pdf, outline: Sequence[tuple[str, Sequence[str]]]) -> None:
    """The bookmarks: each deck's item (at its first page), its pages' items under it, every
    item opening its page to fit. The objects pikepdf's outline editor (`open_outline`) writes
    for the same items, made in the same order, without its item model: a tenth of the time
    (a 1,000-card deck's 1,002 bookmarks: 0.09 s)."""
    import pikepdf  # loaded only when a PDF is written

    def item(title: str, page: int, parent: pikepdf.Object, leaf: bool = False) -> pikepdf.Object:
        fields = {"/Title": title, "/Dest": pikepdf.Array([pages[page], pikepdf.Name.Fit])}
        fields |= {"/Parent": parent, "/Count": 0} if leaf else {"/Parent": parent}
        return doc.make_indirect(pikepdf.Dictionary(fields))

    def link(parent: pikepdf.Object, items: list[pikepdf.Object], count: int) -> None:
        for before, after in pairwise(items):
            before.Next, after.Prev = after, before
        if items:
            parent.First, parent.Last = items[0], items[-1]
        parent.Count = count

    pages = [page.obj for page in doc.pages]
    root = doc.Root
    if pikepdf.Name.Outlines in root:
        tree = root.Outlines
        for key in (pikepdf.Name.First, pikepdf.Name.Last):
            if key in tree:
                del tree[key]
    else:
        root.Outlines = tree = doc.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Outlines))
    decks = walk_outline(outline, tree, item, link)
    if not decks:
        del tree.Count


def finish_pdf(doc: object) -> bytes:
    """Save a pikepdf document reproducibly: no dates, an id computed from the content."""
    import pikepdf  # loaded only when a PDF is written

    assert isinstance(doc, pikepdf.Pdf)
    for key in ("/CreationDate", "/ModDate"):
        if key in doc.docinfo:
            del doc.docinfo[key]
    return saved(doc, object_streams=pikepdf.ObjectStreamMode.generate)
