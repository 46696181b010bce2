"""Card anatomy: the game's real card faces, with callouts saying which part means what.

The faces come from the card renderer (`printgen.render.faces`, the same designs as
cards.pdf); the callouts from `rules-anatomy.yaml` in the game's folder (millimetres on the
card's trim). A game without that file gets its first card, without callouts.
"""

from __future__ import annotations

import base64
import heapq
import math
import os
import re
from dataclasses import dataclass

from markupsafe import Markup

from printgen.errors import DataError, PrintgenError, Problem, RenderError
from printgen.layout.units import PT_PER_MM
from printgen.model import Card, Component, Game
from printgen.model.schema import did_you_mean
from printgen.model.sources import load_yaml_value
from printgen.model.yaml_value import YamlMapping, YamlValue
from printgen.render.draw.svg import render_template
from printgen.render.draw.svgdraw import LABEL_PT, Svg
from printgen.render.faces.face import RECORD_BLEED_MM
from printgen.render.faces.render import Renderer
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import Source
from printgen.render.text.shaping import ShapedMeasure

ANATOMY_FILE = "rules-anatomy.yaml"
WIDTH = 120.0  # mm, the text width of an A5 page
TALLEST = 150.0  # mm, the tallest a card is drawn (an A5 page's text is 178 mm high)
PLAIN_CARD = 44.0  # mm, the width of a card whose face cannot be drawn (an outline)
GAP = 4.0  # mm between the parts of a row
EDGE = (0.3, 1.0)  # mm left and right of a card at a row's edge: its outline and shadow show
COLUMN = (21.0, 34.0)  # mm, the narrowest and the widest column of callout labels
TEXT = 2.5  # mm (7.1 pt), the callouts and captions
LINE = 3.1
DOT = 0.9  # mm, the radius of the dot a leader line ends in
PAD = 0.5  # mm a leader line keeps from a text's lines (its own half width, 0.175 mm, and air)
BEND = 3.0  # mm a leader line's bend costs: a straight line unless it would cross a text
Box = tuple[float, float, float, float]  # x, y, width, height (mm, y down)
Point = tuple[float, float]
Leader = tuple[list[Point], list[Box]]  # a leader's points, the text boxes it keeps out of
_FONT_SIZE = re.compile(r'font-size="([0-9.]+)"')
_VIEWBOX = re.compile(r'viewBox="(-?[0-9.]+) (-?[0-9.]+) ([0-9.]+) ([0-9.]+)"')


@dataclass(frozen=True)
class Callout:
    x: float
    y: float
    side: str
    text: str


@dataclass
class Plan:
    """One card of the picture: its face, callouts and caption, and the size it is drawn at."""

    item: Card
    deck: Component
    callouts: list[Callout]
    caption: str
    face: tuple[str, float] | None
    scale: float
    item_width: float
    column: float = COLUMN[0]
    texts: tuple[Box, ...] = ()
    """Where the card's texts print (their lines' box, mm on its trim, as the design lays them
    out): no leader line crosses one."""

    @property
    def sides(self) -> set[str]:
        return {"left" if c.side == "left" else "right" for c in self.callouts}

    @property
    def width(self) -> float:
        """The card and its label columns."""
        return self.scale * self.item_width + len(self.sides) * self.column


def draw(source: Source, icons: Icons, cards: object = None, **unknown: object) -> Markup:
    """The game's anatomy cards (`drawn`'s figures): all those of `rules-anatomy.yaml`, or
    only `cards` (their ids, in that order). A picture is as tall as its tallest card, and
    no page float can move it down past the text that follows, so a rules file places each
    part where it fits and reads best: `diagram("card-anatomy", cards=["air-single"])`,
    another part further on."""
    if unknown:
        name = next(iter(unknown))
        raise RenderError(
            f"diagram('card-anatomy'): no option {name!r}{did_you_mean(name, ['cards'])} "
            "(its option: cards, the ids of the cards to draw)"
        )
    return drawn(source, icons, cards)[0]


def drawn(source: Source, icons: Icons, only: object = None) -> tuple[Markup, list[Leader]]:
    """The game's anatomy cards, each at the size at which its own smallest text prints as
    large as the rulebook's labels (LABEL_PT): a card's text is what a player has to find on
    it, so the rulebook shows it readable rather than a thumbnail. The cards are set in rows
    as many as fit the text width, one figure a row so that a page may break between them;
    and each leader line drawn (its points, and the card's text boxes it keeps out of, in the
    picture's mm)."""
    game = source.game
    if game.card_size is None or not game.printed_decks:
        raise RenderError(f"diagram('card-anatomy'): {game.id} has no cards")
    trim_w, trim_h = game.card_size.width, game.card_size.height
    plans = []
    for (item, deck), spec, index in _chosen(game, only):
        default = "left" if index == 0 else "right"
        callouts = [
            Callout(
                _on_card(c, "x", trim_w, item.id),
                _on_card(c, "y", trim_h, item.id),
                str(c.get("side", default)),
                _text(c.get("label", ""), source.lang),
            )
            for c in _callouts(spec, item)
        ]
        face, texts = card_face(game.in_language(source.lang), item, deck)  # its language's
        caption = _text(spec.get("caption", ""), source.lang)
        plan = Plan(item, deck, callouts, caption, face, 1.0, trim_w, texts=texts)
        room = WIDTH - sum(_edges([plan])) - len(plan.sides) * COLUMN[0]
        plan.scale = min(_legible_scale(face, trim_w), room / trim_w, TALLEST / trim_h)
        plans.append(plan)
    leaders: list[Leader] = []
    figures = [_row(source, icons, row, trim_h, leaders) for row in _rows(plans)]
    return Markup("").join(figures), leaders


def _callouts(spec: YamlMapping, item: Card) -> list[YamlMapping]:
    """A card's callouts in rules-anatomy.yaml: a list of {x, y, side, label}."""
    given = spec.get("callouts") or []
    if isinstance(given, list):
        found = [c for c in given if isinstance(c, dict)]
        if len(found) == len(given):
            return found
    raise RenderError(
        f"{ANATOMY_FILE}: card {item.id!r}: callouts: expected a list of {{x, y, side, label}}"
    )


def _on_card(callout: YamlMapping, axis: str, size: float, card: str) -> float:
    """A callout's x or y (mm on the card's trim): a number no farther off the card than its
    own size, or a RenderError naming the file and the card (an endless number would make
    the picture endlessly large; a list or a mapping is no number at all)."""
    if axis not in callout:
        raise RenderError(f"{ANATOMY_FILE}: card {card!r}: a callout has no {axis} (mm)")
    value = callout[axis]
    number = float(value) if isinstance(value, (int, float, str)) else math.nan
    if not math.isfinite(number) or not -size <= number <= 2 * size:
        raise RenderError(
            f"{ANATOMY_FILE}: card {card!r}: a callout at {str(value)[:20]!r} mm is not on the "
            f"card (0 to {size:g} mm)"
        )
    return number


def _legible_scale(face: tuple[str, float] | None, trim_w: float) -> float:
    """The scale at which the face's smallest text (its SVG is in mm) prints at LABEL_PT."""
    if face is None:
        return PLAIN_CARD / trim_w
    sizes = [float(v) for v in _FONT_SIZE.findall(face[0])]
    if not sizes:
        return PLAIN_CARD / trim_w
    return LABEL_PT / (min(sizes) * PT_PER_MM)


def _rows(plans: list[Plan]) -> list[list[Plan]]:
    """The plans in rows no wider than WIDTH; the room left in a row widens its columns."""
    rows: list[list[Plan]] = []
    for plan in plans:
        row = rows[-1] if rows else None
        room = WIDTH - sum(_edges([*row, plan])) if row is not None else 0.0
        if row is not None and sum(p.width for p in row) + GAP * len(row) + plan.width <= room:
            row.append(plan)
        else:
            rows.append([plan])
    for row in rows:
        _one_scale(row)
        columns = sum(len(p.sides) for p in row)
        if columns:
            spare = WIDTH - sum(_edges(row)) - sum(p.width for p in row) - GAP * (len(row) - 1)
            for p in row:
                p.column = min(COLUMN[1], COLUMN[0] + spare / columns)
    return rows


def _one_scale(row: list[Plan]) -> None:
    """The cards of a row drawn at one scale, the largest any of them needs, when the row
    still fits the text width at it: cards of one size side by side at two sizes would say
    they differ. (Every card's words then print at LABEL_PT or larger.)"""
    largest = max(p.scale for p in row)
    widths = [largest * p.item_width + len(p.sides) * COLUMN[0] for p in row]
    if sum(widths) + GAP * (len(row) - 1) + sum(_edges(row)) <= WIDTH:
        for p in row:
            p.scale = largest


def _edges(row: list[Plan]) -> tuple[float, float]:
    """The room a row keeps left and right of its pictures: EDGE where a card is the row's
    first or last thing (no callouts on that side), none beside a column of callouts."""
    left = 0.0 if "left" in row[0].sides else EDGE[0]
    right = 0.0 if "right" in row[-1].sides else EDGE[1]
    return left, right


def _row(
    source: Source, icons: Icons, row: list[Plan], trim_h: float, leaders: list[Leader]
) -> Markup:
    """One row of cards as a figure; each leader line it draws is added to `leaders`."""
    edges = _edges(row)
    used = sum(edges) + sum(p.width for p in row) + GAP * (len(row) - 1)
    svg = Svg(used, 4, printed_mm=used)
    x = edges[0]
    for plan in row:
        card_w, card_h = plan.item_width * plan.scale, trim_h * plan.scale
        left = [c for c in plan.callouts if c.side == "left"]
        right = [c for c in plan.callouts if c.side != "left"]
        if left:
            x += plan.column
        _face(svg, source, plan, x, 2, card_w, card_h)
        card = (x, 2.0, plan.scale)
        chars = int((plan.column - 3) / (TEXT * 0.5))
        bottom = max(
            _labels(svg, icons, left, card, x - 2.5, "end", chars, plan.texts, leaders),
            _labels(svg, icons, right, card, x + card_w + 2.5, "start", chars, plan.texts, leaders),
            card_h + 4,
        )
        svg.height = max(svg.height, bottom + 1)
        for k, line in enumerate(_wrap(plan.caption, int(card_w / (TEXT * 0.55)))):
            svg.text(x + card_w / 2, card_h + 7 + k * LINE, line, size=TEXT, font_weight=700)
            svg.height = max(svg.height, card_h + 8.5 + k * LINE)
        x += card_w + GAP + (plan.column if right else 0)
    svg.alt = " ".join(_said(source, plan) for plan in row)
    return Markup(
        render_template("common/rulebook/figure.html.j2", svg=svg.img(used, ""), caption="")
    )


def _said(source: Source, plan: Plan) -> str:
    """A card of the picture in words (its alt text): its name as that language's kit prints
    it, its caption, and what its callouts name."""
    found = _find(source.game.in_language(source.lang), plan.item.id)
    name = (found[0] if found is not None else plan.item).name
    head = f"{name} ({plan.caption})" if plan.caption else name
    named = [c.text for c in plan.callouts if c.text]
    return f"{head}: {'; '.join(named)}." if named else f"{head}."


def _labels(
    svg: Svg,
    icons: Icons,
    callouts: list[Callout],
    card: tuple[float, float, float],
    text_x: float,
    anchor: str,
    chars: int,
    texts: tuple[Box, ...] = (),
    leaders: list[Leader] | None = None,
) -> float:
    """Callout labels beside a card, aligned on `text_x` towards it, each with a leader line
    from the label's first line to its point on the card, round the card's text boxes
    (`leader`); returns the lowest label's bottom. Each leader drawn is added to `leaders`."""
    leaders = [] if leaders is None else leaders
    cx, cy, scale = card
    ink, accent = icons.colour("ink"), icons.colour("accent_dark")
    boxes = [
        (cx + x * scale - PAD, cy + y * scale - PAD, w * scale + 2 * PAD, h * scale + 2 * PAD)
        for x, y, w, h in texts
    ]
    next_free = 0.0
    for c in sorted(callouts, key=lambda c: c.y):
        px, py = cx + c.x * scale, cy + c.y * scale
        lines = _wrap(c.text, chars) if c.text else []
        top = max(py - 1.2, next_free)
        next_free = top + LINE * len(lines) + 2.4
        lead_x = text_x + (0.8 if anchor == "end" else -0.8)
        points = leader((lead_x, top + 1.2), (px, py), boxes)
        leaders.append((points, boxes))
        path = "".join(f"{'L' if k else 'M'}{_n(x)},{_n(y)}" for k, (x, y) in enumerate(points))
        svg.el("path", d=path, fill="none", stroke=accent, stroke_width=0.35)
        end_x, end_y = points[-1]
        svg.el("circle", cx=end_x, cy=end_y, r=DOT, fill=accent, stroke="#ffffff", stroke_width=0.3)
        for k, line in enumerate(lines):
            svg.text(
                text_x,
                top + 2.1 + k * LINE,
                line,
                size=TEXT,
                fill=ink,
                text_anchor=anchor,
                font_weight=700 if k == 0 else 400,
            )
    return next_free


def leader(start: Point, point: Point, boxes: list[Box]) -> list[Point]:
    """A leader line from a label (`start`) to its `point` on the card that crosses none of
    the card's text `boxes`: a point inside a text box is reached at one of that box's edges
    (its dot just outside). The line is the shortest through the corners round the boxes,
    each bend costing BEND mm, so a clear straight line stays straight."""
    ends = _ends(point, boxes, start)
    corners = [
        corner
        for x, y, w, h in boxes
        for corner in (
            (x - DOT, y - DOT),
            (x + w + DOT, y - DOT),
            (x - DOT, y + h + DOT),
            (x + w + DOT, y + h + DOT),
        )
        if not _inside(corner, boxes)
    ]
    nodes = [start, *corners, *ends]
    cost = {0: 0.0}
    back: dict[int, int] = {}
    todo = [(0.0, 0)]
    while todo:
        spent, here = heapq.heappop(todo)
        if nodes[here] in ends:
            path = [nodes[here]]
            while here in back:
                here = back[here]
                path.append(nodes[here])
            return path[::-1]
        if spent > cost.get(here, math.inf):
            continue
        for there in range(1, len(nodes)):
            step = spent + math.dist(nodes[here], nodes[there]) + BEND
            if step < cost.get(there, math.inf) and not any(
                _crosses(nodes[here], nodes[there], box) for box in boxes
            ):
                cost[there], back[there] = step, here
                heapq.heappush(todo, (step, there))
    return [start, point]


def _inside(point: Point, boxes: list[Box]) -> bool:
    px, py = point
    return any(x < px < x + w and y < py < y + h for x, y, w, h in boxes)


def _ends(point: Point, boxes: list[Box], start: Point) -> list[Point]:
    """Where a leader may end: `point` itself, or, inside text boxes, just outside the edges
    of the boxes it is in (left, right, above, below: outside every box), nearest first."""
    px, py = point
    inside = [box for box in boxes if _inside(point, [box])]
    if not inside:
        return [point]
    ends = []
    for x, y, w, h in inside:
        for end in ((x - DOT, py), (x + w + DOT, py), (px, y - DOT), (px, y + h + DOT)):
            if not _inside(end, boxes):
                ends.append(end)
    return sorted(ends, key=lambda e: math.dist(e, point) + 0.25 * math.dist(e, start)) or [point]


def _crosses(a: Point, b: Point, box: Box) -> bool:
    """Whether the segment a-b passes through the inside of `box` (touching its edge is not
    crossing): Liang-Barsky clipping against the box shrunk by a hair."""
    x, y, w, h = box
    left, top, right, bottom = x + 0.01, y + 0.01, x + w - 0.01, y + h - 0.01
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0] - left), (dx, right - a[0]), (-dy, a[1] - top), (dy, bottom - a[1])):
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


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _face(svg: Svg, source: Source, plan: Plan, x: float, y: float, w: float, h: float) -> None:
    """The real card face, its bleed clipped away, as a nested image."""
    face, item = plan.face, plan.item
    svg.el(
        "rect", x=x + 0.6, y=y + 0.8, width=w, height=h, rx=2.2, fill="#000000", fill_opacity=0.15
    )
    if face is None:
        svg.el(
            "rect",
            x=x,
            y=y,
            width=w,
            height=h,
            rx=2,
            fill="#ffffff",
            stroke="#1f1b16",
            stroke_width=0.4,
        )
        svg.text(x + w / 2, y + h / 2, item.name, size=3.2)
        return
    text, bleed = face
    scale = w / source.game.card_size.width  # type: ignore[union-attr]
    ident = f"clip{len(svg.parts)}"
    svg.open("clipPath", id=ident)
    svg.el("rect", x=x, y=y, width=w, height=h, rx=2.2)
    svg.close("clipPath")
    uri = "data:image/svg+xml;base64," + base64.b64encode(text.encode("utf-8")).decode("ascii")
    svg.el(
        "image",
        x=x - bleed * scale,
        y=y - bleed * scale,
        width=w + 2 * bleed * scale,
        height=h + 2 * bleed * scale,
        href=uri,
        clip_path=f"url(#{ident})",
        preserveAspectRatio="none",
    )
    svg.el(
        "rect",
        x=x,
        y=y,
        width=w,
        height=h,
        rx=2.2,
        fill="none",
        stroke="#1f1b16",
        stroke_width=0.25,
        stroke_opacity=0.5,
    )


def card_face(
    game: Game, item: Card, deck: Component
) -> tuple[tuple[str, float] | None, tuple[Box, ...]]:
    """The SVG of a card's front as cards.pdf draws it and its bleed in mm (None if the card
    renderer cannot draw it: the rulebook then shows a plain outline), and where its text
    boxes put their lines, as the design lays them out (mm on the trim)."""
    try:
        face, inked = Renderer(game, ShapedMeasure()).front_inked(deck, item)
    except (PrintgenError, KeyError, TypeError, ValueError, AttributeError):
        return None, ()
    texts = tuple((a.x, a.y, a.w, a.h) for a in inked)
    return (at_origin(face.svg), RECORD_BLEED_MM), texts


def at_origin(svg: str) -> str:
    """`svg` with its viewBox starting at 0 0 and its content moved by as much instead: the
    same picture, but one every renderer places alike when it is nested in an `<image>`
    (cairosvg, which draws the rulebook's pictures, ignores a nested viewBox's origin)."""
    start = svg.find("<svg")
    end = svg.find(">", start) + 1
    box = _VIEWBOX.search(svg, start, end)
    close = svg.rfind("</svg>")
    if start < 0 or box is None or close < end:
        return svg
    left, top, width, height = box.groups()
    if float(left) == 0 and float(top) == 0:
        return svg
    return (
        f'{svg[: box.start()]}viewBox="0 0 {width} {height}"{svg[box.end() : end]}'
        f'<g transform="translate({-float(left):g} {-float(top):g})">{svg[end:close]}</g>'
        f"{svg[close:]}"
    )


def _chosen(game: Game, only: object) -> list[tuple[tuple[Card, Component], YamlMapping, int]]:
    """The cards to draw, each with its entry in `rules-anatomy.yaml` and that entry's place
    in the file (the first card's callouts default to its left): every card of the file the
    game has, else the game's first card bare; or the cards `only` names, in its order, or a
    RenderError naming one the file does not list."""
    specs = _specs(game)
    entries = [(_find(game, str(spec.get("card"))), spec, k) for k, spec in enumerate(specs)]
    cards = [(found, spec, k) for found, spec, k in entries if found is not None]
    if only is None:
        first = game.printed_decks[0]
        return cards or [((first.cards[0], first), {}, 0)]
    if not isinstance(only, (str, list, tuple)):
        raise RenderError(f"diagram('card-anatomy'): cards: expected card ids, got {only!r}")
    wanted = [str(only)] if isinstance(only, str) else [str(card) for card in only]
    by_id = {str(spec.get("card")): (found, spec, k) for found, spec, k in cards}
    for card in wanted or [""]:
        if card not in by_id:
            ids = ", ".join(by_id) or f"none: the game has no {ANATOMY_FILE}"
            raise RenderError(
                f"diagram('card-anatomy'): cards: {card!r} is not a card of {ANATOMY_FILE}"
                f"{did_you_mean(card, list(by_id))} (its cards: {ids})"
            )
    return [by_id[card] for card in wanted]


def _find(game: Game, card_id: str) -> tuple[Card, Component] | None:
    for deck in game.printed_decks:
        for item in deck.cards:
            if item.id == card_id:
                return item, deck
    return None


def _text(value: YamlValue, lang: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en") or next(iter(value.values()), ""))
    return str(value or "")


def _specs(game: Game) -> list[YamlMapping]:
    """The cards and callouts of the game's `rules-anatomy.yaml`, read like its other data
    (guarded, with its lines); none when it has no such file."""
    path = game.folder / ANATOMY_FILE
    if not os.path.lexists(path):
        return []
    doc, located = load_yaml_value(path, game.folder)
    cards = doc.get("cards") if isinstance(doc, dict) else None
    specs = [c for c in cards if isinstance(c, dict)] if isinstance(cards, list) else None
    if specs is None or not isinstance(cards, list) or len(specs) != len(cards):
        line = located.line_of("cards") if isinstance(doc, dict) and "cards" in doc else 1
        raise DataError(
            [Problem(located.file, line, "cards", "expected a list of {card, callouts, caption}")]
        )
    return specs
