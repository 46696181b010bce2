"""A race's picture (`printgen.rules.pictures.Race`): a bar a side, as long as its points, up
to a dashed line at the target, the winner's in the accent colour; the outcome under them."""

from __future__ import annotations

from printgen.layout.minicard import EXAMPLE_MM
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked.minicard import label
from printgen.rules.pictures import Bar, Race

LEFT, SPAN, ROW = 19.0, 52.0, 8  # where the bars start, the target's length, a row's height


def draw(picture: Race, icons: Icons) -> tuple[Svg, float]:
    """The race, 100 wide and a row a side, printed EXAMPLE_MM wide."""
    rows = len(picture.bars)
    svg = Svg(100, 8 + ROW * rows + 5, printed_mm=EXAMPLE_MM)
    for k, bar in enumerate(picture.bars):
        _bar(svg, icons, 4 + k * ROW, bar, picture.target)
    svg.el(
        "line",
        x1=LEFT + SPAN,
        y1=2,
        x2=LEFT + SPAN,
        y2=6 + ROW * rows,
        stroke=icons.colour("ink"),
        stroke_width=0.4,
        stroke_dasharray="1 0.8",
    )
    label(svg, 50, 8 + ROW * rows + 2, picture.outcome, size=3, bold=picture.won)
    return svg, EXAMPLE_MM


def _bar(svg: Svg, icons: Icons, y: float, bar: Bar, target: int) -> None:
    """The side's name, its bar on a pale track as long as the target, its points said."""
    label(svg, 16, y + 3.6, bar.name, size=3.2, bold=bar.won, anchor="end")
    svg.el("rect", x=LEFT, y=y, width=SPAN, height=5, rx=1, fill="#f1ece1")
    svg.el(
        "rect",
        x=LEFT,
        y=y,
        width=SPAN * min(bar.points, target) / target,
        height=5,
        rx=1,
        fill=icons.colour("accent") if bar.won else icons.colour("muted"),
    )
    label(svg, LEFT + SPAN + 2, y + 3.8, bar.said, size=3, bold=bar.won, anchor="start")
