"""Everything a PDF page draws, in the order it was drawn, read once with pdfminer's
interpreter: vector paths of every kind (curves, polygons, rects and lines alike), letters
with their size, and images, with what the interpreter leaves out: the clipping path in force
(the part of a cover-fit SVG art outside its box is not printed) and the opacity (a
watermark drawn at 16 %). Each path is kept as its outline, flattened to straight segments,
so a test can ask whether an edge or a stroke runs through a letter rather than whether two
bounding boxes touch (a disc's box corner is no part of the disc). One pass a page: the
geometry tests read hundreds of card faces, and a second parser (pdfplumber) doubled it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import Any

Rect = tuple[float, float, float, float]
"""x0, top, x1, bottom in mm from the page's top-left corner."""
Point = tuple[float, float]
MM = 72 / 25.4
CURVE_STEPS = 12
LETTER_EM = 0.72
"""How far above its baseline a letter is checked, in ems: Latin capitals and most
ascenders (an edge passing above the capitals, inside the font's ascent, crosses no
letter)."""


@dataclass(frozen=True)
class Path_:
    order: int
    outline: tuple[tuple[Point, ...], ...]
    """Each subpath's points, in mm from the page's top-left corner."""
    filled: bool
    alpha: float
    clip: Rect | None
    width: float = 0.0
    """The stroke's width in mm (0: not stroked)."""

    def moved(self, dx: float, dy: float) -> Path_:
        clip = None if self.clip is None else _shift(self.clip, dx, dy)
        outline = tuple(tuple((x + dx, y + dy) for x, y in line) for line in self.outline)
        return replace(self, outline=outline, clip=clip)

    def box(self) -> Rect | None:
        """The outline's box where the clip lets it print (None: clipped away)."""
        xs = [x for line in self.outline for x, _ in line]
        ys = [y for line in self.outline for _, y in line]
        box = (min(xs), min(ys), max(xs), max(ys))
        return box if self.clip is None else _meet(box, self.clip)

    def crosses(self, box: Rect) -> bool:
        """An edge of the outline runs through `box` where the clip lets it print."""
        area = box if self.clip is None else _meet(box, self.clip)
        if area is None:
            return False
        return any(_segment_meets(a, b, area) for line in self.outline for a, b in pairwise(line))

    def covers(self, point: Point) -> bool:
        """A filled outline holds `point` (even-odd) where the clip lets it print."""
        if not self.filled:
            return False
        if self.clip is not None and _meet((*point, *point), self.clip) is None:
            return False
        x, y = point
        inside = False
        for line in self.outline:
            for (x0, y0), (x1, y1) in pairwise([*line, line[0]]):
                if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                    inside = not inside
        return inside


@dataclass(frozen=True)
class Letter:
    order: int
    text: str
    matrix: tuple[float, ...]
    box: Rect
    """The letter's body, in mm (see `_letter`)."""

    def moved(self, dx: float, dy: float) -> Letter:
        return replace(self, box=_shift(self.box, dx, dy))


@dataclass(frozen=True)
class Char:
    """A character as printed (spaces too): its whole box in mm and its size in pt."""

    text: str
    box: Rect
    size: float


@dataclass(frozen=True)
class Drawn:
    """One page: its paths, letters, characters and images (boxes in mm from the page's
    top-left corner, clipped) and its TrimBox in PDF points."""

    paths: list[Path_]
    letters: list[Letter]
    chars: list[Char]
    images: list[Rect]
    trim: tuple[float, float, float, float]
    width: float
    height: float
    """The page's width and height in PDF points."""


def _shift(box: Rect, dx: float, dy: float) -> Rect:
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def _meet(a: Rect, b: Rect) -> Rect | None:
    x0, top, x1, bottom = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return None if x0 > x1 or top > bottom else (x0, top, x1, bottom)


def _segment_meets(a: Point, b: Point, box: Rect) -> bool:
    """The segment a-b has a point inside `box` (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def read_pages(pdf: Path) -> list[Drawn]:
    """Every page's paths, letters, characters and images, paths and letters numbered in the
    order drawn."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LTChar, LTCurve, LTImage
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdftypes import resolve1
    from pdfminer.utils import apply_matrix_pt

    pages: list[Drawn] = []
    state: dict[str, Any] = {}

    class Device(PDFPageAggregator):
        def _note(self, count: int) -> None:
            interpreter = state["interpreter"]
            for item in self.cur_item._objs[count:]:
                if id(item) in state["seen"]:
                    continue
                state["seen"].add(id(item))
                order = len(state["seen"])
                height = state["height"]
                clip = None if interpreter.clip is None else _flip(interpreter.clip, height)
                if isinstance(item, LTChar):
                    box = _flip(item.bbox, height)
                    chars.append(Char(item.get_text(), box, float(item.size)))
                    if not item.get_text().isspace():
                        letters.append(_letter(order, item, height))
                elif isinstance(item, LTImage):
                    box = _flip(item.bbox, height)
                    shown = box if clip is None else _meet(box, clip)
                    if shown is not None:
                        images.append(shown)
                elif isinstance(item, LTCurve) and item.original_path:
                    outline = tuple(_flatten(item.original_path, height))
                    alpha = interpreter.alpha[1 if item.fill else 0]
                    a, b, c, d, _, _ = self.ctm
                    width = item.linewidth * abs(a * d - b * c) ** 0.5 / MM if item.stroke else 0.0
                    paths.append(Path_(order, outline, bool(item.fill), alpha, clip, width))

        def paint_path(self, *args: Any) -> None:
            count = len(self.cur_item._objs)
            super().paint_path(*args)
            self._note(count)

        def render_char(self, *args: Any) -> Any:
            count = len(self.cur_item._objs)
            advance = super().render_char(*args)
            self._note(count)
            return advance

        def render_image(self, *args: Any) -> None:
            count = len(self.cur_item._objs)
            super().render_image(*args)
            self._note(count)

    class Interpreter(PDFPageInterpreter):
        inherited: tuple[Rect | None, tuple[float, float]] = (None, (1.0, 1.0))

        def subinterp(self) -> Interpreter:
            inner = Interpreter(self.rsrcmgr, self.device)
            inner.inherited = (self.clip, self.alpha)
            return inner

        def render_contents(self, *args: Any, **kwargs: Any) -> None:
            outer = state.get("interpreter")
            state["interpreter"] = self
            try:
                super().render_contents(*args, **kwargs)
            finally:
                state["interpreter"] = outer

        def init_state(self, ctm: Any) -> None:
            super().init_state(ctm)
            self.clip, self.alpha = self.inherited
            self.saved: list[tuple[Rect | None, tuple[float, float]]] = []

        def do_q(self) -> None:
            super().do_q()
            self.saved.append((self.clip, self.alpha))

        def do_Q(self) -> None:
            super().do_Q()
            if self.saved:
                self.clip, self.alpha = self.saved.pop()

        def do_gs(self, name: Any) -> None:
            """The stroke (CA) and fill (ca) opacity a state sets: its own value (not times the
            one in force, which made every path after a faint one faint too), times the
            opacity the form being drawn was painted with; a value it does not set stays."""
            states = resolve1(self.resources.get("ExtGState", {})) or {}
            entry = resolve1(states.get(getattr(name, "name", name))) or {}
            group_stroke, group_fill = self.inherited[1]
            stroke, fill = self.alpha
            if "CA" in entry:
                stroke = group_stroke * float(resolve1(entry["CA"]))
            if "ca" in entry:
                fill = group_fill * float(resolve1(entry["ca"]))
            self.alpha = (stroke, fill)

        def do_W(self) -> None:
            points = [
                apply_matrix_pt(self.ctm, (float(seg[i]), float(seg[i + 1])))
                for seg in self.curpath
                for i in range(1, len(seg) - 1, 2)
            ]
            if points:
                xs, ys = [x for x, _ in points], [y for _, y in points]
                box = (min(xs), min(ys), max(xs), max(ys))
                if self.clip is not None:
                    c = self.clip
                    box = (
                        max(box[0], c[0]),
                        max(box[1], c[1]),
                        min(box[2], c[2]),
                        min(box[3], c[3]),
                    )
                self.clip = box

        do_W_a = do_W

    with pdf.open("rb") as stream:
        manager = PDFResourceManager()
        interpreter = Interpreter(manager, Device(manager))
        for page in PDFPage.get_pages(stream):
            paths: list[Path_] = []
            letters: list[Letter] = []
            chars: list[Char] = []
            images: list[Rect] = []
            width, height = float(page.mediabox[2]), float(page.mediabox[3])
            state.update(seen=set(), height=height)
            interpreter.process_page(page)
            trim = resolve1(page.attrs.get("TrimBox")) or page.mediabox
            box = tuple(float(resolve1(v)) for v in trim)
            pages.append(
                Drawn(
                    paths, letters, chars, images, (box[0], box[1], box[2], box[3]), width, height
                )
            )
    return pages


def _flip(clip: Rect, height: float) -> Rect:
    """A clip box in PDF points (y up) as mm from the page's top-left corner."""
    x0, y0, x1, y1 = clip
    return (x0 / MM, (height - y1) / MM, x1 / MM, (height - y0) / MM)


def _flatten(segments: list[Any], height: float) -> Iterator[tuple[Point, ...]]:
    """Subpaths as points in mm, top-down, curves cut into `CURVE_STEPS` straight pieces."""
    line: list[Point] = []
    start: Point | None = None
    for op, *values in segments:
        pts = [(x / MM, (height - y) / MM) for x, y in values]
        if op == "m":
            if len(line) > 1:
                yield tuple(line)
            line, start = [pts[0]], pts[0]
        elif op == "l":
            line.append(pts[0])
        elif op in ("c", "v", "y") and line:
            p0 = line[-1]
            if op == "c":
                c1, c2, p3 = pts
            elif op == "v":  # the first control point is the current point
                c1, (c2, p3) = p0, pts
            else:  # "y": the second is the end point
                (c1, p3), c2 = pts, pts[1]
            for k in range(1, CURVE_STEPS + 1):
                t = k / CURVE_STEPS
                u = 1 - t
                line.append(
                    (
                        u**3 * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * p3[0],
                        u**3 * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * p3[1],
                    )
                )
        elif op == "h" and start is not None:
            line.append(start)
    if len(line) > 1:
        yield tuple(line)


def _letter(order: int, char: Any, height: float) -> Letter:
    """The letter's body: from its baseline to `LETTER_EM` above it, on the side its letters
    stand (a turned corner index stands below its baseline); a letter set sideways keeps
    its box."""
    _, b, c, d, _, f = char.matrix
    box = (char.x0 / MM, (height - char.y1) / MM, char.x1 / MM, (height - char.y0) / MM)
    if b or abs(c) > abs(d):
        return Letter(order, char.get_text(), tuple(char.matrix), box)
    baseline = (height - f) / MM
    reach = LETTER_EM * abs(d) / MM  # d: the font size (times the turn's sign)
    top, bottom = (baseline - reach, baseline) if d > 0 else (baseline, baseline + reach)
    return Letter(order, char.get_text(), tuple(char.matrix), (box[0], top, box[2], bottom))
