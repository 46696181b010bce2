"""A home printer's duplex error, corrected: the back offset (issue 33).

A duplex printer prints the back of a sheet a little off from its front (1 to 4 mm is common).
The user reads the error off the calibration sheet (printgen.layout.calibration) as a
*back offset* `(x, y)` in millimetres and printgen moves every back page's whole content by it.

The offset is given in the sheet's *printed frame*: the sheet as it lies face up, portrait,
seen from its front side, x to the right and y up. That is the frame in which a user holds the
sheet against a light and sees the back's marks through the paper, so the number read off the
scale is the number typed. A back page is drawn in its own frame, which for long-edge duplex
(the sheet turns about its vertical centre line) is the printed frame mirrored left to right:
the back page's drawing moves by `(-x, y)`.

A landscape page (the rules booklet: flip on the short edge) reaches the paper turned 90
degrees counter-clockwise (IPP's `landscape`, what print dialogs do with a landscape page on
portrait paper), and its sheet turns about the page's own vertical centre line (the fold):
its back page's drawing moves by `(-y, -x)`. A driver that turns the page clockwise instead
would need `(y, x)`, the same as this rule applied to `(-x, -y)`: the docs ("Printing at
home") tell a user whose printer does so to build the booklet with the offset negated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.errors import PrintgenError
from printgen.layout.sizes import MIN_MARGIN_MM, Size

LARGEST_OFFSET_MM = MIN_MARGIN_MM
"""The largest back offset accepted on either axis: a larger shift would move the back's
content past the 5 mm margin every page keeps clear, off what a printer can print."""


class OffsetError(PrintgenError, ValueError):
    """A back offset that is not two numbers within the limits."""


@dataclass(frozen=True)
class BackOffset:
    """How far to move every back page's content, in mm, in the printed frame (see above)."""

    x: float = 0.0
    y: float = 0.0

    def __bool__(self) -> bool:
        return bool(self.x or self.y)

    def on_back_page(self, page: Size) -> tuple[float, float]:
        """The shift of a back page's drawing in that page's own frame (mm, y up)."""
        if page.width <= page.height:  # portrait, flipped on the long edge
            return (_tidy(-self.x), _tidy(self.y))
        return (_tidy(-self.y), _tidy(-self.x))  # landscape, flipped on the short edge

    def __str__(self) -> str:
        return f"{_tidy(self.x):g},{_tidy(self.y):g}"


NO_OFFSET = BackOffset()


def parse_offset(text: str) -> BackOffset:
    """`X,Y` in mm (e.g. `1.5,-0.75`) as a BackOffset; OffsetError naming what is wrong."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise OffsetError(f"expected X,Y in mm (e.g. 1.5,-0.75), got {text!r}")
    try:
        x, y = (float(part.removesuffix("mm")) for part in parts)
    except ValueError:
        raise OffsetError(
            f"expected two numbers X,Y in mm (e.g. 1.5,-0.75), got {text!r}"
        ) from None
    return checked_offset(x, y)


def checked_offset(x: float, y: float) -> BackOffset:
    """BackOffset(x, y), refused when either is not a number or beyond LARGEST_OFFSET_MM."""
    for axis, value in (("X", x), ("Y", y)):
        if not math.isfinite(value) or abs(value) > LARGEST_OFFSET_MM:
            raise OffsetError(
                f"back offset {axis} must be between -{LARGEST_OFFSET_MM:g} and "
                f"{LARGEST_OFFSET_MM:g} mm, got {value:g}"
            )
    return BackOffset(x, y)


def _tidy(value: float) -> float:
    """`value` without a negative zero (so `-0.0` never reaches a PDF's bytes)."""
    return value + 0.0
