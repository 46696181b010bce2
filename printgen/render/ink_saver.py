"""Ink-saving card backs for `build --ink-saver` (issue 16): an outline and the game's title,
no large fills, whatever the game's own back looks like.

Dark backs cover 47-70 % of a sheet in near-black; printed at home they cost more ink than the
fronts. This back is generic on purpose: it reads nothing of a game's back design (which is
data of its own), only the card size, the game's and the deck's names and the palette's ink
colour, so every game, the bundled ones and a designer's sixth, gets the same light back.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from printgen.layout.sizes import SAFE_MM, Size
from printgen.render.faces import RECORD_BLEED_MM
from printgen.render.palette import Palette

TITLE_MAX_MM = 6.0
TEXT_MIN_MM = 2.4
"""6.8 pt: above DESIGN.md's 6 pt floor for card text."""
LATO_BOLD_ADVANCE = 0.6
"""Average advance of a Lato Bold capital, in ems: enough to keep the title inside the card."""


def ink_saving_back_svg(title: str, deck: str | None, size: Size, palette: Palette) -> str:
    """The SVG of a back: the card's outline inset by the safe zone, a second hairline, and
    `title` (with `deck` under it when the game prints more than one deck) in the middle."""
    w, h, b = size.width, size.height, RECORD_BLEED_MM
    ink = palette.colours.get("ink", "#1f1b16")
    inset = SAFE_MM
    room = w - 2 * inset - 4
    letters = max(len(title), 1)
    font = max(TEXT_MIN_MM, min(TITLE_MAX_MM, room / (letters * LATO_BOLD_ADVANCE)))
    lines = [
        f'<rect x="{inset:g}" y="{inset:g}" width="{w - 2 * inset:g}" height="{h - 2 * inset:g}"'
        f' rx="3" fill="none" stroke="{ink}" stroke-width="0.5"/>',
        f'<rect x="{inset + 1.5:g}" y="{inset + 1.5:g}" width="{w - 2 * inset - 3:g}"'
        f' height="{h - 2 * inset - 3:g}" rx="2" fill="none" stroke="{ink}" stroke-width="0.2"/>',
        f'<text x="{w / 2:g}" y="{h / 2 + font * 0.35:g}" text-anchor="middle" font-family="Lato"'
        f' font-weight="bold" font-size="{font:.2f}" fill="{ink}">{escape(title.upper())}</text>',
    ]
    if deck:
        lines.append(
            f'<text x="{w / 2:g}" y="{h / 2 + font * 0.35 + TEXT_MIN_MM * 1.8:g}"'
            f' text-anchor="middle" font-family="Lato" font-size="{TEXT_MIN_MM:g}"'
            f' fill="{ink}">{escape(deck)}</text>'
        )
    body = "\n".join(lines)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 2 * b:g}mm"'
        f' height="{h + 2 * b:g}mm" viewBox="{-b:g} {-b:g} {w + 2 * b:g} {h + 2 * b:g}">\n'
        f'<rect x="{-b:g}" y="{-b:g}" width="{w + 2 * b:g}" height="{h + 2 * b:g}"'
        f' fill="#ffffff"/>\n{body}\n</svg>\n'
    )
