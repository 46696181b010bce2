"""Rulebook diagrams, drawn as SVG from the same definitions the rules engine uses.

Each diagram is `draw(source, icons) -> (Svg, width_mm, caption)`; `diagram("NAME")` in a rules
file picks one from DIAGRAMS (the diagrams any game may use) or from its engine's own
(`Engine.diagrams`, drawn in the game's package: the board, the energy map).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.model import Game
from printgen.render.rulebook.diagrams import anatomy, cycles
from printgen.rules.engine import engine_of

DIAGRAMS: dict[str, Callable[..., Any]] = {
    "wuxing-cycles": cycles.wuxing,
    "dominance-loop": cycles.dominance,
    "card-anatomy": anatomy.draw,
}


def diagrams_of(game: Game) -> dict[str, Callable[..., Any]]:
    """The diagrams a game's rules file may ask for: the shared ones and its engine's own."""
    engine = engine_of(game)
    return {**DIAGRAMS, **(engine.diagrams if engine is not None else {})}
