"""PDF plumbing for boards, sheets and components: SVG pages to PDF, pages assembled, a drawing
placed (and clipped) on pages as one shared form XObject, bytes made reproducible.

Heavy libraries (cairosvg, pikepdf) are imported inside the functions that need them.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from printgen.layout.geometry import Rect
from printgen.layout.units import mm_to_pt

if TYPE_CHECKING:
    import pikepdf

PRODUCER = "printgen"
DRAWING_NAME = "/SharedDrawing"  # the shared drawing's resource name on every page


def svg_to_pdf(svg: str) -> bytes:
    """One SVG drawing (its size in mm) as a one-page PDF: text vector, fonts embedded."""
    from cairosvg.surface import PDFSurface

    from printgen.errors import RenderError
    from printgen.files.templates import templates_dir
    from printgen.render.draw.safety import restricted_fetcher
    from printgen.render.draw.vector import settle_fonts
    from printgen.render.text.fonts import require_glyphs

    settle_fonts()  # the same fonts in every process, whatever it drew before
    require_glyphs(svg, "an SVG page")
    try:
        return bytes(
            PDFSurface.convert(
                bytestring=svg.encode("utf-8"),
                unsafe=False,
                url_fetcher=restricted_fetcher([templates_dir()]),
            )
        )
    except Exception as exc:  # cairosvg raises many kinds; the user sees one message
        raise RenderError(f"cannot draw an SVG page: {exc}") from None


@dataclass(frozen=True)
class Placement:
    """Draw the shared drawing on a page: the part `clip` of it (drawing mm, origin
    bottom-left) moved by (`dx`, `dy`) mm; None clips nothing."""

    dx: float
    dy: float
    clip: Rect | None = None


@dataclass(frozen=True)
class Page:
    """One page: an SVG overlay (page size) and where the shared drawing goes beneath it."""

    svg: str
    drawing: Placement | None = None


def assemble(pages: list[Page], drawing_svg: str | None = None) -> bytes:
    """The pages as one PDF. The drawing, when given, is rendered once and placed under the
    overlay of every page that asks for it, as the same form XObject."""
    import pikepdf

    out = pikepdf.new()
    form = None
    if drawing_svg is not None:
        source = pikepdf.open(io.BytesIO(svg_to_pdf(drawing_svg)))
        form = out.copy_foreign(source.pages[0].as_form_xobject())
    for page in pages:
        single = pikepdf.open(io.BytesIO(svg_to_pdf(page.svg)))
        out.pages.append(single.pages[0])
        if page.drawing is not None and form is not None:
            _underlay(out, out.pages[-1], form, page.drawing)
    return finish(out)


def _underlay(pdf: pikepdf.Pdf, page: pikepdf.Page, form: pikepdf.Object, where: Placement) -> None:
    import pikepdf

    name = page.add_resource(form, pikepdf.Name.XObject, name=pikepdf.Name(DRAWING_NAME))
    ops = ["q"]
    if where.clip is not None:
        c = where.clip
        ops.append(
            f"{_n(mm_to_pt(c.left + where.dx))} {_n(mm_to_pt(c.bottom + where.dy))} "
            f"{_n(mm_to_pt(c.width))} {_n(mm_to_pt(c.height))} re W n"
        )
    ops.append(f"1 0 0 1 {_n(mm_to_pt(where.dx))} {_n(mm_to_pt(where.dy))} cm {name} Do Q\n")
    page.contents_add(pikepdf.Stream(pdf, " ".join(ops).encode("ascii")), prepend=True)


def _n(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def finish(pdf: pikepdf.Pdf) -> bytes:
    """Saved with no dates, a fixed producer and an id computed from the content, so the same
    input gives the same bytes."""
    import pikepdf

    if "/Metadata" in pdf.Root:
        del pdf.Root.Metadata
    info = pikepdf.Dictionary(Producer=pikepdf.String(PRODUCER))
    pdf.trailer.Info = pdf.make_indirect(info)
    buffer = io.BytesIO()
    pdf.save(
        buffer,
        deterministic_id=True,
        compress_streams=True,
        object_stream_mode=pikepdf.ObjectStreamMode.generate,
        linearize=False,
    )
    return buffer.getvalue()
