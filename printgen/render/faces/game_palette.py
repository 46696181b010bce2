"""A game's palette: the shared one with the game's own design colours over it.

A game names its colours once, in its design (`palette:` in `design.yaml`, or a
`palette.yaml` beside it): named colours and a suit's tones (`earth: {fill: "#5e320f"}`, the
tones it leaves out derived as the cards derive them). The cards read them from the design;
the board, the player sheet, the small components and the rulebook read this, so a suit is
one colour everywhere in the kit: a suit the design gives no colour has here the one the
cards deal it from the colour-blind-safe cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from printgen.render.faces.colours import Colours
from printgen.render.faces.palette import ElementColours, Palette, shared_palette
from printgen.render.faces.render import card_suits, design_of, roles, single_suits

if TYPE_CHECKING:
    from printgen.model import Game


def game_palette(game: Game) -> Palette:
    """The palette of `game`'s kit: the shared colours and element tones, then its design's
    own named colours and suits, then each other suit of its cards and symbol of its
    game.yaml in the tones the cards give it (a DataError names a mistake in the design's
    file and line)."""
    shared = shared_palette()
    design = design_of(game)
    own = design.palette
    column = roles(game, design)["suit"] if game.printed_decks else None
    dealt = card_suits(game, column)  # the order the cards deal the spare colours in
    suits = [*dealt, *(s for s in game.symbols if s not in dealt)]
    named = dict.fromkeys([*game.symbols, *single_suits(game, column)])
    new = [s for s in named if s not in shared.elements and s not in own["suits"]]
    if not own["colours"] and not own["suits"] and not new:
        return shared
    colours = Colours(shared, own, suits)
    elements = dict(shared.elements)
    for name in [*(str(n) for n in own["suits"]), *new]:
        elements[name] = ElementColours(**colours.suits[name])
    return Palette(dict(colours.named), elements)
