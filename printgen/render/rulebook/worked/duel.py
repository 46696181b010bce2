"""A duel's picture (`printgen.rules.pictures.Duel`): two cards face to face with "vs" between
them, each with what is said under it; the winner ringed in the accent colour, a tie said in
the middle."""

from __future__ import annotations

from printgen.layout.minicard import EXAMPLE_MM, H, W
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked.minicard import card, label
from printgen.rules.pictures import Duel

CENTRES = (26.0, 74.0)


def draw(picture: Duel, icons: Icons) -> tuple[Svg, float]:
    """The duel, 100 wide and as tall as its cards, printed EXAMPLE_MM wide."""
    scale = picture.scale
    w, h = W * scale, H * scale
    svg = Svg(100, h + 9, printed_mm=EXAMPLE_MM)
    accent, muted = icons.colour("accent"), icons.colour("muted")
    for centre, side in zip(CENTRES, picture.sides, strict=True):
        ring = accent if side.won else None
        card(svg, icons, centre - w / 2, 2, side.card, scale=scale, ring=ring)
        colour = icons.colour("accent_dark") if side.won else muted
        label(svg, centre, h + 7, side.name, bold=side.won, colour=colour)
    label(svg, 50, 2 + h / 2 + 1.5, "vs", size=5, bold=True, colour=muted)
    if picture.tie:
        label(svg, 50, h + 7, picture.tie, bold=True)
    return svg, EXAMPLE_MM
