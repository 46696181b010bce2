"""A play's picture (`printgen.rules.pictures.Play`): the top card of the pile, an arrow, the
cards played onto it side by side, each group named under it; on the right the verdict, a tick
on a green disc or a cross on a red one, said under it with its note."""

from __future__ import annotations

from printgen.layout.minicard import EXAMPLE_MM, H, W
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked.minicard import card, label
from printgen.rules.pictures import Play

VERDICT_X = 89.0
LAST = 75.0  # the played cards end by here


def draw(picture: Play, icons: Icons) -> tuple[Svg, float]:
    """The play, 100 wide and as tall as its cards, printed EXAMPLE_MM wide."""
    scale = picture.scale
    w, h = W * scale, H * scale
    svg = Svg(100, h + 13, printed_mm=EXAMPLE_MM)
    muted = icons.colour("muted")
    below = 2 + h + 5
    card(svg, icons, 4, 2, picture.top, scale=scale)
    label(svg, 4 + w / 2, below, picture.top_name, colour=muted)
    svg.arrow(4 + w + 1.5, 2 + h / 2, 4 + w + 7, 2 + h / 2, muted, width=0.6, head=2)
    first, count = 4 + w + 9, len(picture.played)
    step = min(w + 1.5, (LAST - first - w) / max(count - 1, 1))
    for k, face in enumerate(picture.played):
        card(svg, icons, first + k * step, 2, face, scale=scale)
    end = first + (count - 1) * step + w
    label(svg, (first + end) / 2, below, picture.played_name, colour=muted)
    _verdict(svg, icons, VERDICT_X, 2 + h / 2 - 2, picture.ok)
    label(svg, VERDICT_X, 2 + h / 2 + 7, picture.verdict, bold=True)
    if picture.note:
        label(svg, VERDICT_X, 2 + h / 2 + 12, picture.note, colour=muted)
    return svg, EXAMPLE_MM


def _verdict(svg: Svg, icons: Icons, x: float, y: float, ok: bool) -> None:
    """A tick on a disc in wood's green, or a cross on one in fire's red."""
    colour = icons.tones("wood").fill if ok else icons.tones("fire").fill
    svg.el("circle", cx=x, cy=y, r=4.6, fill=colour)
    if ok:
        svg.el(
            "path",
            d=f"M{x - 2.2},{y + 0.1}L{x - 0.6},{y + 1.9}L{x + 2.4},{y - 1.9}",
            fill="none",
            stroke="#ffffff",
            stroke_width=1.1,
            stroke_linecap="round",
            stroke_linejoin="round",
        )
    else:
        svg.el(
            "path",
            d=f"M{x - 1.8},{y - 1.8}L{x + 1.8},{y + 1.8}M{x + 1.8},{y - 1.8}L{x - 1.8},{y + 1.8}",
            stroke="#ffffff",
            stroke_width=1.1,
            stroke_linecap="round",
        )
