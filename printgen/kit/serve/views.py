"""One game as the live pages show it: each card's, tile's and token's front and back drawn by
the design engine (with where their boxes went), and what validate says of each.

A `GameView` is one reading of the game's files (one generation); a save makes a new one. It
draws a card when a page first asks and keeps the drawing for the card's page and its
pictures. Drawing is not thread-safe (cairo, the design engine's caches), so the server draws
under one lock (`Live.drawing`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from printgen.kit.reports import stored_checks
from printgen.kit.serve.drawing import Drawing, Line, Side
from printgen.kit.serve.parts import draw_part
from printgen.layout.shapes import Shape
from printgen.layout.sizes import SAFE_MM
from printgen.model import Card, Component, Game
from printgen.render.draw.images import HOME_DPI
from printgen.render.faces.face import back_name
from printgen.render.faces.pieces import safe_inset
from printgen.render.faces.render import Renderer
from printgen.rules.engine import Check

if TYPE_CHECKING:
    from printgen.render.parts.faces import PartFaces


class GameView:
    """One reading of a game: its cards in data order, drawn when first asked for."""

    def __init__(self, game: Game, generation: int) -> None:
        self.game = game
        self.generation = generation
        self._renderer: Renderer | None = None
        self._drawings: dict[tuple[str, str], Drawing] = {}
        self._backs: dict[str, Side] = {}
        self._report: list[Check] | None = None
        self._part_faces: PartFaces | None = None
        self._parts: dict[str, Drawing] = {}

    def cards(self) -> list[tuple[Component, Card]]:
        """Every row of every printed deck of cards, in the order of game.yaml and the files."""
        return [
            (deck, card)
            for deck in self.game.printed_decks
            if deck.kind == "cards"
            for card in deck.cards
        ]

    def pieces(self) -> list[tuple[Component, Card]]:
        """Every piece with a page: the cards, then each tile, token and die (the decks with a
        shape), in game.yaml's order."""
        shaped = [d for d in self.game.piece_decks if d.shape is not None]
        return self.cards() + [(deck, card) for deck in shaped for card in deck.cards]

    def at(self, deck_name: str | None, card_id: str) -> int | None:
        """Where in `pieces()` the card `card_id` is (`deck_name` None) or the piece of that
        deck; None when there is none."""
        for at, (deck, card) in enumerate(self.pieces()):
            shaped = deck.shape is not None
            if card.id == card_id and (deck.name == deck_name if shaped else deck_name is None):
                return at
        return None

    def drawing(self, deck: Component, card: Card) -> Drawing:
        """The piece drawn (a DataError names a mistake in its row or the design). The caller
        holds the drawing lock."""
        key = (deck.name, card.id)
        if key not in self._drawings:
            renderer = self._renderer_now()
            if deck.shape is None:
                self._drawings[key] = self._card(renderer, deck, card)
            elif deck.kind == "dice":
                self._drawings[key] = self._die(renderer, deck, card)
            else:
                self._drawings[key] = self._piece(renderer, deck, card)
        return self._drawings[key]

    def _card(self, renderer: Renderer, deck: Component, card: Card) -> Drawing:
        assert self.game.card_size is not None
        size = self.game.card_size
        front = Side(*renderer.front_drawn(deck, card))
        if deck.name not in self._backs:
            name = back_name(self.game, deck)
            self._backs[deck.name] = Side(*renderer.back_drawn(deck, name))
        shape = Shape.rect(size.width, size.height)
        sides = (("front", front), ("back", self._backs[deck.name]))
        return Drawing(sides, self._strict(renderer), shape, SAFE_MM)

    def _piece(self, renderer: Renderer, deck: Component, card: Card) -> Drawing:
        assert deck.shape is not None
        front = Side(*renderer.piece_front_drawn(deck, card))
        if deck.sides != 1:
            back = Side(*renderer.piece_back_drawn(deck, card))
        else:
            if deck.name not in self._backs:
                self._backs[deck.name] = Side(*renderer.piece_back_drawn(deck))
            back = self._backs[deck.name]
        strict = self._strict(renderer)
        return Drawing(
            (("front", front), ("back", back)), strict, deck.shape, safe_inset(deck.shape)
        )

    def _die(self, renderer: Renderer, deck: Component, card: Card) -> Drawing:
        """A die's faces as they print on its net (a square of the die's edge each)."""
        assert deck.shape is not None
        edge = deck.shape.width
        faces = renderer.die_faces_drawn(deck, card, edge, False)
        sides = tuple((f"face-{n}", Side(*drawn)) for n, drawn in enumerate(faces, 1))
        shape = Shape.rect(edge, edge)
        return Drawing(sides, self._strict(renderer), shape, safe_inset(shape))

    def part_at(self, name: str) -> int | None:
        """Where the part `name` is in game.yaml's `parts:`; None when there is none."""
        names = list(self.game.parts)
        return names.index(name) if name in names else None

    def part_drawing(self, at: int) -> Drawing:
        """The game's part number `at` drawn as the build draws it on A4 (a DataError names a
        mistake). The caller holds the drawing lock."""
        part = list(self.game.parts.values())[at]
        if part.name not in self._parts:
            if self._part_faces is None:
                from printgen.render.draw import vector  # cairo loads at the first drawing
                from printgen.render.parts.faces import PartFaces  # (cairo, segno): as above

                self._part_faces = PartFaces(self.game, vector.CairoMeasure(), "a4")
            self._parts[part.name] = draw_part(self.game, part, self._part_faces)
        return self._parts[part.name]

    @staticmethod
    def _strict(renderer: Renderer) -> bool:
        return bool(renderer.design.strict)

    def report(self) -> list[Check] | None:
        """The game's validate report as the last build made it of this reading, None until a
        build has (the server never checks a whole game itself: the build does)."""
        if self._report is None:
            self._report = stored_checks(self.game)
        return self._report

    def _renderer_now(self) -> Renderer:
        if self._renderer is None:
            from printgen.render.draw import vector  # cairo loads at the first drawing

            self._renderer = Renderer(self.game, vector.CairoMeasure())
        return self._renderer


DESIGN_CHECKS = frozenset(
    ("card text fits", "card text contrast", "boxes hidden", "art resolution")
)
"""The checks of validate that the card's own drawing answers (its face's lists): the report
gives the first dozen of a deck; the drawing gives every one of this card."""


def face_lines(drawing: Drawing) -> list[Line]:
    """What validate says of the card's drawing: text cut or under the minimum size, faint
    text, a box hiding another, art under 300 dpi (each message names the card's place)."""
    lines = []
    for _, side in drawing.sides:
        face = side.face
        strict = "error" if drawing.strict else "warning"
        lines += [Line(strict, text) for text in face.overflows]
        lines += [Line("warning", text) for text in face.low_contrast]
        lines += [Line(strict, f"{place}: {what}") for place, what in face.hidden]
        lines += [
            Line("warning" if dpi < HOME_DPI - 0.5 else "note", text) for dpi, text in face.low_res
        ]
    return list(dict.fromkeys(lines))


def report_lines(checks: list[Check], card: Card) -> list[Line]:
    """The parts of the game's failed checks that name this card's place (`market.csv:5`,
    not `market.csv:50`), those its drawing answers left out."""
    place = re.compile(re.escape(card.where()) + r"(?!\d)")
    lines = []
    for check in checks:
        if check.ok or check.name in DESIGN_CHECKS:
            continue
        for part in check.detail.split("; "):
            if place.search(part):
                lines.append(Line(check.level, f"{check.name}: {part}"))
    return lines
