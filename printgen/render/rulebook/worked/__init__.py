"""Pictures of worked examples (examples.yaml), drawn from the values the rules return.

The rules engines and the data scorer work an example out and return its result as values (who
held what, who won); the rulebook stage draws it here, one module a kind of picture. The rules
know nothing about drawing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked import (
    duel,
    grids,
    play,
    position,
    race,
    showdown,
    tally,
    trick,
)
from printgen.rules.pictures import (
    Duel,
    Grids,
    Picture,
    Play,
    Position,
    Race,
    Showdown,
    Tally,
    Trick,
)

_DRAWS: dict[type, Callable[[Any, Icons], tuple[Svg, float]]] = {
    Showdown: showdown.draw,
    Trick: trick.draw,
    Tally: tally.draw,
    Play: play.draw,
    Duel: duel.draw,
    Race: race.draw,
    Position: position.draw,
    Grids: grids.draw,
}


def draw_picture(picture: Picture, icons: Icons) -> tuple[Svg, float]:
    """The drawing of an engine's picture, by its kind, and its printed width in mm."""
    return _DRAWS[type(picture)](picture, icons)
