"""The rulebook for a print shop: the reading copy with the preset's bleed, as its PDF/X.

A print file is for the press, not the screen, so it differs from the reading copy in three
ways: its links and other annotations are taken out (the table of contents and cross
references stay as text; PDF/X forbids annotations on the printed area); its PDF/UA tags are
taken out (the structure tree would point at the links taken out, the PDF/X conversion
rewrites the pages' drawing and its metadata, and no screen reader reads a press file: the
reading copy, rules.pdf, is the tagged one); and blank pages are added at the end up to a
multiple of 4, so that the shop can saddle-stitch it (a booklet's sheets carry 4 pages each).
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from printgen.render.pdf.saved import saved
from printgen.render.shop.presets import load_preset

if TYPE_CHECKING:
    import pikepdf

PAGES_A_SHEET = 4


def shop_rules(data: bytes, shop: str, title: str) -> bytes | None:
    """`data` (rules.pdf) ready for `shop`, or None when the shop takes no rulebook: opened
    once, made a print copy (`print_copy`), given its bleed and (a PDF/X shop's) converted,
    then saved once."""
    preset = load_preset(shop)
    if preset.rules_bleed_mm is None:
        return None
    # pikepdf and the profile: only a shop that takes a rulebook
    import pikepdf  # (see above)

    from printgen.render.shop.bleed import bleed_pages  # (see above)
    from printgen.render.shop.pdfx import open_to_pdfx, to_pdfx  # (see above)

    with pikepdf.open(io.BytesIO(data)) as pdf:
        print_copy(pdf)
        bleed_pages(pdf, preset.rules_bleed_mm)
        if preset.pdf is not None and not preset.pdf.flattened:
            made_from = data + f"\nbleed {preset.rules_bleed_mm} mm".encode()
            return open_to_pdfx(pdf, preset.pdf, title, made_from)
        made = _saved(pdf)
    # flattening renders the pages from a file's bytes: the bled copy's
    return made if preset.pdf is None else to_pdfx(made, preset.pdf, title)


def for_print(data: bytes) -> bytes:
    """`data` as its print copy (`print_copy`)."""
    import pikepdf  # only a shop that takes a rulebook comes here (as shop_rules above)

    with pikepdf.open(io.BytesIO(data)) as pdf:
        print_copy(pdf)
        return _saved(pdf)


def print_copy(pdf: pikepdf.Pdf) -> None:
    """`pdf` with no annotations and no tags, padded with blank pages (of its last page's
    size) to a multiple of `PAGES_A_SHEET`."""
    import pikepdf  # (as for_print above)

    for page in pdf.pages:
        for key in ("/Annots", "/StructParents"):
            if key in page.obj:
                del page.obj[key]
    for key in ("/AcroForm", "/StructTreeRoot", "/MarkInfo"):
        if key in pdf.Root:
            del pdf.Root[key]
    last = pdf.pages[-1]
    while len(pdf.pages) % PAGES_A_SHEET:
        blank = pikepdf.Dictionary(
            Type=pikepdf.Name.Page,
            MediaBox=pikepdf.Array(list(last.mediabox)),
            Resources=pikepdf.Dictionary(),
            Contents=pdf.make_stream(b""),
        )
        pdf.pages.append(pikepdf.Page(blank))


def _saved(pdf: pikepdf.Pdf) -> bytes:
    return saved(pdf)
