"""Reading a page's drawing back: where each form XObject is placed and which lines are
stroked at page level (crop marks), in PDF points, origin bottom-left."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pikepdf

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's `m n` concatenation: a point p goes to p * m * n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass(frozen=True)
class Placed:
    name: str
    left: float
    bottom: float
    right: float
    top: float

    @property
    def center(self) -> tuple[float, float]:
        return (self.left + self.right) / 2, (self.bottom + self.top) / 2


def _number(value: object) -> object:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return value


def read_page(page: pikepdf.Page) -> tuple[list[Placed], list[tuple[float, ...]]]:
    """(form XObjects placed on the page with their BBox in page space, stroked segments)."""
    xobjects = page.Resources.get("/XObject", {})
    ctm: Matrix = IDENTITY
    stack: list[Matrix] = []
    placed: list[Placed] = []
    segments: list[tuple[float, ...]] = []
    path: list[tuple[str, tuple[float, float]]] = []
    for instruction in pikepdf.parse_content_stream(page):
        op = str(instruction.operator)
        args = [_number(a) for a in instruction.operands]
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = multiply(tuple(args), ctm)  # type: ignore[arg-type]
        elif op in ("m", "l"):
            path.append((op, apply(ctm, args[0], args[1])))
        elif op == "S":
            for (_, start), (kind, end) in itertools.pairwise(path):
                if kind == "l":
                    segments.append((*start, *end))
            path = []
        elif op in ("n", "f", "B", "b", "s", "f*", "B*", "b*"):
            path = []
        elif op == "Do":
            form = xobjects[args[0]]
            x0, y0, x1, y1 = (float(v) for v in form.BBox)
            matrix = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
            full = multiply(matrix, ctm)  # type: ignore[arg-type]
            (ax, ay), (bx, by) = apply(full, x0, y0), apply(full, x1, y1)
            placed.append(Placed(str(args[0]), min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
    return placed, segments
