"""A game's palette: the shared one with the game's own design colours over it.

A game names its colours once, in its design (`palette:` in `design.yaml`, or a
`palette.yaml` beside it): named colours and a suit's tones (`earth: {fill: "#5e320f"}`, the
tones it leaves out derived as the cards derive them). The cards read them from the design;
the board, the player sheet, the small components and the rulebook read this, so a suit is
one colour everywhere in the kit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printgen.render.design.colours import Colours
from printgen.render.palette import ElementColours, Palette, shared_palette

if TYPE_CHECKING:
    from printgen.model import Game


def game_palette(game: Game) -> Palette:
    """The palette of `game`'s kit: the shared colours and element tones, then its design's
    own named colours and suits (a DataError names a mistake in the design's file and line)."""
    from printgen.render.design.render import design_of

    shared = shared_palette()
    own = design_of(game).palette
    if not own["colours"] and not own["suits"]:
        return shared
    colours = Colours(shared, own, [])
    elements = dict(shared.elements)
    for name in own["suits"]:
        elements[str(name)] = ElementColours(**colours.suits[str(name)])
    return Palette(dict(colours.named), elements)
