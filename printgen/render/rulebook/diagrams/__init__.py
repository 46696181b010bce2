"""Rulebook diagrams, drawn as SVG from the same definitions the rules engine uses.

Each diagram is `draw(source, icons) -> (Svg, width_mm, caption)` (or a figure's Markup);
`diagram("NAME")` in a rules file picks one from DIAGRAMS (the diagrams any game may use) or
from its engine's own: values the engine gives (`Engine.diagrams`: a `SquareBoard`, a
`Sheet`) drawn here by their kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from markupsafe import Markup

from printgen.model import Game
from printgen.render.draw.svgdraw import Svg
from printgen.render.rulebook.diagrams import anatomy, cycles, ring_grid, square_board
from printgen.render.rulebook.icons import Icons
from printgen.rules.engine import engine_of
from printgen.rules.pictures import Diagram, Rulebook, SquareBoard

if TYPE_CHECKING:
    from printgen.rules.engine import DiagramOf

Drawing = tuple[Svg, float, str] | Markup
"""A diagram drawn: (Svg, width_mm, caption), or a whole figure's markup (the card anatomy)."""
Draws = Callable[..., Drawing]
"""A diagram's drawing function: (source, icons, **the options the rules file gives)."""

DIAGRAMS: dict[str, Draws] = {
    "wuxing-cycles": cycles.wuxing,
    "dominance-loop": cycles.dominance,
    "card-anatomy": anatomy.draw,
}


def diagrams_of(game: Game) -> dict[str, Draws]:
    """The diagrams a game's rules file may ask for: the shared ones and its engine's own."""
    engine = engine_of(game)
    if engine is None:
        return dict(DIAGRAMS)
    given = {name: _drawing(values) for name, values in engine.diagrams.items()}
    return {**DIAGRAMS, **given}


def _drawing(values: DiagramOf) -> Callable[[Rulebook, Icons], tuple[Svg, float, str]]:
    """The drawing of the diagram an engine gives as values, for a rulebook's source."""
    return lambda source, icons: draw_diagram(values(source), icons)


def draw_diagram(diagram: Diagram, icons: Icons) -> tuple[Svg, float, str]:
    """An engine's diagram drawn by its kind: (Svg, width_mm, caption)."""
    if isinstance(diagram, SquareBoard):
        return square_board.draw(diagram, icons)
    return ring_grid.draw(diagram, icons)
