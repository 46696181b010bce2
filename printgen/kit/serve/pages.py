"""What a piece's page shows, whatever the piece (a card, a tile, a token, a die): its sides
large with their outlines (cut line, bleed, safe zone, following the piece's shape; the
design's boxes with their names), what validate says of it, its data row, and the pieces
before and after it. A part's page (a board, printgen.kit.serve.parts) makes the same
`PiecePage` from its own drawing: the template draws any outline (each is an SVG path).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from printgen.kit.serve.drawing import Drawing, Line, Side
from printgen.layout.geometry import Point
from printgen.layout.shapes import Shape
from printgen.model import Card, Component, Game
from printgen.model.game import FieldValue
from printgen.render.faces.face import RECORD_BLEED_MM
from printgen.render.faces.render import column_headers


@dataclass(frozen=True)
class BoxMark:
    """A box of the design as its outline shows it (mm, the trim's top-left at 0, 0)."""

    name: str
    what: str
    x: float
    y: float
    w: float
    h: float
    where: str


@dataclass(frozen=True)
class Outline:
    """One side of a piece: its picture and what is drawn over it."""

    label: str
    image: str
    view: tuple[float, float, float, float]
    """Where the picture lies (x, y, width, height in mm): the trim's box and its bleed."""
    bleed: str
    """The bleed's outer edge as an SVG path in mm (the trim grown by the bleed)."""
    cut: str
    """The cut line as an SVG path in mm, the trim's top-left at 0, 0 (a card: its
    rectangle; a round token: its circle; a tile: its hexagon)."""
    safe_zone: str
    """The safe zone's outline as an SVG path in mm."""
    boxes: tuple[BoxMark, ...]


@dataclass(frozen=True)
class Link:
    label: str
    href: str


@dataclass(frozen=True)
class PiecePage:
    game_id: str
    game_name: str
    kind: str  # card, die, or a piece's shape (hex, circle, rect, rounded)
    title: str
    group: str
    """Where it belongs: its deck's name."""
    place: str
    """Where its data is: `market.csv:5`."""
    sides: tuple[Outline, ...]
    lines: tuple[Line, ...]
    fields: tuple[tuple[str, str], ...]
    previous: Link | None
    next: Link | None
    generation: int
    stale: bool = False
    """The drawing is the last good one: the piece as it is now cannot be drawn (`lines`
    say why)."""


def card_url(game_id: str, card_id: str) -> str:
    return f"/_card/{quote(game_id)}/{quote(card_id)}"


def piece_url(game_id: str, deck: Component, card: Card) -> str:
    """A card's page, or a tile's or token's (its deck named, as its pictures in OUT are)."""
    if deck.shape is None:
        return card_url(game_id, card.id)
    return f"/_piece/{quote(game_id)}/{quote(deck.name)}/{quote(card.id)}"


def piece_page(
    game: Game,
    pieces: list[tuple[Component, Card]],
    at: int,
    drawing: Drawing | None,
    lines: list[Line],
    generation: int,
    stale: bool = False,
) -> PiecePage:
    """The page of the piece `pieces[at]`, drawn as `drawing` (None: it has never been drawn,
    the lines say why)."""
    deck, card = pieces[at]
    url = piece_url(game.id, deck, card)
    sides: tuple[Outline, ...] = ()
    if drawing is not None:
        sides = tuple(
            outline(name, side, drawing, f"{url}/{name}.png?g={generation}")
            for name, side in drawing.sides
        )
    return PiecePage(
        game.id,
        game.name,
        "card" if deck.shape is None else "die" if deck.kind == "dice" else deck.shape.kind,
        card.name,
        deck.name,
        card.where(),
        sides,
        tuple(lines),
        _fields(game, card),
        _neighbour(game.id, pieces, at - 1),
        _neighbour(game.id, pieces, at + 1),
        generation,
        stale,
    )


def outline(
    label: str, side: Side, drawing: Drawing, image: str, bleed: float = RECORD_BLEED_MM
) -> Outline:
    """One side's outlines: its picture covers the trim grown by `bleed` (a part has none)."""
    boxes = tuple(
        BoxMark(b.name, b.what, b.rect.x, b.rect.y, b.rect.w, b.rect.h, b.where) for b in side.boxes
    )
    shape: Shape = drawing.shape
    middle = Point(shape.width / 2, shape.height / 2)
    grown = shape.outline(middle, bleed)
    box = grown.bounds
    return Outline(
        label,
        image,
        (box.left, box.bottom, box.width, box.height),
        grown.svg_path(),
        shape.outline(middle).svg_path(),
        shape.outline(middle, -drawing.safe).svg_path(),
        boxes,
    )


def _neighbour(game_id: str, pieces: list[tuple[Component, Card]], at: int) -> Link | None:
    if not 0 <= at < len(pieces):
        return None
    deck, card = pieces[at]
    return Link(card.name, piece_url(game_id, deck, card))


def _fields(game: Game, card: Card) -> tuple[tuple[str, str], ...]:
    """The card's row as its file heads it: id, name, count, kind, then every column."""
    headers = column_headers(game)
    shown: list[tuple[str, FieldValue]] = [
        ("id", card.id),
        ("name", card.name),
        ("count", card.count),
        ("kind", card.kind),
        *card.fields.items(),
    ]
    shown = [(headers.get(column, column), value) for column, value in shown]
    return tuple((name, "" if value is None else str(value)) for name, value in shown)
