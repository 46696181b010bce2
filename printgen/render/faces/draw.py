"""Drawing one face from a design: each box resolved for the card (its rectangle on this card
size, its content from the card's columns), checked (inside the card, text and icons inside
the safe zone, no text over art), then written as SVG. Text is fitted here with the real
font's widths; the SVG only draws what was measured."""

from __future__ import annotations

import base64
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

import jinja2
from markupsafe import Markup

from printgen.errors import DataError, Problem, RenderError, display_path
from printgen.files.templates import signature, templates_dir
from printgen.layout.geometry import LayoutError
from printgen.layout.geometry import Point as LPoint
from printgen.layout.shapes import Outline, Shape
from printgen.layout.units import length
from printgen.model.assets import own_icon_hint
from printgen.model.decks import TRANSLATION
from printgen.model.schema import did_you_mean
from printgen.render.draw import marks
from printgen.render.draw.icon_tint import own_colour, tinted
from printgen.render.draw.images import PRINT_DPI, cropped, dpi_at, scaled
from printgen.render.draw.safety import check_decodes, file_url, read_image, resolve_asset
from printgen.render.draw.svg import Macros, macros, template_place
from printgen.render.draw.svg import number as n
from printgen.render.faces import cover, drawn_text, shapes, turned
from printgen.render.faces.background import average_colour, backgrounds_under, component_images
from printgen.render.faces.boardbox import KINDS as BOARD_KINDS
from printgen.render.faces.clearance import DEFAULT_CLEARANCE_MM, Frame, Mark, cramped, frame_of
from printgen.render.faces.colours import TONES, Colours
from printgen.render.faces.context import Context, tones_of
from printgen.render.faces.cover import Layer
from printgen.render.faces.geometry import Area, anchor_rect, letter_spacing, place
from printgen.render.faces.palette import contrast
from printgen.render.faces.spec import Box, compiled
from printgen.render.text.fonts import EMBOLDEN_EM, OBLIQUE_DEGREES, needs_bold, needs_oblique
from printgen.render.text.markup import unquoted
from printgen.render.text.richtext import (
    ICON_EM,
    Block,
    Layout,
    Line,
    fit,
    height_of,
    icons_in,
)
from printgen.render.text.shaping import feature_list, features_attribute, merged
from printgen.render.text.textfit import Font, Measure
from printgen.render.text.xml_text import escape, quoteattr

DEFAULT_SIZE = "9pt"
CAP_EM = 0.8
"""How far above its baseline a line's letters reach, at most (capitals, accents aside)."""
LEADING = 1.18
FALSY = ("", "0", "false", "none", "no")


@dataclass
class Stage:
    """What drawing a game's faces needs: card size, fonts, colours, icons, templates."""

    folder: Path
    width: float
    height: float
    bleed: float
    safe: float
    min_size: float
    language: str
    families: dict[str, str]  # font role -> family
    colours: Colours
    measure: Measure
    environment: jinja2.Environment
    shared_icons: frozenset[str]
    game_icons: dict[str, Path]
    features: dict[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    """font role -> the OpenType features its texts are shaped with (`fonts: {title:
    {features: smcp}}`)."""
    suit_marks: dict[str, str] = field(default_factory=dict)
    """suit -> the fallback mark it prints where its icon goes (`printgen.render.draw.marks`):
    the suits with neither an icon file of the game's nor a shared icon."""
    shape: Shape | None = None
    """A piece's shape (a circle, a hexagon...); None for a card, a rectangle of `width` by
    `height`. Its safe zone is its outline `safe` mm in (`safe_outline`), not a rectangle."""
    clearance: float = DEFAULT_CLEARANCE_MM
    """mm a text or icon keeps from the edge of a shape round it (`clearance:`), validate's."""
    stamp: Box | None = None
    """The design's version stamp box (`stamp:`), added to every face whose names give a
    `stamp` and whose boxes have none of that name (`with_stamp`)."""
    _templates: dict[str, jinja2.Template] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def template(self, name: str) -> jinja2.Template:
        """The template `name`, looked up once a stage: the faces one stage draws are drawn
        from the same files (their keys hash them), and each lookup in the environment
        checks the file and every folder that may shadow it on disk (some 1,200 lookups, a
        tenth of the faces' time, in a build of the five games). A lookup that fails is not
        kept: it fails again, with its message, at the next box that names it."""
        found = self._templates.get(name)
        if found is None:
            found = self._templates[name] = self.environment.get_template(name)
        return found

    _rects: dict[int, tuple[Box, Area, bool]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def rect_of(self, box: Box, checked: bool = False) -> Area:
        """Where `box` lands on this stage's faces (`checked`: and that it may be there,
        `_check_place`): the same on every face, so worked out once a stage (kept by the box
        itself, which it holds). A box that cannot be placed is not kept: its DataError
        comes again at every face that draws it."""
        kept = self._rects.get(id(box))
        if kept is None or kept[0] is not box:
            kept = (box, _rect(self, box), False)
        if checked and not kept[2]:
            _check_place(self, box, kept[1])
            kept = (box, kept[1], True)
        self._rects[id(box)] = kept
        return kept[1]

    @cached_property
    def icons(self) -> Macros:
        """The macros of `common/icons.svg.j2` (or the game's own): looked up once a stage."""
        return macros(self.environment, "common/icons.svg.j2")

    @property
    def size(self) -> tuple[float, float]:
        """(width, height) of a face's trim, mm."""
        return self.width, self.height

    @property
    def safe_outline(self) -> Outline | None:
        """Where a piece's text and icons stay, in the face's own coordinates (mm from the
        trim's top-left, y down); None for a card, whose safe zone is `safe_rect`."""
        if self.shape is None or self.shape.kind == "rect":
            return None
        middle = LPoint(self.width / 2, self.height / 2)
        return self.shape.safe(middle, self.safe)

    @property
    def safe_rect(self) -> Area:
        """The safe zone's bounding box: where boxes anchored to `safe` (the default) go."""
        outline = self.safe_outline
        if outline is None:
            return anchor_rect("safe", self.width, self.height, self.safe, self.bleed)
        box = outline.bounds
        return Area(box.left, box.bottom, box.width, box.height)

    def in_safe_zone(self, rect: Area, slack: float = 0.01) -> bool:
        """Whether `rect` lies inside the safe zone: a card's rectangle, or a piece's outline
        itself (a box in a circle's bounding square may still cross the circle)."""
        if not rect.inside(self.safe_rect, slack):
            return False
        outline = self.safe_outline
        return outline is None or outline.contains_rect(rect.edges, slack)

    @property
    def what(self) -> str:
        """What the face is, for messages: `63.5 x 88.9 mm card`, `25 mm circle`."""
        if self.shape is None:
            return f"{self.width:g} x {self.height:g} mm card"
        return str(self.shape)

    @cached_property
    def icon_names(self) -> frozenset[str]:
        """Every icon a face may name (asked for at every text box): made once a stage."""
        return self.shared_icons | frozenset(self.game_icons) | frozenset(self.suit_marks)

    def icon_named(self, name: str) -> str | None:
        """The icon `name` draws, as written or in lower case (icon files' names are lower
        case: a suit `Reed` finds icons/reed.svg); None when there is none."""
        for candidate in (name, name.lower()):
            if candidate in self.icon_names:
                return candidate
        return None


@dataclass(frozen=True)
class Where:
    """Where a face's data was read: how its messages start (`cards.csv:14`) and, for a
    card, the place of each of its columns (a workbook's cell: `cards.xlsx:Cards!C14`)."""

    text: str
    columns: tuple[str, ...] = ()
    cell: Callable[[str], str] | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    """Each column -> the header the designer wrote for it (`effect` -> `Effect`)."""

    def where(self, column: str | None) -> str:
        return self.cell(column) if column and self.cell else self.text

    def header(self, column: str) -> str:
        """The column as the deck's file heads it, as data messages name it."""
        return self.headers.get(column, column)


@dataclass(frozen=True)
class Placed:
    """A box as drawn on one face: what the live preview outlines and names."""

    name: str
    what: str  # text | image | icon | shape | component
    rect: Area
    """Millimetres, the trim's top-left corner at 0, 0 (before any `mirror:` copy)."""
    where: str
    """The design's line that places it (`design.yaml:24`)."""


@dataclass
class Drawn:
    """A face's SVG body and what the design could not do on it (for validate)."""

    body: str
    overflows: list[str] = field(default_factory=list)
    runts: list[str] = field(default_factory=list)
    """Paragraphs left on a one-word last line that no narrower setting avoids (a note)."""
    contrast: list[str] = field(default_factory=list)
    backdrops: list[tuple[Area, str]] = field(default_factory=list)
    """Filled shapes drawn so far (their box and colour): what text is read against."""
    hidden: list[tuple[str, str]] = field(default_factory=list)
    """Text or icons a box drawn after them covers: (the card's place, which box hides which);
    validate lists them."""
    ink: Area | None = None
    """Where the last text box drawn put its lines."""
    cells: list[tuple[str, Area]] = field(default_factory=list)
    """The cells or spaces of the last grid or track box drawn, by name (`space 40`)."""
    outlines: cover.Outlines = field(default_factory=list)
    """The corners of those cells or spaces, on the face (`cover.crossing`)."""
    problems: list[Problem] = field(default_factory=list)
    """Mistakes found while drawing (unknown inline icons), raised together at the end."""
    low_res: list[tuple[float, str]] = field(default_factory=list)
    """Raster art under PRINT_DPI at its box: (its dpi, where and what), for validate."""
    boxes: list[Placed] = field(default_factory=list)
    """Each box drawn on the face, in drawing order, with its rectangle."""
    cramped: list[str] = field(default_factory=list)
    """Text or icons closer than the design's `clearance:` to a shape's edge round them."""
    marks: list[Mark] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)


def fill(text: object, context: Context, where: str, box: str, marked: bool = False) -> str:
    """A box's template string filled from the card (`{{ value }} / {{ cost }}`). `marked`
    marks each value filled in (`markup.quoted`), for a text box: a value's markup is its
    own, not a continuation of the template's."""
    source = "" if text is None else str(text)
    if "{" not in source:
        return source
    try:
        return compiled(source, marked).render(**context).strip()
    except jinja2.TemplateError as exc:
        raise _problem(where, box, f"cannot fill {source!r}: {exc}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:  # `{{ cost > 2 }}`
        card = f" on the card {context['name']!r}" if context.get("name") else ""
        raise _problem(
            where,
            box,
            f"cannot fill {source!r}{card}: {exc} (an empty cell reads as ''; test a number "
            "first, as in `{{ cost is number and cost > 2 }}`)",
        ) from None


def _problem(where: str, box: str, message: str) -> DataError:
    return DataError([Problem.at(where, f"box {box}", message)])


def truthy(text: str) -> bool:
    return text.strip().casefold() not in FALSY


def draw_face(stage: Stage, boxes: list[Box], context: Context, card: str | Where) -> Drawn:
    """The SVG elements of one face (origin at the trim's top-left, millimetres). Every
    unknown inline icon of the face is found before one DataError names them all."""
    card = card if isinstance(card, Where) else Where(card)
    card_where = card.text
    boxes = with_stamp(stage, boxes, context)
    parts: list[str] = []
    drawn = Drawn("")
    placed: list[tuple[Box, Area]] = []
    layers: list[Layer] = []
    boards: list[tuple[Box, cover.Outlines]] = []

    def one(box: Box) -> None:
        """Check and draw one box; a DataError names its mistake."""
        if "when" in box.values and not truthy(
            fill(box.get("when"), context, box.where("when"), box.name)
        ):
            return
        content = (
            ""  # a grid's or track's boxes are filled one by one (board_draw)
            if box.what in BOARD_KINDS
            else fill(box.source, context, box.where(), box.name, box.what == "text")
        )
        if box.what in ("text", "image", "icon") and not unquoted(content).strip():
            return
        rect = stage.rect_of(box, checked=True)
        placed.append((box, rect))
        drawn.ink, drawn.cells, drawn.outlines = None, [], []
        svg = _draw_box(stage, box, rect, content, context, drawn, card)
        if not svg or _gives_way(box, drawn.ink, layers):
            return
        texts: list[tuple[str, Area]] = []
        if box.what == "component":
            what = f"box {box.name!r} ({box.where()}), component {content!r}"
            place = (box.place_where(), f"box {box.name}")
            texts = check_drawn_texts(stage, svg, what, place, drawn, card_where)
            _check_component_images(stage, box, svg, content, card_where, drawn)
        _note_contrast(stage, box, rect, context, drawn, card_where, content)
        _note_clearance(box, rect, drawn)
        colour = _colour_of(stage, box, context)
        layers.extend(cover.layers_of(stage.size, box, rect, drawn.ink, colour, texts))
        layers.extend(cover.cell_layers(box, drawn.cells))  # a grid's, a track's: kept clear
        boards.append((box, drawn.outlines))  # a grid's, a track's cells: not crossed
        parts.append(svg)
        if box.get("mirror"):
            parts.append(_turned_round(stage, svg))

    for box in over_art_on_top(stage, backgrounds_under(boxes, lambda b: _rects(stage, b))):
        try:
            one(box)
        except DataError as exc:  # the next box is drawn still: a face's mistakes come together
            drawn.problems += exc.problems
    drawn.problems += _check_overlaps(placed, stage)
    drawn.cramped = cramped(drawn.marks, drawn.frames, stage.clearance, card_where)
    if drawn.problems:
        raise DataError(list(dict.fromkeys(drawn.problems)))
    drawn.hidden = [(card_where, what) for what in cover.hidden(layers) + cover.crossing(boards)]
    drawn.boxes = [Placed(b.name, b.what, rect, b.place_where()) for b, rect in placed]
    drawn.body = "\n".join(parts)
    return drawn


def _gives_way(box: Box, ink: Area | None, layers: list[Layer]) -> bool:
    """Whether an `optional: true` text is left out as its letters would print over those of
    a text or icon drawn before it (the version stamp under a 15 mm token's name, which runs
    past its low box), as it is where it does not fit. A grid's cells and a track's spaces
    are not given way to: validate names a box that prints in them."""
    return (
        bool(box.get("optional"))
        and ink is not None
        and any(
            layer.ink and not layer.cell and layer.rect.overlaps(ink, cover.SLACK)
            for layer in layers
        )
    )


def _turned_round(stage: Stage, svg: str) -> str:
    """A box's drawing turned half round the face's centre (`mirror: true`)."""
    return f'<g transform="rotate(180 {n(stage.width / 2)} {n(stage.height / 2)})">{svg}</g>'


def _note_clearance(box: Box, rect: Area, drawn: Drawn) -> None:
    """Keep what the clearance check measures: a text's lines, an icon's square, and a
    rectangle shape's edge (the inner edge of its line, if it has one)."""
    where = box.place_where()
    if box.what == "text" and drawn.ink is not None:
        drawn.marks.append(Mark(box.name, "text", drawn.ink, where))
    elif box.what == "icon":
        side = min(rect.w, rect.h)
        square = Area(rect.x + (rect.w - side) / 2, rect.y + (rect.h - side) / 2, side, side)
        drawn.marks.append(Mark(box.name, "icon", square, where))
    elif box.what == "shape" and box.get("shape", "rect") == "rect":
        if "stroke" in box.values:
            drawn.frames.append(frame_of(box.name, rect, length(box.get("stroke_width", 0.4))))
        elif "fill" in box.values:
            drawn.frames.append(frame_of(box.name, rect, 0.0))


def with_stamp(stage: Stage, boxes: list[Box], context: Context) -> list[Box]:
    """`boxes` and the design's stamp box after them, on a face that prints a version stamp
    (its names give a `stamp`: a front of a game with `version:`) and has no box of that name
    (a box of the face's own named stamp is the design's way to move it on that face). Every
    face of any shape gets it here, where every face is drawn."""
    if stage.stamp is None:  # `stamp: null` in the game's design: on no face at all
        return [box for box in boxes if box.name != "stamp"]
    if not context.get("stamp") or any(box.name == "stamp" for box in boxes):
        return boxes
    return [*boxes, stage.stamp]


def over_art_on_top(stage: Stage, boxes: list[Box]) -> list[Box]:
    """The boxes in drawing order, each text or icon that says `over_art: true` moved after
    the last image box it overlaps: `over_art` means printed over the picture, but a box the
    default design has (a title moved onto the art) keeps its place before `art`."""
    order = list(boxes)
    for box in boxes:
        if box.what not in ("text", "icon") or not box.get("over_art"):
            continue
        rect = _rect_or_none(stage, box)
        at = order.index(box)
        under = [
            i
            for i, other in enumerate(order)
            if i > at
            and other.what == "image"
            and rect is not None
            and (area := _rect_or_none(stage, other)) is not None
            and area.overlaps(rect)
        ]
        if under:
            order.remove(box)
            order.insert(under[-1], box)  # just after that image, which moved up one
    return order


def _rects(stage: Stage, box: Box) -> list[Area]:
    """Where a box lands on this face, and its turned copy's place (`mirror: true`)."""
    rect = _rect_or_none(stage, box)
    if rect is None:
        return []
    if not box.get("mirror"):
        return [rect]
    return [rect, Area(stage.width - rect.right, stage.height - rect.bottom, rect.w, rect.h)]


def _check_component_images(
    stage: Stage, box: Box, svg: str, name: str, card_where: str, drawn: Drawn
) -> None:
    """The pictures a component's template names itself, checked as an image box's are
    (`background.component_images`): a missing one is bad input at the box's line."""
    try:
        filename = stage.template(f"components/{name}.svg.j2").filename
    except jinja2.TemplateError:
        filename = None
    said = (f"component {name!r}", f"{card_where}: box {box.name!r} ({box.where()})")
    template = Path(filename) if filename else None
    roots = [stage.folder, templates_dir()]
    problems, low = component_images(svg, stage.folder, roots, said, template)
    drawn.problems += [Problem.at(box.where(), f"box {box.name}", p) for p in problems]
    drawn.low_res += low


def _rect_or_none(stage: Stage, box: Box) -> Area | None:
    """A box's rectangle on this card size, None when it has none (reported when drawn)."""
    try:
        return stage.rect_of(box)
    except DataError:
        return None


def _colour_of(stage: Stage, box: Box, context: Context) -> str:
    """What a box covers with: its fill (a shape) or backing (a text), `none` if clear."""
    if box.what == "shape" and box.number("opacity", 1) >= 0.9:
        return _colour(stage, box, "fill", context, "none")
    if box.what == "text" and "backing" in box.values:
        return _colour(stage, box, "backing", context, "paper")
    return "none"


MIN_CONTRAST = 4.5
"""WCAG AA for normal text: every card text against the shape it is printed on."""
MIN_GRAPHIC_CONTRAST = 3.0
"""WCAG 2.1's figure for graphics (1.4.11, non-text contrast): an icon box's icon or mark, a
suit's corner mark most often, against the shape it is drawn on."""


def _note_contrast(
    stage: Stage,
    box: Box,
    rect: Area,
    context: Context,
    drawn: Drawn,
    where: str,
    content: str = "",
) -> None:
    """Remember filled shapes as backdrops; check a text box's colour, or an icon box's when
    it draws its icon in one colour, against the last backdrop under its middle (or its own
    backing)."""
    if box.what == "shape":
        fill_colour = _colour(stage, box, "fill", context, "none")
        if fill_colour != "none" and box.number("opacity", 1) >= 0.9:
            drawn.backdrops.append((rect, fill_colour))
        return
    ink = _ink_of(stage, box, context, content)
    found = None if ink is None else _behind(stage, box, rect, context, drawn)
    if ink is None or found is None:
        return
    colour, what, least = ink
    key, behind = found
    if "none" in (colour, behind):
        return  # no colour, or a clear backing: nothing to measure
    ratio = contrast(colour, behind)
    if ratio < least:
        shown = f"{ratio:.1f}" if round(ratio, 1) < least else f"{ratio:.2f}"  # not 3.0 < 3
        drawn.contrast.append(
            f"{where}: box {box.name!r} ({box.where_set('colour', key, box.what)}): {what} "
            f"{colour} on {behind} has a contrast of {shown}:1, under {least:g}:1"
        )


def _ink_of(
    stage: Stage, box: Box, context: Context, content: str
) -> tuple[str, str, float] | None:
    """(colour, what, least contrast) of a text box, or of an icon box that draws its icon
    in one colour; None for any other box."""
    if box.what == "icon":
        if not _one_colour(stage, content):
            return _own_colour(stage, content)
        return _colour(stage, box, "colour", context, "suit.fill"), "icon", MIN_GRAPHIC_CONTRAST
    if box.what == "text":
        return _colour(stage, box, "colour", context, "ink"), "text", MIN_CONTRAST
    return None


def _behind(
    stage: Stage, box: Box, rect: Area, context: Context, drawn: Drawn
) -> tuple[str, str] | None:
    """(the key that gives it, the colour) behind a box: its own panel (`backing`), the
    colour a component drew under it (`backdrop`), else the last backdrop under its middle;
    None when there is none."""
    if "backing" in box.values or "backdrop" in box.values:
        key = "backing" if "backing" in box.values else "backdrop"
        return key, _colour(stage, box, key, context, "paper")
    cx, cy = rect.x + rect.w / 2, rect.y + rect.h / 2
    under = [c for r, c in drawn.backdrops if r.x <= cx <= r.right and r.y <= cy <= r.bottom]
    return ("colour", under[-1]) if under else None


def _one_colour(stage: Stage, name: str) -> bool:
    """Whether an icon box draws `name` in its `colour:`: a shared icon, a suit's mark, or a
    game's SVG that paints with currentColor (a file in colours of its own is drawn as it is,
    and no one colour of it can be measured)."""
    named = stage.icon_named(name)
    if named is None:
        return False
    if named not in stage.game_icons:
        return True
    path = stage.game_icons[named]
    return path.suffix.lower() == ".svg" and tinted(read_image(path), "#000000") is not None


def _own_colour(stage: Stage, name: str) -> tuple[str, str, float] | None:
    """(colour, what, least contrast) of a game's SVG icon that paints in one colour of its
    own (`fill="#2e7d32"`), measured against what is behind it: a die face's kelp icon in
    the kelp suit's own green vanished on its green face, unreported."""
    named = stage.icon_named(name)
    path = stage.game_icons.get(named) if named is not None else None
    if path is None or path.suffix.lower() != ".svg":
        return None
    own = own_colour(read_image(path))
    what = f"icon ({path.parent.name}/{path.name}'s own colour)"
    return None if own is None else (own, what, MIN_GRAPHIC_CONTRAST)


def check_drawn_texts(
    stage: Stage, svg: str, what: str, place: tuple[str, str], drawn: Drawn, card_where: str
) -> list[tuple[str, Area]]:
    """The texts a template drew itself (`drawn_text`), checked as a text box's lines are: a
    text under the design's minimum size (validate's "card text fits"), outside the safe zone
    (bad input, at `place`: the line that placed the drawing and its field), and fainter than
    4.5:1 against the drawing's own shape behind it or else the face's. `what` names the
    drawing in messages. Returns each text and where its letters are, for the boxes-hidden
    check."""
    found = drawn_text.runs(svg, stage.measure)
    pt = length("1pt")
    for run in found:
        said = f"{card_where}: {what}: text {run.text!r}"
        own = card_where.startswith(place[0])  # a back's template: its place said once
        placed = f"{what}: text {run.text!r}" if own else said
        if run.size < stage.min_size - 1e-6:
            drawn.overflows.append(
                f"{said} is {run.size / pt:.1f} pt, under the design's minimum of "
                f"{stage.min_size / pt:.1f} pt"
            )
        if not stage.in_safe_zone(run.rect, SAFE_SLACK):
            drawn.problems.append(
                Problem.at(
                    *place,
                    f"{placed} ({_show(run.rect)}) leaves the {stage.safe:g} mm safe zone of the "
                    f"{stage.what}: text and icons must stay inside it",
                )
            )
        behind = run.behind or _backdrop_under(drawn, run.rect)
        if run.faint or run.colour is None or behind is None:
            continue
        ratio = contrast(run.colour, behind)
        if ratio < MIN_CONTRAST:
            drawn.contrast.append(
                f"{said} {run.colour} on {behind} has a contrast of {ratio:.1f}:1, under "
                f"{MIN_CONTRAST}:1"
            )
    return [(run.text, run.rect) for run in found]


SAFE_SLACK = 0.05
"""mm a drawn text's measured box may pass the safe zone by (rounding of its numbers)."""


def _backdrop_under(drawn: Drawn, rect: Area) -> str | None:
    """The face's last filled shape under the middle of `rect`, if any."""
    cx, cy = rect.x + rect.w / 2, rect.y + rect.h / 2
    under = [c for r, c in drawn.backdrops if r.x <= cx <= r.right and r.y <= cy <= r.bottom]
    return under[-1] if under else None


def _rect(stage: Stage, box: Box) -> Area:
    name = str(box.get("anchor", "safe"))
    anchor = (
        stage.safe_rect
        if name == "safe"
        else anchor_rect(name, stage.width, stage.height, stage.safe, stage.bleed)
    )
    edges: dict[str, object] = {
        k: box.get(k)
        for k in ("left", "top", "right", "bottom", "width", "height")
        if k in box.values
    }
    return place(edges, anchor)


def _check_place(stage: Stage, box: Box, rect: Area) -> None:
    size = stage.what
    if rect.w <= 0 or rect.h <= 0:
        raise _problem(
            box.place_where(),
            box.name,
            f"the box has no room on a {size} ({rect.w:.1f} x {rect.h:.1f} mm)",
        )
    bleed = anchor_rect("bleed", stage.width, stage.height, stage.safe, stage.bleed)
    if not rect.inside(bleed):
        raise _problem(
            box.place_where(), box.name, f"the box ({_show(rect)}) is outside the {size}"
        )
    if box.what in ("text", "icon") and not stage.in_safe_zone(rect):
        raise _problem(
            box.place_where(),
            box.name,
            f"the box ({_show(rect)}) leaves the {stage.safe:g} mm safe zone of "
            f"the {size}: text and icons must stay inside it",
        )


def _check_overlaps(placed: list[tuple[Box, Area]], stage: Stage) -> list[Problem]:
    """A text or icon box over an art box, named at the line that put one over the other: the
    text box's place, unless the game's design moved only the art (then the art's line)."""
    art = [(b, r) for b, r in placed if b.what == "image"]
    problems = []
    size = f"{stage.width:g} x {stage.height:g} mm card"
    for box, rect in placed:
        if box.what not in ("text", "icon") or (box.get("over_art") and box.get("backing")):
            continue
        for image, area in art:
            if image.get("background") or not rect.overlaps(area):
                continue
            fix = "move one, or set over_art: true with a backing colour"
            if box.placed_by_default() and not image.placed_by_default():
                where, name = image.place_where(), image.name
                message = (
                    f"the art box overlaps the {box.what} box {box.name!r} (where the default "
                    f"design puts it) on a {size}; {fix}"
                )
            else:
                where, name = box.place_where(), box.name
                message = (
                    f"the {box.what} box overlaps the art box {image.name!r} "
                    f"({image.place_named()}) on a {size}; {fix}"
                )
            problems.append(Problem.at(where, f"box {name}", message))
    return problems


def _show(rect: Area) -> str:
    return f"x {rect.x:.1f} to {rect.right:.1f}, y {rect.y:.1f} to {rect.bottom:.1f} mm"


def _draw_box(
    stage: Stage,
    box: Box,
    rect: Area,
    content: str,
    context: Context,
    drawn: Drawn,
    card: Where,
) -> str:
    card_where = card.text
    if box.what in BOARD_KINDS:
        return _board(stage, box, rect, context, drawn, card)
    if box.what == "shape":
        return _shape(stage, box, rect, context)
    if box.what == "text":
        return _text(stage, box, rect, content, context, drawn, card)
    if box.what == "icon":
        named = stage.icon_named(content)
        if named is None:
            if box.get("optional"):
                return ""
            on_card = f"{card_where}: " if "{" in box.source else ""  # else the same on every card
            close = did_you_mean(content, stage.icon_names)
            raise _problem(
                box.where(),
                box.name,
                f"{on_card}unknown icon {content!r}{close or own_icon_hint(content)} "
                f"(known: {', '.join(sorted(stage.icon_names))})",
            )
        colour = _colour(stage, box, "colour", context, "suit.fill")
        side = min(rect.w, rect.h)
        return icon_svg(stage, named, rect.x + rect.w / 2, rect.y + rect.h / 2, side, colour)
    if box.what == "image":
        return _image(stage, box, rect, content, card_where, drawn)
    return _component(stage, box, rect, content, context)


def _unknown_icons(
    box: Box, names: list[str], context: Context, card: Where, known: frozenset[str]
) -> list[Problem]:
    """One problem for each inline `:name:` no icon has: at the box's line when the design's
    own text wrote it (`Cost {{ cost }} :coin:`, the same on every card), else at the card's
    cell of each column that holds it (`cards.csv:7: column 'text'`), with a did-you-mean."""
    shown = [f":{n}:" for n in sorted(known)]
    problems = []
    for name in dict.fromkeys(names):
        token = f":{name}:"
        close = did_you_mean(name, known, ":{}:")
        message = f"unknown icon {token!r}{close or own_icon_hint(name)}"
        if token in box.source:
            problems.append(
                Problem.at(box.where(), f"box {box.name}", f"{message} (known: {_few(shown)})")
            )
            continue
        columns: list[str | None] = list(_holding(token, card.columns, context))
        printer = box.where_set(box.what)  # the designer's line of a default box restyled
        printer = "the default design's" if box.by_default(printer) else printer
        for column in columns or [None]:
            field = f"column {card.header(column)!r}" if column else f"box {box.name}"
            problems.append(
                Problem.at(
                    card.where(column),
                    field,
                    f"{message} (printed by box {box.name!r}, {printer}; known: {_few(shown)})",
                )
            )
    return problems


def _holding(token: str, columns: Sequence[str], context: Context) -> list[str]:
    """The columns whose cell holds `token`, as written: a face in another language reads
    `effect` from `effect_fr` (the same text in both), and only `effect_fr` wrote it."""
    found = [c for c in columns if token in str(context.get(c, ""))]
    return [c for c in found if not any(_translates(d, c, context) for d in found)]


def _translates(column: str, base: str, context: Context) -> bool:
    """Whether `column` is `base`'s translation (`effect_fr` of `effect`, not `effect_extra`)
    whose text `base` shows on this face."""
    named = TRANSLATION.fullmatch(column)
    return named is not None and named.group(1) == base and context.get(column) == context.get(base)


def _few(names: list[str]) -> str:
    """At most twelve names, for a message that lists what is known."""
    more = f" and {len(names) - 12} more" if len(names) > 12 else ""
    return (", ".join(names[:12]) or "none") + more


def _colour(stage: Stage, box: Box, key: str, context: Context, default: str) -> str:
    return _colour_value(stage, box, key, box.get(key, default), context)


def _colour_value(stage: Stage, box: Box, key: str, value: object, context: Context) -> str:
    """The colour `value` names (written at `box`'s `key`), filled from `context` first."""
    if isinstance(value, str) and "{" in value:
        value = fill(value, context, box.where(key), box.name)
    colour = stage.colours.resolve(value, tones_of(context))
    if colour is None:
        raise _problem(box.where(key), box.name, unknown_colour(stage, value))
    return colour


def unknown_colour(stage: Stage, value: object) -> str:
    """What to say of a colour name `stage`'s palette does not know."""
    tones = [f"{s}.{t}" for s in ("suit", *stage.colours.suits) for t in TONES]
    return (
        f"unknown colour {value!r}{did_you_mean(str(value), [*stage.colours.named, *tones])}"
        f"; use #rrggbb, a palette name ({', '.join(sorted(stage.colours.named))}), "
        "suit.fill/dark/light/ink/mark or SUIT.TONE"
    )


def _board(
    stage: Stage,
    box: Box,
    rect: Area,
    context: Context,
    drawn: Drawn,
    card: Where,
) -> str:
    """A grid or a track: its outlines, then the boxes its cells and spaces hold (a label, an
    icon, a component, a number), each drawn and checked as a box of the face is."""

    def colour(key: str, value: object) -> str:
        return _colour_value(stage, box, key, value, context)

    def filled(text: object, names: Context, where: str) -> str:
        return fill(text, names, where, box.name)

    from printgen.render.faces import board_draw  # start-up time: the grid and track layouts

    try:
        laid = board_draw.lay_out(box, rect, context, colour, filled)
    except (LayoutError, ValueError) as exc:
        raise _problem(box.where(box.what), box.name, str(exc)) from None
    drawn.backdrops += laid.backdrops
    drawn.cells, drawn.outlines = laid.cells, laid.outlines
    parts = [laid.svg]
    for sub, where, extra in laid.boxes:
        names = {**context, **extra}
        content = fill(sub.source, names, sub.where(), sub.name, sub.what == "text")
        if sub.what in ("text", "icon") and not unquoted(content).strip():
            continue
        if sub.what == "icon":  # a suit's icon in its suit's colours (`suit.fill`)
            names["tones"] = stage.colours.tones(stage.icon_named(content) or content)
        _check_place(stage, sub, where)
        parts.append(_draw_box(stage, sub, where, content, names, drawn, card))
        _note_contrast(stage, sub, where, names, drawn, card.text, content)
    return "\n".join(parts)


def _shape(stage: Stage, box: Box, rect: Area, context: Context) -> str:
    fill_c = _colour(stage, box, "fill", context, "none")
    stroke = _colour(stage, box, "stroke", context, "none")
    width = length(box.get("stroke_width", 0.4))
    extra = f' stroke="{stroke}" stroke-width="{n(width)}"' if stroke != "none" else ""
    if "opacity" in box.values:
        extra += f' opacity="{n(box.number("opacity", 1))}"'
    if "dash" in box.values:  # dashes of that length, gaps two thirds of it
        dash = length(box.get("dash"))
        extra += f' stroke-dasharray="{n(dash)} {n(dash * 2 / 3)}"'
    if box.get("shape") == "line":  # along the middle of the box, the long way
        if rect.w >= rect.h:
            y = rect.y + rect.h / 2
            ends = f'x1="{n(rect.x)}" y1="{n(y)}" x2="{n(rect.right)}" y2="{n(y)}"'
        else:
            x = rect.x + rect.w / 2
            ends = f'x1="{n(x)}" y1="{n(rect.y)}" x2="{n(x)}" y2="{n(rect.bottom)}"'
        return f"<line {ends}{extra}/>"
    if box.get("shape") == "ellipse":
        return (
            f'<ellipse cx="{n(rect.x + rect.w / 2)}" cy="{n(rect.y + rect.h / 2)}" '
            f'rx="{n(rect.w / 2)}" ry="{n(rect.h / 2)}" fill="{fill_c}"{extra}/>'
        )
    if box.get("shape") == "hex":
        return f'<path d="{_hexagon(stage, rect).svg_path()}" fill="{fill_c}"{extra}/>'

    radius = length(box.get("radius", 0), min(rect.w, rect.h))
    rx = f' rx="{n(radius)}"' if radius else ""
    return (
        f'<rect x="{n(rect.x)}" y="{n(rect.y)}" width="{n(rect.w)}" height="{n(rect.h)}"'
        f'{rx} fill="{fill_c}"{extra}/>'
    )


def _hexagon(stage: Stage, rect: Area) -> Outline:
    """The largest hexagon in `rect`, turned as the piece's are (flat-top on a card)."""
    corner_up = stage.shape is not None and stage.shape.corner_up
    if corner_up:
        flats = min(rect.w, rect.h * math.sqrt(3) / 2)
    else:
        flats = min(rect.h, rect.w * math.sqrt(3) / 2)
    middle = LPoint(rect.x + rect.w / 2, rect.y + rect.h / 2)
    return Shape.hexagon(flats, corner_up).outline(middle)


def _size(box: Box, key: str, default: str) -> float:
    value = box.get(key, default)
    return length(value if isinstance(value, str) else f"{value}pt")


def _text(
    stage: Stage,
    box: Box,
    rect: Area,
    content: str,
    context: Context,
    drawn: Drawn,
    card: Where,
) -> str:
    card_where = card.text
    role = str(box.get("font", "body"))
    family = stage.families.get(role, "Lato")
    bold = bool(box.get("bold", False))
    leading = box.number("leading", LEADING)
    lines = box.get("lines")
    # a title (a box that caps its lines) breaks between words, never to fill a line's end
    features = merged(stage.features.get(role, ()), feature_list(str(box.get("features", ""))))
    spacing = letter_spacing(box.get("letter_spacing", 0))  # checked by spec.py
    layout = Layout(
        family,
        stage.measure,
        stage.language,
        zone=lines is None,
        features=features,
        spacing=spacing,
    )
    extents = line_extents(stage.measure, Font(family, bold))
    outer, rect = rect, _padded(box, rect)
    chosen = _fitted(stage, box, rect, content, context, layout, extents)
    printed = content if chosen is None else chosen[1]  # a `shorter:` text, when one is
    named = dict.fromkeys([*icons_in(content), *icons_in(printed)])
    unknown = [name for name in named if name not in stage.icon_names]
    if unknown:  # drawn as text meanwhile, so every card's can be listed (draw_face raises)
        drawn.problems += _unknown_icons(box, unknown, context, card, stage.icon_names)
    if chosen is None:  # `optional: true`, and not even its shortest text fits: left off
        return ""
    block = chosen[0]
    _note_fit(box, block, lines is None, card_where, drawn)
    colour = _colour(stage, box, "colour", context, "ink")
    parts = _backing(stage, box, outer, context)
    marked = _turn_marked(box, printed)
    spaced = spacing[0] * block.size + spacing[1]
    lines, drawn.ink = _lines(
        stage, block, rect, family, bold, colour, box, leading, extents, marked, features, spaced
    )
    parts.append(lines)
    return "".join(parts)


def _fitted(
    stage: Stage,
    box: Box,
    rect: Area,
    content: str,
    context: Context,
    layout: Layout,
    extents: tuple[float, float],
) -> tuple[Block, str] | None:
    """The text set in `rect` at the largest size that fits down to the minimum, and that
    text; when it does not fit even so, the first of the box's `shorter:` texts that does (a
    version stamp without its version on a token too small for both); None when none fits
    and the box is `optional: true` (nothing printed rather than a cut text)."""
    size = _size(box, "size", DEFAULT_SIZE)
    # a box's own minimum (never under 6 pt: spec.py refuses it) stands for the design's
    low = _size(box, "min_size", "6pt") if "min_size" in box.values else stage.min_size
    lines = box.get("lines")

    def fitted(text: str) -> Block:
        return fit(
            text,
            layout,
            rect.w,
            rect.h,
            max(size, low),
            low,
            leading=box.number("leading", LEADING),
            max_lines=None if lines is None else int(box.number("lines", 0)),
            extents=extents,
            bold=bool(box.get("bold", False)),
            icons=stage.icon_names,
            upper=bool(box.get("upper")),
        )

    block = fitted(content)
    for template in _shorter(box) if not block.fits else []:
        text = fill(template, context, box.where("shorter"), box.name, True)
        if unquoted(text).strip() and (tried := fitted(text)).fits:
            return tried, text
    return None if not block.fits and box.get("optional") else (block, content)


def _shorter(box: Box) -> list[object]:
    """A text box's `shorter:` texts, in the order they are tried."""
    given = box.get("shorter")
    return list(given) if isinstance(given, list) else [] if given is None else [given]


def _backing(stage: Stage, box: Box, outer: Area, context: Context) -> list[str]:
    """A text box's own panel (`backing:`) over its whole box, padding included."""
    if "backing" not in box.values:
        return []
    backing = _colour(stage, box, "backing", context, "paper")
    return [
        f'<rect x="{n(outer.x)}" y="{n(outer.y)}" width="{n(outer.w)}" '
        f'height="{n(outer.h)}" rx="1" fill="{backing}"/>'
    ]


def _turn_marked(box: Box, content: str) -> bool:
    """Whether a text gets a bar under it: it reads as another turned round (a 6, a 9) and
    the box is mirrored (unless it says `turn_mark: false`) or says `turn_mark: true` (a die's
    face, which lands any way up)."""
    asked = box.get("turn_mark", bool(box.get("mirror")))
    return bool(asked) and turned.reads_as_another(unquoted(content))


def _note_fit(box: Box, block: Block, zoned: bool, card_where: str, drawn: Drawn) -> None:
    """Note a text cut at its minimum size (`overflows`), and a paragraph of a box that does
    not cap its lines (`zoned`) ending on a one-word line however it is broken (`runts`)."""
    if not block.fits:
        whose = "box's" if "min_size" in box.values else "design's"
        what = (
            "it prints whole, over the box's top and bottom (a taller box holds it)"
            if block.spills
            else "it was cut"
        )
        place = box.where_set(box.what, "size", "min_size")
        place = "the default design's" if box.by_default(place) else place
        drawn.overflows.append(
            f"{card_where}: box {box.name!r} ({place}): the text does not fit at "
            f"{block.size / length('1pt'):.1f} pt, the {whose} minimum; {what}"
        )
    if block.runts and zoned:
        drawn.runts.append(
            f"{card_where}: box {box.name!r} ({box.where_set(box.what)}): the last line "
            "is one word however the lines are broken (a word more or less, or a wider "
            "box, mends it)"
        )


BACKING_PADDING = 1.0
"""mm between a backing's ends and its text unless the box says `padding:` (the backing's
corners are rounded by 1 mm): letters set to the very end of a band look cut off. Above and
below, a line's own ascent and descent leave room, and a short band keeps its height."""


def _padded(box: Box, rect: Area) -> Area:
    """Where a text box sets its lines: `padding:` inside each edge, at most a quarter of
    the box; by default none, or BACKING_PADDING at both ends when it has a backing."""
    if "padding" in box.values:
        pad = length(box.get("padding"), min(rect.w, rect.h))
        pad = max(0.0, min(pad, rect.w / 4, rect.h / 4))
        return rect.inset(pad)
    if "backing" in box.values:
        pad = min(BACKING_PADDING, rect.w / 4)
        return Area(rect.x + pad, rect.y, rect.w - 2 * pad, rect.h)
    return rect


def line_extents(measure: Measure, font: Font) -> tuple[float, float]:
    """A line's ascent and descent in ems as a text box sets it: at least an em in all."""
    ascent, descent = measure.extents(font)
    return max(ascent, 1.0 - descent), descent


def _lines(
    stage: Stage,
    block: Block,
    rect: Area,
    family: str,
    bold: bool,
    colour: str,
    box: Box,
    leading: float,
    extents: tuple[float, float],
    marked: bool = False,
    features: tuple[tuple[str, int], ...] = (),
    spacing: float = 0.0,
) -> tuple[str, Area | None]:
    """The lines' SVG, each with a bar under it when `marked` (a number that turned reads as
    another, `turned`), and where their letters are (None for no line): from the first line's
    capitals to the last one's baseline (a bar under a 6 or a 9 hides no letter). `spacing`
    (mm) follows each character, as the lines were measured (`letter_spacing:`)."""
    size = block.size
    total = height_of(len(block.lines), size, leading, extents)
    valign, align = str(box.get("valign", "middle")), str(box.get("align", "center"))
    top = {"top": rect.y, "middle": rect.y + (rect.h - total) / 2, "bottom": rect.bottom - total}[
        valign
    ]
    family_attr = quoteattr(family)
    if features:
        family_attr += f" font-feature-settings={quoteattr(features_attribute(features))}"
    pen = _Pen(family, family_attr, size, colour, spacing, bold)
    out: list[str] = []
    spans: list[tuple[float, float]] = []
    for i, line in enumerate(block.lines):
        baseline = top + extents[0] * size + i * leading * size
        start = {
            "left": rect.x,
            "center": rect.x + (rect.w - line.width) / 2,
            "right": rect.right - line.width,
        }[align]
        if line.width > 0:
            spans.append((start, start + line.width))
            if marked:
                out.append(turned.bar(start, start + line.width, baseline, size, colour))
        out += _line_svg(stage, line, start, baseline, pen)
    if not spans:
        return "".join(out), None
    left, right = min(s for s, _ in spans), max(e for _, e in spans)
    first = top + extents[0] * size - min(extents[0], CAP_EM) * size  # the letters' tops
    baseline = top + extents[0] * size + (len(block.lines) - 1) * leading * size  # the last
    return "".join(out), Area(left, first, right - left, baseline - first)


@dataclass(frozen=True)
class _Pen:
    """How a block's lines are written (`_lines`): font, size, colour, letter spacing."""

    family: str
    family_attr: str  # the quoted family, with its OpenType features
    size: float
    colour: str
    spacing: float
    bold: bool


def _line_svg(stage: Stage, line: Line, start: float, baseline: float, pen: _Pen) -> list[str]:
    """One line's icons, then its runs of text: the words of one style joined into one run,
    as measured."""
    out: list[str] = []
    runs: list[tuple[float, str, bool, bool]] = []
    for placed in line.pieces:
        piece = placed.piece
        x = start + placed.x
        if piece.icon is not None:
            side = ICON_EM * pen.size
            top = baseline - side / 2 + 0.04 * pen.size
            out.append(icon_svg(stage, piece.icon, x + side / 2, top, side * 0.92, pen.colour))
        elif placed.joins and runs:
            last = runs[-1]
            runs[-1] = (last[0], last[1] + " " + piece.text, last[2], last[3])
        else:
            runs.append((x, piece.text, piece.bold or pen.bold, piece.italic))
    return out + [
        _run_svg(pen, x, text, weight, italic, baseline) for x, text, weight, italic in runs
    ]


def _run_svg(pen: _Pen, x: float, text: str, weight: bool, italic: bool, baseline: float) -> str:
    """A run of text in one style; a bold or italic the font lacks is made (`embolden`,
    `oblique`)."""
    size, spacing = pen.size, pen.spacing
    if weight and needs_bold(pen.family, italic):  # the regular face, stroked (`embolden`)
        weight, extra = False, embolden(text, size, pen.colour, spacing)
        x += EMBOLDEN_EM * size / 2  # the stroke's outer half starts where measured
    else:
        extra = f' letter-spacing="{n(spacing, 4)}"' if spacing else ""
    attrs = ' font-weight="bold"' if weight else ""
    attrs += ' font-style="italic"' if italic else ""
    if italic and needs_oblique(pen.family, weight):
        attrs += oblique(baseline)
    attrs += extra
    return (
        f'<text x="{n(x)}" y="{n(baseline)}" font-family={pen.family_attr}{attrs} '
        f'font-size="{n(size)}" fill="{pen.colour}">{escape(text)}</text>'
    )


SLANT = math.tan(math.radians(OBLIQUE_DEGREES))


def embolden(text: str, size: float, colour: str, spacing: float = 0.0) -> str:
    """A synthesized bold's attributes: the regular face's outlines stroked in the fill's
    colour (thicker by `EMBOLDEN_EM`, half each side) and its letters spaced apart by as much
    (and by the box's own `spacing`, mm), so each sits where `Layout.advance` measured it (as
    fontconfig and browsers embolden a face that has no bold)."""
    width = EMBOLDEN_EM * size
    apart = f' letter-spacing="{n(width + spacing, 4)}"' if len(text) > 1 or spacing else ""
    return f' stroke="{colour}" stroke-width="{n(width, 4)}" stroke-linejoin="round"{apart}'


def oblique(baseline: float) -> str:
    """The transform that slants a text about its baseline, as a synthesized oblique is
    drawn: every letter keeps the place it was measured at on the baseline (the advances are
    the upright face's, the face drawn) and leans right above it."""
    return f' transform="matrix(1 0 {n(-SLANT, 5)} 1 {n(SLANT * baseline, 5)} 0)"'


def icon_svg(stage: Stage, name: str, cx: float, cy: float, side: float, colour: str) -> str:
    """An icon centred on (cx, cy), `side` mm square: the game's own file (SVG or PNG, drawn
    as it is, but for `currentColor` in an SVG, which is `colour`), a shared icon drawn in
    `colour`, or else, for a suit with neither, its fallback mark in `colour`."""
    x, y = cx - side / 2, cy - side / 2
    if name in stage.game_icons:
        href = quoteattr(_icon_href(stage.game_icons[name], colour))
        return (
            f'<image href={href} x="{n(x)}" y="{n(y)}" width="{n(side)}" '
            f'height="{n(side)}" preserveAspectRatio="xMidYMid meet"/>'
        )
    if name not in stage.shared_icons and name in stage.suit_marks:
        return marks.mark_svg(stage.suit_marks[name], cx, cy, side, colour)
    return str(stage.icons.icon(name, cx, cy, side, colour))


def _icon_href(path: Path, colour: str) -> str:
    """`_icon_href_of` the file as it is now (kept once a process while it is unchanged)."""
    return _icon_href_of(path, colour, signature(path))


@cache
def _icon_href_of(path: Path, colour: str, version: object) -> str:
    """A game's icon file as an <image> reads it. An SVG that paints with `currentColor` is
    given `colour` as its colour (the suit's colour in a corner, the text's inline), as a
    designer drawing a one-colour icon means; a file without it is drawn as it is. A
    `color` the file's own <svg> sets is kept."""
    if path.suffix.lower() != ".svg":
        return file_url(path)
    coloured = tinted(read_image(path), colour)
    if coloured is None:
        return file_url(path)

    return f"data:image/svg+xml;base64,{base64.b64encode(coloured).decode()}"


def _image(stage: Stage, box: Box, rect: Area, content: str, card_where: str, drawn: Drawn) -> str:
    literal = "{" not in box.source  # a design's own file: its line, not each card's
    where = box.where() if literal and not card_where.startswith(box.where()) else card_where
    path = resolve_asset(content, stage.folder, [stage.folder], f"{where}: box {box.name}")
    fit_mode = box.get("fit", "cover")
    found = dpi_at(path, str(fit_mode), (rect.w, rect.h))
    if found is not None and found[0] < PRINT_DPI - 0.5:
        dpi, w, h = found
        placed = box.place_where()  # a game that moved or resized the box: its line
        at = "" if card_where.startswith(placed) else f"{placed}; "  # a back names it
        drawn.low_res.append(
            (
                dpi,
                f"{card_where}: {content} prints at {dpi:.0f} dpi in box {box.name!r} "
                f"({at}{w} x {h} px in {rect.w:.1f} x {rect.h:.1f} mm)",
            )
        )
    if box.get("background") and (average := average_colour(path)) is not None:
        drawn.backdrops.append((rect, average))  # what the words printed on it are read against
    aspect = "xMidYMid slice" if fit_mode == "cover" else "xMidYMid meet"
    href = file_url(path)
    try:
        if fit_mode == "cover" and path.suffix.lower() != ".svg":
            href, aspect = cropped(path, rect.w / rect.h, (rect.w, rect.h)), "none"
        else:
            decodes(path)
            if path.suffix.lower() != ".svg":  # more pixels than the box needs: fewer
                href = scaled(path, (rect.w, rect.h)) or href
    except RenderError as exc:
        raise _problem(card_where, box.name, f"image {content!r}: {exc}") from None
    radius = length(box.get("radius", 0), min(rect.w, rect.h))
    clip = f"clip-{box.name}"
    return (
        f'<clipPath id="{clip}"><rect x="{n(rect.x)}" y="{n(rect.y)}" width="{n(rect.w)}" '
        f'height="{n(rect.h)}" rx="{n(radius)}"/></clipPath>'
        f'<image href={quoteattr(href)} x="{n(rect.x)}" y="{n(rect.y)}" '
        f'width="{n(rect.w)}" height="{n(rect.h)}" preserveAspectRatio="{aspect}" '
        f'clip-path="url(#{clip})"/>'
    )


def _component(
    stage: Stage,
    box: Box,
    rect: Area,
    name: str,
    context: Context,
) -> str:
    params = {}
    for key, value in box.mapping("with").items():
        params[str(key)] = (
            fill(value, context, box.where("with"), box.name) if isinstance(value, str) else value
        )
    template = f"components/{name}.svg.j2"
    try:
        found = stage.template(template)
    except jinja2.TemplateNotFound:
        known = [t.removesuffix(".svg.j2") for t in template_files(stage.folder, "components")]
        raise _problem(
            box.where(),
            box.name,
            f"unknown component {name!r}{did_you_mean(name, known)} (no {template} in "
            "the game's templates/ or the shared ones)",
        ) from None
    except jinja2.TemplateSyntaxError as exc:
        file = display_path(exc.filename or template)
        raise RenderError(
            f"{box.where()}: component {name!r}: {file}:{exc.lineno}: template error: {exc.message}"
        ) from None
    drawing = {"box": rect, "params": params, "colours": stage.colours, "shapes": shapes}
    drawing |= {"icon": _icon_of(stage), "badge": _badge_of(stage)}
    try:
        return found.render({**context, **drawing})
    except jinja2.UndefinedError as exc:
        given = ", ".join(sorted(params)) or "nothing"
        raise RenderError(
            f"{box.where()}: component {name!r}: {template_place(exc, found)}: {exc.message} "
            f"(its values come from the box's with:, which gives {given})"
        ) from None
    except jinja2.TemplateError as exc:
        raise RenderError(
            f"{box.where()}: component {name!r}: {template_place(exc, found)}: {exc.message}"
        ) from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:  # a value of the
        raise _problem(  # wrong kind in `with:` (a word where the template does sums)
            box.where("with") if "with" in box.values else box.where(),
            box.name,
            f"component {name!r} cannot be drawn with these values ({exc})",
        ) from None


def _icon_of(stage: Stage) -> Callable[..., Markup]:
    """`icon(name, x, y, size, colour)` for a component: as a box draws it (the game's own
    file, a shared icon, or a suit's fallback mark), so a component shows a designer's
    suits, not the shared element icons alone."""

    def icon(name: str, x: float, y: float, size: float, colour: str) -> Markup:
        named = stage.icon_named(str(name)) or str(name)
        return Markup(icon_svg(stage, named, x, y, size, colour))

    return icon


def _badge_of(stage: Stage) -> Callable[..., Markup]:
    """`badge(name, x, y, size, tones, ring=none)`: the suit's icon on a disc of its fill."""
    icon = _icon_of(stage)

    def badge(
        name: str,
        x: float,
        y: float,
        size: float,
        tones: Mapping[str, object],
        ring: str | None = None,
    ) -> Markup:
        outline = f' stroke="{ring}" stroke-width="{n(size * 0.06)}"' if ring else ""
        disc = (
            f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(size / 2)}" fill="{tones["fill"]}"{outline}/>'
        )
        return Markup(disc + "\n") + icon(name, x, y, size * 0.6, tones["ink"])

    return badge


def render_template_at(stage: Stage, name: str, context: Context, where: str) -> str:
    """A template of the game's (or a shared one) named by a design at `where`, rendered; a
    mistake in it (bad syntax, an undefined name, a sum on a word) is bad input naming the
    template's file and line, not an internal error."""
    try:
        found = stage.template(name)
    except jinja2.TemplateSyntaxError as exc:
        file = display_path(exc.filename or name)
        raise RenderError(f"{where}: {file}:{exc.lineno}: template error: {exc.message}") from None
    try:
        return found.render(**context)
    except jinja2.TemplateError as exc:
        raise RenderError(f"{where}: {template_place(exc, found)}: {exc.message}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
        raise RenderError(
            f"{where}: {template_place(exc, found)}: {type(exc).__name__}: {exc}"
        ) from None


def template_files(game_folder: Path, under: str = "") -> list[str]:
    """The templates a design can name from a folder of the game's `templates/` and the
    shared `templates/common/` (`deck-back.svg.j2`; under `components`, a component's template):
    what a misspelt name is compared with."""
    folders = [game_folder / "templates" / under, templates_dir() / "common" / under]
    return sorted(
        {p.name for folder in folders if folder.is_dir() for p in folder.glob("*.svg.j2")}
    )


@cache
def decodes(path: Path) -> None:
    """RenderError unless the picture at `path` can be drawn (checked once a process)."""
    check_decodes(read_image(path), path)
