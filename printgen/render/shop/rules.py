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

from printgen.render.shop.presets import load_preset

PAGES_A_SHEET = 4


def shop_rules(data: bytes, shop: str, title: str) -> bytes | None:
    """`data` (rules.pdf) ready for `shop`, or None when the shop takes no rulebook."""
    preset = load_preset(shop)
    if preset.rules_bleed_mm is None:
        return None
    from printgen.render.shop.bleed import add_bleed  # pikepdf: only a shop that takes a rulebook

    made = add_bleed(for_print(data), preset.rules_bleed_mm)
    if preset.pdf is not None:
        from printgen.render.shop.pdfx import to_pdfx  # pikepdf, the profile: a PDF/X shop's

        made = to_pdfx(made, preset.pdf, title)
    return made


def for_print(data: bytes) -> bytes:
    """`data` with no annotations and no tags, padded with blank pages (of its last page's
    size) to a multiple of `PAGES_A_SHEET`."""
    import pikepdf  # only a shop that takes a rulebook comes here (as add_bleed above)

    with pikepdf.open(io.BytesIO(data)) as pdf:
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
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True, compress_streams=True)
        return out.getvalue()
