"""What a PDF holds, read the way a shop's preflight reads it: one pass over every page's
content (and the forms it paints, with the transformation they are painted with), noting page
boxes, fonts, colour spaces, transparency, each image's effective resolution, the thinnest
stroke and the smallest text. `checks.py` then judges the findings for a target.

Works on any PDF (ours or anyone's), within a budget (`budget.py`): a file that asks for
more, or whose content is malformed, is refused naming the page. A form is read once, in its
own units (`state.Sketch`), and scaled wherever it is painted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.preflight.budget import Budget, Refused, decoded
from printgen.preflight.content import read_content
from printgen.preflight.document import DocumentFacts, read_document
from printgen.preflight.drawn import PageDigests
from printgen.preflight.inks import InkFindings
from printgen.preflight.labels import prefix_labels
from printgen.preflight.state import Sketch, State

if TYPE_CHECKING:
    import pikepdf

RGB_SPACES = {"/DeviceRGB", "/CalRGB"}
MAX_FORM_DEPTH = 12


@dataclass
class PageBoxes:
    number: int
    media: tuple[float, ...]
    trim: tuple[float, ...] | None
    bleed: tuple[float, ...] | None
    label: str | None = None
    """The page's label when the file gives its pages labels (printgen's: the card's id)."""
    drawn: bytes = b""
    """What decides how the page is drawn, digested (`drawn.PageDigests`): two pages with
    the same are drawn alike, so the bleed check renders one (a deck's backs, a card printed
    twice). Empty when the page is not told apart this way (it is then rendered)."""


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
    sketches: dict[tuple[int, int], Sketch] = field(default_factory=dict)
    """Each form read, by its object: a card painted on a hundred pages is read once."""
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

    def record(self, sketch: Sketch, page: int) -> None:
        """A page's sketch (in points)."""
        if sketch.line is not None:
            self.line(sketch.line, page)
        if sketch.text is not None:
            self.text(sketch.text, page)
        for (name, width, height, space), dpi in sketch.images.items():
            self.images.append(ImageUse(page, name, (width, height), dpi, space))
        if sketch.ink is not None:
            self.inks.total(sketch.ink, page)
        for size, cmyk in sketch.small_text.values():
            self.inks.small(cmyk, size, page)


def scan(path: Path) -> Findings:
    """What the PDF holds; a `Refused` (exit 2, naming the page) when it is more than
    preflight reads (`printgen.preflight.budget`) or its content is malformed."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    found = Findings()
    budget = Budget()
    with pikepdf.open(path) as pdf:
        found.document = read_document(pdf)
        _document(pdf, found)
        labelled = "/PageLabels" in pdf.Root
        labels = prefix_labels(pdf) if labelled else None
        digests = PageDigests()
        for number, page in enumerate(pdf.pages, 1):
            budget.clock(number)
            label = labels[number - 1] if labels is not None else labelled
            found.pages.append(_page_boxes(page, number, label, digests))
            if _transparency_group(page.obj):
                found.transparency.add("a page is a transparency group")
            walker = _Walker(found, budget, number)
            sketch = walker.sketch_of(page.obj, page.resources, 0)
            found.record(sketch, number)
    return found


def _document(pdf: pikepdf.Pdf, found: Findings) -> None:
    info = pdf.docinfo
    if "/GTS_PDFXVersion" in info:
        found.pdfx_version = str(info.GTS_PDFXVersion)
    for intent in pdf.Root.get("/OutputIntents", []):
        if intent.get("/S") == "/GTS_PDFX":
            found.output_intent = str(intent.get("/OutputConditionIdentifier", ""))
            found.output_profile = "/DestOutputProfile" in intent


def _page_boxes(
    page: pikepdf.Page, number: int, label: str | bool, digests: PageDigests
) -> PageBoxes:
    """The page's boxes, label and digest; `label` True: the file's labels are read page by
    page (`labels.prefix_labels`), False: it has none."""
    try:
        return PageBoxes(
            number,
            tuple(float(v) for v in page.mediabox),
            _box(page.obj.get("/TrimBox")),
            _box(page.obj.get("/BleedBox")),
            _label(page, label),
            digests.of(page.obj),
        )
    except (TypeError, ValueError) as exc:
        raise Refused(number, f"its page boxes cannot be read ({exc})") from None


def _label(page: pikepdf.Page, label: str | bool) -> str | None:
    if isinstance(label, str):
        return label
    return str(page.label) if label else None


def _box(value: pikepdf.Object | None) -> tuple[float, ...] | None:
    if value is None:
        return None
    return tuple(float(v) for v in value)


def _transparency_group(holder: pikepdf.Object) -> bool:
    group = holder.get("/Group")
    return group is not None and group.get("/S") == "/Transparency"


def _space_name(space: object) -> str:
    """A colour space's family: /DeviceRGB, /DeviceCMYK, /ICCBased RGB (N=3) ..."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

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
    """Reads content streams for one page: each stream (the page's, a form's) into a
    `Sketch` in its own units, a form once whatever it is painted at (`sketches`), so forms
    painting forms at a thousand scales cost their content once, not a thousand times."""

    def __init__(self, found: Findings, budget: Budget, page: int) -> None:
        self.found, self.budget, self.page = found, budget, page
        self.open: set[tuple[int, int]] = set()  # forms being read (one painting itself: skipped)

    def sketch_of(self, holder: pikepdf.Object, resources: pikepdf.Object, depth: int) -> Sketch:
        import pikepdf  # not at the top: kit.shops imports preflight at start-up

        resources = resources if hasattr(resources, "get") else pikepdf.Dictionary()
        self._resources(resources)
        state = State(self, resources, depth)
        read_content(self._content(holder), state, self.page, self.budget)
        return state.sketch

    def space_name(self, space: object) -> str:
        return _space_name(space)

    def _content(self, holder: pikepdf.Object) -> bytes:
        """The decoded bytes of a page's content streams (joined) or a form's."""
        import pikepdf  # not at the top: kit.shops imports preflight at start-up

        contents = (
            holder.get("/Contents") if "/Type" in holder and holder.Type == "/Page" else holder
        )
        streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        parts = [
            decoded(s, self.page, self.budget) for s in streams if isinstance(s, pikepdf.Stream)
        ]
        return b"\n".join(parts)

    def form(self, xobject: pikepdf.Object, resources: pikepdf.Object, depth: int) -> Sketch | None:
        """A form's sketch in its own units (None: too deep, or painting itself)."""
        key = xobject.objgen if xobject.is_indirect else None
        if key is not None and key in self.found.sketches:
            return self.found.sketches[key]
        if depth > MAX_FORM_DEPTH or (key is not None and key in self.open):
            return None
        if _transparency_group(xobject):
            self.found.transparency.add("a form is a transparency group")
        if key is not None:
            self.open.add(key)
        try:
            sketch = self.sketch_of(xobject, xobject.get("/Resources", resources), depth)
        finally:
            self.open.discard(key)
        if key is not None:
            self.found.sketches[key] = sketch
        return sketch

    def font(self, fonts: pikepdf.Object | dict[str, pikepdf.Object], name: str) -> None:
        """A font the content shows text in (fonts listed or set but never shown with, as
        reportlab's opening `/F1 12 Tf`, are not checked)."""
        font = fonts.get(name) if hasattr(fonts, "get") else None
        if font is None:
            return
        key = str(font.objgen) if font.is_indirect else name
        if key not in self.found.fonts:
            self.budget.spend_objects(1, self.page)
            self.found.fonts[key] = _font_info(font)

    def _resources(self, resources: pikepdf.Object) -> None:
        states = _values(resources.get("/ExtGState"))
        spaces = _values(resources.get("/ColorSpace"))
        shadings = _values(resources.get("/Shading"))
        self.budget.spend_objects(len(states) + len(spaces) + len(shadings) + 1, self.page)
        for gs in states:
            for key in ("/ca", "/CA"):
                if _number(gs.get(key, 1), 1) < 1:
                    self.found.transparency.add("opacity below 100 %")
            smask = gs.get("/SMask")
            if smask is not None and smask != "/None":
                self.found.transparency.add("a soft mask")
            blend = gs.get("/BM")
            if blend is not None and str(blend) not in ("/Normal", "/Compatible"):
                self.found.transparency.add(f"blend mode {blend}")
        for space in spaces:
            self.found.colour_spaces.add(_space_name(space))
        for shading in shadings:
            self.found.colour_spaces.add(_space_name(shading.get("/ColorSpace", "")))


def _values(mapping: pikepdf.Object | None) -> list[pikepdf.Object]:
    """A resource dictionary's values (none when it is not a dictionary)."""
    if mapping is None or not hasattr(mapping, "values"):
        return []
    return [v for v in mapping.values() if hasattr(v, "get")]


def _number(value: pikepdf.Object | int, default: float) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def _font_info(font: pikepdf.Object) -> FontInfo:
    subtype = str(font.get("/Subtype", ""))
    name = str(font.get("/BaseFont", font.get("/Name", "(unnamed)"))).lstrip("/")
    if subtype == "/Type3":
        return FontInfo(name or "Type 3 font", subtype, True, False)
    descriptor = font.get("/FontDescriptor")
    if subtype == "/Type0":
        descendants: pikepdf.Object | list[pikepdf.Object] = font.get("/DescendantFonts", [])
        if len(descendants):
            descriptor = descendants[0].get("/FontDescriptor")
    embedded = descriptor is not None and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")
    )
    subset = len(name) > 7 and name[6] == "+" and name[:6].isupper()
    return FontInfo(name, subtype, embedded, subset)
