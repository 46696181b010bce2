"""MyWuXing's worked-example pictures for the rulebook (`ENGINE.example_view`), drawn from the
engine's result: the two revealed cards either side of the Universe card (and the pot under it),
then where every card went.
"""

from __future__ import annotations

from typing import Any

from printgen.layout.minicard import Face, H, W, card, chip, label
from printgen.layout.minicard import phrase as _ex
from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg


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
    svg = Svg(100, 63)
    muted, accent = icons.colour("muted"), icons.colour("accent")
    relation_words = (source.labels.get("ex") or {}).get("relations") or {}
    for k, (x, word) in enumerate(((8.0, first), (79.0, second))):
        card(svg, icons, x, 2, wuxing_face(source, word))
        label(svg, x + W / 2, H + 6, _ex(source, "player", n=k + 1), bold=True)
        label(
            svg,
            x + W / 2,
            H + 9.6,
            str(relation_words.get(relations[k], relations[k])),
            colour=muted,
        )
    for k, word in enumerate(pot):  # the pot, fanned under the Universe card
        card(
            svg,
            icons,
            43.5 - 3.2 * (len(pot) - k),
            2 + 1.0 * (len(pot) - k),
            wuxing_face(source, word),
            faded=False,
        )
    card(svg, icons, 43.5, 2, wuxing_face(source, universe), ring=accent)
    label(svg, 50, H + 6, _ex(source, "universe"), bold=True)
    if pot:
        label(svg, 50, H + 9.6, f"+ {_ex(source, 'pot').lower()} ({len(pot)})", colour=muted)
    bins = [
        ("pot", _ex(source, "pot")),
        ("void", _ex(source, "void")),
        ("player1", _ex(source, "player", n=1)),
        ("player2", _ex(source, "player", n=2)),
    ]
    winner = result.get("winner")
    for k, (key, title) in enumerate(bins):
        x = 1 + k * 24.6
        taken = key == f"player{winner}"
        svg.el(
            "rect",
            x=x,
            y=35,
            width=23,
            height=26,
            rx=1.6,
            fill=icons.colour("accent_light") if taken else "#f6f2e9",
            stroke=accent if taken else icons.colour("rule"),
            stroke_width=0.6 if taken else 0.3,
        )
        label(svg, x + 11.5, 39.6, title, size=3.2, bold=True)
        cards = [str(c) for c in to.get(key) or []]
        for i, word in enumerate(cards):
            cx = x + 1.8 + (i % 3) * 6.6
            cy = 42 + (i // 3) * 9
            chip(svg, icons, cx, cy, wuxing_face(source, word), size=6)
    return svg, 62
