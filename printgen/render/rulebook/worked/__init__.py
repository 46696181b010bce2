"""Pictures of worked examples (examples.yaml), drawn from the values the rules return.

The rules engines and the data scorer work an example out and return its result as values (who
held what, who won); the rulebook stage draws it here, one module a kind of picture. The rules
know nothing about drawing.
"""

from __future__ import annotations

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


def draw_picture(picture: Picture, icons: Icons) -> tuple[Svg, float]:
    """The drawing of an engine's picture, by its kind, and its printed width in mm."""
    match picture:
        case Showdown():
            return showdown.draw(picture, icons)
        case Trick():
            return trick.draw(picture, icons)
        case Tally():
            return tally.draw(picture, icons)
        case Play():
            return play.draw(picture, icons)
        case Duel():
            return duel.draw(picture, icons)
        case Race():
            return race.draw(picture, icons)
        case Position():
            return position.draw(picture, icons)
        case Grids():
            return grids.draw(picture, icons)
