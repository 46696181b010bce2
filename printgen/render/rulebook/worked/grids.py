"""Scored grids' picture (`printgen.rules.pictures.Grids`): each player's ring grid side by
side, under it each symbol's badge with its count, the total in bold and a muted note."""

from __future__ import annotations

from printgen.layout.minicard import EXAMPLE_MM, WIDE_EXAMPLE_MM
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.diagrams.ring_grid import CELL, LEFT, TOP, grid_svg
from printgen.render.rulebook.icons import Icons
from printgen.rules.pictures import Grids, ScoredGrid

COUNT_STEP, COUNTS_WIDE = 13.5, 50  # a count's room, and where a row of counts wraps
COUNT_ROW = 5.6  # a wrapped row of counts' step
SCORE_TOP = 5  # from the grid's bottom to the first row of counts
SCORE_FOOT = 17.5  # from the last row of counts to the picture's bottom: total, note, descent


def draw(picture: Grids, icons: Icons) -> tuple[Svg, float]:
    """The grids a panel each, every panel printed as wide as a one-player example's
    (EXAMPLE_MM), at most WIDE_EXAMPLE_MM in all, and the picture only as tall as its rows of
    counts: a two-player example then fits on a page beside another (issue 36)."""
    panels = picture.panels
    first = panels[0].grid if panels else None
    rows, cols = (first.rows, first.columns) if first else (0, 0)
    panel = LEFT + cols * CELL + 4
    width_mm = min(EXAMPLE_MM * max(len(panels), 1), WIDE_EXAMPLE_MM)
    count_rows = max((_count_rows(scored) for scored in panels), default=1)
    height = TOP + rows * CELL + SCORE_TOP + (count_rows - 1) * COUNT_ROW + SCORE_FOOT
    svg = Svg(panel * max(len(panels), 1), height, printed_mm=width_mm)
    per_unit = width_mm / svg.width
    for k, scored in enumerate(panels):
        panel_svg = grid_svg(icons, scored.grid, printed_mm=(panel - 2) * per_unit)
        svg.open("g", transform=f"translate({k * panel} 0)")
        svg.extend(panel_svg)
        _score_lines(svg, icons, scored, TOP + rows * CELL + SCORE_TOP)
        svg.close("g")
    return svg, width_mm


def _count_rows(scored: ScoredGrid) -> int:
    """How many rows the counts take under a grid (`_score_lines` wraps them)."""
    per_row = int(COUNTS_WIDE // COUNT_STEP) + 1
    return max(1, -(-len(scored.counts) // per_row))


def _score_lines(svg: Svg, icons: Icons, scored: ScoredGrid, y: float) -> None:
    x = LEFT
    for k, (element, count) in enumerate(scored.counts):
        svg.raw(icons.badge(element, x + 2, y + 1.6, 4.4))
        svg.text(x + 5, y + 2.8, count, size=3, text_anchor="start")
        x += COUNT_STEP
        if x > LEFT + COUNTS_WIDE and k + 1 < len(scored.counts):
            x, y = LEFT, y + COUNT_ROW
    svg.text(LEFT, y + 10, scored.total, size=3.6, font_weight=800, text_anchor="start")
    svg.text(
        LEFT,
        y + 15.5,
        scored.note,
        size=2.8,
        text_anchor="start",
        fill=icons.colour("muted"),
    )
