"""The Infinite Dragon of MyWuXing, as geometry: a body along an infinity loop, thick at the
head and thin at the tail, crossing over itself once; fins along the outside of its back;
where its head is and which way it looks. Millimetres, y down."""

from __future__ import annotations

import math
from typing import Any

Point = tuple[float, float]


def _path(points: list[Point], close: bool = False) -> str:
    return "M" + "L".join(f"{x:.2f},{y:.2f}" for x, y in points) + ("Z" if close else "")


def infinite_dragon(cx: float, cy: float, half_width: float, steps: int = 160) -> dict[str, Any]:
    gap = 0.3  # radians of the loop left open between the head and the tail
    ts = [gap + (2 * math.pi - 2 * gap) * i / steps for i in range(steps + 1)]

    def at(t: float) -> Point:
        s = 1 + math.sin(t) ** 2
        return cx + half_width * math.cos(t) / s, cy + half_width * 1.3 * math.sin(t) * math.cos(
            t
        ) / s

    points = [at(t) for t in ts]
    normals: list[Point] = []
    headings: list[float] = []
    for i in range(steps + 1):
        (x0, y0), (x1, y1) = points[max(i - 1, 0)], points[min(i + 1, steps)]
        d = math.hypot(x1 - x0, y1 - y0) or 1.0
        normals.append(((y0 - y1) / d, (x1 - x0) / d))
        headings.append(math.degrees(math.atan2(y1 - y0, x1 - x0)))
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
        (x, y), (nx, ny), wd = points[i], normals[i], widths[i]
        lobe = (cx + math.copysign(half_width * 0.55, x - cx), cy)
        if nx * (x - lobe[0]) + ny * (y - lobe[1]) < 0:  # point the fin away from the lobe
            nx, ny = -nx, -ny
        half_base = 0.45 + wd / 3
        base = (x + nx * wd / 2, y + ny * wd / 2)
        tip = (base[0] + nx * (0.6 + wd * 0.35), base[1] + ny * (0.6 + wd * 0.35))
        corners = [
            (base[0] - ny * half_base, base[1] + nx * half_base),
            tip,
            (base[0] + ny * half_base, base[1] - nx * half_base),
        ]
        fins.append(" ".join(f"{px:.2f},{py:.2f}" for px, py in corners))
    return {
        "body": outline(0, steps),
        "over": outline(lo, hi),
        "over_edges": [_path([edge(i, side) for i in range(lo, hi + 1)]) for side in (1, -1)],
        "fins": fins,
        "spine": _path(points),
        "over_spine": _path(points[lo : hi + 1]),
        "head": {"x": points[-1][0], "y": points[-1][1], "angle": headings[-1]},
    }
