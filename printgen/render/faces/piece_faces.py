"""Every face of a game's decks of pieces (tiles, tokens, dice) drawn by the design engine, each
with its row: what validate checks, as it checks the cards' (`game_faces`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from printgen.errors import DataError, Problem
from printgen.model import Card, Component, Game
from printgen.render.faces.face import Face
from printgen.render.faces.render import Renderer
from printgen.render.text.textfit import Measure


@dataclass(frozen=True)
class PieceDeckFaces:
    """A deck of pieces with every face it prints, each with its row (None: the deck's back):
    fronts and backs of tiles and tokens, a die's faces as labels and on its net."""

    deck: Component
    faces: tuple[tuple[Card | None, Face], ...]


def game_piece_faces(
    game: Game, measure: Measure, problems: list[Problem] | None = None
) -> list[PieceDeckFaces]:
    """Every deck of pieces of `game` with its faces, as `game_faces` gives the cards' (and,
    given `problems`, with every mistake gathered there)."""
    if not game.piece_decks:
        return []
    renderer = Renderer(game, measure, problems)
    decks = []
    for deck in game.piece_decks:
        faces: list[tuple[Card | None, Face]] = []
        for make, card in _piece_makers(renderer, deck):
            try:
                faces += [(card, face) for face in make()]
            except DataError as exc:
                if problems is None:
                    raise
                problems.extend(exc.problems)
            except Exception:
                if not renderer.broken:
                    raise  # a design with mistakes may fail where they are: they are the message
        decks.append(PieceDeckFaces(deck, tuple(faces)))
    return decks


def _piece_makers(
    renderer: Renderer, deck: Component
) -> list[tuple[Callable[[], list[Face]], Card | None]]:
    """What draws each face of a deck of pieces, with its row."""
    rows = [card for card in deck.cards if card.count > 0]
    if deck.kind == "dice":
        assert deck.shape is not None
        edge = deck.shape.width
        return [(partial(_both_sizes, renderer, deck, card, edge), card) for card in rows]
    makers: list[tuple[Callable[[], list[Face]], Card | None]] = [
        (partial(_listed, renderer.piece_front, deck, card), card) for card in rows
    ]
    if deck.sides == 2:
        makers += [(partial(_listed, renderer.piece_back, deck, card), card) for card in rows]
    else:
        makers.append((partial(_listed, renderer.piece_back, deck), None))
    return makers


def _listed(make: Callable[..., Face], *args: object) -> list[Face]:
    return [make(*args)]


def _both_sizes(renderer: Renderer, deck: Component, card: Card, edge: float) -> list[Face]:
    return [
        *renderer.die_faces(deck, card, edge, True),
        *renderer.die_faces(deck, card, edge, False),
    ]
