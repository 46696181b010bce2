"""Card faces as SVG text: a face (drawn now, or when first asked for), a deck's faces, and
a front as the build store keeps it. The design engine draws them
(`printgen.render.faces.render`); every face of a game: `printgen.render.faces.game_faces`.

Face names are file stems and a contract of the PNG export: a front is named by its card id;
the first printed deck's back is `back`, every other printed deck's back `back-<deck>`
(a deck named expansion: `back-expansion`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from printgen.files import memo
from printgen.model import Card, Component, Game
from printgen.render.text.textfit import Measure

if TYPE_CHECKING:
    from printgen.render.faces.draw import Placed

RECORD_BLEED_MM = 25.4 / 8
"""Each face is drawn with a 1/8 in bleed, the largest any output needs (the TGC preset);
the PDFs (3 mm) and the MPC preset (0.12 in) crop it."""


@dataclass(frozen=True)
class Face:
    name: str
    """File stem: the card id, `back` or `back-<deck>`."""
    title: str
    """What a person calls it, for messages."""
    svg: str
    overflows: tuple[str, ...] = ()
    """Text the design could not fit at its minimum size (validate reports them)."""
    low_contrast: tuple[str, ...] = ()
    """Text whose contrast with the shape behind it is under 4.5:1 (validate reports them)."""
    hidden: tuple[tuple[str, str], ...] = ()
    """(the card's place, which box hides which): text or icons a box drawn after them
    covers (validate reports them)."""
    low_res: tuple[tuple[float, str], ...] = ()
    """(dpi, where and what): raster art printing under 300 dpi at its box (validate)."""
    runts: tuple[str, ...] = ()
    """Paragraphs on a one-word last line no narrower setting avoids (validate notes them)."""
    cramped: tuple[str, ...] = ()
    """Text or icons closer than the design's `clearance:` to a shape's edge round them."""
    copies: int = 1
    """How many of it print: a part's copies (`PartFaces.faces`); a card's count is its row's."""
    boxes: tuple[Placed, ...] = ()
    """Each box drawn, with its area: a part's (serve's part page outlines them)."""

    @property
    def key(self) -> str:
        """What the face's pictures are kept by in the build store: its SVG."""
        return self.svg


class LazyFace(Face):
    """A card's front whose SVG is written only when something asks for it: `key` stands for
    it (the card's row and everything of the game its face is drawn from, so the same key
    means the same SVG), and a batch of cards whose pictures are all in the build store is
    made without writing a single SVG. The key too is taken on first use."""

    _key: str | Callable[[], str]
    _make: Callable[[], Face]
    _face: Face | None

    def __init__(
        self, name: str, title: str, key: str | Callable[[], str], make: Callable[[], Face]
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_make", make)
        object.__setattr__(self, "_face", None)

    @property
    def face(self) -> Face:
        face = self._face
        if face is None:
            face = self._make()
            object.__setattr__(self, "_face", face)
        return face

    @property
    def svg(self) -> str:
        return self.face.svg

    @property
    def overflows(self) -> tuple[str, ...]:
        return self.face.overflows

    @property
    def low_contrast(self) -> tuple[str, ...]:
        return self.face.low_contrast

    @property
    def hidden(self) -> tuple[tuple[str, str], ...]:
        return self.face.hidden

    @property
    def low_res(self) -> tuple[tuple[float, str], ...]:
        return self.face.low_res

    @property
    def runts(self) -> tuple[str, ...]:
        return self.face.runts

    @property
    def cramped(self) -> tuple[str, ...]:
        return self.face.cramped

    @property
    def key(self) -> str:
        key = self._key
        if not isinstance(key, str):
            key = key()
            object.__setattr__(self, "_key", key)
        return key

    def __repr__(self) -> str:
        return f"LazyFace({self.name!r}, key={self.key[:12]!r})"


@dataclass(frozen=True)
class DeckFaces:
    deck: Component
    fronts: tuple[tuple[Card, Face], ...]
    back: Face

    def run(self) -> Iterator[Face]:
        """Every printed card of the deck in data order, each face `count` times."""
        for card, face in self.fronts:
            for _ in range(card.count):
                yield face

    @property
    def size(self) -> int:
        return sum(card.count for card, _ in self.fronts)


def back_name(game: Game, deck: Component) -> str:
    first = game.printed_decks[0].name if game.printed_decks else deck.name
    return "back" if deck.name == first else f"back-{deck.name}"


class DrawsFronts(Protocol):
    """What draws a card's front (the design engine, `printgen.render.faces.render.Renderer`):
    named here so that this module, which the engine imports, needs nothing of it."""

    @property
    def game(self) -> Game: ...

    def front(self, deck: Component, card: Card) -> Face: ...


def stored_front(
    renderer: DrawsFronts, measure: Measure, key: str, deck: Component, card: Card
) -> Face:
    """A card's face from the build store ("card-face", by `face_pieces` with its `key`),
    drawn by `renderer` and kept there when the store lacks it."""

    def make() -> bytes:
        return face_entry(renderer.front(deck, card))

    pieces = face_pieces(measure, key, card)
    svg, overflows, low_contrast, hidden, low_res, runts, cramped = json.loads(
        memo.remembered("card-face", pieces, make)
    )
    return Face(
        card.id,
        f"{renderer.game.id} card {card.id!r}",
        svg,
        tuple(overflows),
        tuple(low_contrast),
        tuple((place, what) for place, what in hidden),
        tuple((dpi, what) for dpi, what in low_res),
        tuple(runts),
        tuple(cramped),
    )


ENTRY_SHAPE = "7"
"""How many fields `face_entry` keeps: an entry of another shape is never read back."""


def face_pieces(measure: Measure, key: str, card: Card) -> list[str]:
    """What a front drawn with `measure` is kept by in the build store ("card-face"): its key
    (printgen.render.faces.face_keys) and its row's place, which its messages name. The build's card
    batches keep the fronts they draw so too, for the gallery's report to find."""
    return [type(measure).__name__, ENTRY_SHAPE, key, card.file, str(card.line)]


def face_entry(face: Face) -> bytes:
    """A front as the build store keeps it: its SVG and what validate says of it."""
    return json.dumps(
        [
            face.svg,
            face.overflows,
            face.low_contrast,
            face.hidden,
            face.low_res,
            face.runts,
            face.cramped,
        ]
    ).encode()
