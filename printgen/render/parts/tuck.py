"""A tuck box's face: the net of `printgen.layout.tuckbox` drawn for a deck, to print on card
stock: the cut outline (solid), the folds (dashed), the glue flap (shaded, marked GLUE), the
deck's back on the front panel, its name on the back panel and both spines, and the game's
name on the lid. Text smaller than 6 pt is left off (a thin deck's spine).

The back panel also carries what the design places on it (`back_panel`): game.yaml's `url:`
as a QR code (the design's `tuck_qr:` box) and the version stamp, as on every part."""

from __future__ import annotations

import re
from collections.abc import Callable

from printgen.errors import DataError, Problem
from printgen.layout.geometry import Point
from printgen.layout.outline import inside
from printgen.layout.sizes import SAFE_MM, Size
from printgen.layout.tuckbox import Panel, TuckBox, tuck_box
from printgen.layout.units import MM_PER_UNIT
from printgen.model import Component, Game
from printgen.model.parts import PartSpec
from printgen.render.draw.svg import number as n
from printgen.render.faces.draw import Drawn, draw_face
from printgen.render.faces.pieces import base_of
from printgen.render.faces.spec import Box, Value
from printgen.render.parts.faces import PartFaces, check_part_names
from printgen.render.text.xml_text import escape, quoteattr

INK = "#1f1b16"
FOLD = "#6b6359"
GLUE = "#e4ddd2"
MIN_TEXT_MM = 6 * MM_PER_UNIT["pt"]
_ROOT = re.compile(r"<svg\b[^>]*>", re.S)
_VIEWBOX = re.compile(r'viewBox="([^"]+)"')


def deck_of(game: Game, part: PartSpec) -> Component:
    """The deck a tuck box holds: cards or flat pieces with a size (not dice: a box for dice
    is no net of a deck's thickness)."""
    assert part.tuck_box is not None
    deck = game.components[part.tuck_box]
    if deck.kind == "dice":
        raise DataError(
            [
                Problem.at(
                    part.where,
                    f"parts.{part.name}.tuck_box",
                    f"{deck.name!r} is a deck of dice: a tuck box holds cards, tiles or "
                    "tokens, stacked (a box for dice is a part of its own size: size: [W, H])",
                )
            ]
        )
    if cards_size(game, deck) is None:
        raise DataError(
            [
                Problem.at(
                    part.where,
                    f"parts.{part.name}.tuck_box",
                    "the game has no card_size: a tuck box is sized from its cards",
                )
            ]
        )
    return deck


def held(deck: Component) -> str:
    """What the box holds, as its count says it (`36 tiles`): the kit words' key for cards, or
    for the pieces of the deck's shape (printgen.render.text.kit_words)."""
    base = base_of(deck)
    if base.startswith("hex"):
        return "holds_tiles"
    return {"circle": "holds_tokens", "rect": "holds_pieces"}.get(base, "holds_cards")


def cards_size(game: Game, deck: Component) -> Size | None:
    """The size of the deck's cards: its own `size:` (a deck of rounded cards), else the
    game's card_size (a tuck box for a deck of its own size was refused, or was the game's
    card size)."""
    if deck.shape is not None:
        return Size(deck.shape.width, deck.shape.height)
    return game.card_size


def net_of(game: Game, part: PartSpec) -> TuckBox:
    """The net for the part's deck: its cards' size and count, the part's thickness."""
    deck = deck_of(game, part)
    size = cards_size(game, deck)
    assert size is not None
    return tuck_box(size.width, size.height, deck.total, part.thickness, part.clearance)


def back_panel_face(faces: PartFaces, part: PartSpec, net: TuckBox) -> Drawn | None:
    """What the design draws on the back panel, in the panel's own coordinates: the
    `tuck_qr` box (game.yaml's `url:`) and the version stamp, each in the panel's safe zone
    (3 mm inside its folds and cut), drawn by the one design renderer, with what validate
    reports of them. None when there is neither (no `url:` or `tuck_qr: null`; no
    `version:` or `--no-stamp`)."""
    game = faces.game
    boxes = faces.design.tuck_qr if game.url else []
    if not boxes and not game.stamp:
        return None
    panel = net.panels["back"]
    stage = faces.stage(Size(panel.w, panel.h), SAFE_MM)
    context = faces.context(part, stage)
    check_part_names(part, boxes, context)
    card = f"{part.where}: part {part.name}, back panel"
    return draw_face(stage, [_paper(part), *boxes], context, card)


def _paper(part: PartSpec) -> Box:
    """The panel's white, as the net prints it: what validate reads the boxes' colours
    against (the net's words are drawn after it)."""
    values = {"shape": "rect", "anchor": "trim", "fill": "#ffffff"}
    return Box("paper", "shape", {key: Value(v, part.where) for key, v in values.items()})


def back_panel(faces: PartFaces, part: PartSpec, net: TuckBox) -> str:
    """`back_panel_face` placed on the net (empty when there is nothing to draw)."""
    drawn = back_panel_face(faces, part, net)
    if drawn is None:
        return ""
    panel = net.panels["back"]
    return f'<g transform="translate({n(panel.x)} {n(panel.y)})">{drawn.body}</g>'


ROOM_MM = 3.5
"""Room round the net for the front's bleed (the deck's back's 1/8 in, a little enlarged)."""


def tuck_svg(
    net: TuckBox,
    back_svg: str,
    family: str,
    game_name: str,
    deck_title: str,
    count: str,
    on_back: str = "",
    glue: str = "GLUE",
    ems: Ems | None = None,
) -> str:
    """The net as one SVG drawing, `net.width` x `net.height` mm and `ROOM_MM` round it (the
    front's bleed past its cut edges); `on_back` is drawn over the back panel
    (`back_panel`); `count` says what the box holds (`36 tiles`), `glue` marks the flap, in
    the kit's language."""
    room = ROOM_MM
    width, height = net.width + 2 * room, net.height + 2 * room
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" text-rendering="geometricPrecision" '
        f'width="{n(width)}mm" height="{n(height)}mm" '
        f'viewBox="{n(-room)} {n(-room)} {n(width)} {n(height)}">',
        f'<path d="{_path(net.outline)}" fill="#ffffff"/>',
        f'<path d="{_path(net.glue)}" fill="{GLUE}"/>',
        _front(net, back_svg),
    ]
    if on_back:
        parts.append(on_back)
    parts += _words(net, family, game_name, deck_title, count, glue, ems or _average)
    folds = " ".join(f"M{n(f.start.x)},{n(f.start.y)}L{n(f.end.x)},{n(f.end.y)}" for f in net.folds)
    parts.append(
        f'<path d="{folds}" fill="none" stroke="{FOLD}" stroke-width="0.25" '
        'stroke-dasharray="2 1.5"/>'
    )
    outline = _path(net.outline)
    parts += [  # the cut line on a white edge: seen on the front's dark art as on paper
        f'<path d="{outline}" fill="none" stroke="#ffffff" stroke-width="0.8" '
        'stroke-linejoin="round"/>',
        f'<path d="{outline}" fill="none" stroke="{INK}" stroke-width="0.3" '
        'stroke-linejoin="round"/>',
    ]
    parts.append("</svg>")
    return "\n".join(parts)


def _average(text: str, bold: bool) -> float:
    """Without a measure: 0.7 em a letter (more than Lato Bold's or DejaVu Sans Bold's)."""
    return 0.7 * len(text)


def _path(points: tuple[Point, ...]) -> str:
    head, *rest = points
    return f"M{n(head.x)},{n(head.y)}" + "".join(f"L{n(p.x)},{n(p.y)}" for p in rest) + "Z"


def _front(net: TuckBox, face_svg: str) -> str:
    """The deck's back on the front panel: its trim over the panel (a card's face on the
    box, scaled by the 1 mm of room), its bleed past every side of the panel that is cut
    (the outer edge, the thumb notch), none past a fold, where a side or flap goes on."""
    root = _ROOT.search(face_svg)
    box = _VIEWBOX.search(root.group(0)) if root else None
    if root is None or box is None:
        return ""
    left, top, width, height = (float(v) for v in box.group(1).split())
    bleed = -left  # a face's viewBox starts its bleed before the trim's 0, 0
    trim_w, trim_h = width - 2 * bleed, height - 2 * -top
    panel = net.panels["front"]
    scale = max(panel.w / trim_w, panel.h / trim_h)
    x = panel.x + (panel.w - trim_w * scale) / 2 - bleed * scale
    y = panel.y + (panel.h - trim_h * scale) / 2 + top * scale
    past = {side: bleed * scale if _cut(net, panel, side) else 0.0 for side in _SIDES}
    clip = (
        panel.x - past["left"],
        panel.y - past["top"],
        panel.w + past["left"] + past["right"],
        panel.h + past["top"] + past["bottom"],
    )
    inner = face_svg[root.end() : face_svg.rfind("</svg>")]
    cx, cy, cw, ch = (n(v) for v in clip)
    return (
        f'<clipPath id="tuck-box-front"><rect x="{cx}" y="{cy}" width="{cw}" height="{ch}"/>'
        f'</clipPath><g clip-path="url(#tuck-box-front)"><svg x="{n(x)}" y="{n(y)}" '
        f'width="{n(width * scale)}" height="{n(height * scale)}" viewBox="{box.group(1)}" '
        f'overflow="hidden">{inner}</svg></g>'
    )


_SIDES = ("left", "top", "right", "bottom")


def _cut(net: TuckBox, panel: Panel, side: str) -> bool:
    """Whether the panel's `side` is cut (the paper just past its middle is off the net)."""
    step = 0.5
    x, y = panel.x + panel.w / 2, panel.y + panel.h / 2
    past = {
        "left": (panel.x - step, y),
        "right": (panel.x + panel.w + step, y),
        "top": (x, panel.y - step),
        "bottom": (x, panel.y + panel.h + step),
    }[side]
    return not inside([(p.x, p.y) for p in net.outline], past)


def _text(
    x: float, y: float, text: str, size: float, family: str, angle: float = 0.0, bold: bool = False
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    turn = f' transform="rotate({n(angle)} {n(x)} {n(y)})"' if angle else ""
    return (
        f'<text x="{n(x)}" y="{n(y)}" text-anchor="middle" font-family={_attr(family)}'
        f' font-size="{n(size)}"{weight} fill="{INK}"{turn}>{escape(text)}</text>'
    )


def _attr(value: str) -> str:
    return quoteattr(value)


Ems = Callable[[str, bool], float]
"""A text's width in ems in the box's font (bold or not): the game's text measure."""


def _fitted(length: float, text: str, most: float, ems: Ems, bold: bool = True) -> float:
    """The size (mm) at which `text` runs along `length` inside the panel's safe zone, 3 mm
    from each fold or cut ("Word cards" ran fold to fold on a 45 mm back panel: a designer's
    trial); on a panel too narrow for that at 6 pt, 1 mm from them; at most `most`."""
    width = max(ems(text, bold), 4.0)  # a short word is not set larger than a long one
    size = min(most, (length - 2 * SAFE_MM) / width)
    return size if size >= MIN_TEXT_MM else min(most, (length - 2 * NARROW_MM) / width)


NARROW_MM = 1.0
"""The room a panel too narrow for the safe zone keeps round its words (a 1/2 in counter's)."""


def _words(
    net: TuckBox,
    family: str,
    game_name: str,
    deck_title: str,
    count: str,
    glue_word: str,
    ems: Ems,
) -> list[str]:
    """The deck's name on the back panel and the spines, the game's on the lid; each size
    chosen for its panel, and left off where it would be under 6 pt."""
    found = []
    back, lid = net.panels["back"], net.panels["lid"]
    size = _fitted(back.w, deck_title, 8.0, ems)
    if size >= MIN_TEXT_MM:
        found.append(
            _text(back.centre.x, back.y + back.h * 0.42, deck_title, size, family, bold=True)
        )
        small = max(MIN_TEXT_MM, size * 0.45)
        found.append(
            _text(back.centre.x, back.y + back.h * 0.42 + size * 1.2, count, small, family)
        )
        found.append(_text(back.centre.x, back.y + back.h * 0.85, game_name, small, family))
    for name in ("side", "side-2"):
        spine = net.panels[name]
        size = min(spine.w * 0.55, _fitted(spine.h, deck_title, 6.0, ems))
        if size >= MIN_TEXT_MM:
            cx, cy = spine.centre.x, spine.centre.y
            found.append(
                _text(cx + size * 0.35, cy, deck_title, size, family, angle=-90, bold=True)
            )
    size = min(lid.h * 0.5, _fitted(lid.w, game_name, 5.0, ems, bold=False))
    if size >= MIN_TEXT_MM:
        found.append(_text(lid.centre.x, lid.centre.y + size * 0.35, game_name, size, family))
    glue = net.panels["glue"]
    size = min(glue.w * 0.5, 3.0)
    if size >= MIN_TEXT_MM:
        found.append(
            _text(glue.centre.x + size * 0.35, glue.centre.y, glue_word, size, family, angle=-90)
        )
    return found
