"""What a check says (`Check`), the targets it judges for (`TARGETS`), and how pages are
named in its detail: shared by every module of checks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

Level = Literal["error", "warning"]


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
    ink_limit: float | None = None
    """The most C + M + Y + K (per cent) the shop's press takes, or None (not asked)."""


TARGETS: dict[str, Target] = {
    "dtc": Target("dtc", 25.4 / 8, True, False, "PDF/X-1a", 300, True, 240),
    "print": Target("print", 3.0, True, True, "PDF/X-", 300, True, 300),
    "home": Target("home", None, False, True, None, 150, False),
}


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    level: Level
    detail: str

    def to_json(self) -> CheckJson:
        return {"name": self.name, "ok": self.ok, "level": self.level, "detail": self.detail}


class CheckJson(TypedDict):
    """A check in `printgen preflight --json`: its fields, in their order."""

    name: str
    ok: bool
    level: Level
    detail: str


SHOWN_PAGES = 8


def pages_text(numbers: list[int], labels: dict[int, str] | None = None) -> str:
    """`page 3`, `pages 1, 4, 9 and 12 more`; with each page's label (its card) when known."""
    named = [f"{n} ({labels[n]})" if labels and labels.get(n) else str(n) for n in numbers]
    shown = ", ".join(named[:5])
    if len(numbers) == 1:
        return f"page {shown}"
    return f"pages {shown}" + (f" and {len(numbers) - 5} more" if len(numbers) > 5 else "")
