"""The texts a drawing's SVG holds (a component's, a back template's): each `<text>` where its
letters land on the card, at what size and in what colour, and the fill of the drawing's own
opaque shape behind it. A text box is measured before it is drawn; a template writes its
`<text>` itself, so this reads what it wrote, for validate to check as it checks text boxes
(minimum size, safe zone, boxes hidden, contrast).

Transforms (`matrix`, `translate`, `scale`, `rotate`, `skewX`, `skewY`) are followed down the
tree; a text's box is its advance (measured with the font cairo draws) from the capitals' top
to the descenders, turned with it and taken as the box round that. Shapes behind are `rect`,
`circle` and `ellipse` with a plain fill at 0.9 opacity or more; a path is not looked into.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass

from printgen.layout.units import length
from printgen.render.faces.geometry import Area
from printgen.render.text.textfit import Font, Measure

Matrix = tuple[float, float, float, float, float, float]
"""An SVG matrix (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f."""
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CAP_EM = 0.8
"""How far above its baseline a line's letters reach (as draw.py measures a text box's)."""
OPAQUE = 0.9
NOT_DRAWN = {"defs", "clipPath", "mask", "symbol", "pattern", "marker", "linearGradient"}
NAMED = {"white": "#ffffff", "black": "#000000"}
_STEP = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


@dataclass(frozen=True)
class Run:
    """One `<text>` of a drawing, as it lands on the card (millimetres)."""

    text: str
    rect: Area
    """Round its letters: the advance, from the capitals' top to the descenders."""
    size: float
    """The font size as drawn (mm), its transforms' scale included."""
    colour: str | None
    """#rrggbb, or None for a fill that is no plain colour (a gradient, currentColor)."""
    behind: str | None
    """The fill of the drawing's last opaque shape under the text's middle, if any."""
    faint: bool
    """Drawn at under 0.9 opacity (a watermark): its contrast is not measured."""


@dataclass(frozen=True)
class _Shape:
    kind: str  # rect | ellipse
    local: Area  # in its own coordinates (an ellipse: its bounding box)
    inverse: Matrix
    fill: str


@dataclass(frozen=True)
class _State:
    matrix: Matrix = IDENTITY
    fill: str = "#000000"
    opacity: float = 1.0
    family: str = "Lato"
    bold: bool = False
    size: float = 4.0
    anchor: str = "start"


def runs(svg: str, measure: Measure) -> list[Run]:
    """Every text `svg` (a fragment in the card's millimetres) draws, in drawing order; a
    fragment that is not well-formed XML draws none that can be read (cairosvg refuses it)."""
    if "<text" not in svg:
        return []  # most drawings write none: not parsed at all
    try:
        root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{svg}</g>')
    except ET.ParseError:
        return []
    found: list[Run] = []
    shapes: list[_Shape] = []
    _walk(root, _State(), measure, shapes, found)
    return found


def _tag(element: ET.Element) -> str:
    return element.tag.rpartition("}")[2]


def _walk(
    element: ET.Element, state: _State, measure: Measure, shapes: list[_Shape], found: list[Run]
) -> None:
    state = _inherit(element, state)
    tag = _tag(element)
    if tag in NOT_DRAWN:
        return
    if tag == "text":
        run = _run(element, state, measure, shapes)
        if run is not None:
            found.append(run)
        return
    if tag in ("rect", "circle", "ellipse"):
        shape = _shape(element, tag, state)
        if shape is not None:
            shapes.append(shape)
    for child in element:
        _walk(child, state, measure, shapes, found)


def _attributes(element: ET.Element) -> dict[str, str]:
    """The element's presentation attributes, `style="fill: #fff"` included."""
    given = dict(element.attrib)
    for item in given.pop("style", "").split(";"):
        key, _, value = item.partition(":")
        if value.strip():
            given[key.strip()] = value.strip()
    return given


def _inherit(element: ET.Element, state: _State) -> _State:
    given = _attributes(element)
    matrix = state.matrix
    if "transform" in given:
        matrix = multiply(matrix, parse_transform(given["transform"]))
    opacity = state.opacity
    for key in ("opacity", "fill-opacity"):
        if key in given:
            opacity *= _number(given[key], 1.0)
    size = state.size
    if "font-size" in given:
        try:
            text = given["font-size"].strip().removesuffix("px")
            size = length(text if text.endswith(("pt", "mm")) else float(text))
        except ValueError:
            pass
    return _State(
        matrix=matrix,
        fill=given.get("fill", state.fill),
        opacity=opacity,
        family=given.get("font-family", state.family).strip("'\" "),
        bold=given["font-weight"] in ("bold", "bolder", "700", "800", "900")
        if "font-weight" in given
        else state.bold,
        size=size,
        anchor=given.get("text-anchor", state.anchor),
    )


def _number(text: str | None, default: float = 0.0) -> float:
    found = _NUMBER.match((text or "").strip())
    return float(found.group()) if found else default


def colour_of(value: str) -> str | None:
    """#rrggbb for a plain colour (`#abc`, `white`), else None."""
    value = value.strip().lower()
    value = NAMED.get(value, value)
    if not _HEX.match(value):
        return None
    if len(value) == 4:
        value = "#" + "".join(c * 2 for c in value[1:])
    return value


def _shape(element: ET.Element, tag: str, state: _State) -> _Shape | None:
    fill = colour_of(state.fill)
    inverse = invert(state.matrix)
    if fill is None or state.opacity < OPAQUE or inverse is None:
        return None
    get = element.attrib.get
    if tag == "rect":
        local = Area(
            _number(get("x")), _number(get("y")), _number(get("width")), _number(get("height"))
        )
        return _Shape("rect", local, inverse, fill)
    cx, cy = _number(get("cx")), _number(get("cy"))
    rx = _number(get("r")) if tag == "circle" else _number(get("rx"))
    ry = _number(get("r")) if tag == "circle" else _number(get("ry"))
    return _Shape("ellipse", Area(cx - rx, cy - ry, 2 * rx, 2 * ry), inverse, fill)


def _holds(shape: _Shape, x: float, y: float) -> bool:
    lx, ly = apply(shape.inverse, x, y)
    box = shape.local
    if not (box.x <= lx <= box.right and box.y <= ly <= box.bottom):
        return False
    if shape.kind == "rect" or box.w <= 0 or box.h <= 0:
        return True
    dx, dy = (lx - box.x - box.w / 2) / (box.w / 2), (ly - box.y - box.h / 2) / (box.h / 2)
    return dx * dx + dy * dy <= 1


def _run(element: ET.Element, state: _State, measure: Measure, shapes: list[_Shape]) -> Run | None:
    text = " ".join("".join(element.itertext()).split())
    if not text:
        return None
    font = Font(state.family, state.bold)
    width = measure.advance(text, font) * state.size
    ascent, descent = measure.extents(font)
    x, y = _number(element.get("x")), _number(element.get("y"))
    x -= {"middle": width / 2, "end": width}.get(state.anchor, 0.0)
    top, bottom = y - min(ascent, CAP_EM) * state.size, y + descent * state.size
    corners = [apply(state.matrix, px, py) for px in (x, x + width) for py in (top, bottom)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    rect = Area(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    a, b, c, d, _, _ = state.matrix
    size = state.size * math.sqrt(abs(a * d - b * c))
    cx, cy = rect.x + rect.w / 2, rect.y + rect.h / 2
    behind = next((s.fill for s in reversed(shapes) if _holds(s, cx, cy)), None)
    return Run(text, rect, size, colour_of(state.fill), behind, state.opacity < OPAQUE)


def parse_transform(text: str) -> Matrix:
    """An SVG transform list as one matrix (steps applied right to left, as SVG says)."""
    matrix = IDENTITY
    for name, args in _STEP.findall(text):
        values = [float(v) for v in _NUMBER.findall(args)]
        matrix = multiply(matrix, _step(name, values))
    return matrix


def _step(name: str, v: list[float]) -> Matrix:
    """One step of an SVG `transform` (`rotate(90 5 5)`) as a matrix; a step it cannot read
    (no numbers, an unknown name) is none."""
    make = _STEPS.get(name)
    return make(v) if make is not None and v else IDENTITY


def _matrix(v: list[float]) -> Matrix:
    return (v[0], v[1], v[2], v[3], v[4], v[5]) if len(v) == 6 else IDENTITY


def _translate(v: list[float]) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)


def _scale(v: list[float]) -> Matrix:
    return (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)


def _rotate(v: list[float]) -> Matrix:
    r = math.radians(v[0])
    cos, sin = math.cos(r), math.sin(r)
    turn: Matrix = (cos, sin, -sin, cos, 0.0, 0.0)
    if len(v) == 3:
        cx, cy = v[1], v[2]
        return multiply(multiply((1.0, 0.0, 0.0, 1.0, cx, cy), turn), (1, 0, 0, 1, -cx, -cy))
    return turn


def _skew_x(v: list[float]) -> Matrix:
    return (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)


def _skew_y(v: list[float]) -> Matrix:
    return (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)


_STEPS: dict[str, Callable[[list[float]], Matrix]] = {
    "matrix": _matrix,
    "translate": _translate,
    "scale": _scale,
    "rotate": _rotate,
    "skewX": _skew_x,
    "skewY": _skew_y,
}


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n in SVG's order: the matrix of `transform="m n"` (n applied first)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def invert(m: Matrix) -> Matrix | None:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))
