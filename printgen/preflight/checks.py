"""The preflight checks, judged for a target (`--target dtc|print|home`).

| check | dtc (DriveThruCards) | print (offset, digital) | home |
| --- | --- | --- | --- |
| page boxes | TrimBox, 1/8 in bleed | TrimBox, 3 mm bleed | warning only |
| fonts | embedded; Type 3 fails | embedded; Type 3 fails | embedded |
| colour spaces | CMYK/grey only | CMYK/grey only | any |
| transparency | none (PDF/X-1a) | allowed (PDF/X-4) | allowed |
| images | 300 dpi or more | 300 dpi or more | 150 dpi or more |
| hairlines | none under 0.25 pt | none under 0.25 pt | warning |
| smallest text | warning under 6 pt | warning under 6 pt | warning under 6 pt |
| PDF/X | PDF/X-1a with OutputIntent | any PDF/X with OutputIntent | not asked |
| total ink (`inks`) | 240 % at most | 300 % at most | reported |
| small text inks (`inks`) | no rich black < 12 pt, no 4 inks <= 6 pt | same | warning |
| art to the bleed (`bleed_reach`) | art at the trim runs into the bleed | same | not asked |
| the file's own rules (`document_checks`) | fail | fail | warning |

The file's own rules: encryption, Trapped, box rules, scripts and actions, the PDF version of
the PDF/X standard, the output intent's colour space, XMP identifiers, annotations in the trim.

A failed check of level "error" fails the file (exit 1); a warning is reported and passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from printgen.layout.units import HAIRLINE_PT, PT_PER_MM
from printgen.preflight.bleed_reach import short_art
from printgen.preflight.document_checks import document_checks
from printgen.preflight.inks import FOUR_COLOUR_FAIL_PT, SMALL_TEXT_PT
from printgen.preflight.scan import RGB_SPACES, Findings, scan
from printgen.preflight.verdict import (
    SHOWN_PAGES,
    TARGETS,
    Check,
    CheckJson,
    Level,
    Target,
    pages_text,
)

__all__ = ["HAIRLINE_PT", "TARGETS", "Check", "FileReport", "Target", "preflight"]

TOLERANCE_MM = 0.05
SMALLEST_TEXT_PT = 6.0


@dataclass(frozen=True)
class FileReport:
    path: Path
    target: str
    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks if c.level == "error")

    def to_json(self) -> FileReportJson:
        return {"ok": self.ok, "target": self.target, "checks": [c.to_json() for c in self.checks]}


class FileReportJson(TypedDict):
    """A file's report in `printgen preflight --json`."""

    ok: bool
    target: str
    checks: list[CheckJson]


def preflight(path: Path, target: str) -> FileReport:
    aim = TARGETS[target]
    found = scan(path)
    assert found.document is not None
    level: Level = "error" if aim.strict else "warning"
    checks = [
        _boxes(found, aim, level),
        *_fonts(found, level),
        _colours(found, aim),
        _transparency(found, aim),
        _images(found, aim),
        _hairlines(found, level),
        _text(found),
        _pdfx(found, aim),
        _total_ink(found, aim),
        _small_text_inks(found, aim),
        _bleed_reach(path, found, aim),
        *document_checks(found.document, found, aim),
    ]
    return FileReport(path, target, checks)


def _pages(numbers: list[int]) -> str:
    return pages_text(numbers)


def _boxes(found: Findings, aim: Target, level: Level) -> Check:
    missing = [p.number for p in found.pages if p.trim is None]
    if missing:
        return Check("page boxes", False, level, f"no TrimBox on {_pages(missing)}")
    bleeds = []
    for page in found.pages:
        assert page.trim is not None
        outer = page.bleed or page.media
        sides = [
            page.trim[0] - outer[0],
            page.trim[1] - outer[1],
            outer[2] - page.trim[2],
            outer[3] - page.trim[3],
        ]
        bleeds.append((min(sides) / PT_PER_MM, page.number))
    least, where = min(bleeds)
    detail = f"TrimBox on every page; bleed {least:.2f} mm (least, page {where})"
    if aim.bleed_mm is not None and least < aim.bleed_mm - TOLERANCE_MM:
        return Check("page boxes", False, level, f"{detail}, {aim.bleed_mm:.2f} mm asked for")
    return Check("page boxes", True, level, detail)


def _fonts(found: Findings, level: Level) -> list[Check]:
    fonts = list(found.fonts.values())
    unembedded = sorted({f.name for f in fonts if not f.embedded})
    checks = [
        Check(
            "fonts embedded",
            not unembedded,
            "error",
            f"not embedded: {', '.join(unembedded)}"
            if unembedded
            else f"{len(fonts)} fonts, all embedded, {sum(f.subset for f in fonts)} subset",
        )
    ]
    type3 = sorted({f.name for f in fonts if f.subtype == "/Type3"})
    checks.append(
        Check(
            "no Type 3 fonts",
            not type3,
            level,
            f"Type 3 (bitmap or drawn) fonts: {', '.join(type3)}" if type3 else "none",
        )
    )
    return checks


def _colours(found: Findings, aim: Target) -> Check:
    spaces = sorted(s for s in found.colour_spaces if s)
    rgb = [s for s in spaces if s in RGB_SPACES or "RGB" in s]
    detail = "used: " + (", ".join(s.lstrip("/") for s in spaces) or "none")
    if aim.cmyk and rgb:
        return Check("colour spaces", False, "error", f"{detail}; the shop prints CMYK only")
    return Check("colour spaces", True, "error", detail)


def _transparency(found: Findings, aim: Target) -> Check:
    kinds = sorted(found.transparency)
    detail = "; ".join(kinds) if kinds else "none"
    if kinds and not aim.transparency:
        return Check("transparency", False, "error", f"{detail} (PDF/X-1a allows none)")
    return Check("transparency", True, "error" if not aim.transparency else "warning", detail)


def _images(found: Findings, aim: Target) -> Check:
    if not found.images:
        return Check("image resolution", True, "error", "no images")
    low = sorted((i for i in found.images if i.dpi < aim.min_dpi - 0.5), key=lambda i: i.dpi)
    least = min(found.images, key=lambda i: i.dpi)
    detail = f"{len(found.images)} images, lowest {least.dpi:.0f} dpi on {_page(found, least.page)}"
    if low:
        under = ", ".join(f"{_page(found, i.page)} at {i.dpi:.0f}" for i in low[:SHOWN_PAGES])
        more = f" and {len(low) - SHOWN_PAGES} more" if len(low) > SHOWN_PAGES else ""
        return Check(
            "image resolution",
            False,
            "error",
            f"{detail}; {aim.min_dpi:.0f} dpi asked for; under it: {under}{more}",
        )
    return Check("image resolution", True, "error", detail)


def _page(found: Findings, number: int) -> str:
    """`page 7`, with the page's label when the file labels its pages (`page 7
    (sirocco-ember 1/2)`: a kit's print files label each page with its card)."""
    label = next((p.label for p in found.pages if p.number == number), None)
    return f"page {number} ({label})" if label else f"page {number}"


def _hairlines(found: Findings, level: Level) -> Check:
    if found.thinnest_line is None:
        return Check("hairlines", True, level, "no strokes")
    width, page = found.thinnest_line
    detail = f"thinnest stroke {width:.2f} pt (page {page})"
    if width < HAIRLINE_PT - 1e-6:
        return Check("hairlines", False, level, f"{detail}; {HAIRLINE_PT} pt at least")
    return Check("hairlines", True, level, detail)


def _text(found: Findings) -> Check:
    if found.smallest_text is None:
        return Check("smallest text", True, "warning", "no text")
    size, page = found.smallest_text
    detail = f"{size:.1f} pt (page {page})"
    return Check("smallest text", size >= SMALLEST_TEXT_PT - 0.05, "warning", detail)


def _pdfx(found: Findings, aim: Target) -> Check:
    have = found.pdfx_version
    intent = (
        f"OutputIntent {found.output_intent!r}" + ("" if found.output_profile else " (no profile)")
        if found.output_intent is not None
        else "no OutputIntent"
    )
    detail = f"{have or 'no GTS_PDFXVersion'}; {intent}"
    if aim.pdfx is None:
        return Check("PDF/X", True, "warning", detail)
    ok = bool(have and have.startswith(aim.pdfx) and found.output_profile)
    if not ok:
        detail += f"; {aim.pdfx}... with an output profile asked for"
    return Check("PDF/X", ok, "error", detail)


def _labels(found: Findings) -> dict[int, str]:
    return {p.number: p.label for p in found.pages if p.label}


def _total_ink(found: Findings, aim: Target) -> Check:
    most = found.inks.most
    if most is None:
        return Check("total ink", True, "error", "no CMYK colour")
    percent, page = most
    detail = f"{percent:.0f} % on {_page(found, page)}"
    if aim.ink_limit is None:
        return Check("total ink", True, "warning", f"{detail} (the most; no limit asked)")
    if percent > aim.ink_limit + 0.5:  # an 8-bit image's rounding
        return Check("total ink", False, "error", f"{detail}; {aim.ink_limit:.0f} % at most")
    return Check("total ink", True, "error", f"{detail} (the most; {aim.ink_limit:.0f} % allowed)")


def _small_text_inks(found: Findings, aim: Target) -> Check:
    level: Level = "error" if aim.cmyk else "warning"
    small = found.inks.small_text
    bad = [t for t in small if t.kind == "rich black" or t.size <= FOUR_COLOUR_FAIL_PT + 0.05]
    if bad:
        worst = min(bad, key=lambda t: t.size)
        inks = "/".join(f"{round(v * 100)}" for v in worst.cmyk)
        pages = sorted({t.page for t in bad})
        return Check(
            "small text inks",
            False,
            level,
            f"{worst.kind} text at {worst.size:.1f} pt (CMYK {inks}) on "
            f"{pages_text(pages, _labels(found))}: small black text is K alone, small colour"
            " text fewer inks",
        )
    if small:
        smallest = min(small, key=lambda t: t.size)
        return Check(
            "small text inks",
            True,
            level,
            f"four-colour text under {SMALL_TEXT_PT:.0f} pt, smallest {smallest.size:.1f} pt "
            f"({_page(found, smallest.page)}); over {FOUR_COLOUR_FAIL_PT:.0f} pt: reported only",
        )
    return Check(
        "small text inks", True, level, f"text under {SMALL_TEXT_PT:.0f} pt: one to three inks"
    )


def _bleed_reach(path: Path, found: Findings, aim: Target) -> Check:
    if aim.bleed_mm is None:
        return Check("art to the bleed", True, "warning", "no bleed asked for")
    short = short_art(path, found.pages)
    if short:
        first = min(short)
        return Check(
            "art to the bleed",
            False,
            "error",
            f"art stops short of the bleed's edge ({', '.join(short[first])}) on "
            f"{pages_text(sorted(short), _labels(found))}: the bleed is paper there",
        )
    return Check("art to the bleed", True, "error", "art reaches the bleed where it meets the trim")
