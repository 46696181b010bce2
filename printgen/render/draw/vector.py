"""SVG to cairo: each card face is parsed once by cairosvg into a cairo recording surface, then
replayed wherever it is needed: into PDF pages (where cairo writes it once, as a form XObject,
however often it is painted, with text as text and fonts subset and embedded once per file)
and into bitmaps for the PNG exports.

This module imports cairosvg and cairocffi: import it only on the rendering path.
"""

from __future__ import annotations

import io
import os
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cairocffi as cairo
from cairosvg.parser import Tree
from cairosvg.surface import Surface

from printgen import __version__
from printgen.errors import RenderError
from printgen.layout.units import PT_PER_MM
from printgen.render.draw.cairo_types import CairoContext, CairoFontFace, CairoSurface, SvgNode
from printgen.render.draw.safety import base_url, restricted_fetcher
from printgen.render.draw.svg_plain import draw_plain
from printgen.render.text.fonts import require_glyphs
from printgen.render.text.lettering import Lettering
from printgen.render.text.shaping import ShapedMeasure

FIXED_DATE = "2000-01-01T00:00:00Z"
"""The creation date written into every PDF, so that the same input gives the same bytes."""


_SETTLED_FACES: list[CairoFontFace] = []


def settle_fonts() -> None:
    """Resolve, once a process and always alike, every font face the templates can ask for.

    cairo resolves a toy font face (family, slant, weight) into a font file and its rendering
    settings on first use, with the font options of that first use, and keeps the result while
    the face lives. Left alone, the pixels of a PNG would depend on what the process drew
    before (another game, in the same worker), and two builds of the same data with other
    --jobs would differ. Here each face is resolved first, with the options CairoMeasure uses,
    and kept alive, so every drawing in every process finds the same faces.
    """
    if _SETTLED_FACES:
        return
    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    for family in ("Lato", "Lato Black", "sans-serif"):
        for slant in (cairo.FONT_SLANT_NORMAL, cairo.FONT_SLANT_ITALIC):
            for weight in (cairo.FONT_WEIGHT_NORMAL, cairo.FONT_WEIGHT_BOLD):
                face = cairo.ToyFontFace(family, slant, weight)
                cairo.ScaledFont(face, cairo.Matrix(xx=100, yy=100), cairo.Matrix(), options)
                _SETTLED_FACES.append(face)


settle_fonts()  # before anything is drawn or measured in this process


class _Recording(Surface):
    """A cairosvg surface that records into a cairo RecordingSurface, in points."""

    def _create_surface(self, width: float, height: float) -> tuple[CairoSurface, float, float]:
        surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, (0, 0, width, height))
        return surface, width, height

    def draw(self, node: SvgNode) -> None:
        """cairosvg's drawing of `node`, but a plain text's or rectangle's by
        printgen.render.draw.svg_plain (the same recording, in a fraction of the time)."""
        if not draw_plain(self, node):
            super().draw(node)


@dataclass
class Recorded:
    """One drawing, ready to replay: `surface` spans `width_mm` x `height_mm`."""

    surface: CairoSurface
    width_mm: float
    height_mm: float


def record_svg(
    svg: str, roots: Sequence[Path], name: str, glyphs_checked: bool = False
) -> Recorded:
    """Parse and draw `svg` once. Resources are read only inside `roots` (safety.py). Its
    characters are checked against cairo's fonts first (`require_glyphs`), unless the caller
    says it checked them (`glyphs_checked`: the rulebook's pictures, sorted by that check)."""
    if not glyphs_checked:
        require_glyphs(svg, name)
    base = base_url(roots[0]) if roots else None
    try:
        tree = Tree(
            bytestring=svg.encode("utf-8"),
            url=base,
            unsafe=False,
            url_fetcher=restricted_fetcher(roots),
        )
        drawn = _Recording(tree, None, 96)
    except RenderError as exc:
        raise RenderError(f"{name}: {exc}") from None
    except Exception as exc:  # an unreadable SVG is a template bug: say which face
        raise RenderError(f"{name}: cannot draw the SVG: {type(exc).__name__}: {exc}") from None
    return Recorded(drawn.cairo, drawn.width / PT_PER_MM, drawn.height / PT_PER_MM)


def pdf_surface(output: io.BytesIO, width_mm: float, height_mm: float, title: str) -> CairoSurface:
    """A cairo PDF surface whose metadata never changes between runs; its file is in `output`
    once the surface is finished."""
    width, height = width_mm * PT_PER_MM, height_mm * PT_PER_MM
    if IN_MEMORY_FILES:
        surface: CairoSurface = _InMemoryFilePDF(output, width, height)
    else:
        surface = cairo.PDFSurface(output, width, height)
    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
    surface.set_metadata(cairo.PDF_METADATA_MOD_DATE, FIXED_DATE)
    surface.set_metadata(cairo.PDF_METADATA_TITLE, title)
    surface.set_metadata(cairo.PDF_METADATA_CREATOR, f"printgen {__version__}")
    return surface


IN_MEMORY_FILES = hasattr(os, "memfd_create") and Path("/proc/self/fd").is_dir()


class _InMemoryFilePDF(cairo.PDFSurface):
    """A PDF surface that cairo writes with its own buffered file output, into an anonymous
    file in memory (Linux's memfd), copied into `output` when the surface is finished.

    Given a Python file object, cairo calls back into Python for every few bytes it writes:
    some 350 calls for each card face a PDF shows, a sixth of the time of writing a card
    PNG's page, a window of sheets or a TTS sheet. The bytes are the same either way."""

    def __init__(self, output: io.BytesIO, width: float, height: float) -> None:
        self._output = output
        self._fd = os.memfd_create("printgen-pdf", os.MFD_CLOEXEC)
        self._close = weakref.finalize(self, os.close, self._fd)  # a surface never finished
        super().__init__(f"/proc/self/fd/{self._fd}", width, height)

    def finish(self) -> None:
        super().finish()
        if not self._close.alive:
            return
        offset = 0
        while chunk := os.pread(self._fd, 1 << 24, offset):
            self._output.write(chunk)
            offset += len(chunk)
        self._close()


TRANSLATION_NUDGE = 1 + 1e-9
"""The scale a pure translation gets when a recording is painted (see `paint`): a millionth
of a point across a page, nothing a PDF or a printer can show."""


def paint(
    context: CairoContext,
    drawing: Recorded,
    left_mm: float,
    top_mm: float,
    clip: tuple[float, float, float, float] | None = None,
) -> None:
    """Paint `drawing` with its top-left at (`left_mm`, `top_mm`) in a context whose unit is
    the millimetre; `clip` = (left, top, right, bottom) limits what shows.

    A translation by a fraction of a point is never left as it is: cairo 1.16 moves a
    recording's clips by only the whole points of a translation (`_cairo_clip_translate`
    takes ints), so at some fractions of a point a thin line inside an SVG icon's clip seemed
    to vanish, and the PDF surface printed the whole card as a broken raster image (a
    bridge-size game with a 2 mm gutter lost a column of cards). Scaled by
    `TRANSLATION_NUDGE`, the matrix takes cairo's general path, which moves clips exactly,
    as every scaled paint (the PNGs) already does."""
    context.save()
    if clip is not None:
        left, top, right, bottom = clip
        context.rectangle(left, top, right - left, bottom - top)
        context.clip()
    context.translate(left_mm, top_mm)
    context.scale(1 / PT_PER_MM, 1 / PT_PER_MM)
    xx, yx, xy, yy, x0, y0 = context.get_matrix()
    if (xx, yx, xy, yy) == (1, 0, 0, 1) and not (x0.is_integer() and y0.is_integer()):
        context.set_matrix(cairo.Matrix(xx=TRANSLATION_NUDGE, yy=TRANSLATION_NUDGE, x0=x0, y0=y0))
    context.set_source_surface(drawing.surface, 0, 0)
    context.paint()
    context.restore()


def colour_at(drawing: Recorded, x_mm: float, y_mm: float) -> tuple[float, float, float] | None:
    """The colour `drawing` paints at (`x_mm`, `y_mm`) from its top-left, as red, green and
    blue from 0 to 1 (one pixel rendered); None where it paints nothing."""
    pixel = cairo.ImageSurface(cairo.FORMAT_ARGB32, 1, 1)
    context = cairo.Context(pixel)
    context.translate(-x_mm * PT_PER_MM, -y_mm * PT_PER_MM)
    context.set_source_surface(drawing.surface, 0, 0)
    context.paint()
    pixel.flush()
    blue, green, red, alpha = bytes(pixel.get_data())[:4]  # premultiplied, little-endian
    if alpha < 255:
        return None
    return red / 255, green / 255, blue / 255


def mm_context(surface: CairoSurface, scale: float = PT_PER_MM) -> CairoContext:
    """A context on `surface` whose unit is the millimetre (`scale` device units per mm)."""
    context = cairo.Context(surface)
    context.scale(scale, scale)
    return context


def stroke_segments(
    context: CairoContext,
    segments: Sequence[tuple[float, float, float, float]],
    width_mm: float,
    rgb: tuple[float, float, float] = (0, 0, 0),
) -> None:
    """Thin straight lines (crop marks), coordinates in the context's units."""
    if not segments:
        return
    context.save()
    context.set_source_rgb(*rgb)
    context.set_line_width(width_mm)
    context.set_line_cap(cairo.LINE_CAP_BUTT)
    for x1, y1, x2, y2 in segments:
        context.move_to(x1, y1)
        context.line_to(x2, y2)
    context.stroke()
    context.restore()


CairoMeasure = ShapedMeasure
"""The measure of card text on the build path (the name it had before text was shaped)."""


def caption_width(
    context: CairoContext,
    text: str,
    size: float,
    lettering: Lettering | None = None,
    bold: bool = False,
) -> float:
    """How long `caption` draws `text` at `size`, in the context's units."""
    context.save()
    width = 0.0
    weight = cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL
    for family, piece in (lettering or Lettering()).runs(text, bold):
        context.select_font_face(family, cairo.FONT_SLANT_NORMAL, weight)
        context.set_font_size(size)
        width += float(context.text_extents(piece)[4])
    context.restore()
    return width


def caption(
    context: CairoContext,
    text: str,
    x: float,
    y: float,
    size: float,
    rgb: tuple[float, float, float] = (0.42, 0.39, 0.35),
    lettering: Lettering | None = None,
    bold: bool = False,
) -> None:
    """One line of small text centred on `x`, baseline `y` (a sheet's margin note), in the
    game's `lettering` (printgen.render.text.lettering; Lato when none is given)."""
    lettering = lettering or Lettering()
    require_glyphs("", f"the sheet caption {text!r}", lettering.requests(text, bold))
    runs = lettering.runs(text, bold)
    context.save()
    context.set_source_rgb(*rgb)
    width = caption_width(context, text, size, lettering, bold) if len(runs) > 1 else None
    weight = cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL
    for index, (family, piece) in enumerate(runs):
        context.select_font_face(family, cairo.FONT_SLANT_NORMAL, weight)
        context.set_font_size(size)
        if index == 0:
            shift = context.text_extents(piece)[4] if width is None else width
            context.move_to(x - shift / 2, y)
        context.show_text(piece)
    context.restore()
