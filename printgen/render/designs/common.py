"""Helpers every design shares: text blocks, polar geometry, arrows and the Wu Xing wheel.

The wheel (five elements round a circle, the generating cycle along the rim, the overcoming
cycle as the inner star) comes from `printgen.rules.wuxing`, never from typed-in pairs; the
board, player sheet and rulebook can draw it with `templates/common/wuxing.svg.j2`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from printgen.render.textfit import BODY, Font, fit, shrink_to_width
from printgen.rules import wuxing

if TYPE_CHECKING:
    from printgen.render.faces import Kit

Point = tuple[float, float]


def title(word: str) -> str:
    """An element or symbol id as printed: `water` -> `Water`."""
    return word.replace("-", " ").title()


def text_block(
    kit: Kit,
    text: str,
    *,
    width: float,
    max_lines: int,
    size: float,
    min_size: float,
    font: Font = BODY,
    leading: float = 1.22,
) -> dict[str, Any]:
    """`text` broken into lines for a box `width` mm wide: size, lines, line step, height."""
    fitted = fit(text, width, max_lines, size, min_size, font, kit.measure)
    step = fitted.size * leading
    return {
        "size": fitted.size,
        "lines": list(fitted.lines),
        "step": step,
        "height": step * (fitted.count - 1) + fitted.size * 0.72 if fitted.count else 0,
    }


def line_size(kit: Kit, text: str, width: float, size: float, font: Font) -> float:
    """The font size (at most `size`) at which `text` fits one line `width` mm wide."""
    return shrink_to_width(text, width, size, font, kit.measure)


def polar(cx: float, cy: float, r: float, degrees: float) -> Point:
    """A point on a circle; 0 degrees is east and angles turn clockwise (SVG's y points down)."""
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def arrow_head(tip: Point, direction: Point, length: float, width: float) -> str:
    """Points of a triangle with its tip at `tip`, pointing along `direction`."""
    norm = math.hypot(*direction) or 1.0
    ux, uy = direction[0] / norm, direction[1] / norm
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    nx, ny = -uy * width / 2, ux * width / 2
    return " ".join(
        f"{x:.3f},{y:.3f}" for x, y in ((tip[0], tip[1]), (bx + nx, by + ny), (bx - nx, by - ny))
    )


def ring(
    order: list[str], cx: float, cy: float, radius: float, node_radius: float, head: float = 2.2
) -> dict[str, Any]:
    """Nodes evenly round a circle, clockwise from the top in `order`, and an arrow along the
    rim from each node to the next (the last to the first)."""
    step = 360 / len(order)
    angle = {e: -90 + step * i for i, e in enumerate(order)}
    nodes = [
        {
            "element": e,
            "x": polar(cx, cy, radius, angle[e])[0],
            "y": polar(cx, cy, radius, angle[e])[1],
        }
        for e in order
    ]
    gap = math.degrees((node_radius + head * 0.35) / radius)
    arrows = []
    for i, e in enumerate(order):
        start, end = angle[e] + gap, angle[e] + step - gap - math.degrees(head / radius)
        p1, p2 = polar(cx, cy, radius, start), polar(cx, cy, radius, end)
        tip_angle = angle[e] + step - gap
        tip = polar(cx, cy, radius, tip_angle)
        tangent = (-math.sin(math.radians(tip_angle)), math.cos(math.radians(tip_angle)))
        arrows.append(
            {
                "from": e,
                "to": order[(i + 1) % len(order)],
                "d": f"M{p1[0]:.3f},{p1[1]:.3f}A{radius:.3f},{radius:.3f} 0 0,1 "
                f"{p2[0]:.3f},{p2[1]:.3f}",
                "head": arrow_head(tip, tangent, head, head * 0.9),
            }
        )
    return {
        "cx": cx,
        "cy": cy,
        "r": radius,
        "node_r": node_radius,
        "nodes": nodes,
        "arrows": arrows,
    }


def wuxing_wheel(
    cx: float, cy: float, radius: float, node_radius: float, top: str = "fire", head: float = 2.2
) -> dict[str, Any]:
    """The Wu Xing diagram: nodes round a circle in generating order, clockwise from `top`;
    `feeds` arrows along the rim (each element to the one it feeds) and `overcomes` arrows
    across (each element to the one it overcomes). Lengths in the caller's unit (mm)."""
    order = [top]
    while len(order) < 5:
        order.append(wuxing.feeds(order[-1]))
    wheel = ring(order, cx, cy, radius, node_radius, head)
    positions = {n["element"]: (n["x"], n["y"]) for n in wheel["nodes"]}
    overcomes = []
    for e in order:
        target = wuxing.overcomes(e)
        (x1, y1), (x2, y2) = positions[e], positions[target]
        dist = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / dist, (y2 - y1) / dist
        start = (x1 + ux * (node_radius + 0.8), y1 + uy * (node_radius + 0.8))
        tip = (x2 - ux * (node_radius + 0.6), y2 - uy * (node_radius + 0.6))
        base = (tip[0] - ux * head, tip[1] - uy * head)
        overcomes.append(
            {
                "from": e,
                "to": target,
                "d": f"M{start[0]:.3f},{start[1]:.3f}L{base[0]:.3f},{base[1]:.3f}",
                "head": arrow_head(tip, (ux, uy), head, head * 0.9),
            }
        )
    return {**wheel, "feeds": wheel["arrows"], "overcomes": overcomes}


def pie(order: list[str], cx: float, cy: float, radius: float) -> list[dict[str, Any]]:
    """Equal slices of a disc, clockwise from the top: each slice's path and the middle of
    its area (for an icon)."""
    step = 360 / len(order)
    slices = []
    for i, element in enumerate(order):
        a0, a1 = -90 + step * i, -90 + step * (i + 1)
        (x0, y0), (x1, y1) = polar(cx, cy, radius, a0), polar(cx, cy, radius, a1)
        mx, my = polar(cx, cy, radius * 0.56, (a0 + a1) / 2)
        large = 1 if step > 180 else 0
        slices.append(
            {
                "element": element,
                "x": mx,
                "y": my,
                "d": f"M{cx:.3f},{cy:.3f}L{x0:.3f},{y0:.3f}A{radius:.3f},{radius:.3f} "
                f"0 {large},1 {x1:.3f},{y1:.3f}Z",
            }
        )
    return slices
