"""What a content stream has painted so far, for the questions the rewriter asks of it: is
the colour under this box one flat colour (flattening), and could K 100 % overprint here
without going over the ink limit.

A paint's geometry (its box, a filled shape's outline as a polygon) is worked out only when
asked: most paints (a rulebook's thousands of lines of text, a card's icons) never are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TypeAlias

import pikepdf

from printgen.layout.matrix import IDENTITY, Box, Matrix, box_of, multiply
from printgen.layout.outline import Point, bezier, box_inside

Instruction: TypeAlias = pikepdf.ContentStreamInstruction | pikepdf.ContentStreamInlineImage
"""One item of a parsed content stream (pikepdf.parse_content_stream)."""
Source = tuple[str, tuple[float, ...]]
PAPER: Source = ("rgb", (1.0, 1.0, 1.0))
PATH_OPS = {"m", "l", "c", "v", "y", "h", "re"}
SHOW_OPS = {"Tj", "TJ", "'", '"'}
OPAQUE = 0.999


@dataclass
class Drawn:
    """One paint: a path (its construction `items` under `ctm`, grown by `grow` on each side
    for a stroke) or a known `fixed` box; `colour` for an opaque fill of one shape."""

    items: list[pikepdf.ContentStreamInstruction]
    ctm: Matrix = IDENTITY
    colour: Source | None = None
    grow: float = 0.0
    fixed: Box | None = None

    @cached_property
    def box(self) -> Box | None:
        """Where the paint lies (its points' box; asked of most dark paints, its outline
        only of the few a translucent paint lies over)."""
        if self.fixed is not None:
            return self.fixed
        box = box_of(path_points(self.items, self.ctm))
        if box is not None and self.grow:
            g = self.grow
            box = (box[0] - g, box[1] - g, box[2] + g, box[3] + g)
        return box

    @cached_property
    def outline(self) -> list[Point]:
        """The last subpath's outline as a polygon (none for a fixed box)."""
        return [] if self.fixed is not None else path_geometry(self.items, self.ctm)[1]

    def holds(self, box: Box) -> bool:
        """The whole of `box` lies inside this paint's one flat colour."""
        return self.colour is not None and box_inside(self.outline, box)


def fixed(box: Box, colour: Source | None = None) -> Drawn:
    return Drawn([], colour=colour, fixed=box)


def path_points(items: Sequence[Instruction], ctm: Matrix) -> list[Point]:
    """Every point of a path's construction (through `ctm`): `path_geometry`'s first half,
    without the outline's chords."""
    return [point for item in items for point in _moved(item, ctm) or ()]


def _moved(item: Instruction, ctm: Matrix) -> list[Point] | None:
    """The points a path-building operator names (a rectangle's four corners), through
    `ctm`; None for another operator or `h`."""
    op = str(item.operator)
    if op not in PATH_OPS or op == "h":
        return None
    numbers = [float(v) for v in item.operands]
    if op == "re":
        x, y, w, h = numbers
        numbers = [x, y, x + w, y, x + w, y + h, x, y + h]
    # `layout.matrix.apply`'s arithmetic, inline: a file's paths ask it of some 30 000 points
    a, b, c, d, e, f = ctm
    return [
        (a * x + c * y + e, b * x + d * y + f)
        for x, y in zip(numbers[0::2], numbers[1::2], strict=False)
    ]


def path_geometry(items: Sequence[Instruction], ctm: Matrix) -> tuple[list[Point], list[Point]]:
    """Every point of a path's construction (through `ctm`), and its last subpath's outline
    as a polygon (curves cut into chords)."""
    points: list[Point] = []
    outline: list[Point] = []
    for item in items:
        moved = _moved(item, ctm)
        if moved is None:
            continue
        op = str(item.operator)
        points.extend(moved)
        if op in ("m", "re"):
            outline = list(moved)
        elif op == "l":
            outline.extend(moved)
        elif moved:
            start = outline[-1] if outline else moved[0]
            if op == "c":
                outline.extend(bezier(start, moved[0], moved[1], moved[2]))
            elif op == "v":
                outline.extend(bezier(start, start, moved[0], moved[1]))
            else:
                outline.extend(bezier(start, moved[0], moved[1], moved[1]))
    return points, outline


def subpaths(items: Sequence[Instruction]) -> int:
    return sum(1 for item in items if str(item.operator) in ("m", "re"))


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def blend(colour: Source, alpha: float, under: Source) -> Source:
    """`colour` at `alpha` over `under`, in sRGB (in CMYK when both are CMYK)."""
    if colour[0] == "cmyk" and under[0] == "cmyk":
        mixed = [alpha * a + (1 - alpha) * b for a, b in zip(colour[1], under[1], strict=True)]
        return ("cmyk", tuple(mixed))
    a, b = rgb_of(colour), rgb_of(under)
    return ("rgb", tuple(alpha * x + (1 - alpha) * y for x, y in zip(a, b, strict=True)))


def rgb_of(colour: Source) -> tuple[float, float, float]:
    space, values = colour
    if space == "gray":
        return (values[0], values[0], values[0])
    if space == "cmyk":  # only to blend with an sRGB colour: the naive inverse is enough
        c, m, y, k = values
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return (values[0], values[1], values[2])


def form_bbox(form: pikepdf.Object) -> Box:
    x0, y0, x1, y1 = (float(v) for v in form.get("/BBox", (0, 0, 0, 0)))
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def content_box(form: pikepdf.Object) -> Box:
    """Where a form draws, in its own space: its BBox (cairo gives a group the whole card),
    narrowed to the box of its paths' points when it draws only paths."""
    bbox = form_bbox(form)
    points: list[Point] = []
    ctm: Matrix = IDENTITY
    stack: list[Matrix] = []
    for item in pikepdf.parse_content_stream(form):
        name = str(item.operator)
        if name == "q":
            stack.append(ctm)
        elif name == "Q" and stack:
            ctm = stack.pop()
        elif name == "cm":
            ctm = multiply(tuple(float(v) for v in item.operands), ctm)  # type: ignore[arg-type]
        elif name in PATH_OPS:
            points.extend(path_geometry([item], ctm)[0])
        elif name in SHOW_OPS or name in ("Do", "BI", "sh"):
            return bbox
    found = box_of(points)
    return found if found is not None else bbox


def simple_group(form: pikepdf.Object) -> bool:
    """A group whose own shapes are opaque (no opacity of its own, no forms or images in
    it): painting each in its blend with one backdrop is exactly the group's composite."""
    resources = form.get("/Resources")
    if resources is None:
        return True
    if resources.get("/XObject"):
        return False
    states = resources.get("/ExtGState")
    for gs in states.values() if states is not None else ():
        if float(gs.get("/ca", 1)) < OPAQUE or float(gs.get("/CA", 1)) < OPAQUE:
            return False
        if gs.get("/SMask") not in (None, "/None"):
            return False
    return True


def text_length(operands: Sequence[pikepdf.Object]) -> int:
    """About how many glyphs a show operator draws (for a text box)."""
    total = 0
    for operand in operands:
        if isinstance(operand, pikepdf.String):
            total += len(bytes(operand))
        elif isinstance(operand, pikepdf.Array):
            total += sum(len(bytes(v)) for v in operand if isinstance(v, pikepdf.String))
    return total
