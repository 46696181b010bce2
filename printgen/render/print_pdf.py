"""`cards-print.pdf`: one card a page at trim plus a 3 mm bleed, TrimBox and BleedBox set, the
form print shops and imposition tools take. Each printed deck in turn: its fronts in data order
(every copy), then its back. Boxes and a deterministic document id are added with pikepdf.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from printgen.layout.sizes import BLEED_MM
from printgen.layout.units import PT_PER_MM
from printgen.model import Game
from printgen.render import vector
from printgen.render.faces import RECORD_BLEED_MM, DeckFaces
from printgen.render.pdffix import tidy_cairo_pdf


def print_pdf(
    game: Game, decks: Sequence[DeckFaces], drawings: dict[str, vector.Recorded]
) -> bytes:
    assert game.card_size is not None
    trim = game.card_size
    width, height = trim.width + 2 * BLEED_MM, trim.height + 2 * BLEED_MM
    out = io.BytesIO()
    surface = vector.pdf_surface(out, width, height, f"{game.name}: cards for print shops")
    context = vector.mm_context(surface)
    offset = RECORD_BLEED_MM - BLEED_MM
    for deck in decks:
        for face in [*deck.run(), deck.back]:
            vector.paint(context, drawings[face.svg], -offset, -offset)
            surface.show_page()
    surface.finish()
    return with_boxes(tidy_cairo_pdf(out.getvalue()), BLEED_MM)


def with_boxes(pdf: bytes, bleed_mm: float) -> bytes:
    """Every page gets BleedBox = MediaBox and TrimBox = MediaBox less `bleed_mm` a side."""
    import pikepdf

    bleed = bleed_mm * PT_PER_MM
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            page.obj.BleedBox = pikepdf.Array([x0, y0, x1, y1])
            page.obj.TrimBox = pikepdf.Array([x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed])
        return finish_pdf(doc)


def finish_pdf(doc: object) -> bytes:
    """Save a pikepdf document reproducibly: no dates, an id computed from the content."""
    import pikepdf

    assert isinstance(doc, pikepdf.Pdf)
    for key in ("/CreationDate", "/ModDate"):
        if key in doc.docinfo:
            del doc.docinfo[key]
    out = io.BytesIO()
    doc.save(
        out,
        deterministic_id=True,
        compress_streams=True,
        object_stream_mode=pikepdf.ObjectStreamMode.generate,
    )
    return out.getvalue()
