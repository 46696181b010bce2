"""A cut contour file read back: each SVG path followed as a cutter's software follows it,
lines and circular arcs (by SVG's own arc flags, so an arc bowed the wrong way reads so), as
points in mm, y up as in the PDF beside it."""

from __future__ import annotations

import math
import re
from pathlib import Path


def contours(svg: Path) -> tuple[float, list[list[tuple[float, float]]]]:
    """The page's height and each path of the SVG as points (mm, y up as the PDF), every arc
    followed by its centre, radius and flags at 0.5 degree steps; fails on an open path."""
    text = svg.read_text()
    size = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', text)
    assert size is not None
    height = float(size[2])
    found = []
    for d in re.findall(r'<path [^>]*d="([^"]+)"', text):
        points = _follow(d.split())
        found.append([(x, height - y) for x, y in points])
    return height, found


def _follow(tokens: list[str]) -> list[tuple[float, float]]:
    assert tokens[0] == "M" and tokens[-1] == "Z", "not one closed path"
    at = (float(tokens[1]), float(tokens[2]))
    start, points, i = at, [at], 3
    while tokens[i] != "Z":
        if tokens[i] == "L":
            at = (float(tokens[i + 1]), float(tokens[i + 2]))
            points.append(at)
            i += 3
            continue
        assert tokens[i] == "A"
        r, large, sweep = float(tokens[i + 1]), tokens[i + 4], tokens[i + 5]
        end = (float(tokens[i + 6]), float(tokens[i + 7]))
        points += _arc(at, end, r, large == "1", sweep == "1")
        at = end
        i += 8
    assert math.dist(points[-1], start) < 1e-6, "the path does not end where it starts"
    return points


def _arc(
    a: tuple[float, float], b: tuple[float, float], r: float, large: bool, sweep: bool
) -> list[tuple[float, float]]:
    """Points along SVG's circular arc from `a` to `b` (y down: sweep 1 turns the positive way,
    clockwise as seen)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    half = math.dist(a, b) / 2
    h = math.sqrt(max(r * r - half * half, 0.0))
    ux, uy = (b[0] - a[0]) / (2 * half), (b[1] - a[1]) / (2 * half)
    for side in (1, -1):
        cx, cy = mx - side * uy * h, my + side * ux * h
        a0 = math.atan2(a[1] - cy, a[0] - cx)
        a1 = math.atan2(b[1] - cy, b[0] - cx)
        turn = (a1 - a0) % (2 * math.pi) if sweep else -((a0 - a1) % (2 * math.pi))
        if (abs(turn) > math.pi) == large:
            steps = max(2, int(abs(math.degrees(turn)) * 2))
            return [
                (cx + r * math.cos(a0 + turn * k / steps), cy + r * math.sin(a0 + turn * k / steps))
                for k in range(1, steps + 1)
            ]
    raise AssertionError("no arc fits the flags")
