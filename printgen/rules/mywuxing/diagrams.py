"""MyWuXing's worked-example pictures for the rulebook (`ENGINE.example_view`), drawn from the
engine's result: the two revealed cards either side of the Universe card (and the pot under it),
then where every card went.
"""

from __future__ import annotations

from typing import Any

from printgen.layout.minicard import EXAMPLE_MM, H, MiniCard, W, card, chip, example_words, label
from printgen.layout.minicard import phrase as _ex
from printgen.layout.svgdraw import RulebookIcons as Icons
from printgen.layout.svgdraw import RulebookSource as Source
from printgen.layout.svgdraw import Svg

CARD = 1.25
"""The mini cards drawn a quarter larger than the shared size, so that a Dragon's or a Star's
name fits inside at the smallest label size."""


def wuxing_face(source: Source, word: str) -> MiniCard:
    """A MyWuXing card word (`water`, `dragon`, `star`) as a mini card face."""
    if word == "dragon":
        return MiniCard(title=_ex(source, "dragon"), dark=True, glyph="∞")
    if word == "star":
        return MiniCard(title=_ex(source, "star"), dark=True, icon="wild")
    return MiniCard(element=word)


HEIGHT = 69.0
W_CARD, H_CARD = W * CARD, H * CARD
BELOW = 3 + H_CARD + 5.4  # the first line under the cards


def mywuxing(
    source: Source, icons: Icons, situation: dict[str, Any], result: dict[str, Any]
) -> tuple[Svg, float] | None:
    """The play above (both revealed cards, the Universe card and the pot), then four bins (pot,
    void, each player's deck) holding where every card went."""
    try:
        universe = str(situation["universe"])
        pot = [str(c) for c in situation.get("pot") or []]
        first, second = (str(c) for c in situation["revealed"])
        relations = result["relations"]
        to = result["to"]
    except (KeyError, TypeError, ValueError):
        return None
    svg = Svg(100, HEIGHT, printed_mm=EXAMPLE_MM)
    _revealed(svg, icons, source, (first, second), relations)
    _universe(svg, icons, source, universe, pot)
    bins = [
        ("pot", _ex(source, "pot")),
        ("void", _ex(source, "void")),
        ("player1", _ex(source, "player", n=1)),
        ("player2", _ex(source, "player", n=2)),
    ]
    taker = f"player{result.get('winner')}"
    for k, (key, title) in enumerate(bins):
        cards = [str(c) for c in to.get(key) or []]
        _bin(svg, icons, source, 1 + k * 24.6, title, cards, taken=key == taker)
    return svg, EXAMPLE_MM


def _revealed(
    svg: Svg, icons: Icons, source: Source, words: tuple[str, str], relations: list[str]
) -> None:
    """Each player's revealed card, left and right, with its relation to the Universe card."""
    relation_words = example_words(source, "relations")
    for k, (centre, word) in enumerate(((14.5, words[0]), (85.5, words[1]))):
        card(svg, icons, centre - W_CARD / 2, 3, wuxing_face(source, word), scale=CARD)
        label(svg, centre, BELOW, _ex(source, "player", n=k + 1), bold=True)
        label(
            svg,
            centre,
            BELOW + 4.8,
            str(relation_words.get(relations[k], relations[k])),
            colour=icons.colour("muted"),
        )


def _universe(svg: Svg, icons: Icons, source: Source, universe: str, pot: list[str]) -> None:
    """The Universe card in the middle, ringed, over the pot fanned under it."""
    for k, word in enumerate(pot):
        card(
            svg,
            icons,
            50 - W_CARD / 2 - 3.2 * (len(pot) - k),
            3 - 1.0 * (len(pot) - k),
            wuxing_face(source, word),
            scale=CARD,
        )
    face = wuxing_face(source, universe)
    card(svg, icons, 50 - W_CARD / 2, 3, face, scale=CARD, ring=icons.colour("accent"))
    label(svg, 50, BELOW, _ex(source, "universe"), bold=True)
    if pot:
        pot_line = f"+ {_ex(source, 'pot').lower()} ({len(pot)})"
        label(svg, 50, BELOW + 4.8, pot_line, colour=icons.colour("muted"))


def _bin(
    svg: Svg, icons: Icons, source: Source, x: float, title: str, cards: list[str], taken: bool
) -> None:
    """A box titled where the cards went, the cards as chips three a row; the winner's stands
    out in the accent colour."""
    top = BELOW + 8.4
    svg.el(
        "rect",
        x=x,
        y=top,
        width=23,
        height=HEIGHT - 1 - top,
        rx=1.6,
        fill=icons.colour("accent_light") if taken else "#f6f2e9",
        stroke=icons.colour("accent") if taken else icons.colour("rule"),
        stroke_width=0.6 if taken else 0.3,
    )
    label(svg, x + 11.5, top + 5, title, bold=True)
    for i, word in enumerate(cards):
        cx = x + 1.8 + (i % 3) * 6.6
        cy = top + 7 + (i // 3) * 9
        chip(svg, icons, cx, cy, wuxing_face(source, word), size=6)
