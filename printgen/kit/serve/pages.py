"""What a piece's page shows, whatever the piece: its sides large with their outlines (cut line,
bleed, safe zone, the design's boxes with their names), what validate says of it, its data
row, and the pieces before and after it. A card's page is made by `card_page`; a token's, a
tile's or a part's is another function making the same `PiecePage` from its own drawing (the
template draws any outline: `cut` is an SVG path).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from printgen.kit.serve.views import Drawing, Line, Side
from printgen.layout.sizes import SAFE_MM
from printgen.model import Card, Component, Game
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
    width: float
    height: float
    bleed: float
    """The picture's bleed on each side, mm: the picture spans -bleed to width + bleed."""
    cut: str
    """The cut line as an SVG path in mm, the trim's top-left at 0, 0 (a card: its
    rectangle; a round token: its circle)."""
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
    kind: str  # card (and, with the components of any shape: piece, part)
    title: str
    group: str
    """Where it belongs: the deck's name."""
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


def face_url(game_id: str, card_id: str, side: str, generation: int) -> str:
    return f"{card_url(game_id, card_id)}/{side}.png?g={generation}"


def card_page(
    game: Game,
    cards: list[tuple[Component, Card]],
    at: int,
    drawing: Drawing | None,
    lines: list[Line],
    generation: int,
    stale: bool = False,
) -> PiecePage:
    """The page of the card `cards[at]`, drawn as `drawing` (None: it has never been drawn,
    the lines say why)."""
    deck, card = cards[at]
    assert game.card_size is not None
    size = game.card_size
    drawn = () if drawing is None else (("front", drawing.front), ("back", drawing.back))
    sides = tuple(
        _outline(name, side, size.width, size.height, face_url(game.id, card.id, name, generation))
        for name, side in drawn
    )
    return PiecePage(
        game.id,
        game.name,
        "card",
        card.name,
        deck.name,
        card.where(),
        sides,
        tuple(lines),
        _fields(game, card),
        _neighbour(game.id, cards, at - 1),
        _neighbour(game.id, cards, at + 1),
        generation,
        stale,
    )


def _outline(label: str, side: Side, width: float, height: float, image: str) -> Outline:
    boxes = tuple(
        BoxMark(b.name, b.what, b.rect.x, b.rect.y, b.rect.w, b.rect.h, b.where) for b in side.boxes
    )
    cut = _rectangle(0, 0, width, height)
    safe = _rectangle(SAFE_MM, SAFE_MM, width - 2 * SAFE_MM, height - 2 * SAFE_MM)
    return Outline(label, image, width, height, RECORD_BLEED_MM, cut, safe, boxes)


def _rectangle(x: float, y: float, w: float, h: float) -> str:
    return f"M{x:.3f} {y:.3f}h{w:.3f}v{h:.3f}h{-w:.3f}Z"


def _neighbour(game_id: str, cards: list[tuple[Component, Card]], at: int) -> Link | None:
    if not 0 <= at < len(cards):
        return None
    card = cards[at][1]
    return Link(card.name, card_url(game_id, card.id))


def _fields(game: Game, card: Card) -> tuple[tuple[str, str], ...]:
    """The card's row as its file heads it: id, name, count, kind, then every column."""
    headers = column_headers(game)
    shown: list[tuple[str, Any]] = [
        ("id", card.id),
        ("name", card.name),
        ("count", card.count),
        ("kind", card.kind),
        *card.fields.items(),
    ]
    shown = [(headers.get(column, column), value) for column, value in shown]
    return tuple((name, "" if value is None else str(value)) for name, value in shown)
