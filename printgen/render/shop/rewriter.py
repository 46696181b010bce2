"""Content streams rewritten with pikepdf's parser: each colour the CMYK its use asks for
(`colour.Painter`), and for PDF/X-1a, which allows no transparency, the translucent made
opaque so that the page shows what the RGB file shows:

- a translucent shape (or text) over one flat colour (inside the last opaque filled shape
  under it, a rectangle, a rounded panel or an ellipse: `printgen.layout.outline`) is
  painted opaque in the blend of its colour and that one, computed in sRGB as the RGB file
  blends, then converted;
- a translucent group (cairo's `<g opacity>`: an icon of several shapes) over one flat
  colour is painted shape by shape in each one's blend with that colour (the group's own
  shapes cover each other opaquely, so the blend of the topmost is what shows);
- over anything else (two colours, a picture, text), a shape or group is replaced by a
  rasterised patch of what the page shows once it is painted, masked to where it changes
  the picture (`flatten.patch`); text is never rasterised (translucent text is blended with
  the colour under its start);
- a translucent image is composited over what the page shows under it (`flatten_image`).

K 100 % text and lines overprint (`colour.Ink.overprint`) only where they cannot take the
page over the ink limit: not over anything dark (`_Stream.may_overprint`).

The page as the RGB file draws it is rendered for patches and images by `backdrop.Backdrops`,
found by a `Trail` (each stream's object and the index of the painting operator).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pikepdf
from PIL import Image

from printgen.layout.matrix import (
    IDENTITY,
    Box,
    Matrix,
    apply,
    box_of,
    box_through,
    inverse,
    multiply,
    scale_of,
)
from printgen.render.shop import drawn as paints
from printgen.render.shop.backdrop import Backdrops, Trail
from printgen.render.shop.colour import Converter, Ink, Painter, Source, Use
from printgen.render.shop.drawn import OPAQUE, PAPER, Drawn, Instruction, blend, overlap
from printgen.render.shop.flatten import (
    PATCH_DPI,
    flatten_image,
    patch,
    patch_key,
    patch_pixels,
    translucent_image,
)
from printgen.render.shop.recolour import OVERPRINT, overprint_states

CLIP_OPS = {"W", "W*"}
PAINT_OPS = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}
FILLS = {"f", "F", "f*", "B", "B*", "b", "b*"}
STROKES = {"S", "s", "B", "B*", "b", "b*"}
COLOUR_OPS = {"rg": ("rgb", True), "RG": ("rgb", False), "g": ("gray", True),
              "G": ("gray", False), "k": ("cmyk", True), "K": ("cmyk", False)}  # fmt: skip
TEXT_OPS = {"BT", "Tm", "Td", "TD", "T*", "TL", "Tf"}
MAX_PATCH_PX = 6000
ObjGen = tuple[int, int]
"""An indirect object's number and generation (`pikepdf.Object.objgen`): a stream's key."""


@dataclass
class Graphics:
    ctm: Matrix = IDENTITY
    fill: Source = ("gray", (0.0,))
    stroke: Source = ("gray", (0.0,))
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    width: float = 1.0
    font_size: float = 0.0
    leading: float = 0.0
    clipped: bool = False
    shown_fill: Ink | None = None
    shown_stroke: Ink | None = None
    overprint: tuple[bool, bool] = (False, False)

    def saved(self) -> Graphics:
        """A copy for `q` (dataclasses.replace's, without its per-field checks)."""
        copy = Graphics.__new__(Graphics)
        copy.__dict__.update(self.__dict__)
        return copy


def _paper(box: Box) -> Source | None:
    return PAPER


def _safe(box: Box) -> bool:
    return True


@dataclass
class Context:
    """What a form inherits from where it is painted: the opacity it is painted with, what
    lies under a box of its own space (asked of the painter through `to_parent`), whether
    K 100 % may overprint there, and where it sits on the page. `backdrop`: the one colour
    under a translucent group, with which every shape of it blends."""

    alpha_fill: float = 1.0
    alpha_stroke: float = 1.0
    to_parent: Matrix = IDENTITY
    parent: Callable[[Box], Source | None] = _paper
    to_page: Matrix = IDENTITY
    backdrop: Source | None = None
    parent_safe: Callable[[Box], bool] = _safe
    risky_above: bool = False
    """Something dark lies somewhere under the form (else every box is safe to overprint)."""

    def under(self, box: Box) -> Source | None:
        if self.backdrop is not None:
            return self.backdrop
        return self.parent(box_through(self.to_parent, box))

    def safe(self, box: Box) -> bool:
        return not self.risky_above or self.parent_safe(box_through(self.to_parent, box))

    @property
    def opaque(self) -> bool:
        return self.alpha_fill >= OPAQUE and self.alpha_stroke >= OPAQUE


@dataclass
class Rewriter:
    pdf: pikepdf.Pdf
    colours: Converter
    paint: Painter
    flatten: bool
    backdrops: Backdrops | None = None
    """The original file's pages, rendered for patches and translucent images (PDF/X-1a)."""
    done: dict[ObjGen, pikepdf.Object] = field(default_factory=dict)
    originals: dict[ObjGen, bytes] = field(default_factory=dict)
    """Each form's content as the RGB file has it (trails index into these)."""
    counter: int = 0
    flat_images: dict[tuple[ObjGen, float, Trail], pikepdf.Object] = field(default_factory=dict)
    replaced: set[ObjGen] = field(default_factory=set)
    """The images painted only as flattened copies (not converted themselves)."""
    trail: list[tuple[tuple[int, int], int]] = field(default_factory=list)
    """Where the stream being rewritten sits: each enclosing stream and its form's paint."""
    patches: dict[bytes, pikepdf.Object | None] = field(default_factory=dict)
    """Each patch's image by what its pixels were made from (`flatten.patch_key`): one
    image a file however often it is painted (a deck's watermark, the same on every card
    of its suit, is stored once and placed on each)."""
    parsed: dict[ObjGen, list[Instruction]] = field(default_factory=dict)
    """Each stream's operators as the RGB file has them, parsed once (and shared with the
    backdrops, which cut the same streams)."""
    darks: dict[Source, bool] = field(default_factory=dict)
    """Whether each colour filled as an area is dark (`_Stream.dark`: asked of every paint)."""
    written: dict[tuple[Ink, str], pikepdf.ContentStreamInstruction] = field(default_factory=dict)
    """Each ink's `k` or `K` as written (a file uses a few hundred: made once each)."""

    def rewrite(
        self, holder: pikepdf.Object, resources: pikepdf.Object | None, context: Context
    ) -> bytes:
        """The content of `holder` (a page or a form) with CMYK colours (and flattened)."""
        items = self.parsed.get(holder.objgen)
        if items is None:
            source = holder
            if holder.objgen in self.originals:
                source = pikepdf.Stream(self.pdf, self.originals[holder.objgen])
            items = self.parsed[holder.objgen] = list(pikepdf.parse_content_stream(source))
        stream = _Stream(self, holder, resources, context)
        return stream.run(items)

    def ink_operator(self, ink: Ink, op: str) -> pikepdf.ContentStreamInstruction:
        """`k` or `K` (`op`) setting `ink`, made once (an instruction is only read when the
        stream is written, so one serves every place it is painted)."""
        key = (ink, op)
        found = self.written.get(key)
        if found is None:
            values = [round(v, 4) for v in ink.cmyk]
            found = self.written[key] = pikepdf.ContentStreamInstruction(
                values, pikepdf.Operator(op)
            )
        return found

    def register(self, resources: pikepdf.Object, xobject: pikepdf.Object) -> str:
        self.counter += 1
        name = f"/Pgx{self.counter}"
        if "/XObject" not in resources:
            resources.XObject = pikepdf.Dictionary()
        resources.XObject[pikepdf.Name(name)] = xobject
        return name

    def form(self, form: pikepdf.Object, context: Context) -> pikepdf.Object:
        """The form converted for `context`: itself when painted opaque (converted once,
        however often it is painted), else a converted copy (one per distinct context)."""
        resources = form.get("/Resources")
        if context.opaque or not self.flatten:
            if form.objgen not in self.done:
                self.done[form.objgen] = form
                self.originals[form.objgen] = form.read_bytes()
                form.write(self.rewrite(form, resources, context))
            return form
        copy = pikepdf.Stream(self.pdf, b"")
        for k, v in form.items():
            if k not in ("/Length", "/Filter", "/DecodeParms", "/Resources", "/Group"):
                copy[k] = v
        if resources is not None:
            copy.Resources = pikepdf.Dictionary(
                {
                    k: (pikepdf.Dictionary(dict(v.items())) if k == "/XObject" else v)
                    for k, v in resources.items()
                }
            )
        copy = self.pdf.make_indirect(copy)
        self.originals.setdefault(form.objgen, form.read_bytes())
        copy.write(self.rewrite(form, copy.get("/Resources"), context))
        return copy

    def flat_image(
        self, image: pikepdf.Object, alpha: float, under: Source, at: Trail, ctm: Matrix
    ) -> pikepdf.Object:
        """`image` painted at `alpha` (times its soft mask) over what the page shows under it
        (painted at `at` with `ctm`, page space), as one opaque CMYK image (one for each
        place it is painted). Without the original file, over the colour `under`."""
        key = (image.objgen, round(alpha, 4), at)
        self.replaced.add(image.objgen)
        if key not in self.flat_images:
            backdrop: Image.Image | tuple[float, float, float] = paints.rgb_of(under)
            if self.backdrops is not None:
                size = (int(image.get("/Width", 0)), int(image.get("/Height", 0)))
                found = self.backdrops.under(at, ctm, size)
                backdrop = backdrop if found is None else found
            self.flat_images[key] = flatten_image(self.pdf, image, alpha, backdrop, self.colours)
        return self.flat_images[key]

    def patch(self, at: Trail, place: Matrix) -> pikepdf.Object | None:
        """The patch standing in for the paint at `at`, an image whose unit square is painted
        with `place` (page space); None when the paint changes nothing there."""
        assert self.backdrops is not None
        across = (place[0] ** 2 + place[1] ** 2) ** 0.5 * PATCH_DPI / 72
        down = (place[2] ** 2 + place[3] ** 2) ** 0.5 * PATCH_DPI / 72
        size = (
            min(MAX_PATCH_PX, max(1, math.ceil(across - 1e-6))),
            min(MAX_PATCH_PX, max(1, math.ceil(down - 1e-6))),
        )
        before, after = self.backdrops.before_and_after(at, place, size)
        if before is None or after is None:
            return None
        key = patch_key(after, before)
        if key not in self.patches:
            made = patch_pixels(after, before, self.colours)
            self.patches[key] = None if made is None else patch(self.pdf, made)
        return self.patches[key]


class _Stream:
    """One pass over one content stream."""

    def __init__(
        self,
        rewriter: Rewriter,
        holder: pikepdf.Object,
        resources: pikepdf.Object | None,
        context: Context,
    ) -> None:
        self.rw = rewriter
        self.holder = holder
        self.resources: pikepdf.Object = (
            resources if resources is not None else pikepdf.Dictionary()
        )
        self.context = context
        self.out: list[Instruction] = []
        self.state = Graphics()
        self.stack: list[Graphics] = []
        self.path: list[pikepdf.ContentStreamInstruction] = []
        self.drawn: list[Drawn] = []
        """Everything painted (PDF/X-1a only: what flattening looks under)."""
        self.risky: list[Box] = []
        """Where K 100 % may not overprint: dark fills and what cannot be told."""
        self.room = rewriter.colours.ink_limit / 100 - 1.0
        """The C + M + Y under an overprinting K 100 % that stays within the ink limit."""
        self.text: Matrix = IDENTITY
        self.line: Matrix = IDENTITY
        self.index = 0
        self.redirected: set[str] = set()
        self.painted: set[str] = set()
        self.overprinted = False

    # -- the pass ------------------------------------------------------------------------
    def run(self, items: Sequence[Instruction]) -> bytes:
        handlers, inline = _HANDLERS, pikepdf.ContentStreamInlineImage
        for self.index, item in enumerate(items):
            if isinstance(item, inline):
                self.out.append(item)
                continue
            op = str(item.operator)
            handlers.get(op, _Stream.other)(self, op, item)
        for name in self.redirected - self.painted:  # the original is painted no more
            del self.resources.XObject[name]
        if self.overprinted:
            overprint_states(self.resources)
        return pikepdf.unparse_content_stream(self.out)

    # each operator's handler (`_HANDLERS`, one look-up an operator): those that change
    # what is painted, then those that follow the graphics and text state (written unchanged)
    def path_part(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        self.path.append(item)

    def clip(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        self.path.append(item)
        self.state.clipped = True

    def colour(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        space, fill = COLOUR_OPS[op]
        values = tuple(float(v) for v in item.operands)
        setattr(self.state, "fill" if fill else "stroke", (space, values))

    def show_op(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        self.show(item)

    def do_op(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        if item.operands:
            self.do(str(item.operands[0]), item)
        else:
            self.out.append(item)

    def by_space(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        self.set_by_space(op, list(item.operands))

    def dropped(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        """`cs`/`CS`: a device space's colours are written where used."""

    def other(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        """Any operator no handler names: written unchanged."""
        self.out.append(item)

    def save(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        self.stack.append(self.state.saved())
        self.out.append(item)

    def restore(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        if self.stack:
            self.state = self.stack.pop()
        self.out.append(item)

    def concat(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        operands = item.operands
        self.state.ctm = multiply(tuple(float(v) for v in operands), self.state.ctm)  # type: ignore[arg-type]
        self.out.append(item)

    def line_width(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        self.state.width = float(item.operands[0])
        self.out.append(item)

    def graphics_state(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        operands, state = item.operands, self.state
        if operands:
            states = self.resources.get("/ExtGState")
            gs = None if states is None else states.get(str(operands[0]))
            if gs is not None:
                state.fill_alpha = float(gs.get("/ca", state.fill_alpha))
                state.stroke_alpha = float(gs.get("/CA", state.stroke_alpha))
        self.out.append(item)

    def text_op(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        self.text_operator(op, [float(v) for v in item.operands if _is_number(v)])
        self.out.append(item)

    def set_by_space(self, op: str, operands: list[pikepdf.Object]) -> None:
        """`sc`/`scn` in a device space set by `cs` (how many numbers tells which)."""
        values = tuple(float(v) for v in operands if _is_number(v))
        space = {1: "gray", 3: "rgb", 4: "cmyk"}.get(len(values))
        if space is not None:
            setattr(self.state, "fill" if op in ("sc", "scn") else "stroke", (space, values))

    def text_operator(self, op: str, values: list[float]) -> None:
        state = self.state
        if op == "BT":
            self.text = self.line = IDENTITY
        elif op == "Tf" and values:
            state.font_size = values[-1]
        elif op == "TL" and values:
            state.leading = values[0]
        elif op == "Tm" and len(values) == 6:
            self.text = self.line = tuple(values)  # type: ignore[assignment]
        elif op in ("Td", "TD", "T*"):
            tx, ty = (values[0], values[1]) if op != "T*" else (0.0, -state.leading)
            if op == "TD":
                state.leading = -ty
            self.line = multiply((1.0, 0.0, 0.0, 1.0, tx, ty), self.line)
            self.text = self.line

    # -- paths ---------------------------------------------------------------------------
    def paint_path(self, op: str, item: pikepdf.ContentStreamInstruction) -> None:
        state, context = self.state, self.context
        fill_alpha = state.fill_alpha * context.alpha_fill
        stroke_alpha = state.stroke_alpha * context.alpha_stroke
        grow = state.width * scale_of(state.ctm) / 2 + 0.5 if op in STROKES else 0.0
        shape = Drawn(self.path, state.ctm, grow=grow)
        translucent = self.rw.flatten and (
            (op in FILLS and fill_alpha < OPAQUE) or (op in STROKES and stroke_alpha < OPAQUE)
        )
        width = state.width * scale_of(multiply(state.ctm, context.to_page))
        fill = (state.fill, Use.AREA, 0.0) if op in FILLS else None
        stroke = (state.stroke, Use.LINE, width) if op in STROKES else None
        if translucent and shape.box is not None:
            under = self.under(shape.box)
            if under is None and self.rw.backdrops is not None:
                self.write_patch(shape.box)
                self.drawn.append(paints.fixed(shape.box))
                self.path = []
                return
            under = under or self.latest_colour(shape.box)
            fill, stroke = self.blended(fill, stroke, (fill_alpha, stroke_alpha), under)
        self.emit(fill, stroke, lambda: shape.box)
        self.out.extend(self.path)
        self.out.append(item)
        if op != "n":
            self.record(op, shape, fill_alpha, stroke)
        self.path = []

    def blended(
        self,
        fill: tuple[Source, Use, float] | None,
        stroke: tuple[Source, Use, float] | None,
        alphas: tuple[float, float],
        under: Source,
    ) -> tuple[tuple[Source, Use, float] | None, tuple[Source, Use, float] | None]:
        """A translucent paint's fill and stroke made opaque: each its colour blended at its
        opacity (`alphas`: fill, stroke) with the one colour `under` it."""
        if fill:
            fill = (blend(self.state.fill, alphas[0], under), Use.AREA, 0.0)
        if stroke:
            stroke = (blend(self.state.stroke, alphas[1], under), Use.LINE, stroke[2])
        return fill, stroke

    def record(
        self, op: str, shape: Drawn, alpha: float, stroke: tuple[Source, Use, float] | None
    ) -> None:
        """Keep what the path painted: for flattening, and where K may not overprint."""
        state = self.state
        single = op in FILLS and alpha >= OPAQUE and not state.clipped
        if single and paints.subpaths(shape.items) == 1:
            shape.colour = state.fill
        if self.rw.flatten:
            self.drawn.append(shape)
        dark = op in FILLS and self.dark(state.fill)
        if (dark or (stroke and self.dark(state.stroke))) and shape.box is not None:
            self.risky.append(shape.box)

    def dark(self, colour: Source) -> bool:
        """Too much C, M and Y for K 100 % to overprint it within the ink limit."""
        found = self.rw.darks.get(colour)
        if found is None:
            c, m, y, _ = self.rw.paint(colour, Use.AREA, 0.0).cmyk
            found = self.rw.darks[colour] = c + m + y > self.room + 1e-6
        return found

    # -- what lies under a box -------------------------------------------------------------
    def under(self, box: Box) -> Source | None:
        """The one flat colour under all of `box` (stream space), or None when what is under
        it is not one colour (or cannot be told)."""
        if self.context.backdrop is not None:
            return self.context.backdrop
        for shape in reversed(self.drawn):
            found = shape.box
            if found is None or not overlap(found, box):
                continue
            return shape.colour if shape.holds(box) else None
        return self.context.under(box)

    def latest_colour(self, box: Box) -> Source:
        """A stand-in for `under` where that is not one colour (for text, never rasterised):
        the colour of the latest flat fill overlapping `box`."""
        for shape in reversed(self.drawn):
            found = shape.box
            if shape.colour is not None and found is not None and overlap(found, box):
                return shape.colour
        return self.context.under(box) or PAPER

    def may_overprint(self, box: Callable[[], Box | None]) -> bool:
        """K 100 % overprints only where nothing dark lies under it (black text over a navy
        would print 316 %); elsewhere it knocks out what is under it."""
        if not self.risky and not self.context.risky_above:
            return True
        where = box()
        return where is not None and self.safe(where)

    def safe(self, box: Box) -> bool:
        return not any(overlap(r, box) for r in self.risky) and self.context.safe(box)

    # -- writing -------------------------------------------------------------------------
    def emit(
        self,
        fill: tuple[Source, Use, float] | None,
        stroke: tuple[Source, Use, float] | None,
        box: Callable[[], Box | None] = lambda: None,
    ) -> None:
        """Write the colours a paint needs (over `box()`, stream space), where they differ
        from those in force, and switch overprint for them."""
        state = self.state
        overprint = list(state.overprint)
        for which, wanted in ((0, fill), (1, stroke)):
            if wanted is None:
                continue
            ink = self.rw.paint(*wanted)
            if ink.overprint and not self.may_overprint(box):
                ink = Ink(ink.cmyk)
            overprint[which] = ink.overprint
            shown = state.shown_fill if which == 0 else state.shown_stroke
            if ink != shown:
                self.out.append(self.rw.ink_operator(ink, "k" if which == 0 else "K"))
                if which == 0:
                    state.shown_fill = ink
                else:
                    state.shown_stroke = ink
        if tuple(overprint) != state.overprint:
            state.overprint = (overprint[0], overprint[1])
            name = pikepdf.Name(OVERPRINT[state.overprint])
            self.out.append(pikepdf.ContentStreamInstruction([name], pikepdf.Operator("gs")))
            self.overprinted = True

    def write_patch(self, box: Box) -> None:
        """A patch for the paint at this index, placed on `box` (stream space)."""
        place: Matrix = (box[2] - box[0], 0.0, 0.0, box[3] - box[1], box[0], box[1])
        at: Trail = (*self.rw.trail, (self.holder.objgen, self.index))
        image = self.rw.patch(at, multiply(place, self.context.to_page))
        to_user = inverse(self.state.ctm)
        self.risky.append(box)
        if image is None or to_user is None:
            return
        name = self.rw.register(self.resources, image)
        placed = [round(v, 5) for v in multiply(place, to_user)]
        self.out.extend(
            [
                pikepdf.ContentStreamInstruction([], pikepdf.Operator("q")),
                pikepdf.ContentStreamInstruction(placed, pikepdf.Operator("cm")),
                pikepdf.ContentStreamInstruction([pikepdf.Name(name)], pikepdf.Operator("Do")),
                pikepdf.ContentStreamInstruction([], pikepdf.Operator("Q")),
            ]
        )
        self.painted.add(name)

    # -- text ----------------------------------------------------------------------------
    def show(self, item: pikepdf.ContentStreamInstruction) -> None:
        state, context = self.state, self.context
        to_page = multiply(multiply(self.text, state.ctm), context.to_page)
        size = abs(state.font_size) * scale_of(to_page)
        in_stream = multiply(self.text, state.ctm)
        font_size = state.font_size

        def box() -> Box | None:
            width = font_size * 0.6 * max(1, paints.text_length(list(item.operands)))
            corners = ((0.0, -0.25 * font_size), (width, font_size))
            return box_of([apply(in_stream, x, y) for x, y in corners])

        fill: Source = state.fill
        alpha = state.fill_alpha * context.alpha_fill
        if self.rw.flatten and alpha < OPAQUE:
            where = box()
            if where is not None:
                fill = blend(fill, alpha, self.under(where) or self.latest_colour(where))
        self.emit((fill, Use.TEXT, size), None, box)
        self.out.append(item)
        if self.rw.flatten and box() is not None:
            self.drawn.append(paints.fixed(box()))  # type: ignore[arg-type]

    # -- XObjects --------------------------------------------------------------------------
    def do(self, name: str, item: pikepdf.ContentStreamInstruction) -> None:
        xobjects = self.resources.get("/XObject")
        xobject = None if xobjects is None else xobjects.get(name)
        painted: str | None = name
        if xobject is not None and xobject.get("/Subtype") == "/Image":
            painted = self.image(name, xobject)
        elif xobject is not None and xobject.get("/Subtype") == "/Form":
            painted = self.form(name, xobject)
        if painted is None:
            return
        if painted != name:
            item = pikepdf.ContentStreamInstruction([pikepdf.Name(painted)], pikepdf.Operator("Do"))
        self.painted.add(painted)
        self.out.append(item)

    def image(self, name: str, image: pikepdf.Object) -> str:
        """The image's name, or its flattened copy's when it is translucent (PDF/X-1a)."""
        state, context = self.state, self.context
        unit = box_through(state.ctm, (0.0, 0.0, 1.0, 1.0))
        alpha = state.fill_alpha * context.alpha_fill
        found = name
        if self.rw.flatten and translucent_image(image, alpha):
            at: Trail = (*self.rw.trail, (self.holder.objgen, self.index))
            on_page = multiply(state.ctm, context.to_page)
            under = self.under(unit) or self.latest_colour(unit)
            found = self.redirect(name, self.rw.flat_image(image, alpha, under, at, on_page))
        elif image.get("/ImageMask"):
            self.emit((state.fill, Use.AREA, 0.0), None)
        self.risky.append(unit)
        if self.rw.flatten:
            self.drawn.append(paints.fixed(unit))
        return found

    def form(self, name: str, form: pikepdf.Object) -> str | None:
        """The name of the form painted here, converted (a copy when painted translucent);
        None when a patch stands in for it."""
        state, context = self.state, self.context
        matrix = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
        to_parent = multiply(matrix, state.ctm)  # type: ignore[arg-type]
        inner = Context(
            context.alpha_fill * state.fill_alpha,
            context.alpha_stroke * state.stroke_alpha,
            to_parent,
            self.under,
            multiply(to_parent, context.to_page),
            parent_safe=self.safe,
            risky_above=bool(self.risky) or context.risky_above,
        )
        if not self.rw.flatten or inner.opaque:
            box = box_through(to_parent, paints.form_bbox(form))
        else:
            box = box_through(to_parent, paints.content_box(form))
            backdrop = self.under(box) if paints.simple_group(form) else None
            if backdrop is None and self.rw.backdrops is not None:
                self.write_patch(box)
                self.drawn.append(paints.fixed(box))
                return None
            inner.backdrop = backdrop or self.latest_colour(box)
        self.rw.trail.append((self.holder.objgen, self.index))
        new = self.rw.form(form, inner)
        self.rw.trail.pop()
        self.risky.append(box)
        if self.rw.flatten:
            self.drawn.append(paints.fixed(box))
        return name if new is form else self.redirect(name, new)

    def redirect(self, name: str, xobject: pikepdf.Object) -> str:
        self.redirected.add(name)
        return self.rw.register(self.resources, xobject)


_HANDLERS: dict[str, Callable[[_Stream, str, pikepdf.ContentStreamInstruction], None]] = {
    **{op: _Stream.path_part for op in paints.PATH_OPS},
    **{op: _Stream.clip for op in CLIP_OPS},
    **{op: _Stream.paint_path for op in PAINT_OPS},
    **{op: _Stream.colour for op in COLOUR_OPS},
    **{op: _Stream.show_op for op in paints.SHOW_OPS},
    "Do": _Stream.do_op,
    **{op: _Stream.by_space for op in ("sc", "scn", "SC", "SCN")},
    "cs": _Stream.dropped,
    "CS": _Stream.dropped,
    "q": _Stream.save,
    "Q": _Stream.restore,
    "cm": _Stream.concat,
    "w": _Stream.line_width,
    "gs": _Stream.graphics_state,
    **{op: _Stream.text_op for op in TEXT_OPS},
}
"""What each operator does to the pass (a table: one look-up an operator, as `recolour`'s);
an operator not named here is written unchanged (`_Stream.other`)."""


def _is_number(value: pikepdf.Object) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True
