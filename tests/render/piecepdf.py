"""What a page of pieces draws, read back from the PDF's content stream with pikepdf: each clip
path (a piece's printed outline), each stroked path (a cut guide, a net's lines), and each
form painted (a face, with where its top-left lands). Points are in mm from the page's
bottom-left corner, as printgen.layout has them; a curve keeps its end points only (a circle
drawn as four Béziers keeps its four quarter points, on the circle)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pikepdf

MM = 72 / 25.4
Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass
class Drawn:
    """One page: its clips, strokes and painted forms, in drawing order."""

    width: float
    height: float
    clips: list[list[list[Point]]] = field(default_factory=list)
    """Each clip path: its subpaths' points (cairo's own box of whole points, which it clips
    to before a shaped path, left out)."""
    strokes: list[list[list[Point]]] = field(default_factory=list)
    """Each stroked path: its subpaths' points."""
    forms: list[tuple[str, Point]] = field(default_factory=list)
    """(name, where the form's origin lands on the page): each face painted, by the top-left
    corner of its drawing (its bleed included)."""


def read_page(pdf: pikepdf.Pdf, index: int) -> Drawn:
    page = pdf.pages[index]
    box = [float(v) for v in page.mediabox]
    drawn = Drawn(box[2] / MM, box[3] / MM)
    stack: list[Matrix] = []
    ctm = IDENTITY
    path: list[list[Point]] = []
    boxes: list[list[Point]] = []  # cairo's own whole-point boxes, clipped before a shape
    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        values = [_number(v) for v in operands]
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(values), ctm)  # type: ignore[arg-type]
        elif op == "m":
            path.append([_apply(ctm, values[0], values[1])])
        elif op == "l":
            path[-1].append(_apply(ctm, values[0], values[1]))
        elif op == "c":
            path[-1].append(_apply(ctm, values[4], values[5]))
        elif op == "re":
            x, y, w, h = values
            corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            path.append([_apply(ctm, a, b) for a, b in corners])
            if all(float(v).is_integer() for v in values):
                boxes.append(path[-1])
        elif op == "W":
            shaped = [line for line in path if len(line) > 2 and line not in boxes]
            if shaped:
                drawn.clips.append(shaped)
        elif op in ("S", "s"):
            drawn.strokes.append([line for line in path if len(line) > 1])
        if op in ("n", "S", "s", "f", "f*", "B", "b", "B*", "b*"):
            path, boxes = [], []
        elif op == "Do":
            form = page.Resources.XObject[str(operands[0])]
            matrix = _form_matrix(form, ctm)
            drawn.forms.append((str(operands[0]), _apply(matrix, 0.0, 0.0)))
    return drawn


def _form_matrix(form: Any, ctm: Matrix) -> Matrix:
    own = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
    return _multiply(own, ctm)  # type: ignore[arg-type]


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def _multiply(a: Matrix, b: Matrix) -> Matrix:
    """a then b (PDF's row-vector convention: [x y 1] a b)."""
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def _apply(m: Matrix, x: float, y: float) -> Point:
    return ((m[0] * x + m[2] * y + m[4]) / MM, (m[1] * x + m[3] * y + m[5]) / MM)
