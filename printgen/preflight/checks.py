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

A failed check of level "error" fails the file (exit 1); a warning is reported and passes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from printgen.layout.units import HAIRLINE_PT, PT_PER_MM
from printgen.preflight.scan import RGB_SPACES, Findings, scan

Level = Literal["error", "warning"]
TOLERANCE_MM = 0.05
SMALLEST_TEXT_PT = 6.0


@dataclass(frozen=True)
class Target:
    name: str
    bleed_mm: float | None
    cmyk: bool
    transparency: bool
    pdfx: str | None
    """The GTS_PDFXVersion prefix the target asks for, or None."""
    min_dpi: float
    strict: bool
    """Page boxes, Type 3 fonts and hairlines fail (not only warn)."""


TARGETS: dict[str, Target] = {
    "dtc": Target("dtc", 25.4 / 8, True, False, "PDF/X-1a", 300, True),
    "print": Target("print", 3.0, True, True, "PDF/X-", 300, True),
    "home": Target("home", None, False, True, None, 150, False),
}


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    level: Level
    detail: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class FileReport:
    path: Path
    target: str
    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks if c.level == "error")

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "target": self.target, "checks": [c.to_json() for c in self.checks]}


def preflight(path: Path, target: str) -> FileReport:
    aim = TARGETS[target]
    found = scan(path)
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
    ]
    return FileReport(path, target, checks)


def _pages(numbers: list[int]) -> str:
    shown = ", ".join(str(n) for n in numbers[:5])
    return (
        f"page {shown}"
        if len(numbers) == 1
        else f"pages {shown}" + (f" and {len(numbers) - 5} more" if len(numbers) > 5 else "")
    )


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


SHOWN_PAGES = 8


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
