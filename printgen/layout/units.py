"""The one unit parser: lengths written as `63.5mm`, `2.5in`, `72pt`, `1cm` (and in a design
`40%` of a side) become millimetres: `parse_length` for sizes, `length` for a design's lengths.
"""

from __future__ import annotations

import re

MM_PER_UNIT: dict[str, float] = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
PT_PER_MM = 72 / 25.4

HAIRLINE_PT = 0.25
"""The thinnest line a print shop takes: preflight fails a PDF/X file with a thinner stroke
(printgen.preflight.checks), and printed drawings keep their lines at least this wide
(printgen.render.draw.svgdraw.STROKE_PT)."""

_LENGTH = re.compile(r"^\s*(-?)(\d+(?:\.\d+)?|\.\d+)\s*(mm|cm|in|pt|%)?\s*$", re.IGNORECASE)
_UNIT_LIKE = re.compile(r"^\s*-?[\d.,]+\s*([^\d\s.,]+)\s*$")
_UNIT_WORDS = {"inch": "in", "inches": "in", '"': "in", "millimetres": "mm", "millimeters": "mm"}
_SIZE_ASK = "expected a length such as 63.5mm or 2.5in"
_DESIGN_ASK = "expected a length such as 12mm, 40% or 9pt"


def _read(text: str) -> tuple[bool, float, str | None] | None:
    """`text` as (negative, number, unit or None), or None when it is no length at all."""
    match = _LENGTH.match(text)
    if not match:
        return None
    unit = match.group(3)
    return bool(match.group(1)), float(match.group(2)), unit.lower() if unit else None


def unit_hint(text: object) -> str:
    """What is wrong with a length that is none, when it is a number with a unit we do not
    know (`3.5inch`, `12px`) or a decimal comma (`8,8cm`): said after the ask."""
    if not isinstance(text, str) or (match := _UNIT_LIKE.match(text)) is None:
        return ""
    if "," in text:
        return " (write a decimal point, not a comma)"
    unit = match.group(1)
    if unit.lower() in MM_PER_UNIT:  # a unit printgen reads: something else is wrong
        return ""
    meant = _UNIT_WORDS.get(unit.lower())
    close = f"; did you mean {meant!r}?" if meant else ":"
    return f" (unknown unit {unit!r}{close} printgen reads mm, cm, in and pt)"


def parse_length(text: str | float | int, default_unit: str = "mm") -> float:
    """A size in millimetres (a card, a paper, a bleed): more than 0, at most 2 m, no
    percentage; a bare number is in `default_unit`. Raises ValueError."""
    if isinstance(text, bool):
        raise ValueError(f"{_SIZE_ASK}, got {text!r}")
    if isinstance(text, (int, float)):
        value, unit = float(text), default_unit
    else:
        read = _read(text)
        if read is None:
            raise ValueError(f"{_SIZE_ASK}, got {text!r}{unit_hint(text)}")
        negative, number, written = read
        if written == "%":
            raise ValueError(f"{_SIZE_ASK} (a size, not a share), got {text!r}")
        value, unit = -number if negative else number, written or default_unit
    mm = value * MM_PER_UNIT[unit]
    if mm <= 0 or mm > 2000:  # in millimetres: 100in is 2540 mm
        raise ValueError(f"expected a length between 0 and 2000 mm, got {text!r}")
    return mm


def written_as_length(text: object) -> bool:
    """Whether `text` is written as a length (a number, a sign, a unit), whatever its size."""
    return isinstance(text, str) and _read(text) is not None


def length(value: object, whole: float | None = None) -> float:
    """Millimetres for a design length (a box's edge, a stroke, a radius): any sign, a bare
    number is mm, `N%` is a share of `whole`. Raises ValueError."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"{_DESIGN_ASK}, got {value!r}")
    if isinstance(value, (int, float)):
        return float(value)
    read = _read(value)
    if read is None:
        raise ValueError(f"{_DESIGN_ASK}, got {value!r}{unit_hint(value)}")
    negative, number, unit = read
    number = -number if negative else number
    if unit == "%":
        if whole is None:
            raise ValueError(f"a percentage ({value!r}) has nothing to be a share of here")
        return number / 100 * whole
    return number * MM_PER_UNIT[unit or "mm"]


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM
