"""Rulebook diagrams, drawn as SVG from the same definitions the rules engine uses.

Each diagram is `draw(source, icons) -> (Svg, width_mm, caption)`; `diagram("NAME")` in a rules
file picks one from DIAGRAMS.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printgen.render.rulebook.diagrams import anatomy, board, cycles, energy_map

DIAGRAMS: dict[str, Callable[..., Any]] = {
    "wuxing-cycles": cycles.wuxing,
    "dominance-loop": cycles.dominance,
    "board": board.draw,
    "energy-map": energy_map.draw,
    "card-anatomy": anatomy.draw,
}
