"""The one unit parser: lengths written as `63.5mm`, `2.5in`, `72pt`, `1cm` become millimetres."""

from __future__ import annotations

import re

MM_PER_UNIT: dict[str, float] = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
PT_PER_MM = 72 / 25.4

HAIRLINE_PT = 0.25
"""The thinnest line a print shop takes: preflight fails a PDF/X file with a thinner stroke
(printgen.preflight.checks), and printed drawings keep their lines at least this wide
(printgen.layout.svgdraw.STROKE_PT)."""

_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?|\.\d+)\s*(mm|cm|in|pt)?\s*$")


def parse_length(text: str | float | int, default_unit: str = "mm") -> float:
    """A length in millimetres; a bare number is in `default_unit`. Raises ValueError."""
    if isinstance(text, bool):
        raise ValueError(f"expected a length such as 63.5mm or 2.5in, got {text!r}")
    if isinstance(text, (int, float)):
        value, unit = float(text), default_unit
    else:
        match = _LENGTH.match(text)
        if not match:
            raise ValueError(f"expected a length such as 63.5mm or 2.5in, got {text!r}")
        value, unit = float(match.group(1)), match.group(2) or default_unit
    if value <= 0 or value > 2000:
        raise ValueError(f"expected a length between 0 and 2000 mm, got {text!r}")
    return value * MM_PER_UNIT[unit]


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM
