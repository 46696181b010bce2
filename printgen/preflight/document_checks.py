"""The checks on what a print file says about itself (`document.DocumentFacts`), for a target
that asks for PDF/X (dtc, print); at home each is a warning at most.

| check | fails when |
| --- | --- |
| encryption | the file is encrypted (a RIP may not open it; PDF/X forbids it) |
| Trapped | a PDF/X file has no /Trapped True or False (PDF/X-4: in its XMP too) |
| box rules | a page has an ArtBox and a TrimBox, or a TrimBox outside its BleedBox/MediaBox |
| scripts and actions | JavaScript, an action when opened, page or form actions, XFA |
| PDF version | the header is newer than the PDF/X standard's base (X-1a:2003 1.4, X-4 1.6) |
| output intent | the PDF/X output profile is not CMYK |
| XMP identifiers | PDF/X-4 without xmpMM:DocumentID, VersionID or RenditionClass |
| annotations | a link or note lies over the trimmed page (printed, or refused) |

Checks that only mean something for PDF/X pass on a file that is not one: the `PDF/X` check
already fails it, and one cause gives one failure.
"""

from __future__ import annotations

from printgen.preflight.document import PRINT_ANNOTATIONS, XMP_IDS, DocumentFacts
from printgen.preflight.scan import Findings
from printgen.preflight.verdict import Check, Level, Target, pages_text

BASED_ON = (
    ("PDF/X-1a:2001", "1.3"),
    ("PDF/X-1a:2003", "1.4"),
    ("PDF/X-3:2002", "1.3"),
    ("PDF/X-3:2003", "1.4"),
    ("PDF/X-4", "1.6"),
    ("PDF/X-5", "1.6"),
    ("PDF/X-6", "2.0"),
)
"""Each PDF/X standard and the PDF version it is based on: the newest header it may have."""
NOT_PDFX = "not a PDF/X file (see PDF/X)"


def document_checks(facts: DocumentFacts, found: Findings, aim: Target) -> list[Check]:
    level: Level = "error" if aim.pdfx is not None else "warning"
    pdfx = found.pdfx_version
    return [
        _encryption(facts, level),
        _trapped(facts, pdfx, level),
        _box_rules(facts, level),
        _actions(facts, level),
        _version(facts, pdfx, level),
        _intent(facts, pdfx, level),
        _xmp_ids(facts, pdfx, level),
        _annotations(facts, found, level),
    ]


def _encryption(facts: DocumentFacts, level: Level) -> Check:
    if facts.encrypted:
        return Check("encryption", False, level, "the file is encrypted; shops ask for none")
    return Check("encryption", True, level, "none")


def _trapped(facts: DocumentFacts, pdfx: str | None, level: Level) -> Check:
    if pdfx is None:
        return Check("Trapped", True, level, NOT_PDFX)
    if facts.trapped not in ("True", "False"):
        said = "no /Trapped key" if facts.trapped is None else f"/Trapped /{facts.trapped}"
        return Check("Trapped", False, level, f"{said}; PDF/X asks for True or False")
    if pdfx.startswith("PDF/X-4") and facts.xmp.get("pdf:Trapped") != facts.trapped:
        seen = facts.xmp.get("pdf:Trapped", "none")
        return Check(
            "Trapped", False, level, f"/{facts.trapped} in the info, {seen} in the XMP metadata"
        )
    return Check("Trapped", True, level, facts.trapped)


def _box_rules(facts: DocumentFacts, level: Level) -> Check:
    if facts.art_and_trim:
        return Check(
            "box rules",
            False,
            level,
            f"ArtBox and TrimBox together on {pages_text(facts.art_and_trim)} (one of the two)",
        )
    if facts.boxes_outside:
        return Check(
            "box rules",
            False,
            level,
            f"TrimBox outside the BleedBox or MediaBox on {pages_text(facts.boxes_outside)}",
        )
    return Check("box rules", True, level, "no ArtBox with a TrimBox; boxes nest")


def _actions(facts: DocumentFacts, level: Level) -> Check:
    if facts.actions:
        shown = "; ".join(facts.actions[:5])
        more = f" and {len(facts.actions) - 5} more" if len(facts.actions) > 5 else ""
        return Check("scripts and actions", False, level, f"{shown}{more}")
    return Check("scripts and actions", True, level, "none")


def _version(facts: DocumentFacts, pdfx: str | None, level: Level) -> Check:
    have = facts.header_version
    if pdfx is None:
        return Check("PDF version", True, level, f"PDF {have}; {NOT_PDFX}")
    base = next((v for name, v in BASED_ON if pdfx.startswith(name)), None)
    if base is None:
        return Check("PDF version", False, level, f"PDF {have}; unknown standard {pdfx!r}")
    if _version_key(have) > _version_key(base):
        return Check(
            "PDF version", False, level, f"PDF {have}; {pdfx} is based on PDF {base}, at most"
        )
    return Check("PDF version", True, level, f"PDF {have} ({pdfx}: {base} at most)")


def _version_key(version: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in version.split("."))
    except ValueError:
        return (99,)


def _intent(facts: DocumentFacts, pdfx: str | None, level: Level) -> Check:
    if pdfx is None or facts.intent_space is None:
        return Check("output intent", True, level, NOT_PDFX if pdfx is None else "no profile")
    if facts.intent_space != "CMYK":
        return Check(
            "output intent",
            False,
            level,
            f"the output profile is {facts.intent_space}; a CMYK press profile is asked for",
        )
    return Check("output intent", True, level, "a CMYK profile")


def _xmp_ids(facts: DocumentFacts, pdfx: str | None, level: Level) -> Check:
    if pdfx is None or not pdfx.startswith("PDF/X-4"):
        return Check("XMP identifiers", True, level, "asked for by PDF/X-4 only")
    missing = [key for key in XMP_IDS if not facts.xmp.get(key)]
    if missing:
        return Check("XMP identifiers", False, level, f"missing in the XMP: {', '.join(missing)}")
    return Check(
        "XMP identifiers", True, level, f"DocumentID {facts.xmp['xmpMM:DocumentID']}, VersionID "
        f"{facts.xmp['xmpMM:VersionID']}, RenditionClass {facts.xmp['xmpMM:RenditionClass']}"
    )  # fmt: skip


def _annotations(facts: DocumentFacts, found: Findings, level: Level) -> Check:
    trims = {p.number: p.trim or p.media for p in found.pages}
    inside = [
        a
        for a in facts.annotations
        if a.subtype not in PRINT_ANNOTATIONS and _overlaps(a.rect, trims.get(a.page))
    ]
    if inside:
        kinds = sorted({a.subtype.lstrip("/") or "annotation" for a in inside})
        pages = sorted({a.page for a in inside})
        return Check(
            "annotations",
            False,
            level,
            f"{len(inside)} ({', '.join(kinds)}) inside the trim on {pages_text(pages)}",
        )
    return Check("annotations", True, level, "none inside the trim")


def _overlaps(rect: tuple[float, ...], box: tuple[float, ...] | None) -> bool:
    if box is None:
        return False
    return rect[0] < box[2] and rect[2] > box[0] and rect[1] < box[3] and rect[3] > box[1]
