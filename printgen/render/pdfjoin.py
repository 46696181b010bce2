"""One PDF from several, page after page (pikepdf): a large deck's card files are made a few
sheets at a time, each piece kept in the build store by what it shows, and joined here, so
editing one card redraws one piece, not the deck.

The first piece gives the document its catalog (viewer preferences), metadata and title; the
fonts and drawings of each piece stay its own (subset per piece). The result is saved as
`print_pdf.finish_pdf` saves: no dates, an id computed from the content, so the same pieces
always give the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any


def join_pdfs(pieces: Sequence[bytes], complete: Callable[[Any], None] | None = None) -> bytes:
    """The pages of every piece in order, as one PDF (one piece is returned as it is, unless
    there is something to `complete`). `complete(document)` adds what belongs to the whole
    document (cards-print.pdf's boxes, page labels and bookmarks) before it is saved, instead
    of parsing and saving the joined file a second time to add them (the same objects; the
    file orders them otherwise in its object streams)."""
    if len(pieces) == 1 and complete is None:
        return pieces[0]
    import pikepdf

    from printgen.render.print_pdf import finish_pdf

    first, *rest = [pikepdf.open(io.BytesIO(piece)) for piece in pieces]
    try:
        for other in rest:
            first.pages.extend(other.pages)
        if complete is not None:
            complete(first)
        return finish_pdf(first)
    finally:
        for doc in (first, *rest):
            doc.close()
