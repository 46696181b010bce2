"""The rulebook's map of a `placed:` example: the board's cells that pieces lie on, drawn as the
board draws them (`printgen.layout.grid`), each with its name, its tile's terrain badge, the
initial of the player whose marsh it is, and the bird on it (its name, or its nest)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printgen.layout.grid import Cell, GridSpec, extent, place_grid
from printgen.model import Game
from printgen.render.draw.svgdraw import Svg, number
from printgen.render.rulebook.icons import Icons
from printgen.render.rulebook.worked.minicard import label
from printgen.rules.scoring.placed import board_of

CELL = 15.0
"""A cell's size in drawing units (a hexagon across its flats): 17 mm at the printed width."""
TEXT = 2.4

Piece = dict[str, str]
"""A piece laid on the board as `score_holds` gives it: {piece, at, side}."""


@dataclass(frozen=True)
class MapLayout:
    """Where each placed piece's cell is drawn, and the map's height."""

    cells: list[tuple[Cell, list[tuple[str, Piece]]]]  # cell, [(player, piece)]
    left: float
    top: float
    height: float


def map_layout(game: Game, placed: Mapping[str, list[Piece]], width: float) -> MapLayout:
    """The cells pieces lie on, placed in a `width` wide strip (none: height 0)."""
    board = board_of(game)
    if board is None or not any(placed.values()):
        return MapLayout([], 0.0, 0.0, 0.0)
    spec = GridSpec(board.shape, board.columns, board.rows, CELL, board.corner_up)
    grid = place_grid(spec, *extent(spec, CELL))
    lying: dict[str, list[tuple[str, Piece]]] = {}
    for player, pieces in placed.items():
        for piece in pieces:
            lying.setdefault(str(piece["at"]), []).append((player, piece))
    cells = [(c, lying[c.name]) for c in grid.cells if c.name in lying]
    xs = [p.x for c, _ in cells for p in c.corners]
    ys = [p.y for c, _ in cells for p in c.corners]
    left = (width - (max(xs) - min(xs))) / 2 - min(xs)
    return MapLayout(cells, left, 1.0 - min(ys), max(ys) - min(ys) + 2.0)


def draw_map(
    svg: Svg, icons: Icons, game: Game, layout: MapLayout, y: float, suits: dict[str, str]
) -> None:
    """The map of `layout` drawn with its top at `y`."""
    names = {card.id: card.name for deck in game.components.values() for card in deck.cards}
    for cell, pieces in layout.cells:
        _draw_cell(svg, icons, cell, pieces, (layout.left, y + layout.top), suits, names)


def _draw_cell(
    svg: Svg,
    icons: Icons,
    cell: Cell,
    pieces: list[tuple[str, Piece]],
    shift: tuple[float, float],
    suits: dict[str, str],
    names: dict[str, str],
) -> None:
    """One cell: its outline in its tile's light tone, its name, the terrain's badge, the
    owner's initial and the bird on it (its name, or its nest)."""
    dx, dy = shift
    points = " ".join(f"{number(p.x + dx)},{number(p.y + dy)}" for p in cell.corners)
    tile = next((piece for _, piece in pieces if suits.get(piece["piece"])), None)
    suit = (suits.get(tile["piece"]) if tile else None) or ""
    drawn = bool(suit) and icons.draws(suit)
    fill = icons.tones(suit).light if drawn else "#f6f2e9"
    svg.el("polygon", points=points, fill=fill, stroke=icons.colour("rule"), stroke_width=0.3)
    cx, cy = cell.centre.x + dx, cell.centre.y + dy
    label(svg, cx, cy - CELL * 0.28, cell.name, size=TEXT, colour="#5b554c")
    if drawn:
        svg.raw(icons.badge(suit, cx + 1.6, cy - 0.6, 4.2))
    label(svg, cx - 3.4, cy + 0.3, pieces[0][0][:1], size=TEXT * 1.2, bold=True)
    bird = next((piece for _, piece in pieces if piece is not tile), None)
    if bird is not None:
        said = "nest" if bird.get("side") == "back" else names.get(bird["piece"], "")
        label(svg, cx, cy + CELL * 0.36, said, size=TEXT, bold=True)
