"""Issue 36: figures and examples placed so a rulebook's pages are not left half empty.

Read back from each bundled rulebook with pdfplumber: on every page but the cover, the
contents page (it ends where the contents end) and the last page, the text area below the
lowest inked object (a glyph, a picture's line or fill, an example box's rule) is at most
MOST_BLANK of the text area. Feng Shui Master's two-player examples once printed 78 mm tall, so
two never shared a page and four pages were 45-50 % blank; The Way's p. 6 was 41 % blank under
its first row of card anatomy, the second row too tall for the rest of the page (its rules.md
now places that row above "Card kinds", test_anatomy_parts.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from tests.rulebook.conftest import RULEBOOKS

MM = 72 / 25.4
TOP_MM, BOTTOM_MM = 17, 15  # the A5 page's text area (rulebook.css.j2 @page margins)
MOST_BLANK = 0.40
LIGHT = 0.92  # a fill lighter than this in every channel is a box's background, not ink


def _light(colour: Any) -> bool:
    values = colour if isinstance(colour, (list, tuple)) else [colour]
    return all(isinstance(v, (int, float)) and v > LIGHT for v in values)


def _inked(shape: dict[str, Any]) -> bool:
    """A line, or a rect or curve stroked or filled in a colour that is not near white."""
    if shape["object_type"] not in ("rect", "curve"):
        return True
    filled = shape.get("fill") and not _light(shape.get("non_stroking_color"))
    stroked = shape.get("stroke") and not _light(shape.get("stroking_color"))
    return bool(filled or stroked)


def blank_below(page: Any) -> float:
    """The share of the page's text area below its lowest inked object."""
    top, bottom = TOP_MM * MM, float(page.height) - BOTTOM_MM * MM
    shapes = page.chars + page.images + page.curves + page.lines + page.rects
    inside = [s for s in shapes if s["top"] >= top and s["bottom"] <= bottom + 1]
    lowest = max((s["bottom"] for s in inside if _inked(s)), default=top)
    return (bottom - lowest) / (bottom - top)


@pytest.mark.parametrize(("game_id", "name"), RULEBOOKS)
def test_no_page_is_left_half_empty(built: Path, game_id: str, name: str) -> None:
    with pdfplumber.open(built / game_id / name) as pdf:
        blank = {n: blank_below(page) for n, page in enumerate(pdf.pages[2:-1], start=3)}
    over = {n: f"{share:.0%}" for n, share in blank.items() if share > MOST_BLANK}
    assert not over, f"{game_id}/{name}: pages more than {MOST_BLANK:.0%} blank: {over}"
