"""Grid and track boxes laid out for drawing: their cells' and spaces' outlines as SVG, and
the small boxes they hold (a cell's label, icon or component, a space's number), which the
design's renderer draws as it draws any box (`printgen.render.faces.draw`), so their text
is fitted, checked for size, contrast and the safe zone, and their icons resolved the same
way. Nothing here reads a file or a font.

A grid box: `grid: {shape, columns, rows, size}`, and `fill` (every cell), `alternate` (every
second cell, a checkerboard), `stroke`, `stroke_width`, `coordinates: true` (each cell's name,
"C3", small in its top corner), `labels: {C3: Nest}` (a text in a cell), `font`, `bold`,
`colour` and `label_size` for those texts, and `cells:` rules in order, a later one over an
earlier one: `{at: C3 | [A1, B2] | "{{ item.cell }}", each: LIST, fill, stroke, icon, text,
colour, component, with}`; with `each:` a rule is applied once for each item of a list the
part is given (an engine's values, such as a board's gates), `item` naming it.

A track box: `track: {spaces, first, size}`, and `fill`, `mark` (the fill of every fifth
space), `stroke`, `stroke_width`, `font`, `bold`, `colour`, `label_size` for the numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from printgen.layout.geometry import Point
from printgen.layout.grid import Cell, Grid, place_grid
from printgen.layout.track import Space, lay_track
from printgen.layout.units import length
from printgen.render.draw.svg import number as n
from printgen.render.faces.boardbox import grid_of, track_of
from printgen.render.faces.context import Context
from printgen.render.faces.geometry import Area
from printgen.render.faces.spec import Box, Value

Colour = Callable[[str, object], str]
"""(the box's key it is for, a value) -> the colour it names, #rrggbb or none."""
Fill = Callable[[object, Context, str], str]
"""(a template text, the names it reads, where it was written) -> the text filled."""

ICON_SHARE = 0.42
"""Of a cell with an icon and a text, the top share the icon takes; the text is under it."""
LABEL_SIZE = "9pt"
COORDINATE_SIZE = "6pt"
NUMBER_SIZE = "10pt"


@dataclass
class Laid:
    """A grid or track ready to draw: its outlines, the filled shapes text is read against,
    and the boxes it holds, each with its rectangle and the names its templates read."""

    svg: str
    backdrops: list[tuple[Area, str]] = field(default_factory=list)
    boxes: list[tuple[Box, Area, Context]] = field(default_factory=list)
    cells: list[tuple[str, Area]] = field(default_factory=list)
    """Each cell or space by name (`cell F4`, `space 40`) and the room inside it: what a
    later box must not print its letters over (validate's hidden boxes)."""
    outlines: list[tuple[str, tuple[Point, ...]]] = field(default_factory=list)
    """Each cell or space by name and its corners on the face: what another grid or track
    must not cross (validate's hidden boxes)."""


def lay_out(box: Box, rect: Area, context: Context, colour: Colour, filled: Fill) -> Laid:
    """The box's grid or track in `rect` (LayoutError when it does not fit, ValueError for a
    cell rule that names no cell)."""
    if box.what == "grid":
        return _grid(box, rect, context, colour, filled)
    return _track(box, rect, colour)


def _sub(box: Box, name: str, what: str, values: Context) -> Box:
    """A box inside `box`: named after it and written where it was."""
    where = box.where(box.what)
    return Box(f"{box.name} {name}", what, {k: Value(v, where) for k, v in values.items()})


def _text_style(box: Box, size_default: str) -> Context:
    style: Context = {"align": "center", "valign": "middle"}
    style["size"] = box.get("label_size", size_default)
    for key in ("font", "bold", "colour"):
        if key in box.values:
            style[key] = box.get(key)
    return style


def _polygon(
    points: tuple[Point, ...], dx: float, dy: float, fill: str, stroke: str, width: float
) -> str:
    path = " ".join(f"{n(p.x + dx)},{n(p.y + dy)}" for p in points)
    extra = (
        f' stroke="{stroke}" stroke-width="{n(width)}" stroke-linejoin="round"'
        if stroke != "none"
        else ""
    )
    return f'<polygon points="{path}" fill="{fill}"{extra}/>'


def _paint(box: Box, colour: Colour, second: str) -> tuple[str, str, str, float]:
    """A grid's or track's fill, its second fill (`alternate` cells, `mark`ed spaces; the
    fill when not given), its line colour and width."""
    base = colour("fill", box.get("fill", "none"))
    other = colour(second, box.get(second)) if second in box.values else base
    stroke = colour("stroke", box.get("stroke", "ink"))
    return base, other, stroke, length(box.get("stroke_width", 0.3))


def _grid(box: Box, rect: Area, context: Context, colour: Colour, filled: Fill) -> Laid:
    spec = grid_of(_filled_numbers(box.get("grid"), context, filled, box.where(box.what)))
    grid = place_grid(spec, rect.w, rect.h)
    base, other, stroke, width = _paint(box, colour, "alternate")
    rules = _cell_rules(box, grid, context, filled)
    labels = {str(k).upper(): v for k, v in box.mapping("labels").items()}
    for name in labels:  # a label out of the grid printed nowhere, unsaid
        if grid.named(name) is None:
            raise ValueError(f"labels: {_no_cell(grid, name)}")
    laid = Laid("")
    parts = []
    for cell in grid.cells:
        rule = rules.get(cell.name, {})
        plain = other if (cell.column + cell.row) % 2 else base
        fill = colour("cells", rule["fill"]) if "fill" in rule else plain
        line = colour("cells", rule["stroke"]) if "stroke" in rule else stroke
        parts.append(_polygon(cell.corners, rect.x, rect.y, fill, line, width))
        laid.outlines.append((f"cell {cell.name}", _moved(cell.corners, rect)))
        inner = _inner(grid, cell, rect)
        if fill != "none":
            laid.backdrops.append((inner, fill))
        laid.cells.append((f"cell {cell.name}", _room(grid, cell, rect, inner)))
        laid.boxes += _cell_boxes(box, grid, cell, rect, rule, labels.get(cell.name))
    laid.svg = "\n".join(parts)
    return laid


def _filled_numbers(value: object, context: Context, filled: Fill, where: str) -> object:
    """A grid whose `columns` or `rows` are templates (`"{{ size }}"`: the engine's board)
    with them filled, as whole numbers when they read as one."""
    if not isinstance(value, dict):
        return value
    done = dict(value)
    for key in ("columns", "rows"):
        item = done.get(key)
        if isinstance(item, str) and "{" in item:
            text = filled(item, context, where)
            done[key] = int(text) if text.strip().isdigit() else text
    return done


def _inner(grid: Grid, cell: Cell, rect: Area) -> Area:
    """The rectangle inside a cell that its label and icon take: most of a square, the
    middle of a hexagon (clear of its slanted sides)."""
    if grid.spec.shape == "square":  # most of a square, less a share of its shorter side
        pad = grid.size * 0.07
        w, h = grid.cell_w - 2 * pad, grid.cell_h - 2 * pad
    else:
        w, h = grid.size * 0.72, grid.size * 0.62
    return Area(rect.x + cell.centre.x - w / 2, rect.y + cell.centre.y - h / 2, w, h)


def _room(grid: Grid, cell: Cell, rect: Area, inner: Area) -> Area:
    """A cell's room for the pieces laid on it: a square cell whole, a hexagon's middle
    (its box's corners are its neighbours')."""
    if grid.spec.shape != "square":
        return inner
    w, h = grid.cell_w, grid.cell_h
    return Area(rect.x + cell.centre.x - w / 2, rect.y + cell.centre.y - h / 2, w, h)


def _cell_boxes(
    box: Box, grid: Grid, cell: Cell, rect: Area, rule: Context, label: object
) -> list[tuple[Box, Area, Context]]:
    """The boxes a cell holds: its component, its icon over its text, its coordinates."""
    found = []
    extra: Context = {"cell": {"name": cell.name, "column": cell.column + 1, "row": cell.row + 1}}
    if "item" in rule:  # an `each:` rule's item; else the part's own
        extra["item"] = rule["item"]
    inner = _inner(grid, cell, rect)
    if "component" in rule:
        w, h = grid.cell_w, grid.cell_h
        square = Area(rect.x + cell.centre.x - w / 2, rect.y + cell.centre.y - h / 2, w, h)
        values = {"component": rule["component"], "with": rule.get("with") or {}}
        found.append((_sub(box, cell.name, "component", values), square, extra))
    text = rule.get("text", label)
    icon = rule.get("icon")
    if icon is not None:
        found.append((*_cell_icon(box, cell.name, inner, rule, icon, bool(text)), extra))
    if text is not None and str(text) != "":
        style = _text_style(box, LABEL_SIZE)
        if "colour" in rule:
            style["colour"] = rule["colour"]
        place = inner
        if icon is not None:  # under the icon
            gap = inner.h * ICON_SHARE
            place = Area(inner.x, inner.y + gap, inner.w, inner.h - gap)
        found.append((_sub(box, cell.name, "text", {"text": str(text), **style}), place, extra))
    if box.get("coordinates"):
        found.append((*_cell_name(box, grid, cell, rect, inner), extra))
    return found


def _cell_icon(
    box: Box, cell_name: str, inner: Area, rule: Context, icon: object, text: bool
) -> tuple[Box, Area]:
    """A cell's icon: over its text when it has one (ICON_SHARE of its height), else
    centred and a little smaller; in its suit's dark tone unless a colour is given."""
    side = min(inner.w, inner.h * (ICON_SHARE if text else 1.0)) * (1.0 if text else 0.8)
    top = inner.y + (0.0 if text else (inner.h - side) / 2)
    place = Area(inner.x + (inner.w - side) / 2, top, side, side)
    values = {"icon": icon, "colour": "suit.dark"}  # on its suit's light tone, as a rule
    if "colour" in rule or "colour" in box.values:
        values["colour"] = rule.get("colour", box.get("colour"))
    return _sub(box, f"{cell_name} icon", "icon", values), place


def _cell_name(box: Box, grid: Grid, cell: Cell, rect: Area, inner: Area) -> tuple[Box, Area]:
    """A cell's coordinates (`coordinates: true`), small: top left of a square, top middle
    of a hexagon."""
    style = {**_text_style(box, COORDINATE_SIZE), "size": COORDINATE_SIZE, "bold": False}
    style |= {"align": "left", "valign": "top"}
    if grid.spec.shape == "hex":
        style["align"] = "center"
    corner = Area(inner.x, rect.y + cell.centre.y - grid.size * 0.46, inner.w, grid.size * 0.16)
    if grid.spec.shape == "square":
        corner = Area(inner.x, inner.y - grid.size * 0.03, inner.w * 0.6, grid.size * 0.16)
    return _sub(box, f"{cell.name} name", "text", {"text": cell.name, **style}), corner


def _cell_rules(box: Box, grid: Grid, context: Context, filled: Fill) -> dict[str, Context]:
    """Each cell's style from the box's `cells:` rules, a later rule over an earlier one; an
    `each:` rule once for each item of its list (the cell's boxes then read that `item`).
    ValueError for a cell the grid does not have or a list the part is not given."""
    where = box.where(box.what)
    styles: dict[str, Context] = {}
    for number, rule in enumerate(box.sequence("cells"), start=1):
        assert isinstance(rule, dict)  # each rule a mapping: checked as design.yaml was read
        each = "each" in rule
        for item in _rule_items(rule, number, context):
            names = {**context, "item": item}
            for name in _cells_at(rule["at"], names, where, filled):
                cell = grid.named(name)
                if cell is None:
                    raise ValueError(f"cells rule {number}: {_no_cell(grid, name)}")
                style = styles.setdefault(cell.name, {})
                style.update({k: filled(rule[k], names, where) for k in PAINT if k in rule})
                style.update({k: rule[k] for k in HELD if k in rule})
                if each:
                    style["item"] = item
    return styles


def _no_cell(grid: Grid, name: str) -> str:
    return (
        f"no cell {name!r} in a {grid.spec.columns} x {grid.spec.rows} grid"
        f" (A1 to {grid.cells[-1].name})"
    )


PAINT = ("fill", "stroke")
"""A cell rule's colours, filled when the rule is applied (they paint the cell)."""
HELD = ("icon", "text", "colour", "component", "with")
"""A cell rule's contents, filled when the cell's boxes are drawn (with the cell's item)."""


def _rule_items(rule: Context, number: int, context: Context) -> list[object]:
    """The items a rule is applied for: each of its `each:` list, else the part's own."""
    if "each" not in rule:
        return [context.get("item")]
    listed = context.get(str(rule["each"]))
    if not isinstance(listed, (list, tuple)):
        lists = sorted(k for k, v in context.items() if isinstance(v, (list, tuple)))
        raise ValueError(
            f"cells rule {number}: each: no list {rule['each']!r} in this part"
            f" (its lists: {', '.join(lists) or 'none'})"
        )
    return list(listed)


def _cells_at(value: object, names: Context, where: str, filled: Fill) -> list[str]:
    """`at:` as cell names: one, a list, or a template that gives one or several."""
    values = value if isinstance(value, list) else [value]
    found = []
    for one in values:
        text = filled(one, names, where)
        found += [part for part in text.replace(",", " ").split() if part]
    return found


def _track(box: Box, rect: Area, colour: Colour) -> Laid:
    spec = track_of(box.get("track"))
    track = lay_track(spec, rect.w, rect.h)
    base, mark, stroke, width = _paint(box, colour, "mark")
    laid = Laid("")
    parts = []
    for space in track.spaces:
        fill = mark if space.marked else base
        corners = _corners(space)
        parts.append(_polygon(corners, rect.x, rect.y, fill, stroke, width))
        laid.outlines.append((f"space {space.number}", _moved(corners, rect)))
        inner = Area(
            rect.x + space.x + space.w * 0.1,
            rect.y + space.y + space.h * 0.1,
            space.w * 0.8,
            space.h * 0.8,
        )
        if fill != "none":
            laid.backdrops.append((inner, fill))
        whole = Area(rect.x + space.x, rect.y + space.y, space.w, space.h)
        laid.cells.append((f"space {space.number}", whole))
        style = _text_style(box, NUMBER_SIZE)
        if space.marked:
            style["bold"] = True
        values = {"text": str(space.number), **style}
        laid.boxes.append((_sub(box, str(space.number), "text", values), inner, {}))
    laid.svg = "\n".join(parts)
    return laid


def _moved(points: tuple[Point, ...], rect: Area) -> tuple[Point, ...]:
    """A cell's corners (in its box) on the face."""
    return tuple(Point(p.x + rect.x, p.y + rect.y) for p in points)


def _corners(space: Space) -> tuple[Point, ...]:
    x, y, w, h = space.x, space.y, space.w, space.h
    return (Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h))
