"""What lies under a translucent image on a PDF page, as pixels, for PDF/X-1a flattening.

PDF/X-1a allows no transparency, so a PNG with an alpha channel (or an image painted at an
opacity) is replaced by an opaque image: the picture composited over what the page shows
under it. That backdrop is whatever was drawn there first: a flat panel, a gradient, another
picture, a pattern, text. It is made here by drawing the page only up to the image: each
content stream the image sits in (the page, the card's form, a form inside it) is cut just
before the paint that leads to the image, so nothing drawn later (text over the art) gets
into the backdrop. pdfium renders that cut page from the original RGB file straight onto the
image's own pixel grid (one backdrop pixel under each image pixel, whatever the image's
scale or rotation), so the flattened art matches cards.pdf pixel for pixel, at the image's
resolution.

A path into the page is a `Trail`: for each content stream from the page down to the one
that paints the image, its object's (number, generation) and the index of the painting
operator among the stream's operators (as `pikepdf.parse_content_stream` lists them).

Same input, same pixels: the cut page is written deterministically and pdfium's rendering
is a pure function of it.
"""

from __future__ import annotations

import ctypes
import io

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

from printgen.layout.matrix import Matrix, inverse, multiply
from printgen.render.draw.raster import RENDER_FLAGS

Trail = tuple[tuple[tuple[int, int], int], ...]
Instruction = pikepdf.ContentStreamInstruction | pikepdf.ContentStreamInlineImage


def pixel_grid(ctm: Matrix, media_box: tuple[float, ...], size: tuple[int, int]) -> Matrix | None:
    """The matrix from pdfium's page space (points from the box's top left, y down) to the
    pixels of an image painted with `ctm` (its unit square) and `size` pixels: pixel (0, 0)
    is the image's top-left sample, as a PDF image's first row is its top. None when the
    image is painted with no area."""
    inverted = inverse(ctm)
    if inverted is None:
        return None
    width, height = size
    x0, top = float(media_box[0]), float(media_box[3])
    from_display = (1.0, 0.0, 0.0, -1.0, x0, top)
    to_pixels = (float(width), 0.0, 0.0, -float(height), 0.0, float(height))
    return multiply(multiply(from_display, inverted), to_pixels)


class Backdrops:
    """The backdrops of one file: `source` is the original (RGB) PDF the flattened file was
    made from, opened once, on the first translucent image."""

    def __init__(
        self, source: bytes, parsed: dict[tuple[int, int], list[Instruction]] | None = None
    ) -> None:
        self.source = source
        self._pdf: pikepdf.Pdf | None = None
        self._parsed = {} if parsed is None else parsed
        """Each stream's operators, parsed once: every patch cuts its card's streams twice.
        `parsed`: those of `source`'s streams already parsed (the rewriter's, of a copy
        opened from the same bytes: the same numbers name the same streams)."""

    def close(self) -> None:
        if self._pdf is not None:
            self._pdf.close()
            self._pdf = None

    def under(
        self, trail: Trail, ctm: Matrix, size: tuple[int, int], after: bool = False
    ) -> Image.Image | None:
        """The page drawn up to the paint at the end of `trail` (and with it, `after`), on
        the pixel grid of an image of `size` pixels painted with `ctm` (page space), as an
        RGB PIL image on white paper; None for an image painted with no area."""
        return self._drawn(trail, ctm, size, (after,))[0]

    def before_and_after(
        self, trail: Trail, ctm: Matrix, size: tuple[int, int]
    ) -> tuple[Image.Image | None, Image.Image | None]:
        """`under` without and with the paint at the end of `trail`: both cut pages written
        as one file (sharing what they copy from the source) and read by pdfium once."""
        before, after = self._drawn(trail, ctm, size, (False, True))
        return before, after

    def _drawn(
        self, trail: Trail, ctm: Matrix, size: tuple[int, int], afters: tuple[bool, ...]
    ) -> list[Image.Image | None]:
        """The page cut at `trail` for each of `afters` (as `under` draws one), in order."""
        if self._pdf is None:
            self._pdf = pikepdf.open(io.BytesIO(self.source))
        out = pikepdf.new()
        media_box: tuple[float, ...] = (0.0, 0.0, 612.0, 792.0)
        for after in afters:
            media_box = self._cut(out, self._pdf, trail, after)
        data = io.BytesIO()
        # read once by pdfium, never kept: no compression, a fixed id
        out.save(data, static_id=True, compress_streams=False)
        out.close()
        grid = pixel_grid(ctm, media_box, size)
        if grid is None:
            return [None for _ in afters]
        return _render(data.getvalue(), grid, size, len(afters))

    def _cut(
        self, out: pikepdf.Pdf, source: pikepdf.Pdf, trail: Trail, after: bool = False
    ) -> tuple[float, ...]:
        """A page added to `out`: the page cut at `trail`, each level's content up to the
        paint that leads down, then that paint of the level below (a form of the cut
        content); the deepest level up to its paint, or through it (`after`). Its media box."""
        below: pikepdf.Object | None = None
        media_box: tuple[float, ...] = (0.0, 0.0, 612.0, 792.0)
        for depth in range(len(trail) - 1, -1, -1):
            objgen, index = trail[depth]
            holder = source.get_object(objgen)
            end = index + 1 if after and depth == len(trail) - 1 else index
            items = self._operators(objgen, holder)[:end]
            copied = _foreign(out, holder.get("/Resources", pikepdf.Dictionary()))
            resources = pikepdf.Dictionary(dict(copied.items()))  # its own, to add to
            if below is not None:
                name = f"/PgBackdrop{depth + 1}"
                xobjects = dict(resources.get("/XObject", pikepdf.Dictionary()).items())
                resources.XObject = pikepdf.Dictionary({**xobjects, name: below})
                items.append(
                    pikepdf.ContentStreamInstruction([pikepdf.Name(name)], pikepdf.Operator("Do"))
                )
            content = pikepdf.unparse_content_stream(items)
            if holder.get("/Type") == "/Page":
                media_box = tuple(float(v) for v in holder.MediaBox)
                out.add_blank_page()
                cut = out.pages[-1].obj
                cut.MediaBox = pikepdf.Array(list(holder.MediaBox))
                cut.Contents = out.make_stream(content)
                cut.Resources = resources
                if "/Group" in holder:
                    cut.Group = _foreign(out, holder.Group)
                break
            form = out.make_stream(content)
            for key in ("/Type", "/Subtype", "/BBox", "/Matrix", "/Group"):
                if key in holder:
                    form[key] = _foreign(out, holder[key])
            form.Resources = resources
            below = out.make_indirect(form)
        return media_box

    def _operators(self, objgen: tuple[int, int], holder: pikepdf.Object) -> list[Instruction]:
        """The operators of `holder` (a stream of the source file, never changed)."""
        if objgen not in self._parsed:
            self._parsed[objgen] = list(pikepdf.parse_content_stream(holder))
        return self._parsed[objgen]


def _foreign(out: pikepdf.Pdf, value: pikepdf.Object) -> pikepdf.Object:
    """`value` of the source file as an object of `out`: indirect objects copied with all
    they refer to (pikepdf's copy_foreign), direct dictionaries and arrays rebuilt."""
    if isinstance(value, pikepdf.Object) and value.is_indirect:
        return out.copy_foreign(value)
    if isinstance(value, pikepdf.Dictionary):
        return pikepdf.Dictionary({k: _foreign(out, v) for k, v in value.items()})
    if isinstance(value, pikepdf.Array):
        return pikepdf.Array([_foreign(out, v) for v in value])
    return value


def _render(
    pages_pdf: bytes, grid: Matrix, size: tuple[int, int], count: int
) -> list[Image.Image | None]:
    """The first `count` pages of `pages_pdf`, each through `grid` onto `size` pixels of
    white, as RGB."""
    width, height = size
    document = pdfium.PdfDocument(pages_pdf)
    images: list[Image.Image | None] = []
    try:
        for number in range(count):
            page = document[number]
            bitmap = pdfium.PdfBitmap.new_native(
                width, height, format=pdfium_c.FPDFBitmap_BGR, rev_byteorder=True
            )
            pdfium_c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
            matrix = pdfium_c.FS_MATRIX(*grid)
            clip = pdfium_c.FS_RECTF(0, 0, width, height)
            pdfium_c.FPDF_RenderPageBitmapWithMatrix(
                bitmap,
                page,
                ctypes.byref(matrix),
                ctypes.byref(clip),
                RENDER_FLAGS | pdfium_c.FPDF_REVERSE_BYTE_ORDER,
            )
            images.append(bitmap.to_pil().convert("RGB"))
            bitmap.close()
            page.close()
        return images
    finally:
        document.close()
