"""The rulebook's pictures (card faces, diagrams, worked examples) drawn by cairo and placed
in the typeset pages, instead of being drawn by weasyprint.

weasyprint lays out every `<img class="svg">` as usual (its size comes from the SVG's own
width and height), but drawing SVG is its slowest step: each picture is walked node by node
in Python and each of its words shaped by pango, about a quarter of a rulebook's time. So the
pictures are taken out of the laid-out document before it is drawn (`take_pictures`: where
weasyprint would draw one, it writes only `/PictureN Do`, inside the picture's own tagged
`/Figure` marked content, so the tagged PDF's figure holds its picture and its alt text),
drawn by cairosvg into one PDF, a page for each distinct picture (the way the card sheets are
drawn), and each page becomes the form XObject `/PictureN` of the typeset PDF
(`lay_pictures`, pikepdf), once a file however often it appears.

Since weasyprint only sizes such a picture, it is given an empty SVG with the picture's root
element instead (`stand_ins`: the same size, without parsing the picture's hundreds of
kilobytes), and `take_pictures` puts the picture's own SVG back by the stand-in's URL.

weasyprint ships no type information (no py.typed): its document, boxes, images and draw
stream are named in printgen.render.rulebook.weasy_types (an image and a draw stream as
Protocols of what is called; the document and its boxes `Any`, with the reason).
"""

from __future__ import annotations

import base64
import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from printgen.errors import RenderError
from printgen.layout.units import PT_PER_MM
from printgen.render.draw.safety import data_url
from printgen.render.pdf.saved import saved
from printgen.render.rulebook.weasy_types import Box, Document, DrawStream, Image
from printgen.render.text.fonts import require_glyphs

ICON_CLASS = "icon"
PICTURE_CLASSES = frozenset({"svg", ICON_CLASS})
"""The classes of the `<img>`s printgen writes for a picture (`Svg.img`) and for an icon in
running text (`Icons.inline`): a book has a hundred or more icons, a few distinct ones, and
weasyprint would draw each of them node by node."""
SVG_DATA = "data:image/svg+xml;base64,"
PT_PER_PX = 0.75  # weasyprint lays out in CSS pixels (1/96 in); PDF counts points (1/72 in)


@dataclass(frozen=True)
class Place:
    """Where a picture goes: a page (from 0) and a rectangle in PDF points, from the page's
    bottom left."""

    page: int
    picture: int
    left: float
    bottom: float
    right: float
    top: float


@dataclass
class Pictures:
    """The distinct pictures of a document (SVG text) and every place each one goes."""

    svgs: list[str]
    places: list[Place]


class _Slot:
    """Stands in for a taken picture: the same size to the layout; drawn as `/PictureN Do`
    with the unit square mapped onto the picture's box (`lay_pictures` makes `/PictureN` a
    form that fills the unit square). weasyprint draws it inside the `/Figure` marked content
    of its `<img>`, in the page's order."""

    def __init__(self, image: Image) -> None:
        self._image = image
        self.name = ""  # `PictureN`, once the pictures are numbered

    def get_intrinsic_size(
        self, resolution: float, font_size: float
    ) -> tuple[float | None, float | None, float | None]:  # width, height, ratio
        return self._image.get_intrinsic_size(resolution, font_size)

    def draw(self, stream: DrawStream, width: float, height: float, style: object) -> None:
        # weasyprint's y axis points down here (the box's top left is the origin)
        stream.transform(a=width, d=-height, f=height)
        stream.draw_x_object(self.name)


_PICTURE_IMG = re.compile(r'(<img class="(?:svg|icon)" src=")(data:image/svg\+xml;base64,[^"]+)"')
"""An `<img>` of a picture as `Svg.img` and `Icons.inline` write it."""


def stand_ins(html: str, originals: dict[str, str]) -> str:
    """`html` with each picture cairo will draw given to weasyprint as an empty SVG with the
    same root element, so the same size: weasyprint parses a picture only to size it, since
    `take_pictures` takes it out before it is drawn, and a picture's SVG runs to hundreds of
    kilobytes (card faces, worked examples). `originals` gets each stand-in's URL -> the
    picture's SVG. Each picture's URL is read as weasyprint's fetch would (`data_url`: its
    pixel budget and the pictures inside it checked); one cairo cannot draw stays itself."""
    known: dict[str, str] = {}

    def swap(match: re.Match[str]) -> str:
        url = match.group(2)
        if url not in known:
            svg = data_url(url).decode("utf-8")
            stand_in = _stand_in(svg, len(originals)) if _cairo_can_draw(svg) else None
            known[url] = stand_in or url
            if stand_in:
                originals[stand_in] = svg
        return f'{match.group(1)}{known[url]}"'

    return _PICTURE_IMG.sub(swap, html)


_SVG_ROOT = re.compile(r"""<svg\b(?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*\s*/?>""")
"""An SVG's root start tag, its attributes' values quoted."""


def _stand_in(svg: str, number: int) -> str | None:
    """A `data:` URL of `svg`'s root element, emptied and numbered (one URL a picture);
    None when the root tag is not one `_SVG_ROOT` reads (weasyprint then gets the picture)."""
    head = _SVG_ROOT.search(svg)
    if head is None:
        return None
    start = head.group(0).removesuffix("/>").removesuffix(">")
    empty = f"{start}><!-- picture {number} --></svg>"
    return SVG_DATA + base64.b64encode(empty.encode("utf-8")).decode("ascii")


def take_pictures(document: Document, originals: dict[str, str] | None = None) -> Pictures:
    """Take every picture out of the laid-out weasyprint `document` (it then draws none) and
    say where each goes; a stand-in's picture is its original's (`stand_ins`). The figures
    are numbered first, in the order they appear, then the icons: cairo clips every page of
    the pictures' PDF but its first to whole points (see `draw_pictures`), so the first
    figure stays the first page, as before icons were taken."""
    from weasyprint.formatting_structure.boxes import ReplacedBox  # only when typesetting
    from weasyprint.layout.replaced import replacedbox_layout  # only when typesetting

    found: list[tuple[str, bool, Place, _Slot]] = []  # SVG, an icon?, place (numbered later)
    drawable: dict[str, bool] = {}
    for number, page in enumerate(document.pages):
        height = page.height
        for box in page._page_box.descendants():
            if not isinstance(box, ReplacedBox) or not _is_picture(box):
                continue
            src = box.element.get("src")
            svg = (originals or {}).get(src) or base64.b64decode(src[len(SVG_DATA) :]).decode()
            width, tall, x, y = replacedbox_layout(box)
            if width <= 0 or tall <= 0 or box.style["visibility"] != "visible":
                continue
            if svg not in drawable:  # a stand-in's picture was found drawable by stand_ins
                drawable[svg] = src in (originals or {}) or _cairo_can_draw(svg)
            if not drawable[svg]:
                continue  # weasyprint draws it, falling back to another font
            rect = (x, height - y - tall, x + width, height - y)
            left, bottom, right, top = (value * PT_PER_PX for value in rect)
            slot = _Slot(box.replacement)
            found.append((svg, _is_icon(box), Place(number, -1, left, bottom, right, top), slot))
            box.replacement = slot
    return _numbered(found)


def _numbered(found: list[tuple[str, bool, Place, _Slot]]) -> Pictures:
    """The distinct pictures, figures first then icons, and their places; each slot named."""
    figures = [svg for svg, icon, _, _ in found if not icon]
    svgs = list(dict.fromkeys(figures + [svg for svg, icon, _, _ in found if icon]))
    index = {svg: number for number, svg in enumerate(svgs)}
    for svg, _, _, slot in found:
        slot.name = _name(index[svg])
    return Pictures(svgs, [replace(place, picture=index[svg]) for svg, _, place, _ in found])


def _name(picture: int) -> str:
    return f"Picture{picture + 1}"


def _is_picture(box: Box) -> bool:
    element = box.element
    if element is None or element.tag != "img":
        return False
    classes = (element.get("class") or "").split()
    return not PICTURE_CLASSES.isdisjoint(classes) and (element.get("src") or "").startswith(
        SVG_DATA
    )


def _is_icon(box: Box) -> bool:
    return ICON_CLASS in (box.element.get("class") or "").split()


def _cairo_can_draw(svg: str) -> bool:
    """Whether every character of the picture's text is in the font cairo will use: cairo
    has no fallback font, while pango (weasyprint) finds one (a star or an arrow in DejaVu)."""
    try:
        require_glyphs(svg, "")
    except RenderError:
        return False
    return True


def draw_pictures(
    svgs: Sequence[str], roots: Sequence[Path], where: str
) -> tuple[bytes, list[tuple[float, float]]]:
    """One PDF page for each picture, as large as the picture, drawn by cairosvg (empty bytes
    for no picture), and each picture's width and height in points. cairo clips a page sized
    by `set_size` (every page but the first) to whole points, so such a page is made the
    next whole points up, never cutting the picture, and `lay_pictures` takes the sizes from
    here, not from the pages' boxes. `svgs` are pictures `take_pictures` kept for cairo, so
    their characters are in cairo's fonts (`_cairo_can_draw`): not checked again."""
    import cairocffi as cairo  # cairo: loaded only when pictures are drawn

    from printgen.render.draw.vector import pdf_surface, record_svg  # cairo and PIL

    output = io.BytesIO()
    surface = None
    sizes = []
    for number, svg in enumerate(svgs):
        name = f"{where}: picture {number + 1}"
        drawn = record_svg(svg, roots, name, glyphs_checked=True)  # `_cairo_can_draw` did
        if surface is None:
            surface = pdf_surface(output, drawn.width_mm, drawn.height_mm, "pictures")
        else:
            surface.set_size(
                math.ceil(drawn.width_mm * PT_PER_MM), math.ceil(drawn.height_mm * PT_PER_MM)
            )
        sizes.append((drawn.width_mm * PT_PER_MM, drawn.height_mm * PT_PER_MM))
        context = cairo.Context(surface)
        context.set_source_surface(drawn.surface, 0, 0)
        context.paint()
        surface.show_page()
    if surface is None:
        return b"", []
    surface.finish()
    return output.getvalue(), sizes


def lay_pictures(
    pdf: bytes, pictures: Pictures, drawn: bytes, sizes: Sequence[tuple[float, float]]
) -> bytes:
    """`pdf` with each picture of `drawn` (a page each, `sizes` in points) as the form XObject
    its places draw (`/Picture1` ...: named by number, so that the bytes never vary): the
    picture's box, from its page's top left, mapped onto the unit square (`_Slot`)."""
    if not pictures.places:
        return pdf
    import pikepdf  # loaded only when a typeset rulebook gets its pictures

    try:
        with pikepdf.open(io.BytesIO(pdf)) as book, pikepdf.open(io.BytesIO(drawn)) as source:
            forms = [book.copy_foreign(page.as_form_xobject()) for page in source.pages]
            for form, (width, height) in zip(forms, sizes, strict=True):
                # cairo draws from the page's top left; the page's box (whole points up) is
                # kept as the form's, so a stroke on the picture's edge shows whole
                left, top = float(form.BBox[0]), float(form.BBox[3])
                bottom = top - height
                form.Matrix = pikepdf.Array(
                    [1 / width, 0, 0, 1 / height, -left / width, -bottom / height]
                )
            for place in pictures.places:
                page = book.pages[place.page]
                name = pikepdf.Name("/" + _name(place.picture))
                page.add_resource(forms[place.picture], pikepdf.Name.XObject, name)
            return saved(book)
    except pikepdf.PdfError as exc:
        raise RenderError(f"cannot lay the pictures over the rulebook: {exc}") from None
