"""Every face of a game drawn by the design engine (`printgen.render.faces.render`): what
validate, the gallery's report and the rulebook's card anatomy show, each front kept in the
build store when the build has one.
"""

from __future__ import annotations

from collections.abc import Callable

from printgen.errors import DataError, Problem
from printgen.files import memo
from printgen.model import Card, Component, Game
from printgen.render.faces.face import DeckFaces, Face, back_name, stored_front
from printgen.render.faces.face_keys import design_key, front_key
from printgen.render.faces.render import Renderer
from printgen.render.text.textfit import Measure


def game_faces(
    game: Game, measure: Measure, problems: list[Problem] | None = None
) -> list[DeckFaces]:
    """Every printed deck of `game` with its faces, in the order of game.yaml. Given a
    `problems` list, the design's mistakes and each card's (an unknown inline icon, a box
    outside the card) are added there, the rest drawn, so validate can name them all at
    once; a card or back that cannot be drawn is left out (its deck keeps a blank back)."""
    if game.card_size is None:
        return []
    renderer = Renderer(game, measure, problems)
    kept = _kept_front(game, renderer, measure)
    decks = []

    def drawn(make: Callable[[], Face]) -> Face | None:
        try:
            return make()
        except DataError as exc:
            if problems is None:
                raise
            problems.extend(exc.problems)
        except Exception:
            if not renderer.broken:
                raise  # a design with mistakes may fail where they are: they are the message
        return None

    for deck in game.printed_decks:
        fronts = []
        for card in deck.cards:
            if card.count <= 0:
                continue
            face = drawn(lambda: kept(deck, card))  # noqa: B023 (called at once)
            if face is not None:
                fronts.append((card, face))
        name = back_name(game, deck)
        back = drawn(lambda: renderer.back(deck, name)) or Face(name, deck.name, "")  # noqa: B023
        decks.append(DeckFaces(deck, tuple(fronts), back))
    return decks


def _kept_front(
    game: Game, renderer: Renderer, measure: Measure
) -> Callable[[Component, Card], Face]:
    """`front(deck, card)`: a card's face, kept in the build store (when the build has one:
    the gallery's validate report) by its card's data and place, the design and the measure,
    so that after one card's edit the report writes one SVG, not every card's twice."""
    if not memo.configured():
        return renderer.front
    design = design_key(game, renderer)

    def front(deck: Component, card: Card) -> Face:
        return stored_front(renderer, measure, front_key(design, deck, card), deck, card)

    return front


def front_face(game: Game, deck: Component, card: Card, measure: Measure) -> Face:
    """One card's front, as `cards.pdf` draws it (the rulebook's card anatomy shows it)."""
    return Renderer(game, measure).front(deck, card)
