"""PartDesign parameters of a kit drawing part, read from the game's folder: `kit: [board]` reads
`card_data/<game>/board.yaml`, `kit: [player-sheet]` reads `player-sheet.yaml`.

These say how a thing looks (a square's size, a margin), never what the rules are: the grid,
the gates and the circles are the engine's (game.yaml `rules:`). Lengths are parsed by the one
unit parser.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printgen.errors import RenderError, UsageError
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.layout.units import parse_length
from printgen.model import Game
from printgen.model.sources import load_yaml

HOME_PAPERS = ("a4", "letter")


def paper_size(name: str) -> Size:
    """The home paper a page is drawn on: A4 or Letter."""
    if name not in HOME_PAPERS:
        raise UsageError(f"unknown paper {name!r}; expected one of {', '.join(HOME_PAPERS)}")
    return PAPER_SIZES[name]


@dataclass(frozen=True)
class PartDesign:
    """One design file: `length("board", "square")` is in millimetres."""

    path: Path
    doc: dict[str, Any]

    def value(self, *keys: str) -> Any:
        node: Any = self.doc
        for key in keys:
            if not isinstance(node, dict) or key not in node:
                raise RenderError(f"{self.path}: missing {'.'.join(keys)}")
            node = node[key]
        return node

    def optional(self, *keys: str) -> Any:
        """The value at `keys`, or None when the file leaves it out."""
        node: Any = self.doc
        for key in keys:
            if not isinstance(node, dict) or key not in node:
                return None
            node = node[key]
        return node

    def length(self, *keys: str) -> float:
        try:
            return parse_length(self.value(*keys))
        except ValueError as exc:
            raise RenderError(f"{self.path}: {'.'.join(keys)}: {exc}") from None

    def number(self, *keys: str) -> float:
        value = self.value(*keys)
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise RenderError(f"{self.path}: {'.'.join(keys)}: expected a positive number")
        return float(value)

    def whole(self, *keys: str) -> int:
        value = self.value(*keys)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RenderError(f"{self.path}: {'.'.join(keys)}: expected a whole number >= 1")
        return value


def design_of(game: Game, part: str) -> PartDesign:
    """The design file of one kit part of `game`: `<part>.yaml` in its folder."""
    return load_design(game.folder / f"{part}.yaml")


def load_design(path: Path) -> PartDesign:
    """A design file (a YAML mapping), read like every data file: guarded (a link out of the
    game's folder, a FIFO, a huge file refused) and parsed with the data's YAML limits."""
    doc, _ = load_yaml(path)
    if not isinstance(doc, dict):
        raise RenderError(f"{path}: expected a mapping")
    return PartDesign(path, doc)
