"""The report's small charts, drawn as SVG by printgen itself (no plotting library): a bar
chart of a column's distribution, and the cost curve as predicted against printed cost."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from markupsafe import Markup

from printgen.analysis.curve import Fit
from printgen.render.draw.svgdraw import Svg

INK, BAR, MUTED, HOT = "#1f1b16", "#3b6ea5", "#7a746b", "#c0504d"
Value = TypeVar("Value")  # a bar's value: a number or a name


def _label(value: object) -> str:
    if isinstance(value, float) and value == int(value):
        value = int(value)
    return str(value).replace("-", "−")


def _fitted(text: str, room: float, size: float) -> tuple[str, float]:
    """A label that fits `room` (a Lato letter taken as 0.55 of its size wide): set smaller,
    down to 3.2, then cut with an ellipsis."""
    size = max(3.2, min(size, room / (0.55 * max(len(text), 1))))
    most = int(room / (0.55 * size))
    return (text if len(text) <= most else text[: max(most - 1, 1)] + "…"), size


def bar_chart(distribution: Mapping[Value, int], title: str, width_mm: float = 62) -> Markup:
    """Copies for each value, one bar a value, the count over it, the value under it."""
    values = list(distribution)
    counts = [distribution[v] for v in values]
    top = max(counts, default=0) or 1
    width, height = 100.0, 52.0
    svg = Svg(width, height)
    step = min(16.0, (width - 4) / max(len(values), 1))
    every = max(1, round(len(values) / 12))  # at most a dozen labels under the bars
    size = min(5.5, step * every * 0.7)
    start = (width - step * len(values)) / 2  # a few bars stand in the middle
    for k, (value, count) in enumerate(zip(values, counts, strict=True)):
        x = start + k * step
        bar = 32 * count / top
        svg.el("rect", x=x + step * 0.12, y=40 - bar, width=step * 0.76, height=bar, fill=BAR)
        if k % every == 0:
            text, fitted = _fitted(_label(value), step * every * 0.95, size)
            svg.text(x + step / 2, 46.5, text, size=fitted, fill=INK)
            svg.text(x + step / 2, 39 - bar, str(count), size=size * 0.85, fill=MUTED)
    svg.el("line", x1=2, y1=40.2, x2=width - 2, y2=40.2, stroke=MUTED, stroke_width=0.3)
    return svg.markup(width_mm, title)


LEFT, BOTTOM, SIDE = 12.0, 60.0, 52.0
"""The cost chart's square plot, in its 100 x 70 units."""


def curve_chart(fit: Fit, points: list[tuple[float, float, str]], cost: str) -> Markup:
    """Each card at (the curve's cost, its printed cost); the diagonal is the curve; the cards
    furthest off are red and named."""
    svg = Svg(100.0, 70.0)
    low = min([0.0, *(min(p[0], p[1]) for p in points)])
    high = max([1.0, *(max(p[0], p[1]) for p in points)])

    def at(value: float) -> float:
        return (value - low) / ((high - low) or 1.0) * SIDE

    _frame(svg, cost, [(value, at(value)) for value in (low, high)])
    named = {o.row.card.id: o for o in fit.off}
    for expected, actual, card in points:
        hot = card in named
        x, y = LEFT + at(expected), BOTTOM - at(actual)
        svg.el("circle", cx=x, cy=y, r=1.2 if hot else 0.8, fill=HOT if hot else BAR, opacity=0.85)
        if hot:  # named beside its dot, on the side with room
            right = x < LEFT + SIDE * 0.6
            svg.text(
                x + (2 if right else -2),
                y + 1.2,
                named[card].row.card.name,
                size=3.4,
                fill=HOT,
                text_anchor="start" if right else "end",
            )
    return svg.markup(110, f"cost curve of kind {fit.kind}")


def _frame(svg: Svg, cost: str, ticks: list[tuple[float, float]]) -> None:
    """The plot's box, the dashed diagonal (cost = the curve), the axes' names and ends."""
    svg.el(
        "rect",
        x=LEFT,
        y=BOTTOM - SIDE,
        width=SIDE,
        height=SIDE,
        fill="none",
        stroke=MUTED,
        stroke_width=0.3,
    )
    svg.el(
        "line",
        x1=LEFT,
        y1=BOTTOM,
        x2=LEFT + SIDE,
        y2=BOTTOM - SIDE,
        stroke=MUTED,
        stroke_width=0.4,
        stroke_dasharray="1.5 1",
    )
    svg.text(LEFT + SIDE / 2, BOTTOM + 8, f"the curve's {cost}", size=3.6, fill=INK)
    turn = f"rotate(-90 {LEFT - 4.5} {BOTTOM - SIDE / 2})"
    svg.text(LEFT - 4.5, BOTTOM - SIDE / 2, f"printed {cost}", size=3.6, fill=INK, transform=turn)
    for value, offset in ticks:
        shown = _label(round(value, 1))
        svg.text(LEFT + offset, BOTTOM + 4, shown, size=3.2, fill=MUTED)
        svg.text(LEFT - 1, BOTTOM - offset + 1, shown, size=3.2, fill=MUTED, text_anchor="end")


def interval_chart(
    bars: list[tuple[str, float, tuple[float, float]]],
    title: str,
    chance: float | None = None,
    width_mm: float = 120,
) -> Markup:
    """Rates as horizontal bars from 0 to 100 %, each with its 95 % interval as a whisker and
    its value written beside it; a dashed line at `chance` (an even share of the wins)."""
    row, left, right = 9.0, 38.0, 86.0
    height = row * len(bars) + 12.0
    svg = Svg(100.0, height)
    scale = right - left

    def x(rate: float) -> float:
        return left + scale * min(max(rate, 0.0), 1.0)

    for k, (name, value, (low, high)) in enumerate(bars):
        y = 3.0 + k * row
        text, size = _fitted(name, left - 3, 3.6)
        svg.text(left - 1.5, y + 4.6, text, size=size, fill=INK, text_anchor="end")
        svg.el("rect", x=left, y=y + 1.2, width=x(value) - left, height=row - 3.4, fill=BAR)
        svg.el("line", x1=x(low), y1=y + 3.3, x2=x(high), y2=y + 3.3, stroke=INK, stroke_width=0.4)
        for end in (low, high):
            svg.el(
                "line", x1=x(end), y1=y + 1.8, x2=x(end), y2=y + 4.8, stroke=INK, stroke_width=0.4
            )
        svg.text(
            x(high) + 1.2, y + 4.6, f"{100 * value:.1f} %", size=3.2, fill=INK, text_anchor="start"
        )
    base = 3.0 + row * len(bars)
    svg.el("line", x1=left, y1=base, x2=right, y2=base, stroke=MUTED, stroke_width=0.3)
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        svg.text(x(tick), base + 4.2, f"{int(100 * tick)} %", size=3.0, fill=MUTED)
    if chance is not None:
        svg.el(
            "line",
            x1=x(chance),
            y1=1.5,
            x2=x(chance),
            y2=base,
            stroke=HOT,
            stroke_width=0.35,
            stroke_dasharray="1.2 1",
        )
    return svg.markup(width_mm, title)
