"""Scored grids' picture (`printgen.rules.pictures.Grids`): each player's ring grid side by
side, under it each symbol's badge with its count, the total in bold and a muted note."""

from __future__ import annotations

from printgen.layout.minicard import EXAMPLE_MM, WIDE_EXAMPLE_MM
from printgen.layout.svgdraw import Svg
from printgen.render.rulebook.diagrams.ring_grid import CELL, LEFT, TOP, grid_svg
from printgen.render.rulebook.icons import Icons
from printgen.rules.pictures import Grids, ScoredGrid

COUNT_STEP, COUNTS_WIDE = 13.5, 50  # a count's room, and where a row of counts wraps


def draw(picture: Grids, icons: Icons) -> tuple[Svg, float]:
    """The grids a panel each: one printed EXAMPLE_MM wide, more WIDE_EXAMPLE_MM."""
    panels = picture.panels
    first = panels[0].grid if panels else None
    rows, cols = (first.rows, first.columns) if first else (0, 0)
    panel = LEFT + cols * CELL + 4
    width_mm = EXAMPLE_MM if len(panels) == 1 else WIDE_EXAMPLE_MM
    svg = Svg(panel * len(panels), TOP + rows * CELL + 33, printed_mm=width_mm)
    per_unit = width_mm / svg.width
    for k, scored in enumerate(panels):
        panel_svg = grid_svg(icons, scored.grid, printed_mm=(panel - 2) * per_unit)
        svg.open("g", transform=f"translate({k * panel} 0)")
        svg.extend(panel_svg)
        _score_lines(svg, icons, scored, TOP + rows * CELL + 5)
        svg.close("g")
    return svg, width_mm


def _score_lines(svg: Svg, icons: Icons, scored: ScoredGrid, y: float) -> None:
    x = LEFT
    for element, count in scored.counts:
        svg.raw(icons.badge(element, x + 2, y + 1.6, 4.4))
        svg.text(x + 5, y + 2.8, count, size=3, text_anchor="start")
        x += COUNT_STEP
        if x > LEFT + COUNTS_WIDE:
            x, y = LEFT, y + 5.6
    svg.text(LEFT, y + 10, scored.total, size=3.6, font_weight=800, text_anchor="start")
    svg.text(
        LEFT,
        y + 15.5,
        scored.note,
        size=2.8,
        text_anchor="start",
        fill=icons.colour("muted"),
    )
