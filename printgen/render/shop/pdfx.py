"""A PDF made of RGB vector drawing, rewritten as CMYK PDF/X-1a or PDF/X-4 with pikepdf.

Why not ghostscript's PDF/X path: for PDF/X-1a it turns every page that holds transparency
into one bitmap (text and all), it neither limits total ink nor puts black text on K alone,
and it re-distils every page (seconds per file). The drawings printgen writes are simple
(paths, text, forms; no blends or soft masks), so they are converted here, on the vector
content itself, in a fraction of that time:

- every colour operator (`rg RG g G sc scn cs CS`) becomes `k`/`K` through the profile
  (`colour.Converter`), with the ink limit; black text on K alone. For PDF/X-4 the operators
  are rewritten on the stream's bytes (`recolour_bytes`, strings skipped), which is about ten
  times faster than parsing every operator; a stream that names colour spaces or holds inline
  images goes through the full parser (`Rewriter`), as PDF/X-1a always does;
- RGB images become CMYK images through the same profile;
- PDF/X-4 keeps transparency (groups blend in DeviceCMYK); PDF/X-1a allows none, so constant
  opacity is flattened: a shape painted at opacity `a` over an opaque fill of its own drawing
  (the latest whose box holds the shape's box, or the backdrop of the form it is drawn in)
  is painted opaque in `a * colour + (1 - a) * backdrop`, computed in CMYK, as a RIP blends a
  CMYK group; transparency groups are then dropped. An image with a soft mask (a PNG with
  transparency) is composited pixel by pixel over what the page shows under it into an
  opaque CMYK image (`flatten_image`): the page drawn up to the image and rendered on the
  image's own pixel grid (`backdrop.Backdrops`), so art over a gradient or another picture
  keeps them. A soft mask in a graphics state cannot be flattened this way: it is left, and
  `printgen preflight` reports it;
- the OutputIntent embeds the ICC profile; GTS_PDFXVersion, Trapped, dates and the title go
  in the document info (and XMP for PDF/X-4).
"""

from __future__ import annotations

import bisect
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from printgen.render.shop.backdrop import Backdrops, Trail
from printgen.render.shop.colour import CMYK, Converter, limit_ink
from printgen.render.shop.presets import PdfSettings

FIXED_DATE = "D:20000101000000Z"
"""PDF/X requires creation and modification dates; fixed ones keep the bytes reproducible."""

PATH_OPS = {"m", "l", "c", "v", "y", "h", "re"}
CLIP_OPS = {"W", "W*"}
PAINT_OPS = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}
FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}
STROKES = {"S", "s", "B", "B*", "b", "b*"}
SHOW_OPS = {"Tj", "TJ", "'", '"'}
COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "sc", "scn", "SC", "SCN", "cs", "CS"}
WHITE: CMYK = (0.0, 0.0, 0.0, 0.0)

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: `m cm` with CTM n gives m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def box_of(points: list[tuple[float, float]]) -> Box | None:
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def contains(outer: Box, inner: Box, slack: float = 0.5) -> bool:
    return (
        outer[0] - slack <= inner[0]
        and outer[1] - slack <= inner[1]
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def blend(colour: CMYK, alpha: float, backdrop: CMYK) -> CMYK:
    return tuple(alpha * c + (1 - alpha) * b for c, b in zip(colour, backdrop, strict=True))  # type: ignore[return-value]


@dataclass
class State:
    ctm: Matrix = IDENTITY
    fill: CMYK = (0.0, 0.0, 0.0, 1.0)
    stroke: CMYK = (0.0, 0.0, 0.0, 1.0)
    fill_text: CMYK = (0.0, 0.0, 0.0, 1.0)
    stroke_text: CMYK = (0.0, 0.0, 0.0, 1.0)
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    fill_space: str = "/DeviceGray"
    stroke_space: str = "/DeviceGray"
    emitted_fill: CMYK | None = None
    emitted_stroke: CMYK | None = None


def _white(box: Box | None) -> CMYK:
    return WHITE


@dataclass
class Context:
    """What a form inherits from where it is painted (PDF/X-1a flattening only): the opacity
    it is painted with, and the backdrop under a box of its own space (looked up among the
    painter's opaque fills, in the painter's space through `to_parent`)."""

    alpha_fill: float = 1.0
    alpha_stroke: float = 1.0
    to_parent: Matrix = IDENTITY
    parent: Callable[[Box | None], CMYK] = _white
    to_page: Matrix = IDENTITY

    def backdrop(self, box: Box | None) -> CMYK:
        if box is None:
            return self.parent(None)
        corners = [(box[0], box[1]), (box[2], box[3]), (box[0], box[3]), (box[2], box[1])]
        return self.parent(box_of([apply(self.to_parent, x, y) for x, y in corners]))

    @property
    def opaque(self) -> bool:
        return self.alpha_fill >= 0.999 and self.alpha_stroke >= 0.999


@dataclass
class Rewriter:
    pdf: Any
    colours: Converter
    flatten: bool
    done: dict[Any, Any] = field(default_factory=dict)
    counter: int = 0
    flat_images: dict[tuple[Any, float, Trail], Any] = field(default_factory=dict)
    replaced: set[Any] = field(default_factory=set)
    """The images painted only as flattened copies (not converted themselves)."""
    backdrops: Backdrops | None = None
    """The original file's pages drawn up to a translucent image (PDF/X-1a)."""
    trail: list[tuple[tuple[int, int], int]] = field(default_factory=list)
    """Where the stream being rewritten sits: each enclosing stream and its form's paint."""

    # -- colours -------------------------------------------------------------------------
    def _to_cmyk(self, space: str, values: list[float], text: bool) -> CMYK:
        if space == "/DeviceCMYK" and len(values) == 4:
            return (values[0], values[1], values[2], values[3])
        if len(values) == 1:
            values = [values[0]] * 3
        if len(values) != 3:
            return (0.0, 0.0, 0.0, 1.0)
        rgb = (values[0], values[1], values[2])
        return self.colours.cmyk(rgb)

    def _text_cmyk(self, space: str, values: list[float]) -> CMYK:
        if space == "/DeviceCMYK" and len(values) == 4:
            return (values[0], values[1], values[2], values[3])
        if len(values) == 1:
            values = [values[0]] * 3
        if len(values) != 3:
            return (0.0, 0.0, 0.0, 1.0)
        if self.colours_pure_k:
            return self.colours.text_cmyk((values[0], values[1], values[2]))
        return self.colours.cmyk((values[0], values[1], values[2]))

    colours_pure_k: bool = True

    # -- streams -------------------------------------------------------------------------
    def rewrite(self, holder: Any, resources: Any, context: Context) -> bytes:
        """The content of `holder` (a page or a form) with CMYK colours (and flattened)."""
        import pikepdf

        out: list[Any] = []
        stack: list[State] = []
        state = State()
        path: list[Any] = []
        points: list[tuple[float, float]] = []
        backdrops: list[tuple[Box, CMYK]] = []
        text_matrix: Matrix = IDENTITY
        line_matrix: Matrix = IDENTITY
        font_size = 10.0
        leading = 0.0
        redirected: set[str] = set()
        painted: set[str] = set()
        gstates = resources.get("/ExtGState", {}) if resources is not None else {}
        xobjects = resources.get("/XObject", {}) if resources is not None else {}

        def backdrop_for(box: Box | None) -> CMYK:
            if box is not None:
                for where, colour in reversed(backdrops):
                    if contains(where, box):
                        return colour
            return context.backdrop(box)

        def emit_colours(fill: CMYK | None, stroke: CMYK | None) -> None:
            if fill is not None and fill != state.emitted_fill:
                out.append(pikepdf.ContentStreamInstruction(_nums(fill), pikepdf.Operator("k")))
                state.emitted_fill = fill
            if stroke is not None and stroke != state.emitted_stroke:
                out.append(pikepdf.ContentStreamInstruction(_nums(stroke), pikepdf.Operator("K")))
                state.emitted_stroke = stroke

        def effective(colour: CMYK, alpha: float, inherited: float, box: Box | None) -> CMYK:
            if not self.flatten:
                return colour
            total = alpha * inherited
            if total >= 0.999:
                return colour
            return blend(colour, total, backdrop_for(box))

        for index, item in enumerate(pikepdf.parse_content_stream(holder)):
            if isinstance(item, pikepdf.ContentStreamInlineImage):
                out.append(item)
                continue
            operands, op = list(item.operands), str(item.operator)
            if op == "q":
                stack.append(replace(state))
                out.append(item)
            elif op == "Q":
                if stack:
                    state = stack.pop()
                out.append(item)
            elif op == "cm":
                state.ctm = multiply(tuple(float(v) for v in operands), state.ctm)  # type: ignore[arg-type]
                out.append(item)
            elif op in COLOUR_OPS:
                _set_colour(self, state, op, operands)
            elif op == "gs":
                gs = gstates.get(str(operands[0])) if operands else None
                if gs is not None:
                    state.fill_alpha = float(gs.get("/ca", state.fill_alpha))
                    state.stroke_alpha = float(gs.get("/CA", state.stroke_alpha))
                out.append(item)
            elif op in PATH_OPS:
                path.append(item)
                if not self.flatten:
                    continue
                numbers = [float(v) for v in operands]
                if op == "re":
                    x, y, w, h = numbers
                    corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
                else:
                    corners = list(zip(numbers[0::2], numbers[1::2], strict=False))
                points.extend(apply(state.ctm, x, y) for x, y in corners)
            elif op in CLIP_OPS:
                path.append(item)
            elif op in PAINT_OPS:
                box = box_of(points)
                fill = stroke = None
                if op in FILLS:
                    fill = effective(state.fill, state.fill_alpha, context.alpha_fill, box)
                if op in STROKES:
                    stroke = effective(state.stroke, state.stroke_alpha, context.alpha_stroke, box)
                emit_colours(fill, stroke)
                out.extend(path)
                out.append(item)
                if (
                    op in FILLS
                    and box is not None
                    and state.fill_alpha * context.alpha_fill >= 0.999
                ):
                    backdrops.append((box, state.fill))
                path, points = [], []
            elif op == "BT":
                text_matrix = line_matrix = IDENTITY
                out.append(item)
            elif op == "Tf":
                font_size = float(operands[1])
                out.append(item)
            elif op == "TL":
                leading = float(operands[0])
                out.append(item)
            elif op == "Tm":
                text_matrix = line_matrix = tuple(float(v) for v in operands)  # type: ignore[assignment]
                out.append(item)
            elif op in ("Td", "TD"):
                tx, ty = float(operands[0]), float(operands[1])
                if op == "TD":
                    leading = -ty
                line_matrix = multiply((1, 0, 0, 1, tx, ty), line_matrix)
                text_matrix = line_matrix
                out.append(item)
            elif op == "T*":
                line_matrix = multiply((1, 0, 0, 1, 0, -leading), line_matrix)
                text_matrix = line_matrix
                out.append(item)
            elif op in SHOW_OPS:
                box = None
                if self.flatten:
                    to_page = multiply(text_matrix, state.ctm)
                    width = font_size * 0.6 * max(1, _text_length(operands))
                    corners = [(0.0, -0.25 * font_size), (width, font_size)]
                    box = box_of([apply(to_page, x, y) for x, y in corners])
                emit_colours(
                    effective(state.fill_text, state.fill_alpha, context.alpha_fill, box),
                    effective(state.stroke_text, state.stroke_alpha, context.alpha_stroke, box),
                )
                out.append(item)
            elif op == "Do" and operands:
                name = str(operands[0])
                xobject = xobjects.get(name)
                alpha = state.fill_alpha * context.alpha_fill
                if self.flatten and xobject is not None and _translucent_image(xobject, alpha):
                    corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
                    box = box_of([apply(state.ctm, x, y) for x, y in corners])
                    at: Trail = (*self.trail, (holder.objgen, index))
                    on_page = multiply(state.ctm, context.to_page)
                    flat = self.flat_image(xobject, alpha, backdrop_for(box), at, on_page)
                    redirected.add(name)
                    name = self._register(resources, flat)
                    item = pikepdf.ContentStreamInstruction(
                        [pikepdf.Name(name)], pikepdf.Operator("Do")
                    )
                elif xobject is not None and xobject.get("/Subtype") == "/Form":
                    inner = self._form_context(state, context, xobject, backdrop_for)
                    self.trail.append((holder.objgen, index))
                    new = self.form(xobject, inner)
                    self.trail.pop()
                    if new is not xobject:
                        redirected.add(name)
                        name = self._register(resources, new)
                        item = pikepdf.ContentStreamInstruction(
                            [pikepdf.Name(name)], pikepdf.Operator("Do")
                        )
                painted.add(name)
                out.append(item)
            else:
                out.append(item)
        for name in redirected - painted:  # the unconverted original is painted no more
            del resources.XObject[name]
        return pikepdf.unparse_content_stream(out)

    def _form_context(
        self, state: State, context: Context, form: Any, backdrop_for: Callable[[Box | None], CMYK]
    ) -> Context:
        if not self.flatten:
            return Context()
        matrix = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
        to_parent = multiply(matrix, state.ctm)  # type: ignore[arg-type]
        return Context(
            context.alpha_fill * state.fill_alpha,
            context.alpha_stroke * state.stroke_alpha,
            to_parent,
            backdrop_for,
            multiply(to_parent, context.to_page),
        )

    def flat_image(self, image: Any, alpha: float, flat: CMYK, at: Trail, ctm: Matrix) -> Any:
        """`image` painted at `alpha` (times its soft mask) over what the page shows under it
        (painted at `at` with `ctm`, page space), as one opaque CMYK image: what the RGB file
        shows there, in the shop's colours (one for each place it is painted; a form painted
        on many pages is converted once). Without the original file, over `flat`."""
        key = (image.objgen, round(alpha, 4), at)
        self.replaced.add(image.objgen)
        if key not in self.flat_images:
            backdrop: Any = flat
            if self.backdrops is not None:
                size = (int(image.get("/Width", 0)), int(image.get("/Height", 0)))
                under = self.backdrops.under(at, ctm, size)
                backdrop = flat if under is None else under
            self.flat_images[key] = flatten_image(self.pdf, image, alpha, backdrop, self.colours)
        return self.flat_images[key]

    def _register(self, resources: Any, form: Any) -> str:
        import pikepdf

        self.counter += 1
        name = f"/pgx{self.counter}"
        resources.XObject[pikepdf.Name(name)] = form
        return name

    def form(self, form: Any, context: Context) -> Any:
        """The form converted for `context`: itself when converted in place (no opacity to
        bake in), else a converted copy (one per distinct context)."""
        import pikepdf

        resources = form.get("/Resources")
        if not self.flatten or context.opaque:
            # painted opaque: converted in place, once, however often it is painted (a
            # backdrop it needs from its painter is looked up where it is first painted)
            if form.objgen not in self.done:
                self.done[form.objgen] = form
                form.write(self.rewrite(form, resources, context if self.flatten else Context()))
            return form
        copy = pikepdf.Stream(self.pdf, b"")
        for k, v in form.items():
            if k not in ("/Length", "/Filter", "/DecodeParms", "/Resources"):
                copy[k] = v
        if resources is not None:
            copy.Resources = pikepdf.Dictionary(
                {
                    k: (pikepdf.Dictionary(dict(v.items())) if k == "/XObject" else v)
                    for k, v in resources.items()
                }
            )
        copy = self.pdf.make_indirect(copy)
        copy.write(self.rewrite(form, copy.get("/Resources"), context))
        return copy


def _translucent_image(xobject: Any, alpha: float) -> bool:
    """An image that lets what is under it show: it has a soft mask (a PNG's alpha, as cairo
    writes it) or is painted at an opacity under 1. (A stencil mask paints one colour where it
    is set and is opaque there: it needs no flattening.)"""
    if xobject.get("/Subtype") != "/Image" or xobject.get("/ImageMask"):
        return False
    return "/SMask" in xobject or "/SMaskInData" in xobject or alpha < 0.999


def flatten_image(pdf: Any, image: Any, alpha: float, backdrop: Any, colours: Converter) -> Any:
    """A new image XObject: `image` through the profile, composited by its soft mask (and
    `alpha`) over `backdrop` (an RGB picture of the image's size, through the same profile,
    or one CMYK colour), opaque, with no mask. Compositing in CMYK is what a
    RIP does with the PDF/X-4 file, whose soft masks blend in DeviceCMYK (the shop's print
    output of the same cards), and what this module does for constant opacity; where the
    mask is 0 or 255 (most of a PNG with a transparent background) the pixels are exactly the
    image's or the backdrop's colour either way."""
    import pikepdf
    from PIL import Image

    from printgen.render.shop.colour import limit_image

    pixels = pikepdf.PdfImage(image).as_pil_image()
    cmyk = colours.image(pixels)
    assert isinstance(cmyk, Image.Image)
    mask = Image.new("L", cmyk.size, 255)
    smask = image.get("/SMask")
    if smask is not None:
        mask = pikepdf.PdfImage(smask).as_pil_image().convert("L")
        if mask.size != cmyk.size:
            mask = mask.resize(cmyk.size, Image.Resampling.BILINEAR)
    if alpha < 0.999:
        mask = mask.point(lambda v: round(v * alpha))
    if isinstance(backdrop, Image.Image):
        under = colours.image(backdrop, limited=False)  # the composite is limited below
        assert isinstance(under, Image.Image)
    else:
        under = Image.new("CMYK", cmyk.size, tuple(round(v * 255) for v in backdrop))
    flat = limit_image(Image.composite(cmyk, under, mask), colours.ink_limit)
    assert isinstance(flat, Image.Image)
    stream = pikepdf.Stream(pdf, flat.tobytes())
    stream.Type = pikepdf.Name.XObject
    stream.Subtype = pikepdf.Name.Image
    stream.Width, stream.Height = flat.size
    stream.ColorSpace = pikepdf.Name.DeviceCMYK
    stream.BitsPerComponent = 8
    if image.get("/Interpolate") is not None:
        stream.Interpolate = image.Interpolate
    return pdf.make_indirect(stream)


def _text_length(operands: list[Any]) -> int:
    """About how many glyphs a show operator draws (for a text box when flattening)."""
    import pikepdf

    total = 0
    for operand in operands:
        if isinstance(operand, pikepdf.String):
            total += len(bytes(operand))
        elif isinstance(operand, pikepdf.Array):
            total += sum(len(bytes(v)) for v in operand if isinstance(v, pikepdf.String))
    return total


def _nums(colour: CMYK) -> list[float]:
    return [round(v, 4) for v in colour]


def _set_colour(rewriter: Rewriter, state: State, op: str, operands: list[Any]) -> None:
    values = [float(v) for v in operands if isinstance(v, (int, float)) or _is_number(v)]
    if op in ("cs", "CS"):
        space = str(operands[0]) if operands else "/DeviceGray"
        initial = [0.0, 0.0, 0.0, 1.0] if space == "/DeviceCMYK" else [0.0]
        if op == "cs":
            state.fill_space = space
            state.fill = rewriter._to_cmyk(space, initial, False)
            state.fill_text = rewriter._text_cmyk(space, initial)
        else:
            state.stroke_space = space
            state.stroke = rewriter._to_cmyk(space, initial, False)
            state.stroke_text = rewriter._text_cmyk(space, initial)
        return
    named = {
        "rg": "/DeviceRGB",
        "RG": "/DeviceRGB",
        "g": "/DeviceGray",
        "G": "/DeviceGray",
        "k": "/DeviceCMYK",
        "K": "/DeviceCMYK",
    }.get(op)
    fill = op in ("rg", "g", "k", "sc", "scn")
    space = named or (state.fill_space if fill else state.stroke_space)
    if fill:
        state.fill = rewriter._to_cmyk(space, values, False)
        state.fill_text = rewriter._text_cmyk(space, values)
    else:
        state.stroke = rewriter._to_cmyk(space, values, False)
        state.stroke_text = rewriter._text_cmyk(space, values)


def _is_number(value: Any) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


_STRING = re.compile(rb"\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)|<[0-9A-Fa-f\s]*>")
_COLOUR_OP = re.compile(rb"(?<![^\s\]\)>])(?:rg|RG|k|K|g|G)(?![^\s\[\(/<])")
_SLOW = re.compile(rb"(?<![^\s\]\)>])(?:cs|CS|sc|scn|SC|SCN|BI)(?![^\s\[\(/<])")
_TOKEN = re.compile(rb"\S+")
_ARITY = {b"rg": 3, b"RG": 3, b"k": 4, b"K": 4, b"g": 1, b"G": 1}
_OPERANDS_BEFORE = 80
"""Bytes to look back for an operator's numbers (four numbers of cairo or weasyprint)."""


def recolour_bytes(data: bytes, convert: Callable[[str, list[float]], bytes]) -> bytes | None:
    """The stream with every rg/RG/g/G/k/K operator rewritten by `convert(op, values)`, which
    returns the new operator's text; None when the stream needs the full parser (colour
    spaces set by name, inline images, an operator whose numbers cannot be read back).

    Operators are found by a plain scan for their names; one inside a string (text) is
    skipped; its numbers are the tokens just before it."""
    strings = [m.span() for m in _STRING.finditer(data)] if b"(" in data or b"<" in data else []
    starts = [s for s, _ in strings]

    def in_string(at: int) -> bool:
        index = bisect.bisect_right(starts, at) - 1
        return index >= 0 and at < strings[index][1]

    if any(not in_string(m.start()) for m in _SLOW.finditer(data)):
        return None
    out = []
    done = 0
    for match in _COLOUR_OP.finditer(data):
        at = match.start()
        if at < done or in_string(at):
            continue
        op = match.group(0)
        arity = _ARITY[op]
        offset = max(done, at - _OPERANDS_BEFORE)
        tokens = list(_TOKEN.finditer(data, offset, at))
        if len(tokens) < arity:
            return None
        try:
            values = [float(t.group(0)) for t in tokens[-arity:]]
        except ValueError:
            return None
        first = tokens[-arity].start()
        out.append(data[done:first])
        out.append(convert(op.decode(), values))
        done = match.end()
    out.append(data[done:])
    return b"".join(out)


def _fast_convert(colours: Converter, pure_k: bool) -> Callable[[str, list[float]], bytes]:
    """`convert(op, values)` for `recolour_bytes`: the CMYK operator replacing a colour one.
    Without a text/fill distinction at this level, every black or near-black neutral goes on
    K alone (text, rules and lines; dark backgrounds in printgen's palettes are coloured)."""

    def convert(op: str, values: list[float]) -> bytes:
        if op in ("k", "K"):
            cmyk = limit_ink((values[0], values[1], values[2], values[3]), colours.ink_limit)
        else:
            grey = op in ("g", "G")
            rgb = (values[0], values[0 if grey else 1], values[0 if grey else 2])
            cmyk = colours.text_cmyk(rgb) if pure_k else colours.cmyk(rgb)
        text = " ".join(f"{v:.4f}".rstrip("0").rstrip(".") or "0" for v in cmyk)
        return f"{text} {'k' if op in ('rg', 'g', 'k') else 'K'}".encode()

    return convert


def _recolour_in_place(pdf: Any, colours: Converter, pure_k: bool) -> bool:
    """PDF/X-4: every content stream recoloured on its bytes; False when one needs the full
    parser (then nothing was changed)."""
    import pikepdf

    convert = _fast_convert(colours, pure_k)
    streams = []
    for page in pdf.pages:
        contents = page.obj.get("/Contents")
        if not isinstance(contents, pikepdf.Stream):
            return False
        streams.append(contents)
    streams += [
        obj
        for obj in pdf.objects
        if isinstance(obj, pikepdf.Stream)
        and (obj.get("/Subtype") == "/Form" or obj.get("/PatternType") == 1)
    ]
    done = []
    for stream in streams:
        new = recolour_bytes(stream.read_bytes(), convert)
        if new is None:
            return False
        done.append((stream, new))
    for stream, new in done:
        stream.write(new)
    return True


def to_pdfx(data: bytes, settings: PdfSettings, title: str) -> bytes:
    """`data` (an RGB PDF) as CMYK PDF/X per `settings`; page boxes are kept as they are."""
    import pikepdf

    from printgen.render.shop.colour import converter

    colours = converter(settings.profile.file, settings.ink_limit)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        rewriter = Rewriter(pdf, colours, settings.flattened)
        rewriter.colours_pure_k = settings.pure_black_text
        if settings.flattened:
            rewriter.backdrops = Backdrops(data)
        fast = not settings.flattened and _recolour_in_place(pdf, colours, settings.pure_black_text)
        try:
            for page in [] if fast else pdf.pages:
                resources = page.obj.get("/Resources")
                content = rewriter.rewrite(page.obj, resources, Context())
                page.obj.Contents = pdf.make_stream(content)
        finally:
            if rewriter.backdrops is not None:
                rewriter.backdrops.close()
        _convert_images(pdf, colours, rewriter.replaced)
        _fix_groups_and_states(pdf, settings.flattened)
        _mark_pdfx(pdf, settings, title, colours.profile_bytes)
        out = io.BytesIO()
        if settings.flattened:  # PDF/X-1a:2003 is PDF 1.4: no object streams
            pdf.save(
                out,
                deterministic_id=True,
                compress_streams=True,
                object_stream_mode=pikepdf.ObjectStreamMode.disable,
                force_version="1.4",
            )
        else:
            pdf.save(
                out,
                deterministic_id=True,
                compress_streams=True,
                object_stream_mode=pikepdf.ObjectStreamMode.generate,
                min_version="1.6",
            )
        return out.getvalue()


def _convert_images(pdf: Any, colours: Converter, replaced: set[Any]) -> None:
    import pikepdf

    for obj in list(pdf.objects):
        if not isinstance(obj, pikepdf.Stream) or obj.get("/Subtype") != "/Image":
            continue
        if obj.objgen in replaced:
            continue
        if obj.get("/ColorSpace") != pikepdf.Name.DeviceRGB:
            continue
        pixels = pikepdf.PdfImage(obj).as_pil_image()
        cmyk = colours.image(pixels)
        obj.write(cmyk.tobytes(), filter=None)  # type: ignore[attr-defined]
        obj.ColorSpace = pikepdf.Name.DeviceCMYK
        obj.BitsPerComponent = 8
        for key in ("/DecodeParms", "/Decode"):
            if key in obj:
                del obj[key]


def _fix_groups_and_states(pdf: Any, flatten: bool) -> None:
    """PDF/X-1a: no transparency groups, every ExtGState opaque (opacity was baked in);
    PDF/X-4: transparency groups blend in CMYK."""
    import pikepdf

    holders = [page.obj for page in pdf.pages] + [
        obj
        for obj in pdf.objects
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"
    ]
    for holder in holders:
        group = holder.get("/Group")
        if group is None:
            continue
        if flatten:
            del holder["/Group"]
        elif "/CS" in group:
            group.CS = pikepdf.Name.DeviceCMYK
    if flatten:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and ("/ca" in obj or "/CA" in obj):
                if "/ca" in obj:
                    obj.ca = 1
                if "/CA" in obj:
                    obj.CA = 1
        for holder in holders:
            resources = holder.get("/Resources")
            for gs in (resources.get("/ExtGState", {}) if resources is not None else {}).values():
                for key in ("/ca", "/CA"):
                    if key in gs:
                        gs[key] = 1


def _mark_pdfx(pdf: Any, settings: PdfSettings, title: str, profile: bytes) -> None:
    import pikepdf

    icc = pdf.make_stream(profile)
    icc.N = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(settings.profile.condition),
        OutputCondition=pikepdf.String(settings.profile.info),
        Info=pikepdf.String(settings.profile.info),
        RegistryName=pikepdf.String("http://www.color.org"),
        DestOutputProfile=icc,
    )
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
    info = pdf.docinfo
    info.Title = pikepdf.String(title)
    info.GTS_PDFXVersion = pikepdf.String(settings.standard)
    if settings.standard == "PDF/X-1a:2001":
        info.GTS_PDFXConformance = pikepdf.String("PDF/X-1a:2001")
    info.Trapped = pikepdf.Name("/False")
    info.CreationDate = pikepdf.String(FIXED_DATE)
    info.ModDate = pikepdf.String(FIXED_DATE)
    if not settings.flattened:
        _xmp(pdf, settings.standard, title)


def _xmp(pdf: Any, standard: str, title: str) -> None:
    """PDF/X-4 names its version in the XMP metadata too (pdfxid:GTS_PDFXVersion)."""
    xmp = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{_xml(title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>2000-01-01T00:00:00Z</xmp:CreateDate>
   <xmp:ModifyDate>2000-01-01T00:00:00Z</xmp:ModifyDate>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{standard}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    import pikepdf

    stream = pdf.make_stream(xmp.encode("utf-8"))
    stream.Type = pikepdf.Name.Metadata
    stream.Subtype = pikepdf.Name.XML
    pdf.Root.Metadata = stream


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
