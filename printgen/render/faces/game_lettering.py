"""A game's lettering (printgen.render.text.lettering): the body font its design names, for
the letters printgen sets around its cards (captions, footers, the print guide, the booklet,
the ink-saving backs). Here, beside the design engine that reads the design, so that text/
knows nothing of designs.
"""

from __future__ import annotations

from printgen.errors import PrintgenError
from printgen.model import Game
from printgen.render.faces.render import DEFAULT_FAMILIES, design_of
from printgen.render.text.lettering import FALLBACK, Lettering
from printgen.render.text.typefaces import register


def game_lettering(game: Game) -> Lettering:
    """The lettering of `game`: its design's body font (its own files, made known to cairo in
    this process), then FALLBACK. A design that names no body font letters in FALLBACK."""
    try:
        spec = design_of(game).fonts.get("body")
        if spec is None:
            family = DEFAULT_FAMILIES["body"]
        elif spec.files:
            family = register(spec.files, spec.where, spec.family, game.folder)
        else:
            family = str(spec.family)
    except PrintgenError:  # a design in error: its cards fail naming it; the rest letters in
        return Lettering()  # Lato (the rulebook's booklet, the guide to the parts that built)
    return Lettering(tuple(dict.fromkeys((family, FALLBACK))))
