"""Geometry that components draw with, in the caller's unit (mm on cards): points round a
circle, arrows, the Wu Xing wheel (from the shared cycles of `printgen.rules.wuxing`), a ring of
nodes, pie slices, rays, an infinity-loop serpent, pip grids. Templates reach them as `shapes`.
Nothing here knows a game: a design places these by name."""

from __future__ import annotations

import math
from typing import TypedDict

from printgen.rules import wuxing

Point = tuple[float, float]


class Node(TypedDict):
    """A node of a ring: its element and centre."""

    element: str
    x: float
    y: float


Arrow = TypedDict("Arrow", {"from": str, "to": str, "d": str, "head": str})
"""An arrow from one node to another: its line's path `d` and its head's points."""


class Ring(TypedDict):
    """`ring`: the circle, its nodes in order, and an arrow from each to the next."""

    cx: float
    cy: float
    r: float
    node_r: float
    nodes: list[Node]
    arrows: list[Arrow]


class Wheel(Ring):
    """`wuxing_wheel`: a ring whose arrows are the `feeds`, and the `overcomes` across it."""

    feeds: list[Arrow]
    overcomes: list[Arrow]


class Slice(TypedDict):
    """A pie slice: its element, the middle of its area, and its path `d`."""

    element: str
    x: float
    y: float
    d: str


class Heading(TypedDict):
    """Where a serpent's head is and which way it looks (degrees)."""

    x: float
    y: float
    angle: float


class Serpent(TypedDict):
    """`serpent_loop`'s paths: the body, the stretch drawn over the crossing (its outline,
    edges and spine), the fins, the whole spine, and the head."""

    body: str
    over: str
    over_edges: list[str]
    fins: list[str]
    spine: str
    over_spine: str
    head: Heading


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
) -> Ring:
    """Nodes evenly round a circle, clockwise from the top in `order`, and an arrow along the
    rim from each node to the next (the last to the first)."""
    step = 360 / len(order)
    angle = {e: -90 + step * i for i, e in enumerate(order)}
    nodes: list[Node] = [
        {
            "element": e,
            "x": polar(cx, cy, radius, angle[e])[0],
            "y": polar(cx, cy, radius, angle[e])[1],
        }
        for e in order
    ]
    gap = math.degrees((node_radius + head * 0.35) / radius)
    arrows: list[Arrow] = []
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
) -> Wheel:
    """The Wu Xing diagram: nodes round a circle in generating order, clockwise from `top`;
    `feeds` arrows along the rim (each element to the one it feeds) and `overcomes` arrows
    across (each element to the one it overcomes). Lengths in the caller's unit (mm)."""
    order = [top]
    while len(order) < 5:
        order.append(wuxing.feeds(order[-1]))
    wheel = ring(order, cx, cy, radius, node_radius, head)
    positions = {n["element"]: (n["x"], n["y"]) for n in wheel["nodes"]}
    overcomes: list[Arrow] = []
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


def pie(order: list[str], cx: float, cy: float, radius: float) -> list[Slice]:
    """Equal slices of a disc, clockwise from the top: each slice's path and the middle of
    its area (for an icon)."""
    step = 360 / len(order)
    slices: list[Slice] = []
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


def rays(cx: float, cy: float, inner: float, outer: float, count: int) -> list[str]:
    """Alternating long and short rays round a centre, as line paths."""
    found = []
    for i in range(count):
        a = math.radians(-90 + 360 * i / count)
        reach = outer if i % 2 == 0 else outer * 0.78
        found.append(
            f"M{cx + inner * math.cos(a):.2f},{cy + inner * math.sin(a):.2f}"
            f"L{cx + reach * math.cos(a):.2f},{cy + reach * math.sin(a):.2f}"
        )
    return found


def cycle(start: str, step: dict[str, str]) -> list[str]:
    """The names met following `step` from `start` until one comes back (a dominance loop)."""
    order: list[str] = []
    current: str | None = start
    while current is not None and current not in order:
        order.append(current)
        current = step.get(current)
    return order


def inverse(step: dict[str, str], name: str) -> str | None:
    """The name whose step leads to `name`."""
    return next((k for k, v in step.items() if v == name), None)


def _path(points: list[Point], close: bool = False) -> str:
    return "M" + "L".join(f"{x:.2f},{y:.2f}" for x, y in points) + ("Z" if close else "")


def _normals(points: list[Point]) -> tuple[list[Point], list[float]]:
    """The unit normal (to the left of the way it goes) and the heading (degrees) of a
    path at each of its points, from its neighbours."""
    last = len(points) - 1
    normals: list[Point] = []
    headings: list[float] = []
    for i in range(last + 1):
        (x0, y0), (x1, y1) = points[max(i - 1, 0)], points[min(i + 1, last)]
        d = math.hypot(x1 - x0, y1 - y0) or 1.0
        normals.append(((y0 - y1) / d, (x1 - x0) / d))
        headings.append(math.degrees(math.atan2(y1 - y0, x1 - x0)))
    return normals, headings


def _fin(point: Point, normal: Point, width: float, lobe: Point) -> str:
    """A fin's triangle (SVG points) on the body's edge at `point`, `width` thick there,
    pointing away from the middle of its `lobe` of the loop."""
    (x, y), (nx, ny) = point, normal
    if nx * (x - lobe[0]) + ny * (y - lobe[1]) < 0:  # point the fin away from the lobe
        nx, ny = -nx, -ny
    half_base = 0.45 + width / 3
    base = (x + nx * width / 2, y + ny * width / 2)
    tip = (base[0] + nx * (0.6 + width * 0.35), base[1] + ny * (0.6 + width * 0.35))
    corners = [
        (base[0] - ny * half_base, base[1] + nx * half_base),
        tip,
        (base[0] + ny * half_base, base[1] - nx * half_base),
    ]
    return " ".join(f"{px:.2f},{py:.2f}" for px, py in corners)


def serpent_loop(cx: float, cy: float, half_width: float, steps: int = 160) -> Serpent:
    """A serpent along an infinity loop, as geometry: a body thick at the head and thin at the
    tail, crossing over itself once; fins along the outside of its back; where its head is
    and which way it looks. Millimetres, y down."""
    gap = 0.3  # radians of the loop left open between the head and the tail
    ts = [gap + (2 * math.pi - 2 * gap) * i / steps for i in range(steps + 1)]

    def at(t: float) -> Point:
        s = 1 + math.sin(t) ** 2
        return cx + half_width * math.cos(t) / s, cy + half_width * 1.3 * math.sin(t) * math.cos(
            t
        ) / s

    points = [at(t) for t in ts]
    normals, headings = _normals(points)
    widths = [0.4 + 2.9 * (i / steps) ** 0.8 for i in range(steps + 1)]

    def edge(i: int, side: float) -> Point:
        return (
            points[i][0] + side * normals[i][0] * widths[i] / 2,
            points[i][1] + side * normals[i][1] * widths[i] / 2,
        )

    def outline(lo: int, hi: int) -> str:
        return _path(
            [edge(i, 1) for i in range(lo, hi + 1)] + [edge(i, -1) for i in range(hi, lo - 1, -1)],
            close=True,
        )

    # The loop crosses itself at t = pi/2 and t = 3 pi/2; the second pass is drawn over.
    crossings = [
        round((t - gap) / (2 * math.pi - 2 * gap) * steps) for t in (math.pi / 2, 3 * math.pi / 2)
    ]
    over = crossings[1]
    lo, hi = over - 9, over + 9
    fins = []
    for i in range(9, steps - 6, 6):
        if any(abs(i - c) < 12 for c in crossings):
            continue
        lobe = (cx + math.copysign(half_width * 0.55, points[i][0] - cx), cy)
        fins.append(_fin(points[i], normals[i], widths[i], lobe))
    return {
        "body": outline(0, steps),
        "over": outline(lo, hi),
        "over_edges": [_path([edge(i, side) for i in range(lo, hi + 1)]) for side in (1, -1)],
        "fins": fins,
        "spine": _path(points),
        "over_spine": _path(points[lo : hi + 1]),
        "head": {"x": points[-1][0], "y": points[-1][1], "angle": headings[-1]},
    }
