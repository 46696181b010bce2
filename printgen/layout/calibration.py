"""The duplex calibration sheet's scales: where each offset mark goes (issue 33).

Millimetres in the printed frame of printgen.layout.duplex (the sheet face up, portrait, seen
from the front; origin bottom-left, y up). One scale an axis, each a straight *reference
line* printed on the front and a staircase of short *offset marks* printed on the back, one
for every reading `r = i * STEP_MM`, i from -STEPS to STEPS, each in its own row (x) or
column (y), with its reading printed beside it on the back:

- x: the reference is an upright line at `x0`; the mark of reading r is an upright dash at
  `x0 + r` in row i. A printer whose back lands `e` mm off along x moves every dash by `e`,
  so the dash of reading `r = -e` lands on the line: its reading is the correction that
  cancels `e`, the back offset to type. The dashes beside it miss the line by 0.25 mm, 0.5 mm
  ... more, so the reading is read to STEP_MM over +-STEPS * STEP_MM (4 mm).
- y: the same turned a quarter: a level reference line at `y0`, level dashes at `y0 + r`.

Each reading is printed on the back beside its own dash (mirrored there, so it reads the right
way through the paper), so an error along the other axis moves dash and reading together and
never pairs a dash with another's reading, which a vernier's two rows of marks would do past
its period.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.geometry import Segment
from printgen.layout.sizes import Size

STEP_MM = 0.25
"""What one dash further along the staircase adds to the reading."""
STEPS = 16
"""Dashes on each side of 0: readings from -4 to +4 mm."""
ROW_MM = 3.2
"""Between neighbouring dashes across the scale (room for a 6.5 pt reading)."""
DASH_MM = 2.4
LINE_MM = 0.15
"""The width of the reference lines and the dashes."""
OVERRUN_MM = STEPS * STEP_MM + 3.0
"""How far a reference line runs past the dashes, so that an error along it up to the
scale's range still leaves every dash beside it."""
LABEL_GAP_MM = STEPS * STEP_MM + 2.0
"""From the reference line to the readings: past the farthest dash."""


@dataclass(frozen=True)
class Mark:
    """One offset dash on the back (printed frame) and the place of its reading: the reading's
    start for x (left-aligned, level text), its centre line for y (text turned upright)."""

    reading: float
    dash: Segment
    label_x: float
    label_y: float


@dataclass(frozen=True)
class Scale:
    axis: str
    """"x" (upright line and dashes in rows) or "y" (level line and dashes in columns)."""
    reference: Segment
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class CalibrationLayout:
    paper: Size
    x: Scale
    y: Scale


def readings() -> list[float]:
    """Every reading of a scale, the largest first (the top row, the leftmost column... the
    y scale lists them left to right from the smallest)."""
    return [i * STEP_MM for i in range(STEPS, -STEPS - 1, -1)]


def x_scale(x0: float, top: float) -> Scale:
    """Upright dashes in rows from `top` down, the reading +4 first, beside a line at x0."""
    marks = []
    for row, reading in enumerate(readings()):
        y = top - (row + 0.5) * ROW_MM
        dash = Segment(x0 + reading, y - DASH_MM / 2, x0 + reading, y + DASH_MM / 2)
        marks.append(Mark(reading, dash, x0 + LABEL_GAP_MM, y))
    bottom = top - len(marks) * ROW_MM
    return Scale("x", Segment(x0, bottom - OVERRUN_MM, x0, top + OVERRUN_MM), tuple(marks))


def y_scale(y0: float, left: float) -> Scale:
    """Level dashes in columns from `left` rightwards, the reading -4 first, beside a line at
    y0; readings below the line."""
    marks = []
    for column, reading in enumerate(reversed(readings())):
        x = left + (column + 0.5) * ROW_MM
        dash = Segment(x - DASH_MM / 2, y0 + reading, x + DASH_MM / 2, y0 + reading)
        marks.append(Mark(reading, dash, x, y0 - LABEL_GAP_MM))
    right = left + len(marks) * ROW_MM
    return Scale("y", Segment(left - OVERRUN_MM, y0, right + OVERRUN_MM, y0), tuple(marks))


def calibration_layout(paper: Size) -> CalibrationLayout:
    """Both scales on `paper` (portrait), below the instructions: the x scale's rows down the
    left, the y scale's columns across the right, apart by more than the range."""
    x_top = paper.height - 118.0
    x = x_scale(40.0, x_top)
    y = y_scale(paper.height - 140.0, 88.0)
    return CalibrationLayout(paper, x, y)
