"""MyWuXing's worked-example pictures for the rulebook (`ENGINE.example_view`), drawn from the
engine's result: the two revealed cards either side of the Universe card (and the pot under it),
then where every card went.
"""

from __future__ import annotations

from typing import Any

from printgen.layout.minicard import EXAMPLE_MM, Face, H, W, card, chip, label
from printgen.layout.minicard import phrase as _ex
from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg

CARD = 1.25
"""The mini cards drawn a quarter larger than the shared size, so that a Dragon's or a Star's
name fits inside at the smallest label size."""


def wuxing_face(source: Source, word: str) -> Face:
    """A MyWuXing card word (`water`, `dragon`, `star`) as a mini card face."""
    if word == "dragon":
        return Face(title=_ex(source, "dragon"), dark=True, glyph="∞")
    if word == "star":
        return Face(title=_ex(source, "star"), dark=True, icon="wild")
    return Face(element=word)


def mywuxing(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float] | None:
    try:
        universe = str(situation["universe"])
        pot = [str(c) for c in situation.get("pot") or []]
        first, second = (str(c) for c in situation["revealed"])
        relations = result["relations"]
        to = result["to"]
    except (KeyError, TypeError, ValueError):
        return None
    svg = Svg(100, 69, printed_mm=EXAMPLE_MM)
    muted, accent = icons.colour("muted"), icons.colour("accent")
    relation_words = (source.labels.get("ex") or {}).get("relations") or {}
    w, h = W * CARD, H * CARD
    below = 3 + h + 5.4  # the first line under the cards
    for k, (centre, word) in enumerate(((14.5, first), (85.5, second))):
        card(svg, icons, centre - w / 2, 3, wuxing_face(source, word), scale=CARD)
        label(svg, centre, below, _ex(source, "player", n=k + 1), bold=True)
        label(
            svg,
            centre,
            below + 4.8,
            str(relation_words.get(relations[k], relations[k])),
            colour=muted,
        )
    for k, word in enumerate(pot):  # the pot, fanned under the Universe card
        card(
            svg,
            icons,
            50 - w / 2 - 3.2 * (len(pot) - k),
            3 - 1.0 * (len(pot) - k),
            wuxing_face(source, word),
            scale=CARD,
        )
    card(svg, icons, 50 - w / 2, 3, wuxing_face(source, universe), scale=CARD, ring=accent)
    label(svg, 50, below, _ex(source, "universe"), bold=True)
    if pot:
        label(svg, 50, below + 4.8, f"+ {_ex(source, 'pot').lower()} ({len(pot)})", colour=muted)
    bins = [
        ("pot", _ex(source, "pot")),
        ("void", _ex(source, "void")),
        ("player1", _ex(source, "player", n=1)),
        ("player2", _ex(source, "player", n=2)),
    ]
    winner = result.get("winner")
    top = below + 8.4
    for k, (key, title) in enumerate(bins):
        x = 1 + k * 24.6
        taken = key == f"player{winner}"
        svg.el(
            "rect",
            x=x,
            y=top,
            width=23,
            height=69 - 1 - top,
            rx=1.6,
            fill=icons.colour("accent_light") if taken else "#f6f2e9",
            stroke=accent if taken else icons.colour("rule"),
            stroke_width=0.6 if taken else 0.3,
        )
        label(svg, x + 11.5, top + 5, title, bold=True)
        cards = [str(c) for c in to.get(key) or []]
        for i, word in enumerate(cards):
            cx = x + 1.8 + (i % 3) * 6.6
            cy = top + 7 + (i // 3) * 9
            chip(svg, icons, cx, cy, wuxing_face(source, word), size=6)
    return svg, EXAMPLE_MM
