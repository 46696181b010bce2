"""Card faces as SVG text: every unique front of every printed deck, and each deck's back.

Resolve, then draw: a game's design module (`printgen.render.designs.<game>`) turns each card
into a plain context (colours, lines of text already broken, icon names, relations from the
rules engine); the game's templates (`templates/<game>/card.svg.j2`, `back.svg.j2`) only draw.
A game without a design module or templates gets the generic design.

Face names are file stems and a contract of the PNG export: a front is named by its card id;
the first printed deck's back is `back`, every other printed deck's back `back-<deck>`
(The Way: `back-expansion`; CL4SH: `back-signal`).

A card file may have an `art` column (declare it in game.yaml as `art: text?`): an image in
the game's folder, drawn in the design's `art_box`; anything outside the folder is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from printgen.layout.sizes import SAFE_MM, Size
from printgen.model import Card, Component, Game
from printgen.render.designs import Design, design_for
from printgen.render.palette import Palette, palette_for
from printgen.render.safety import resolve_asset
from printgen.render.svg import render_template
from printgen.render.textfit import Measure

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


@dataclass
class Kit:
    """What a design needs besides the card: the game, its palette, sizes and text widths."""

    game: Game
    palette: Palette
    measure: Measure
    trim: Size
    bleed: float = RECORD_BLEED_MM
    safe: float = SAFE_MM

    def base(self) -> dict[str, Any]:
        w, h, b = self.trim.width, self.trim.height, self.bleed
        return {
            "card": {
                "w": w,
                "h": h,
                "bleed": b,
                "safe": self.safe,
                "cx": w / 2,
                "cy": h / 2,
                "vb": f"{-b:g} {-b:g} {w + 2 * b:g} {h + 2 * b:g}",
                "full_w": w + 2 * b,
                "full_h": h + 2 * b,
            },
            "palette": self.palette.to_template(),
            "game": {"id": self.game.id, "name": self.game.name, "subtitle": self.game.subtitle},
            "art_image": None,
            "art_box": {
                "x": self.safe + 2,
                "y": h * 0.22,
                "w": w - 2 * (self.safe + 2),
                "h": h * 0.4,
            },
        }

    def art_image(self, card: Card) -> str | None:
        """The card's `art` image (a file in the game's folder) as a URL, or None."""
        reference = card.get("art")
        if not reference:
            return None
        where = f"{card.file}:{card.line}: column 'art'"
        return resolve_asset(str(reference), self.game.folder, [self.game.folder], where).as_uri()


def back_name(game: Game, deck: Component) -> str:
    first = game.printed_decks[0].name if game.printed_decks else deck.name
    return "back" if deck.name == first else f"back-{deck.name}"


def game_faces(game: Game, measure: Measure) -> list[DeckFaces]:
    """Every printed deck of `game` with its faces, in the order of game.yaml."""
    if game.card_size is None:
        return []
    if uses_data_design(game):
        return _data_faces(game, measure)
    design = design_for(game.id)
    kit = Kit(game, palette_for(game.id), measure, game.card_size)
    return [_deck_faces(game, deck, design, kit) for deck in game.printed_decks]


def _deck_faces(game: Game, deck: Component, design: Design, kit: Kit) -> DeckFaces:
    fronts = []
    for card in deck.cards:
        if card.count <= 0:
            continue
        context = {**kit.base(), "art_image": kit.art_image(card), **design.front(card, deck, kit)}
        svg = render_template(design.template(game.id, "card"), **context)
        fronts.append((card, Face(card.id, f"{game.id} card {card.id!r}", svg)))
    name = back_name(game, deck)
    context = {**kit.base(), **design.back(deck, kit)}
    back = Face(
        name,
        f"{game.id} {deck.name} back",
        render_template(design.template(game.id, "back"), **context),
    )
    return DeckFaces(deck, tuple(fronts), back)


def uses_data_design(game: Game) -> bool:
    """A game prints from its design data unless it still has a design module."""
    from printgen.render.designs import DESIGNS

    return game.id not in DESIGNS or (game.folder / "design.yaml").is_file()


def _data_faces(game: Game, measure: Measure) -> list[DeckFaces]:
    from printgen.render.design.render import (
        back_svg,
        check_names,
        design_of,
        front_svg,
        make_stage,
        roles,
    )

    design = design_of(game)
    check_names(game, design)
    stage = make_stage(game, design, measure)
    found = roles(game, design)
    decks = []
    for deck in game.printed_decks:
        fronts = []
        for card in deck.cards:
            if card.count <= 0:
                continue
            drawn = front_svg(game, design, stage, deck, card, found)
            title = f"{game.id} card {card.id!r}"
            fronts.append((card, Face(card.id, title, drawn.body, tuple(drawn.overflows))))
        back = back_svg(game, design, stage, deck)
        name = back_name(game, deck)
        decks.append(
            DeckFaces(
                deck,
                tuple(fronts),
                Face(name, f"{game.id} {deck.name} back", back.body, tuple(back.overflows)),
            )
        )
    return decks
