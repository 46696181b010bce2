"""The graphics state of one content stream as preflight follows it, and what the stream holds
(`Sketch`) in its own units: the thinnest stroke, the smallest text and each image's lowest
resolution. A form's sketch is made once and scaled wherever the form is painted.

Each operator's operands are checked before use: a wrong count or a name where a number goes
(`12 Tf`, `/Foo w`, `1 2 3 cm`) is `Malformed`, which preflight reports naming the page.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from printgen.preflight.budget import Budget, image_pixels
from printgen.preflight.handler import Malformed, to_float
from printgen.preflight.inks import InkFindings, ink_of, text_kind

if TYPE_CHECKING:
    from typing import TypeAlias

    import pikepdf

    from printgen.preflight.handler import Operand

    Resources: TypeAlias = pikepdf.Object | dict[str, pikepdf.Object]
    """A resource dictionary (/Font, /XObject ...), or an empty one where the file has none."""

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
ImageKey = tuple[str, int, int, str]  # name, width and height in pixels, colour space
Ink = tuple[float, ...] | None  # CMYK, 0..1; None when the colour is not CMYK or grey
BLACK: Ink = (0.0, 0.0, 0.0, 1.0)
STROKES = {"S", "s", "B", "B*", "b", "b*"}
FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}
SHOWS = {"Tj", "TJ", "'", '"'}
COLOUR_OPERATORS = {"rg": "/DeviceRGB", "RG": "/DeviceRGB", "k": "/DeviceCMYK", "K": "/DeviceCMYK",
                    "g": "/DeviceGray", "G": "/DeviceGray"}  # fmt: skip
SET_COLOURS = {"sc", "scn", "SC", "SCN"}
MAX_STACK = 10_000  # q without Q: a graphics state stack deeper than any file needs


def multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)  # fmt: skip


def scale_of(m: Matrix) -> float:
    """How much the matrix enlarges a length (the geometric mean of its axes' stretches)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _scale_of_product(m: Matrix, n: Matrix) -> float:
    """`scale_of(multiply(m, n))`, the same operations on the same numbers (so the same
    float), without the translation, which it does not read: text's size on the page."""
    a, b, c, d = m[0], m[1], m[2], m[3]
    A, B, C, D = n[0], n[1], n[2], n[3]
    return math.sqrt(abs((a * A + b * C) * (c * B + d * D) - (a * B + b * D) * (c * A + d * C)))


@dataclass
class Sketch:
    """What one content stream (with the forms it paints) holds, in its own units."""

    line: float | None = None  # the thinnest stroke
    text: float | None = None  # the smallest text
    images: dict[ImageKey, float] = field(default_factory=dict)  # lowest dpi, at scale 1
    ink: float | None = None
    """The most total ink (C + M + Y + K, per cent) of any paint: the same at any scale."""
    small_text: dict[str, tuple[float, tuple[float, ...]]] = field(default_factory=dict)
    """The smallest text of each ink kind (`inks.text_kind`) with its inks: what the small
    text inks check reports (its worst and smallest) survives the summing."""

    def add(self, other: Sketch, scale: float) -> None:
        """`other`, painted here enlarged by `scale`."""
        if other.line is not None:
            self.stroke(other.line * scale)
        if other.text is not None:
            self.show(other.text * scale)
        for key, dpi in other.images.items():
            self.image(key, dpi / scale if scale > 0 else math.inf)
        if other.ink is not None:
            self.inked(other.ink)
        for size, cmyk in other.small_text.values():
            self.text_inks(cmyk, size * scale)

    def inked(self, percent: float) -> None:
        if self.ink is None or percent > self.ink:
            self.ink = percent

    def paint(self, cmyk: Ink) -> None:
        if cmyk is not None:
            self.inked(sum(cmyk) * 100)

    def text_inks(self, cmyk: Ink, size: float) -> None:
        """Text of `size` shown in `cmyk`: its ink, and the smallest of its kind."""
        self.paint(cmyk)
        kind = text_kind(cmyk) if cmyk is not None and size > 0 else None
        if kind is not None and size < self.small_text.get(kind, (math.inf,))[0]:
            assert cmyk is not None
            self.small_text[kind] = (size, cmyk)

    def stroke(self, width: float) -> None:
        if self.line is None or width < self.line:
            self.line = width

    def show(self, size: float) -> None:
        if size > 0 and (self.text is None or size < self.text):
            self.text = size

    def image(self, key: ImageKey, dpi: float) -> None:
        if dpi < self.images.get(key, math.inf):
            self.images[key] = dpi


class Noted(Protocol):
    """What the file's scan notes as a stream is read (`scan.Findings`)."""

    @property
    def colour_spaces(self) -> set[str]: ...

    @property
    def transparency(self) -> set[str]: ...

    @property
    def inks(self) -> InkFindings: ...


class Walker(Protocol):
    """What a stream's state asks of the scan reading it (`scan._Walker`): declared here, so
    that this module needs nothing of scan's, which builds on it."""

    @property
    def found(self) -> Noted: ...

    @property
    def page(self) -> int: ...

    @property
    def budget(self) -> Budget: ...

    def font(self, fonts: Resources, name: str) -> None: ...

    def space_name(self, space: object) -> str: ...

    def form(
        self, xobject: pikepdf.Object, resources: pikepdf.Object, depth: int
    ) -> Sketch | None: ...


def numbers(operands: Sequence[Operand], count: int, what: str) -> list[float]:
    """`count` numbers (finite), or Malformed saying `what` the operator takes."""
    if len(operands) != count:
        raise Malformed(f"expected {what}")
    try:
        values = list(map(to_float, operands))
    except (TypeError, ValueError):
        raise Malformed(f"expected {what}") from None
    if not all(map(math.isfinite, values)):
        raise Malformed(f"expected {what}, finite")
    return values


def _matrix(operands: Sequence[Operand]) -> Matrix:
    """Six numbers (finite), as `numbers` reads them, as a matrix."""
    values = numbers(operands, 6, "six numbers (a matrix)")
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def name(operands: Sequence[Operand], what: str) -> str:
    if len(operands) != 1 or not str(operands[0]).startswith("/"):
        raise Malformed(f"expected {what}")
    return str(operands[0])


def _dictionary(value: pikepdf.Object | None) -> Resources:
    return value if value is not None and hasattr(value, "get") else {}


class State:
    """The graphics and text state of one stream, and its sketch."""

    operators: frozenset[str] = frozenset()  # what `operator` reads: set below `_HANDLERS`
    unread = frozenset({*STROKES, *FILLS, *SHOWS, "q", "Q", "BT", "T*"})
    """Operators `operator` reads without their operands."""

    def __init__(self, walker: Walker, resources: pikepdf.Object, depth: int) -> None:
        self.walker, self.depth, self.resources = walker, depth, resources
        self.sketch = Sketch()
        self.xobjects = _dictionary(resources.get("/XObject"))
        self.spaces = _dictionary(resources.get("/ColorSpace"))
        self.fonts = _dictionary(resources.get("/Font"))
        self.shadings = _dictionary(resources.get("/Shading"))
        self.stack: list[tuple[Matrix, float, str, str, Ink, Ink]] = []
        self.ctm, self.width = IDENTITY, 1.0
        self.fill = self.stroke_space = "/DeviceGray"
        self.fill_ink: Ink = BLACK
        self.stroke_ink: Ink = BLACK
        self.tm = self.lm = IDENTITY
        self.size = self.leading = 0.0
        self.font = ""
        self.fonts_noted: set[str] = set()  # the fonts of `fonts` the walker has been told of
        self.spaces_used = walker.found.colour_spaces

    def operator(self, op: str, operands: Sequence[Operand]) -> None:
        handler = _HANDLERS.get(op)  # one look-up an operator: the scan's hottest line
        if handler is not None:
            handler(self, operands)

    def stroked(self) -> None:
        self.sketch.stroke(self.width * scale_of(self.ctm))
        self.sketch.paint(self.stroke_ink)

    def filled(self) -> None:
        self.sketch.paint(self.fill_ink)

    def shown(self) -> None:
        """Text shown (`Tj`, `TJ` ...): its font noted, its size on the page and inks."""
        if self.font not in self.fonts_noted:  # noting a font again changes nothing
            self.walker.font(self.fonts, self.font)
            self.fonts_noted.add(self.font)
        size = abs(self.size) * _scale_of_product(self.tm, self.ctm)
        self.sketch.show(size)
        self.sketch.text_inks(self.fill_ink, size)

    def colour(self, op: str, operands: Sequence[Operand]) -> None:
        """A colour set (`rg`, `k`, `scn` ...): its space noted, its inks followed."""
        if op in COLOUR_OPERATORS:
            self.spaces_used.add(COLOUR_OPERATORS[op])
        if op.islower():
            self.fill_ink = ink_of(op, operands, self.fill)
        else:
            self.stroke_ink = ink_of(op, operands, self.stroke_space)

    def inline_image(self, entries: Sequence[Operand]) -> None:
        values = dict(zip(map(str, entries[::2]), entries[1::2], strict=False))
        declared = [
            values.get("/W", values.get("/Width", 0)),
            values.get("/H", values.get("/Height", 0)),
        ]
        width, height = numbers(declared, 2, "an inline image's /W and /H")
        image_pixels(width, height, self.walker.page)
        space = self.walker.space_name(values.get("/CS", values.get("/ColorSpace", "")))
        self.walker.found.colour_spaces.add(space)
        self._image("inline image", int(width), int(height), space)

    def _image(self, label: str, width: int, height: int, space: str) -> None:
        across = math.hypot(self.ctm[0], self.ctm[1])  # the unit square the image fills
        down = math.hypot(self.ctm[2], self.ctm[3])
        if across <= 0 or down <= 0 or width <= 0 or height <= 0:
            return
        dpi = min(width / (across / 72), height / (down / 72))
        self.sketch.image((label, width, height, space), dpi)

    def save(self, operands: Sequence[Operand]) -> None:
        if len(self.stack) >= MAX_STACK:
            raise Malformed(f"over {MAX_STACK} graphics states saved (q) and not restored (Q)")
        self.stack.append(
            (self.ctm, self.width, self.fill, self.stroke_space, self.fill_ink, self.stroke_ink)
        )

    def restore(self, operands: Sequence[Operand]) -> None:
        if self.stack:
            self.ctm, self.width, self.fill, self.stroke_space, self.fill_ink, self.stroke_ink = (
                self.stack.pop()
            )

    def concat(self, operands: Sequence[Operand]) -> None:
        self.ctm = multiply(_matrix(operands), self.ctm)

    def line_width(self, operands: Sequence[Operand]) -> None:
        self.width = numbers(operands, 1, "a line width")[0]

    def colour_space(self, operands: Sequence[Operand], stroke: bool) -> None:
        wanted = name(operands, "a colour space's name")
        space = self.walker.space_name(self.spaces.get(wanted, wanted))
        self.walker.found.colour_spaces.add(space)
        ink = BLACK if "CMYK" in space or "Gray" in space else None
        if stroke:
            self.stroke_space, self.stroke_ink = space, ink
        else:
            self.fill, self.fill_ink = space, ink

    def begin_text(self, operands: Sequence[Operand]) -> None:
        self.tm = self.lm = IDENTITY

    def font_size(self, operands: Sequence[Operand]) -> None:
        if len(operands) != 2 or not str(operands[0]).startswith("/"):
            raise Malformed("expected a font's name and a size")
        self.font = str(operands[0])
        self.size = numbers(operands[1:], 1, "a font's name and a size")[0]

    def text_leading(self, operands: Sequence[Operand]) -> None:
        self.leading = numbers(operands, 1, "a leading")[0]

    def text_matrix(self, operands: Sequence[Operand]) -> None:
        self.tm = self.lm = _matrix(operands)

    def next_line(self, operands: Sequence[Operand], set_leading: bool) -> None:
        dx, dy = numbers(operands, 2, "two numbers (an offset)")
        if set_leading:
            self.leading = -dy
        self.lm = multiply((1, 0, 0, 1, dx, dy), self.lm)
        self.tm = self.lm

    def star(self, operands: Sequence[Operand]) -> None:
        self.lm = multiply((1, 0, 0, 1, 0, -self.leading), self.lm)
        self.tm = self.lm

    def paint(self, operands: Sequence[Operand]) -> None:
        xobject = self.xobjects.get(name(operands, "the name of an image or form"))
        if xobject is None or not hasattr(xobject, "get"):
            return
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            self._paint_image(str(operands[0]), xobject)
        elif subtype == "/Form":
            sketch = self.walker.form(xobject, self.resources, self.depth + 1)
            if sketch is not None:
                default = (1, 0, 0, 1, 0, 0)  # IDENTITY, as operands
                matrix = numbers(list(xobject.get("/Matrix", default)), 6, "a form's /Matrix")
                self.sketch.add(sketch, scale_of(multiply(tuple(matrix), self.ctm)))  # type: ignore[arg-type]

    def _paint_image(self, label: str, image: pikepdf.Object) -> None:
        found, page = self.walker.found, self.walker.page
        size = numbers([image.get("/Width", 0), image.get("/Height", 0)], 2, "an image's size")
        image_pixels(size[0], size[1], page)
        space = self.walker.space_name(image.get("/ColorSpace", "/DeviceGray"))
        if image.get("/ImageMask"):
            space = self.fill
            self.sketch.paint(self.fill_ink)
        elif "CMYK" in space:
            self.sketch.inked(found.inks.image_most(image, page, self.walker.budget))
        found.colour_spaces.add(space)
        if "/SMask" in image or "/SMaskInData" in image:
            found.transparency.add("an image has a soft mask")
        self._image(label, int(size[0]), int(size[1]), space)

    def shade(self, operands: Sequence[Operand]) -> None:
        shading = self.shadings.get(name(operands, "a shading's name"))
        if shading is not None and hasattr(shading, "get"):
            space = self.walker.space_name(shading.get("/ColorSpace", ""))
            self.walker.found.colour_spaces.add(space)


def _colour_set(op: str) -> Callable[[State, Sequence[Operand]], None]:
    return lambda state, operands: state.colour(op, operands)


def _stroked_and_filled(state: State, operands: Sequence[Operand]) -> None:
    state.stroked()
    state.filled()


_HANDLERS: dict[str, Callable[[State, Sequence[Operand]], None]] = {
    "q": State.save,
    "Q": State.restore,
    "cm": State.concat,
    "w": State.line_width,
    "cs": lambda state, operands: state.colour_space(operands, False),
    "CS": lambda state, operands: state.colour_space(operands, True),
    "BT": State.begin_text,
    "Tf": State.font_size,
    "TL": State.text_leading,
    "Tm": State.text_matrix,
    "Td": lambda state, operands: state.next_line(operands, False),
    "TD": lambda state, operands: state.next_line(operands, True),
    "T*": State.star,
    "Do": State.paint,
    "sh": State.shade,
    **{op: _colour_set(op) for op in (*COLOUR_OPERATORS, *SET_COLOURS)},
    **{op: lambda state, operands: state.stroked() for op in STROKES - FILLS},
    **{op: lambda state, operands: state.filled() for op in FILLS - STROKES},
    **{op: _stroked_and_filled for op in STROKES & FILLS},
    **{op: lambda state, operands: state.shown() for op in SHOWS},
}
"""What `State.operator` does for each operator it reads."""

State.operators = frozenset(_HANDLERS)
