"""What a PDF holds, read the way a shop's preflight reads it: one pass over every page's
content (and the forms it paints, with the transformation they are painted with), noting page
boxes, fonts, colour spaces, transparency, each image's effective resolution, the thinnest
stroke and the smallest text. `checks.py` then judges the findings for a target.

Works on any PDF (ours or anyone's); pikepdf is imported here only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.preflight.document import DocumentFacts, read_document
from printgen.preflight.inks import InkFindings, ink_of

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
STROKES = {"S", "s", "B", "B*", "b", "b*"}
FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}
SHOWS = {"Tj", "TJ", "'", '"'}
RGB_SPACES = {"/DeviceRGB", "/CalRGB"}
COLOUR_OPERATORS = {"rg": "/DeviceRGB", "RG": "/DeviceRGB", "k": "/DeviceCMYK", "K": "/DeviceCMYK",
                    "g": "/DeviceGray", "G": "/DeviceGray"}  # fmt: skip
MAX_FORM_DEPTH = 12


def multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)  # fmt: skip


def scale_of(m: Matrix) -> float:
    """How much the matrix enlarges a length (the geometric mean of its axes' stretches)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


@dataclass
class PageBoxes:
    number: int
    media: tuple[float, ...]
    trim: tuple[float, ...] | None
    bleed: tuple[float, ...] | None
    label: str | None = None
    """The page's label when the file gives its pages labels (printgen's: the card's id)."""


@dataclass
class ImageUse:
    page: int
    name: str
    pixels: tuple[int, int]
    dpi: float
    colour_space: str


@dataclass
class FontInfo:
    name: str
    subtype: str
    embedded: bool
    subset: bool


@dataclass
class Findings:
    """Everything the checks look at, for one file."""

    pages: list[PageBoxes] = field(default_factory=list)
    fonts: dict[str, FontInfo] = field(default_factory=dict)
    colour_spaces: set[str] = field(default_factory=set)
    transparency: set[str] = field(default_factory=set)
    images: list[ImageUse] = field(default_factory=list)
    thinnest_line: tuple[float, int] | None = None  # (points, page)
    smallest_text: tuple[float, int] | None = None
    walked: set[tuple[Any, ...]] = field(default_factory=set)
    """Forms already read with a given scaling: a card painted on a hundred pages is read once."""
    pdfx_version: str | None = None
    output_intent: str | None = None
    output_profile: bool = False
    inks: InkFindings = field(default_factory=InkFindings)
    document: DocumentFacts | None = None

    def line(self, width: float, page: int) -> None:
        if self.thinnest_line is None or width < self.thinnest_line[0]:
            self.thinnest_line = (width, page)

    def text(self, size: float, page: int) -> None:
        if size > 0 and (self.smallest_text is None or size < self.smallest_text[0]):
            self.smallest_text = (size, page)


def scan(path: Path) -> Findings:
    import pikepdf

    found = Findings()
    with pikepdf.open(path) as pdf:
        found.document = read_document(pdf)
        info = pdf.docinfo
        if "/GTS_PDFXVersion" in info:
            found.pdfx_version = str(info.GTS_PDFXVersion)
        for intent in pdf.Root.get("/OutputIntents", []):
            if intent.get("/S") == "/GTS_PDFX":
                found.output_intent = str(intent.get("/OutputConditionIdentifier", ""))
                found.output_profile = "/DestOutputProfile" in intent
        labelled = "/PageLabels" in pdf.Root
        for number, page in enumerate(pdf.pages, 1):
            found.pages.append(
                PageBoxes(
                    number,
                    tuple(float(v) for v in page.mediabox),
                    _box(page.obj.get("/TrimBox")),
                    _box(page.obj.get("/BleedBox")),
                    str(page.label) if labelled else None,
                )
            )
            if _transparency_group(page.obj):
                found.transparency.add("a page is a transparency group")
            _Walker(found, number).walk(page.obj, page.resources, IDENTITY, 0)
    return found


def _box(value: Any) -> tuple[float, ...] | None:
    if value is None:
        return None
    return tuple(float(v) for v in value)


def _transparency_group(holder: Any) -> bool:
    group = holder.get("/Group")
    return group is not None and group.get("/S") == "/Transparency"


def _space_name(space: Any) -> str:
    """A colour space's family: /DeviceRGB, /DeviceCMYK, /ICCBased RGB (N=3) ..."""
    import pikepdf

    if isinstance(space, pikepdf.Array) and len(space) > 0:
        family = str(space[0])
        if family == "/ICCBased":
            n = int(space[1].get("/N", 0))
            return {1: "/ICCBased Gray", 3: "/ICCBased RGB", 4: "/ICCBased CMYK"}.get(n, family)
        if family == "/Indexed" and len(space) > 1:
            return _space_name(space[1])
        if family in ("/Separation", "/DeviceN") and len(space) > 2:
            return f"{family} ({_space_name(space[2])})"
        return family
    return str(space)


class _Walker:
    def __init__(self, found: Findings, page: int) -> None:
        self.found = found
        self.page = page

    def walk(self, holder: Any, resources: Any, ctm: Matrix, depth: int) -> None:
        import pikepdf

        if depth > MAX_FORM_DEPTH:
            return
        resources = resources if resources is not None else pikepdf.Dictionary()
        self._resources(resources)
        stack: list[tuple[Matrix, float, str, str, Any, Any]] = []
        width = 1.0
        fill_space = stroke_space = "/DeviceGray"
        fill_ink: tuple[float, ...] | None = (0.0, 0.0, 0.0, 1.0)  # black, in DeviceGray
        stroke_ink: tuple[float, ...] | None = (0.0, 0.0, 0.0, 1.0)
        text_matrix: Matrix = IDENTITY
        line_matrix: Matrix = IDENTITY
        size = 0.0
        leading = 0.0
        font = ""
        xobjects = resources.get("/XObject", {})
        spaces = resources.get("/ColorSpace", {})
        fonts = resources.get("/Font", {})
        for item in pikepdf.parse_content_stream(holder):
            if isinstance(item, pikepdf.ContentStreamInlineImage):
                image = item.iimage
                space = _space_name(image.obj.get("/ColorSpace", image.obj.get("/CS", "")))
                self.found.colour_spaces.add(space)
                self._image_use("inline image", image.width, image.height, space, ctm)
                continue
            operands, op = item.operands, str(item.operator)
            if op == "q":
                stack.append((ctm, width, fill_space, stroke_space, fill_ink, stroke_ink))
            elif op == "Q" and stack:
                ctm, width, fill_space, stroke_space, fill_ink, stroke_ink = stack.pop()
            elif op == "cm":
                ctm = multiply(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            elif op == "w":
                width = float(operands[0])
            elif op in COLOUR_OPERATORS or op in ("sc", "scn", "SC", "SCN"):
                if op in COLOUR_OPERATORS:
                    self.found.colour_spaces.add(COLOUR_OPERATORS[op])
                if op.islower():
                    fill_ink = ink_of(op, list(operands), fill_space)
                else:
                    stroke_ink = ink_of(op, list(operands), stroke_space)
            elif op in ("cs", "CS"):
                name = str(operands[0])
                space = _space_name(spaces.get(name, name))
                self.found.colour_spaces.add(space)
                if op == "cs":
                    fill_space = space
                    fill_ink = (0.0, 0.0, 0.0, 1.0) if "CMYK" in space or "Gray" in space else None
                else:
                    stroke_space = space
                    stroke_ink = (
                        (0.0, 0.0, 0.0, 1.0) if "CMYK" in space or "Gray" in space else None
                    )
            elif op in STROKES or op in FILLS:
                if op in STROKES:
                    self.found.line(width * scale_of(ctm), self.page)
                    self.found.inks.paint(stroke_ink, self.page)
                if op in FILLS:
                    self.found.inks.paint(fill_ink, self.page)
            elif op == "BT":
                text_matrix = line_matrix = IDENTITY
            elif op == "Tf":
                size = float(operands[1])
                font = str(operands[0])
            elif op == "TL":
                leading = float(operands[0])
            elif op == "Tm":
                text_matrix = line_matrix = tuple(float(v) for v in operands)  # type: ignore[assignment]
            elif op in ("Td", "TD"):
                if op == "TD":
                    leading = -float(operands[1])
                line_matrix = multiply(
                    (1, 0, 0, 1, float(operands[0]), float(operands[1])), line_matrix
                )
                text_matrix = line_matrix
            elif op == "T*":
                line_matrix = multiply((1, 0, 0, 1, 0, -leading), line_matrix)
                text_matrix = line_matrix
            elif op in SHOWS:
                self._font(fonts, font)
                shown = abs(size) * scale_of(multiply(text_matrix, ctm))
                self.found.text(shown, self.page)
                self.found.inks.text(fill_ink, shown, self.page)
            elif op == "Do" and operands:
                xobject = xobjects.get(str(operands[0]))
                if xobject is None:
                    continue
                subtype = xobject.get("/Subtype")
                if subtype == "/Image":
                    space = _space_name(xobject.get("/ColorSpace", "/DeviceGray"))
                    if xobject.get("/ImageMask"):
                        space = fill_space
                        self.found.inks.paint(fill_ink, self.page)
                    elif "CMYK" in space:
                        self.found.inks.image(xobject, self.page)
                    self.found.colour_spaces.add(space)
                    if "/SMask" in xobject or "/SMaskInData" in xobject:
                        self.found.transparency.add("an image has a soft mask")
                    self._image_use(
                        str(operands[0]),
                        int(xobject.get("/Width", 0)),
                        int(xobject.get("/Height", 0)),
                        space,
                        ctm,
                    )
                elif subtype == "/Form":
                    if _transparency_group(xobject):
                        self.found.transparency.add("a form is a transparency group")
                    matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                    inner = multiply(matrix, ctm)  # type: ignore[arg-type]
                    key = (xobject.objgen, *(round(v, 4) for v in inner[:4]))
                    if xobject.is_indirect and key in self.found.walked:
                        continue
                    self.found.walked.add(key)
                    self.walk(
                        xobject,
                        xobject.get("/Resources", resources),
                        inner,
                        depth + 1,
                    )
            elif op == "sh" and operands:
                shading = resources.get("/Shading", {}).get(str(operands[0]))
                if shading is not None:
                    self.found.colour_spaces.add(_space_name(shading.get("/ColorSpace", "")))

    def _font(self, fonts: Any, name: str) -> None:
        """A font the content shows text in (fonts listed or set but never shown with, as
        reportlab's opening `/F1 12 Tf`, are not checked)."""
        font = fonts.get(name)
        if font is None:
            return
        key = str(font.objgen) if font.is_indirect else name
        if key not in self.found.fonts:
            self.found.fonts[key] = _font_info(font)

    def _image_use(self, name: str, w: int, h: int, space: str, ctm: Matrix) -> None:
        # the unit square the image fills, in points: its sides' lengths
        across = math.hypot(ctm[0], ctm[1])
        down = math.hypot(ctm[2], ctm[3])
        if across <= 0 or down <= 0 or w <= 0 or h <= 0:
            return
        dpi = min(w / (across / 72), h / (down / 72))
        self.found.images.append(ImageUse(self.page, name, (w, h), dpi, space))

    def _resources(self, resources: Any) -> None:
        for gs in resources.get("/ExtGState", {}).values():
            for key in ("/ca", "/CA"):
                if float(gs.get(key, 1)) < 1:
                    self.found.transparency.add("opacity below 100 %")
            smask = gs.get("/SMask")
            if smask is not None and smask != "/None":
                self.found.transparency.add("a soft mask")
            blend = gs.get("/BM")
            if blend is not None and str(blend) not in ("/Normal", "/Compatible"):
                self.found.transparency.add(f"blend mode {blend}")
        for space in resources.get("/ColorSpace", {}).values():
            self.found.colour_spaces.add(_space_name(space))
        for shading in resources.get("/Shading", {}).values():
            self.found.colour_spaces.add(_space_name(shading.get("/ColorSpace", "")))


def _font_info(font: Any) -> FontInfo:
    subtype = str(font.get("/Subtype", ""))
    name = str(font.get("/BaseFont", font.get("/Name", "(unnamed)"))).lstrip("/")
    if subtype == "/Type3":
        return FontInfo(name or "Type 3 font", subtype, True, False)
    descriptor = font.get("/FontDescriptor")
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts", [])
        if len(descendants):
            descriptor = descendants[0].get("/FontDescriptor")
    embedded = descriptor is not None and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")
    )
    subset = len(name) > 7 and name[6] == "+" and name[:6].isupper()
    return FontInfo(name, subtype, embedded, subset)
