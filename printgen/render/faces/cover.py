"""Which boxes of a face hide others: a text or an icon that a box drawn after it covers (a
badge over the mirrored value, a component over a corner index, a panel over a title), or
that a later text or icon prints over (two texts on one spot read as neither).

Boxes are drawn in the design's order, so a later opaque box (a filled shape, a component, an
image, an icon, a text with a backing) is painted over what is under it. What counts is what
was drawn: a text's lines as measured (not its whole box), the texts a component wrote itself,
an icon's square, a box turned round by `mirror: true` where it lands. A text or icon box that
says `over_art: true` may be drawn under an opaque box on purpose (the same opt-in as text on
art), but never under another text's letters: two texts on one spot read as neither, whatever
either says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from printgen.layout.geometry import Point, convex_overlap
from printgen.render.faces.geometry import Area, overlapping_pairs

if TYPE_CHECKING:
    from printgen.render.faces.spec import Box

Outlines = list[tuple[str, tuple[Point, ...]]]
"""A grid's cells or a track's spaces by name (`cell A1`, `space 14`), with their corners."""

SLACK = 0.3
"""mm two drawings may share before one hides the other (a line's box has room above and
below its letters; an icon's square, round its shape)."""


@dataclass(frozen=True)
class Layer:
    """One drawing of a box on a face, in drawing order."""

    box: Box
    rect: Area
    turned: bool  # the copy `mirror: true` draws turned round
    ink: bool  # a text or icon, which must stay readable
    covers: bool  # opaque: what it is drawn over is hidden
    ellipse: bool = False
    meant: bool = False  # `over_art: true`: an opaque box over it is meant
    text: str = ""
    """A text the box's drawing wrote itself (a component's label), named in messages."""
    cell: str = ""
    """A grid's cell or a track's space (`space 40`), named in messages."""


def layers_of(
    face: tuple[float, float],
    box: Box,
    rect: Area,
    ink: Area | None,
    fill: str,
    texts: list[tuple[str, Area]] | None = None,
) -> list[Layer]:
    """The drawings of `box` (and of its turned copy) on a face of size `face` (width,
    height, mm; where the turned copy lands): `ink` is where a text's lines went,
    `fill` the colour a shape or a text's backing covers with (`none`: clear), `texts` where
    the texts a component wrote itself are (each must stay readable, as a text box's)."""
    width, height = face
    side = min(rect.w, rect.h)
    square = Area(rect.x + (rect.w - side) / 2, rect.y + (rect.h - side) / 2, side, side)
    shown: list[tuple[Area, bool, bool]] = []  # (where, ink, covers)
    if box.what == "text":
        if fill != "none":
            shown.append((rect, False, True))
        if ink is not None:
            shown.append((ink, True, False))
    elif box.what == "icon":
        shown.append((square, True, True))
    elif box.what in ("component", "image") or (box.what == "shape" and fill != "none"):
        shown.append((rect, False, True))
    ellipse = box.what == "shape" and box.get("shape") == "ellipse"
    meant = bool(box.get("over_art"))
    found = [
        Layer(box, where, False, ink_, covers, ellipse, meant) for where, ink_, covers in shown
    ]
    found += [Layer(box, where, False, True, False, text=text) for text, where in texts or []]
    if box.get("mirror"):
        found += [
            Layer(
                box,
                Area(width - r.right, height - r.bottom, r.w, r.h),
                True,
                layer.ink,
                layer.covers,
                layer.ellipse,
                layer.meant,
                layer.text,
            )
            for layer in found
            for r in [layer.rect]
        ]
    return found


def cell_layers(box: Box, cells: list[tuple[str, Area]]) -> list[Layer]:
    """The cells of a grid or the spaces of a track `box` drew: a later text or icon in one
    prints over the board (the version stamp over space 40), a shape over them may be meant
    (a board's own marks)."""
    return [Layer(box, area, False, True, False, meant=True, cell=name) for name, area in cells]


MAX_HIDDEN = 100
"""The most pairs of hidden boxes one face reports: the check lists a few, and a design of
boxes piled on one spot would otherwise keep a message for each pair of each card."""


def hidden(layers: list[Layer]) -> list[str]:
    """Each text or icon a later opaque drawing covers, or a later text's letters print
    over, once per pair of boxes (at most MAX_HIDDEN): only the pairs that meet are looked
    at (overlapping_pairs), in drawing order. A grid's cells or a track's spaces printed
    over are listed in one message per pair of boxes."""
    found: dict[tuple[str, str, str, str], list[str]] = {}
    for index, later in overlapping_pairs([layer.rect for layer in layers], SLACK):
        under, over = layers[index], layers[later]
        if not under.ink or over.box is under.box:
            continue
        if over.covers and not under.meant and _meets(under.rect, over):
            how = "is hidden under"
        elif over.ink:
            how = "has letters or an icon printed over it by"
        else:
            continue
        hint = _leave_out(over) or _leave_out(under)
        cells = found.setdefault((_named(under), how, _named(over), hint), [])
        if under.cell and under.cell not in cells:
            cells.append(under.cell)
        if len(found) >= MAX_HIDDEN:
            break
    return [_said(*pair, cells) for pair, cells in found.items()]


def crossing(boards: list[tuple[Box, Outlines]]) -> list[str]:
    """Each grid or track whose cells or spaces cross those of one drawn before it (a map
    run into the score track round it), once per pair of boxes: two boards on one spot read
    as neither. Cells that only share a side or meet within SLACK do not cross."""
    owners = [
        (at, name, corners) for at, (_, cells) in enumerate(boards) for name, corners in cells
    ]
    bounds = [_bounds(corners) for _, _, corners in owners]
    found: dict[tuple[int, int], tuple[list[str], list[str]]] = {}
    for first, second in overlapping_pairs(bounds, SLACK):
        (a, a_name, a_corners), (b, b_name, b_corners) = owners[first], owners[second]
        if a == b or not convex_overlap(a_corners, b_corners, SLACK):
            continue
        (under, under_name), (over, over_name) = sorted([(a, a_name), (b, b_name)])
        unders, overs = found.setdefault((under, over), ([], []))
        for names, name in ((unders, under_name), (overs, over_name)):
            if name not in names:
                names.append(name)
    return [
        f"box {boards[over][0].name!r} ({boards[over][0].place_named()}) draws "
        f"{_listed(overs)} over {_listed(unders)} of box {boards[under][0].name!r} "
        f"({boards[under][0].place_named()}), drawn before it: move or shrink one clear of "
        "the other"
        for (under, over), (unders, overs) in found.items()
    ]


def _bounds(corners: tuple[Point, ...]) -> Area:
    xs, ys = [p.x for p in corners], [p.y for p in corners]
    return Area(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


LISTED = 6
"""The most cells or spaces one message names (the others are counted)."""


def _listed(names: list[str]) -> str:
    """`cells A1, A3 and G2` (`spaces 14 and 15`), the first LISTED of them named."""
    kind = names[0].split()[0] + ("s" if len(names) > 1 else "")
    short = sorted((name.split(maxsplit=1)[1] for name in names), key=_in_order)
    if len(short) > LISTED:
        short = [*short[:LISTED], f"{len(names) - LISTED} more"]
    listed = short[0] if len(short) == 1 else f"{', '.join(short[:-1])} and {short[-1]}"
    return f"{kind} {listed}"


def _in_order(name: str) -> tuple[int, int, str]:
    """A cell's or space's name in reading order, row by row: `B1` before `A2`, `Z1` before
    `AA1`, `A2` before `A10`; a space's number, `9` before `10`."""
    letters = name.rstrip("0123456789")
    digits = name[len(letters) :]
    return int(digits) if digits else -1, len(letters), letters


def _said(under: str, how: str, over: str, hint: str, cells: list[str]) -> str:
    """One message of `hidden`: for a board's cells, which of them `over` prints on."""
    if not cells:
        return f"{under} {how} {over}, drawn after it{hint}"
    kind = cells[0].split()[0] + ("s" if len(cells) > 1 else "")  # cells, spaces
    names = [cell.split(maxsplit=1)[1] for cell in cells]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return (
        f"{over} prints letters or an icon over {kind} {listed} of {under}, drawn before it{hint}"
    )


def _leave_out(layer: Layer) -> str:
    """How to be rid of a box of the default design the game's design did not ask for (the
    default back's title over a designer's own back boxes)."""
    box = layer.box
    if layer.text or not layer.ink or not box.by_default(box.place_where()):
        return ""
    return f" (`{box.name}: null` in the design leaves the default's out)"


def _named(layer: Layer) -> str:
    turned = ", turned" if layer.turned else ""
    drew = f"text {layer.text!r} of component {layer.box.source!r} in " if layer.text else ""
    return f"{drew}box {layer.box.name!r} ({layer.box.place_named()}{turned})"


def _meets(ink: Area, over: Layer) -> bool:
    """Whether `over` covers part of `ink` (more than SLACK on each side)."""
    if not over.rect.overlaps(ink, SLACK):
        return False
    if not over.ellipse:
        return True
    inner = ink.inset(SLACK)
    cx, cy = over.rect.x + over.rect.w / 2, over.rect.y + over.rect.h / 2
    nearest_x = min(max(cx, inner.x), inner.right)
    nearest_y = min(max(cy, inner.y), inner.bottom)
    rx, ry = over.rect.w / 2, over.rect.h / 2
    return ((nearest_x - cx) / rx) ** 2 + ((nearest_y - cy) / ry) ** 2 < 1
