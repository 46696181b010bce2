"""`calibration.pdf`: the duplex calibration sheet a user prints once to read their printer's
back offset (issue 33). Page 1 (the front) carries the instructions, the front marks of both
scales and their readings; page 2 (the back) carries the back marks, drawn mirrored for
long-edge duplex so that a printer with no error lands each on the line of its front mark 0.
Where the marks go is printgen.layout.calibration; the offset's frame is
printgen.layout.duplex's.
"""

from __future__ import annotations

import io
import math

from printgen.layout.calibration import (
    LINE_MM,
    STEP_MM,
    STEPS,
    CalibrationLayout,
    Mark,
    Scale,
    calibration_layout,
)
from printgen.layout.duplex import NO_OFFSET, BackOffset
from printgen.layout.geometry import Rect, Segment
from printgen.layout.notes import FOOTER_DEPTH_MM, Band
from printgen.layout.sizes import MIN_MARGIN_MM, Size
from printgen.render.draw import vector
from printgen.render.draw.cairo_types import CairoContext
from printgen.render.pdf.fix import set_viewer_preferences, tidy_cairo_pdf
from printgen.render.sheets.notes import back_page, draw_footer, to_cairo
from printgen.render.sheets.print_guide import _Pen
from printgen.render.text.lettering import Lettering

LABEL_MM = 2.3  # 6.5 pt: the smallest text on the sheet, over the 6 pt floor
TEXT_MM = 3.0
INK = (0.0, 0.0, 0.0)
NOTE = "print at 100 % (no scaling) · two-sided, flip on long edge · printgen calibrate"
INSTRUCTIONS = (
    "Print this file two-sided, flipped on the long edge, at 100 % (actual size), from the "
    "tray and on the paper you print cards on.",
    "Hold the sheet against a window or a lamp, this side towards you: the short dashes and "
    "numbers printed on the back show through.",
    "X: find the dash that lies exactly on the long upright line at the left. The number "
    "beside that dash is X. (The dashes above and below it miss the line by 0.25 mm more "
    "each.)",
    "Y: find the dash that lies exactly on the long level line at the right. The number "
    "under that dash is Y.",
    "Keep the reading: printgen calibrate --save NAME --offset X,Y. Every build with "
    "--printer NAME (or --back-offset X,Y) then moves the backs onto their fronts. To check, "
    "print printgen calibrate --printer NAME: the dashes marked 0 lie on the lines.",
)
LIMIT_NOTE = (
    f"Readings run from -{STEPS * STEP_MM:g} to +{STEPS * STEP_MM:g} mm in steps of "
    f"{STEP_MM:g} mm; X positive moves the backs right, Y positive moves them up, as seen "
    "from this side. No dash on a line: the printer is off by more; print this sheet with "
    "--back-offset set to the end reading, and add the new reading to it."
)


def calibration_pdf(paper: Size, offset: BackOffset = NO_OFFSET) -> bytes:
    """The calibration sheet on `paper` (A4 or Letter, portrait): front then back, the back
    moved by `offset` (to check a saved offset: the dashes marked 0 then meet the lines)."""
    layout = calibration_layout(paper)
    out = io.BytesIO()
    surface = vector.pdf_surface(out, paper.width, paper.height, "printgen: duplex calibration")
    context = vector.mm_context(surface)
    _front(context, layout)
    surface.show_page()
    with back_page(context, paper, offset):
        _back(context, layout, offset)
    surface.show_page()
    surface.finish()
    return set_viewer_preferences(tidy_cairo_pdf(out.getvalue()), duplex=True)


def _front(context: CairoContext, layout: CalibrationLayout) -> None:
    import cairocffi as cairo  # loaded only when the sheet is drawn

    paper = layout.paper
    pen = _Pen(context, cairo, 15.0, paper.width - 30.0, _lettering())
    pen.line("Duplex calibration: your printer's back offset", 6.0, bold=True, after=2.0)
    for number, step in enumerate(INSTRUCTIONS, start=1):
        pen.para(f"{number}. {step}", TEXT_MM)
    pen.para(LIMIT_NOTE, LABEL_MM)
    _marks(context, paper, [layout.x.reference, layout.y.reference])
    x, y = layout.x.reference, layout.y.reference
    _caption(context, paper, "X", x.x1 - 6.0, x.y2 - 4.0)
    _caption(context, paper, "Y", y.x1 - 4.0, y.y1 + 3.0)
    _footer(context, paper, f"{NOTE} · front: hold this side towards you")


def _back(context: CairoContext, layout: CalibrationLayout, offset: BackOffset) -> None:
    """The dashes and their readings, mirrored about the page's vertical centre line
    (long-edge duplex) so that they land where the layout puts them and read the right way
    through the paper."""
    paper = layout.paper
    for scale in (layout.x, layout.y):
        _marks(context, paper, [_mirrored(m.dash, paper) for m in scale.marks])
        for mark in scale.marks:
            _label(context, paper, scale, mark)
    moved = f" · moved by the back offset {offset} mm" if offset else ""
    _footer(context, paper, f"{NOTE} · back{moved}")


def _mirrored(segment: Segment, paper: Size) -> Segment:
    w = paper.width
    return Segment(w - segment.x1, segment.y1, w - segment.x2, segment.y2)


def _marks(context: CairoContext, paper: Size, segments: list[Segment]) -> None:
    vector.stroke_segments(context, to_cairo(paper, segments), LINE_MM, INK)


def _label(context: CairoContext, paper: Size, scale: Scale, mark: Mark) -> None:
    """The reading of `mark`, drawn on the back mirrored left to right (it reads the right way
    seen through the paper from the front): level text starting at the label point beside an
    x dash, text turned to read downwards centred under a y dash."""
    text = _reading(mark.reading)
    lettering = _lettering()
    width = vector.caption_width(context, text, LABEL_MM, lettering)
    middle = 0.35 * LABEL_MM  # from the baseline to the middle of a digit
    context.save()
    context.translate(paper.width, 0.0)
    context.scale(-1.0, 1.0)  # the printed frame, as the back is seen through the paper
    if scale.axis == "x":
        y = paper.height - mark.label_y + middle
        vector.caption(context, text, mark.label_x + width / 2, y, LABEL_MM, INK, lettering)
    else:
        context.translate(mark.label_x + middle, paper.height - mark.label_y + width / 2)
        context.rotate(-math.pi / 2)
        vector.caption(context, text, 0.0, 0.0, LABEL_MM, INK, lettering)
    context.restore()


def _reading(value: float) -> str:
    """A reading as printed and typed: `0`, `+1.25`, `-0.5`."""
    if value == 0:
        return "0"
    return f"{value:+g}"


def _caption(context: CairoContext, paper: Size, text: str, x: float, y: float) -> None:
    lettering = _lettering()
    width = vector.caption_width(context, text, TEXT_MM, lettering)
    vector.caption(context, text, x + width / 2, paper.height - y, TEXT_MM, INK, lettering)


def _footer(context: CairoContext, paper: Size, text: str) -> None:
    bottom = MIN_MARGIN_MM
    rect = Rect(bottom, bottom, paper.width - bottom, bottom + FOOTER_DEPTH_MM)
    draw_footer(context, paper, Band("bottom", rect), text)


def _lettering() -> Lettering:
    return Lettering()
