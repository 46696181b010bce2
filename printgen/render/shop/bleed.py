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
from printgen.render.pdf.saved import saved
from printgen.render.shop.tokens import Unfollowed, number, numbers_before, operator_scan

EDGE_PT = 0.75
"""How close to the page edge a rectangle must come to count as touching it."""
_EDGE_SCAN = operator_scan("q|Q|cm|re|BI")


def add_bleed(data: bytes, bleed_mm: float) -> bytes:
    """`data` (a PDF) with the bleed on every page (`bleed_pages`)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        bleed_pages(pdf, bleed_mm)
        return saved(pdf)


def bleed_pages(pdf: pikepdf.Pdf, bleed_mm: float) -> None:
    """Each page of `pdf` grown by `bleed_mm` on every side, its edge rectangles stretched
    into the bleed: on the content's bytes (`tokens`), through the full parser where those
    scans cannot follow it. A page with no rectangle at an edge keeps its content as stored."""
    bleed = bleed_mm * PT_PER_MM
    for page in pdf.pages:
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)
        contents = page.obj.get("/Contents")
        try:
            if not isinstance(contents, pikepdf.Stream):
                raise Unfollowed
            data = contents.read_bytes()
            stretched = _stretched_bytes(data, (x0, y0, x1, y1), bleed)
            if stretched != data:
                page.obj.Contents = pdf.make_stream(stretched)
        except Unfollowed:
            page.obj.Contents = pdf.make_stream(_stretch_edges(page.obj, (x0, y0, x1, y1), bleed))
        page.obj.TrimBox = pikepdf.Array([x0, y0, x1, y1])
        grown = pikepdf.Array([x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed])
        page.obj.MediaBox = grown
        page.obj.BleedBox = grown
        if "/CropBox" in page.obj:
            del page.obj["/CropBox"]


def _stretched_bytes(data: bytes, media: tuple[float, float, float, float], bleed: float) -> bytes:
    """`data` (a content stream) with each rectangle touching an edge of `media` grown by
    `bleed` past it, as `_stretch_edges` does, found by a scan for `q Q cm re` (strings
    skipped): only those rectangles' numbers are written again. A comment or an inline
    image (whose bytes may read as anything) is left to the full parser."""
    if b"%" in data:
        raise Unfollowed
    ctm: Matrix = IDENTITY
    stack: list[Matrix] = []
    out: list[bytes] = []
    done = 0
    for match in _EDGE_SCAN.finditer(data):
        op = match.group(1)
        if op is None:
            continue  # a string
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop() if stack else ctm
        elif op == b"cm":
            m = numbers_before(data, done, match.start(), 6)[0]
            ctm = multiply((m[0], m[1], m[2], m[3], m[4], m[5]), ctm)
        elif op == b"BI":
            raise Unfollowed
        elif abs(ctm[1]) < 1e-9 and abs(ctm[2]) < 1e-9:  # re, where the CTM does not turn
            rect, start = numbers_before(data, done, match.start(), 4)
            if _at_an_edge(rect, ctm, media):
                grown = _stretched(rect, ctm, media, bleed)
                out += [data[done:start], " ".join(number(v) for v in grown).encode(), b" re"]
                done = match.end()
    out.append(data[done:])
    return b"".join(out)


def _at_an_edge(rect: list[float], ctm: Matrix, media: tuple[float, float, float, float]) -> bool:
    """Whether the rectangle (`re` operands painted with `ctm`) comes within `EDGE_PT` of an
    edge of `media` (which `_stretched` moves)."""
    x, y, w, h = rect
    ax, ay = apply(ctm, x, y)
    bx, by = apply(ctm, x + w, y + h)
    return (
        min(ax, bx) <= media[0] + EDGE_PT
        or max(ax, bx) >= media[2] - EDGE_PT
        or min(ay, by) <= media[1] + EDGE_PT
        or max(ay, by) >= media[3] - EDGE_PT
    )


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
