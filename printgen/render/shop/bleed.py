"""A bleed for a PDF typeset without one (the A5 rulebook), without typesetting it again.

Each page's MediaBox grows by the bleed on every side (the origin moves to minus the bleed, so
nothing drawn moves and links stay where they were); the old MediaBox becomes the TrimBox and
the new one the BleedBox. A page-filling background (the cover's dark fill) reaches into the
bleed: every rectangle of the page's own content that touches an edge of the page, and the
clip that frames it, is stretched outward by the bleed on that side, so the cut can wander
without showing a white sliver. Content that stops short of the edge is left as it is.
"""

from __future__ import annotations

import io

import pikepdf

from printgen.layout.matrix import IDENTITY, Matrix, apply, multiply
from printgen.layout.units import PT_PER_MM

EDGE_PT = 0.75
"""How close to the page edge a rectangle must come to count as touching it."""


def add_bleed(data: bytes, bleed_mm: float) -> bytes:
    bleed = bleed_mm * PT_PER_MM
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            page.obj.Contents = pdf.make_stream(_stretch_edges(page.obj, (x0, y0, x1, y1), bleed))
            page.obj.TrimBox = pikepdf.Array([x0, y0, x1, y1])
            grown = pikepdf.Array([x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed])
            page.obj.MediaBox = grown
            page.obj.BleedBox = grown
            if "/CropBox" in page.obj:
                del page.obj["/CropBox"]
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True, compress_streams=True)
        return out.getvalue()


def _stretch_edges(
    page: pikepdf.Object, media: tuple[float, float, float, float], bleed: float
) -> bytes:
    """The page's content with each rectangle touching an edge of `media` grown by `bleed`
    past it (only where the CTM scales, flips and moves: a turned one is left)."""
    ctm: Matrix = IDENTITY
    stack: list[Matrix] = []
    out: list[pikepdf.ContentStreamInstruction | pikepdf.ContentStreamInlineImage] = []
    for item in pikepdf.parse_content_stream(page):
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            out.append(item)
            continue
        op = str(item.operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q" and stack:
            ctm = stack.pop()
        elif op == "cm":
            ctm = multiply(tuple(float(v) for v in item.operands), ctm)  # type: ignore[arg-type]
        elif op == "re" and abs(ctm[1]) < 1e-9 and abs(ctm[2]) < 1e-9:
            rect = _stretched([float(v) for v in item.operands], ctm, media, bleed)
            item = pikepdf.ContentStreamInstruction(rect, pikepdf.Operator("re"))
        out.append(item)
    return pikepdf.unparse_content_stream(out)


def _stretched(
    rect: list[float], ctm: Matrix, media: tuple[float, float, float, float], bleed: float
) -> list[float]:
    """The `re` operands `rect` (x, y, w, h in user space, painted with `ctm`) grown by
    `bleed` on each side where it comes within `EDGE_PT` of `media`'s edge."""
    x0, y0, x1, y1 = media
    x, y, w, h = rect
    ax, ay = apply(ctm, x, y)
    bx, by = apply(ctm, x + w, y + h)
    left, right = min(ax, bx), max(ax, bx)
    bottom, top = min(ay, by), max(ay, by)
    left -= bleed if left <= x0 + EDGE_PT else 0.0
    right += bleed if right >= x1 - EDGE_PT else 0.0
    bottom -= bleed if bottom <= y0 + EDGE_PT else 0.0
    top += bleed if top >= y1 - EDGE_PT else 0.0
    # back to user space (the CTM only scales, flips and moves here)
    ux0, uy0 = (left - ctm[4]) / ctm[0], (bottom - ctm[5]) / ctm[3]
    ux1, uy1 = (right - ctm[4]) / ctm[0], (top - ctm[5]) / ctm[3]
    return [round(v, 4) for v in (min(ux0, ux1), min(uy0, uy1), abs(ux1 - ux0), abs(uy1 - uy0))]
