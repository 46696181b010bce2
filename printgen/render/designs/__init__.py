"""Card designs: one module per game turns cards into template contexts (resolve, then draw).

A design module defines `front(card, deck, kit) -> dict` and `back(deck, kit) -> dict`; its
templates are `templates/<folder>/card.svg.j2` and `back.svg.j2`. Games without their own
design use `generic` (any sixth game prints without new code).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from printgen.model import Card, Component
    from printgen.render.faces import Kit

DESIGNS: dict[str, tuple[str, str]] = {
    # game id: (module in this package, template folder)
    "mywuxing": ("mywuxing", "mywuxing"),
    "cl4sh": ("cl4sh", "cl4sh"),
    "the-way": ("the_way", "the-way"),
    "elementa": ("elementa", "elementa"),
}
GENERIC = ("generic", "generic")


@dataclass(frozen=True)
class Design:
    folder: str
    front: Callable[[Card, Component, Kit], dict[str, Any]]
    back: Callable[[Component, Kit], dict[str, Any]]

    def template(self, game_id: str, which: str) -> str:
        return f"{self.folder}/{which}.svg.j2"


def design_for(game_id: str) -> Design:
    module_name, folder = DESIGNS.get(game_id, GENERIC)
    module = importlib.import_module(f"printgen.render.designs.{module_name}")
    return Design(folder, module.front, module.back)
