"""Cycle diagrams any game's rulebook may ask for: the Wu Xing feeding and overcoming cycles,
and a dominance loop.

Both are drawn from the definitions the engines use: the shared `printgen.rules.wuxing` for
Wu Xing, and for a loop the game's own mapping `rules.dominates` (each element -> the one it
beats) in game.yaml.
"""

from __future__ import annotations

import math

from printgen.errors import RenderError
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import Source
from printgen.rules import wuxing as wx

Point = tuple[float, float]


def ring(count: int, cx: float, cy: float, radius: float, start: float = -90.0) -> list[Point]:
    """`count` points on a circle, the first at `start` degrees, going clockwise."""
    return [
        (
            cx + radius * math.cos(math.radians(start + i * 360 / count)),
            cy + radius * math.sin(math.radians(start + i * 360 / count)),
        )
        for i in range(count)
    ]


ROOM = 0.86  # of the distance between two neighbours' centres a badge may take


def badge_size(count: int, radius: float, largest: float) -> float:
    """The size of `count` badges round a circle of `radius`: `largest`, or smaller when so
    many go round that they would overlap (twelve suits' badges touched on the cover)."""
    if count < 2:
        return largest
    between = 2 * radius * math.sin(math.pi / count)
    return round(min(largest, between * ROOM), 2)


def wuxing(source: Source, icons: Icons) -> tuple[Svg, float, str]:
    """Five badges round a circle in feeding order; feeding arcs outside, overcoming star inside."""
    order = ["wood"]
    while len(order) < len(wx.ELEMENTS):
        order.append(wx.feeds(order[-1]))
    svg = Svg(130, 122, printed_mm=96)
    points = dict(zip(order, ring(5, 65, 57, 36), strict=True))
    badge = 19.0
    feed_colour = icons.tones("wood").dark
    over_colour = icons.tones("fire").fill
    for name in order:
        (x1, y1), (x2, y2) = points[name], points[wx.feeds(name)]
        svg.arrow(
            x1, y1, x2, y2, feed_colour, width=1.1, head=3.4, shorten=badge / 2 + 1.6, bend=-7.5
        )
    for name in order:
        (x1, y1), (x2, y2) = points[name], points[wx.overcomes(name)]
        svg.arrow(
            x1,
            y1,
            x2,
            y2,
            over_colour,
            width=0.9,
            head=3.2,
            shorten=badge / 2 + 1.4,
            dash="2.4 1.6",
        )
    for name, (x, y) in points.items():
        svg.raw(icons.badge(name, x, y, badge, ring="#ffffff"))
        outward(svg, source.element(name), x, y, 65, 57, badge / 2 + 2.2)
    legend(svg, 4, 117, feed_colour, source.label("generating_cycle"), None)
    legend(svg, 70, 117, over_colour, source.label("overcoming_cycle"), "2.4 1.6")
    overcoming = [order[0]]
    while len(overcoming) < len(order):
        overcoming.append(wx.overcomes(overcoming[-1]))
    svg.alt = (
        f"{source.label('generating_cycle')}: {_loop(source, order)}. "
        f"{source.label('overcoming_cycle')}: {_loop(source, overcoming)}."
    )
    return svg, 96, ""


def _loop(source: Source, names: list[str]) -> str:
    """`Wood → Fire → … → Wood`: a cycle in words, back to where it starts (alt text)."""
    return " → ".join(source.element(name) for name in [*names, names[0]])


def outward(svg: Svg, text: str, x: float, y: float, cx: float, cy: float, gap: float) -> None:
    """A badge's label on the side away from the centre (cx, cy), clear of the arrows."""
    dx, dy = x - cx, y - cy
    if abs(dx) < 4:  # top or bottom
        svg.text(x, y - gap - 0.8 if dy < 0 else y + gap + 4, text, size=4.6, font_weight=700)
    elif dy > 8:  # lower left or right: below, nudged outward
        svg.text(x + (3 if dx > 0 else -3), y + gap + 4, text, size=4.6, font_weight=700)
    else:
        svg.text(
            x + (gap if dx > 0 else -gap),
            y + 1.6,
            text,
            size=4.6,
            font_weight=700,
            text_anchor="start" if dx > 0 else "end",
        )


def legend(svg: Svg, x: float, y: float, colour: str, text: str, dash: str | None) -> None:
    svg.arrow(x, y - 1.3, x + 10, y - 1.3, colour, width=1.0, head=2.6, dash=dash)
    svg.text(x + 12.5, y, text, size=3.8, text_anchor="start")


def dominance(source: Source, icons: Icons) -> tuple[Svg, float, str]:
    """The elements round a loop, each arrow from an element to the one it dominates."""
    written = source.game.rules.get("dominates")
    if not isinstance(written, dict) or not written:
        raise RenderError(f"diagram('dominance-loop'): {source.game.id} has no rules.dominates")
    # element names: the engine's settings check has found every key and value one
    dominates = {a: b for a, b in written.items() if isinstance(a, str) and isinstance(b, str)}
    first = next(iter(dominates))
    order = [first]
    while len(order) < len(dominates) and dominates.get(order[-1]) not in (None, first):
        order.append(dominates[order[-1]])
    svg = Svg(120, 110, printed_mm=84)
    points = dict(zip(order, ring(len(order), 60, 50, 33), strict=True))
    badge = badge_size(len(order), 33, 20.0)
    ink = icons.colour("ink")
    muted = icons.colour("muted")
    for name in order:
        beaten = dominates.get(name)
        if beaten in points:
            (x1, y1), (x2, y2) = points[name], points[beaten]
            svg.arrow(x1, y1, x2, y2, ink, width=1.3, head=3.6, shorten=badge / 2 + 1.8, bend=-6)
    related = {frozenset((a, b)) for a, b in dominates.items()}
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            if frozenset((a, b)) not in related:
                (x1, y1), (x2, y2) = points[a], points[b]
                svg.el(
                    "line",
                    x1=x1,
                    y1=y1,
                    x2=x2,
                    y2=y2,
                    stroke=muted,
                    stroke_width=0.5,
                    stroke_dasharray="1 1.6",
                )
    svg.el("circle", cx=60, cy=50, r=7.5, fill="#ffffff")
    svg.text(60, 51.4, source.label("unrelated"), size=3.2, fill=muted, font_style="italic")
    for name, (x, y) in points.items():
        svg.raw(icons.badge(name, x, y, badge, ring="#ffffff"))
        outward(svg, source.element(name), x, y, 60, 50, badge / 2 + 2)
    legend(svg, 42, 107, ink, source.label("dominates"), None)
    svg.alt = _dominance_said(source, dominates, order)
    return svg, 84, ""


def _dominance_said(source: Source, dominates: dict[str, str], order: list[str]) -> str:
    """The loop in words (its alt text): who dominates whom, then the unrelated pairs."""
    related = {frozenset((a, b)) for a, b in dominates.items()}
    beats = [
        f"{source.element(a)} {source.label('dominates')} {source.element(b)}"
        for a, b in dominates.items()
    ]
    apart = [
        f"{source.element(a)}, {source.element(b)}: {source.label('unrelated')}"
        for i, a in enumerate(order)
        for b in order[i + 1 :]
        if frozenset((a, b)) not in related
    ]
    return "; ".join(beats + apart) + "."
