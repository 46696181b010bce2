"""A tally's picture (`printgen.rules.pictures.Tally`): a box for each side with its name, its
score and its captured cards as chips ten a row, the winner's in the accent colour; the
outcome under them."""

from __future__ import annotations

from printgen.layout.minicard import EXAMPLE_MM
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked.minicard import chip, label
from printgen.rules.pictures import Haul, Tally

PER_ROW = 10
ROW = 10.6  # a row of chips


def draw(picture: Tally, icons: Icons) -> tuple[Svg, float]:
    """The tally, 100 wide and as tall as its rows of chips, printed EXAMPLE_MM wide."""
    heights = [9.5 + ROW * max(1, -(-len(haul.cards) // PER_ROW)) for haul in picture.hauls]
    svg = Svg(100, sum(heights) + 9, printed_mm=EXAMPLE_MM)
    y = 1.0
    for haul, height in zip(picture.hauls, heights, strict=True):
        _haul(svg, icons, y, height, haul)
        y += height
    label(svg, 50, y + 4.8, picture.outcome, size=3.8, bold=True, colour=icons.colour("muted"))
    return svg, EXAMPLE_MM


def _haul(svg: Svg, icons: Icons, y: float, height: float, haul: Haul) -> None:
    won, accent = haul.won, icons.colour("accent")
    svg.el(
        "rect",
        x=0.5,
        y=y,
        width=99,
        height=height - 2,
        rx=1.6,
        fill=icons.colour("accent_light") if won else "#f6f2e9",
        stroke=accent if won else icons.colour("rule"),
        stroke_width=0.5 if won else 0.3,
    )
    label(svg, 3, y + 5, haul.name, size=3.8, bold=True, anchor="start")
    score_colour = icons.colour("accent_dark") if won else icons.colour("ink")
    label(svg, 97, y + 5, haul.score, size=4, bold=True, anchor="end", colour=score_colour)
    for i, face in enumerate(haul.cards):
        x = 3 + (i % PER_ROW) * 9.4
        chip(svg, icons, x, y + 7.2 + (i // PER_ROW) * ROW, face, size=7.4)
