"""The cover emblem: the game's element badges round a ring."""

from __future__ import annotations

from markupsafe import Markup

from printgen.layout.svgdraw import Svg
from printgen.render.rulebook.diagrams.cycles import ring
from printgen.render.rulebook.icons import ICON_NAMES, Icons
from printgen.render.rulebook.source import Source
from printgen.rules import wuxing as wx


def draw(source: Source, icons: Icons) -> Markup:
    names = [s for s in source.game.symbols if s in ICON_NAMES and s in icons.palette.elements]
    if set(names) == set(wx.ELEMENTS):  # Wu Xing games: round the feeding cycle, wood on top
        names = ["wood"]
        while len(names) < len(wx.ELEMENTS):
            names.append(wx.feeds(names[-1]))
    svg = Svg(100, 100)
    accent = icons.colour("accent")
    svg.el("circle", cx=50, cy=50, r=34, fill="none", stroke=accent, stroke_width=0.6)
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
        for name, (x, y) in zip(names, ring(len(names), 50, 50, 34), strict=True):
            svg.raw(icons.badge(name, x, y, 19, ring=accent))
    return svg.markup(70, source.title)
