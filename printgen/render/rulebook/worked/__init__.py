"""Pictures of worked examples (examples.yaml), drawn from the values the rules return.

The rules engines and the data scorer work an example out and return its result as values (who
held what, who won); the rulebook stage draws it here. The rules know nothing about drawing.
"""

from __future__ import annotations

from printgen.layout.svgdraw import Svg
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked import showdown, tally, trick
from printgen.rules.pictures import Picture, Showdown, Trick


def draw_picture(picture: Picture, icons: Icons) -> tuple[Svg, float]:
    """The drawing of an engine's picture, by its kind, and its printed width in mm."""
    if isinstance(picture, Showdown):
        return showdown.draw(picture, icons)
    if isinstance(picture, Trick):
        return trick.draw(picture, icons)
    return tally.draw(picture, icons)
