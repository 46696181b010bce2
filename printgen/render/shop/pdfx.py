"""A PDF made of RGB vector drawing, rewritten as CMYK PDF/X-1a or PDF/X-4 with pikepdf.

Why not ghostscript's PDF/X path: for PDF/X-1a it turns every page that holds transparency
into one bitmap (text and all), it neither limits total ink nor puts black text on K alone,
and it re-distils every page (seconds per file). The drawings printgen writes are simple
(paths, text, forms), so they are converted here, on the vector content itself:

- every colour becomes CMYK by what it paints (`colour`): areas through the profile as rich
  colours within the ink limit, small black and grey text and thin lines on K alone (black
  overprinting); PDF/X-4 on the streams' bytes (`recolour`), PDF/X-1a (and any stream the
  byte scan does not follow) with pikepdf's parser (`rewriter`);
- RGB images become CMYK images through the same profile and ink limit;
- PDF/X-4 keeps transparency (groups blend in DeviceCMYK); PDF/X-1a allows none, and it is
  flattened (`rewriter`, `flatten`);
- the OutputIntent, info and XMP (`conformance`), and the PDF version of the standard.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pikepdf

from printgen.render.pdf.saved import saved
from printgen.render.shop.backdrop import Backdrops
from printgen.render.shop.colour import Converter, converter, painter
from printgen.render.shop.conformance import PDF_VERSION, document_id, mark_pdfx
from printgen.render.shop.presets import PdfSettings
from printgen.render.shop.recolour import recolour_in_place
from printgen.render.shop.rewriter import Context, ObjGen, Rewriter


def to_pdfx(data: bytes, settings: PdfSettings, title: str) -> bytes:
    """`data` (an RGB PDF) as CMYK PDF/X per `settings`; page boxes are kept as they are."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return _converted(pdf, settings, title, data, data)


def open_to_pdfx(pdf: pikepdf.Pdf, settings: PdfSettings, title: str, made_from: bytes) -> bytes:
    """`pdf` (RGB, open: the shop rulebook, edited in memory) as `to_pdfx` makes it, its
    document id made from `made_from`. Not for a flattened standard: the flattening renders
    what lies under each picture from the file's bytes (save it, then `to_pdfx`)."""
    if settings.flattened:
        raise ValueError(f"{settings.standard} is flattened from a file's bytes: use to_pdfx")
    return _converted(pdf, settings, title, made_from, None)


def _converted(
    pdf: pikepdf.Pdf, settings: PdfSettings, title: str, made_from: bytes, data: bytes | None
) -> bytes:
    """`pdf` converted and saved; `data`: its bytes, which the flattening renders from."""
    colours = converter(settings.profile.file, settings.ink_limit)
    room = settings.ink_limit / 100 - 1.0
    replaced: set[ObjGen] = set()
    paint = painter(colours, settings.pure_black_text)
    if settings.flattened or not recolour_in_place(pdf, paint, room):
        replaced = _rewrite(pdf, data, colours, settings)
    _convert_images(pdf, colours, replaced)
    _fix_groups_and_states(pdf, settings.flattened)
    mark_pdfx(pdf, settings, title, colours.profile_bytes, document_id(made_from, title))
    return saved(
        pdf,
        # PDF/X-1a:2003 is PDF 1.4: no object streams
        object_streams=(
            pikepdf.ObjectStreamMode.disable
            if settings.flattened
            else pikepdf.ObjectStreamMode.generate
        ),
        version=PDF_VERSION[settings.standard],
    )


def _rewrite(
    pdf: pikepdf.Pdf, data: bytes | None, colours: Converter, settings: PdfSettings
) -> set[ObjGen]:
    """Every page through the full parser (flattened for PDF/X-1a, from the file's `data`);
    the images it replaced by flattened copies."""
    rewriter = Rewriter(
        pdf, colours, painter(colours, settings.pure_black_text), settings.flattened
    )
    if settings.flattened:
        assert data is not None, "flattening renders the file's own bytes"
        rewriter.backdrops = Backdrops(data, rewriter.parsed)
    try:
        for page in pdf.pages:
            resources = page.obj.get("/Resources")
            content = rewriter.rewrite(page.obj, resources, Context())
            page.obj.Contents = pdf.make_stream(content)
    finally:
        if rewriter.backdrops is not None:
            rewriter.backdrops.close()
    return rewriter.replaced


def _convert_images(pdf: pikepdf.Pdf, colours: Converter, replaced: set[ObjGen]) -> None:
    for obj in list(pdf.objects):
        if not isinstance(obj, pikepdf.Stream) or obj.get("/Subtype") != "/Image":
            continue
        if obj.objgen in replaced:
            continue
        if obj.get("/ColorSpace") != pikepdf.Name.DeviceRGB:
            continue
        pixels = pikepdf.PdfImage(obj).as_pil_image()
        cmyk = colours.image(pixels)
        obj.write(cmyk.tobytes(), filter=None)  # type: ignore[attr-defined]
        obj.ColorSpace = pikepdf.Name.DeviceCMYK
        obj.BitsPerComponent = 8
        for key in ("/DecodeParms", "/Decode"):
            if key in obj:
                del obj[key]


def _fix_groups_and_states(pdf: pikepdf.Pdf, flatten: bool) -> None:
    """PDF/X-1a: no transparency groups, every ExtGState opaque (opacity was baked in);
    PDF/X-4: transparency groups blend in CMYK."""
    holders = [page.obj for page in pdf.pages] + [
        obj
        for obj in pdf.objects
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"
    ]
    for holder in holders:
        group = holder.get("/Group")
        if group is None:
            continue
        if flatten:
            del holder["/Group"]
        elif "/CS" in group:
            group.CS = pikepdf.Name.DeviceCMYK
    if flatten:
        _opaque_states(pdf, holders)


def _opaque_states(pdf: pikepdf.Pdf, holders: Sequence[pikepdf.Object]) -> None:
    """Every opacity (/ca, /CA) of `pdf` set to 1: the indirect dictionaries that hold one,
    and the ExtGStates written directly in the resources of `holders` (pages and forms)."""
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary):
            _opaque(obj)
    for holder in holders:
        resources = holder.get("/Resources")
        for gs in (resources.get("/ExtGState", {}) if resources is not None else {}).values():
            _opaque(gs)


def _opaque(holder: pikepdf.Object) -> None:
    for key in ("/ca", "/CA"):
        if key in holder:
            holder[key] = 1
