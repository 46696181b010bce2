"""The cover emblem: the game's symbol badges round a ring."""

from __future__ import annotations

from markupsafe import Markup

from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.diagrams.cycles import badge_size, ring
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.source import Source

RADIUS = 34.0  # the ring the badges sit on, in the emblem's 100 x 100 box
BADGE = 19.0  # as large as five badges take (the Wu Xing elements), smaller for many


def draw(source: Source, icons: Icons) -> Markup:
    """The badges of the rulebook's front-matter `emblem:` (clockwise from the top), or of
    every symbol of the game in its listed order: each its suit's icon on a disc of its
    colour, as the cards draw it (the game's icon file, a shared icon or the suit's mark)."""
    chosen = source.emblem or source.game.symbols
    names = [s for s in chosen if icons.draws(s)]
    svg = Svg(100, 100)
    accent = icons.colour("accent")
    svg.el("circle", cx=50, cy=50, r=RADIUS, fill="none", stroke=accent, stroke_width=0.6)
    svg.el(
        "circle",
        cx=50,
        cy=50,
        r=44,
        fill="none",
        stroke=accent,
        stroke_width=0.3,
        stroke_dasharray="0.6 1.8",
    )
    if names:
        size = badge_size(len(names), RADIUS, BADGE)
        for name, (x, y) in zip(names, ring(len(names), 50, 50, RADIUS), strict=True):
            svg.raw(icons.badge(name, x, y, size, ring=accent))
    shown = ", ".join(source.element(name) for name in names)
    return svg.markup(70, f"{source.title}: {shown}" if shown else source.title)
