"""What a PDF says about itself as a print file, beyond its pages' content: encryption, the
Trapped key, page box rules, scripts and actions, the header's PDF version, the output
intent's colour space, the XMP identifiers PDF/X-4 asks for, and annotations on the page.

Read by `read_document` in one pass over the document's dictionaries (never its content
streams: `scan` walks those); judged by `printgen.preflight.document_checks`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printgen.preflight.budget import first_bytes

if TYPE_CHECKING:
    import pikepdf

XMP_IDS = ("xmpMM:DocumentID", "xmpMM:VersionID", "xmpMM:RenditionClass")
"""The identifiers ISO 15930-7 (PDF/X-4) asks for in the XMP metadata."""
SCRIPT_ACTIONS = {
    "/JavaScript",
    "/Launch",
    "/SubmitForm",
    "/ResetForm",
    "/ImportData",
    "/Sound",
    "/Movie",
    "/Rendition",
    "/Hide",
    "/SetOCGState",
    "/Trans",
    "/GoTo3DView",
}
"""Action types PDF/X forbids (what runs or changes the document; links are annotations)."""
PRINT_ANNOTATIONS = {"/PrinterMark", "/TrapNet"}
"""Annotations PDF/X allows on the page: they are for the press."""
MAX_ANNOTATIONS = 10_000
"""Annotations looked at in all (a file with more is reported by the first ones)."""


@dataclass
class Annotation:
    page: int
    subtype: str
    rect: tuple[float, float, float, float]


@dataclass
class DocumentFacts:
    encrypted: bool = False
    header_version: str = ""
    trapped: str | None = None
    """The info dictionary's /Trapped (`True`, `False`, `Unknown`), None when absent."""
    xmp: dict[str, str] = field(default_factory=dict)
    """The XMP keys PDF/X cares about that the file has, with their values."""
    intent_space: str | None = None
    """The output intent's ICC profile colour space (`CMYK`, `RGB`, `GRAY`)."""
    actions: list[str] = field(default_factory=list)
    """Where a script or a forbidden action is, in words."""
    annotations: list[Annotation] = field(default_factory=list)
    art_and_trim: list[int] = field(default_factory=list)
    """Pages with both an ArtBox and a TrimBox (PDF/X allows one of the two)."""
    boxes_outside: list[int] = field(default_factory=list)
    """Pages whose TrimBox is not inside the BleedBox and MediaBox."""


def read_document(pdf: pikepdf.Pdf) -> DocumentFacts:
    """The facts of an open pikepdf document."""
    facts = DocumentFacts(encrypted=bool(pdf.is_encrypted), header_version=str(pdf.pdf_version))
    info = pdf.trailer.get("/Info")
    if info is not None and "/Trapped" in info:
        facts.trapped = str(info.Trapped).lstrip("/")
    facts.xmp = _xmp(pdf)
    facts.intent_space = _intent_space(pdf)
    facts.actions = _actions(pdf)
    for number, page in enumerate(pdf.pages, 1):
        obj = page.obj
        if "/ArtBox" in obj and "/TrimBox" in obj:
            facts.art_and_trim.append(number)
        if not _trim_inside(obj):
            facts.boxes_outside.append(number)
        for annot in obj.get("/Annots", [])[: MAX_ANNOTATIONS - len(facts.annotations)]:
            rect = annot.get("/Rect")
            if rect is None or len(rect) != 4:
                continue
            values = sorted(float(v) for v in rect[::2]), sorted(float(v) for v in rect[1::2])
            box = (values[0][0], values[1][0], values[0][1], values[1][1])
            facts.annotations.append(Annotation(number, str(annot.get("/Subtype", "")), box))
    return facts


def _xmp(pdf: pikepdf.Pdf) -> dict[str, str]:
    wanted = (*XMP_IDS, "pdf:Trapped", "pdfxid:GTS_PDFXVersion")
    if "/Metadata" not in pdf.Root:
        return {}
    try:
        meta = pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False)
        return {key: str(meta[key]) for key in wanted if key in meta}
    except Exception:  # unreadable XMP: as if there were none (the checks say what is missing)
        return {}


def _intent_space(pdf: pikepdf.Pdf) -> str | None:
    for intent in pdf.Root.get("/OutputIntents", []):
        profile = intent.get("/DestOutputProfile")
        if intent.get("/S") == "/GTS_PDFX" and profile is not None:
            header = first_bytes(profile, 20)  # an ICC header names its space at byte 16
            return header[16:20].decode("latin-1").strip() if len(header) == 20 else None
    return None


def _actions(pdf: pikepdf.Pdf) -> list[str]:
    found = []
    names = pdf.Root.get("/Names")
    if names is not None and "/JavaScript" in names:
        found.append("document JavaScript (/Names /JavaScript)")
    if _forbidden(pdf.Root.get("/OpenAction")):
        found.append("an action when the file opens (/OpenAction)")
    if "/AA" in pdf.Root:
        found.append("document actions (/AA)")
    if "/AcroForm" in pdf.Root and "/XFA" in pdf.Root.AcroForm:
        found.append("an XFA form")
    for number, page in enumerate(pdf.pages, 1):
        if "/AA" in page.obj:
            found.append(f"page {number}: page actions (/AA)")
        for annot in page.obj.get("/Annots", [])[:MAX_ANNOTATIONS]:
            if "/AA" in annot or _forbidden(annot.get("/A")):
                kind = str(annot.get("/Subtype", "")).lstrip("/") or "annotation"
                found.append(f"page {number}: a {kind} runs an action")
    return found


def _forbidden(action: pikepdf.Object | None) -> bool:
    """A script or a forbidden action (a `/GoTo` to a page is harmless), followed down its
    `/Next` chain a few steps."""
    import pikepdf  # not at the top: kit.shops imports preflight at start-up

    for _ in range(8):
        if not isinstance(action, pikepdf.Dictionary):
            return False
        if "/JS" in action or str(action.get("/S", "")) in SCRIPT_ACTIONS:
            return True
        action = action.get("/Next")
    return False


def _trim_inside(page: pikepdf.Object) -> bool:
    trim = page.get("/TrimBox")
    if trim is None:
        return True
    inner = _box(trim)
    for key in ("/BleedBox", "/MediaBox"):
        outer = page.get(key)
        if outer is not None and not _contains(_box(outer), inner):
            return False
    return True


def _box(value: pikepdf.Object) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in value)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _contains(outer: tuple[float, ...], inner: tuple[float, ...], slack: float = 0.01) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )
