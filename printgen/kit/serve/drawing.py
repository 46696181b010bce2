"""The values a live page is made of, whatever drew them: a piece's sides as drawn (`Side`,
`Drawing`) and one thing validate says of it (`Line`). Cards, tiles and dice are drawn in
printgen.kit.serve.views, parts in printgen.kit.serve.parts; the pages read both.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.layout.shapes import Shape
from printgen.render.faces.draw import Placed
from printgen.render.faces.face import Face


@dataclass(frozen=True)
class Side:
    """One side of a piece as drawn: the face and where its boxes went."""

    face: Face
    boxes: tuple[Placed, ...]


@dataclass(frozen=True)
class Drawing:
    """A piece's sides, drawn from one reading of the game."""

    sides: tuple[tuple[str, Side], ...]
    """Each side by its name: `front` and `back`; a die's `face-1` to `face-6`."""
    strict: bool
    """The design's `strict: true`: text that does not fit, or is hidden, is an error."""
    shape: Shape
    """Its trim: a card's rectangle, a token's circle, a tile's hexagon."""
    safe: float
    """How far inside the trim its safe zone is, mm."""

    def side(self, name: str) -> Side | None:
        return dict(self.sides).get(name)


@dataclass(frozen=True)
class Line:
    """One thing validate says of a card, with its level: error, warning or note."""

    level: str
    text: str
