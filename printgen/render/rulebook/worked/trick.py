"""A trick's picture (`printgen.rules.pictures.Trick`): its cards side by side in the order
played, each with how its value was worked out under it; the winner ringed, with what it
takes said under it."""

from __future__ import annotations

from printgen.layout.minicard import EXAMPLE_MM, H, W
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked.minicard import card, label
from printgen.rules.pictures import Played, Trick


def draw(picture: Trick, icons: Icons) -> tuple[Svg, float]:
    """The trick as a 100 x 50 drawing printed EXAMPLE_MM wide."""
    svg = Svg(100, 50, printed_mm=EXAMPLE_MM)
    step = 100 / max(len(picture.cards), 1)
    for k, played in enumerate(picture.cards):
        x = k * step + (step - W * picture.scale) / 2
        _played(svg, icons, x, played, picture)
    return svg, EXAMPLE_MM


def _played(svg: Svg, icons: Icons, x: float, played: Played, picture: Trick) -> None:
    scale, won = picture.scale, played.won
    card(svg, icons, x, 3, played.card, scale=scale, ring=icons.colour("accent") if won else None)
    middle, cy = x + W * scale / 2, 3 + H * scale + 6
    label(svg, middle, cy, played.sum, size=2.9, colour=icons.colour("muted"))
    total_colour = icons.colour("accent_dark") if won else icons.colour("ink")
    label(svg, middle, cy + 6.2, played.total, size=4.6, bold=True, colour=total_colour)
    if won:
        half = len(picture.takes) * max(2.7, svg.smallest) * 0.29  # half its width, bold Lato
        label(
            svg,
            min(max(middle, half), svg.width - half),
            cy + 10.6,
            picture.takes,
            size=2.7,
            bold=True,
            colour=icons.colour("accent_dark"),
        )
