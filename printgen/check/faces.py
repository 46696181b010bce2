"""Every face `printgen validate` reads, drawn once a report: the design checks (fit, contrast,
clearance) and the font checks (every character in its font) read the same drawings, made
with the shaping the cards are drawn with (`ShapedMeasure`), so what is checked is what
prints, and a game's faces are not drawn a second time for the fonts."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import DataError, Problem
from printgen.model import Game
from printgen.render.faces.face import DeckFaces, Face
from printgen.render.faces.game_faces import game_faces
from printgen.render.faces.piece_faces import PieceDeckFaces, game_piece_faces
from printgen.render.text.shaping import ShapedMeasure


@dataclass(frozen=True)
class GameFaces:
    """The cards' decks and the decks of pieces in each language `build --lang` draws (the
    first language first), each with its tag (`[fr] `, none for the first)."""

    decks: tuple[tuple[DeckFaces, str], ...]
    pieces: tuple[tuple[PieceDeckFaces, str], ...]

    @property
    def card_decks(self) -> list[DeckFaces]:
        return [deck for deck, _ in self.decks]

    def every_face(self) -> list[tuple[Face, str]]:
        """Each face with its language's tag: the cards' fronts and backs, then the pieces'."""
        faces = [
            (face, tag)
            for deck, tag in self.decks
            for face in [*(f for _, f in deck.fronts), deck.back]
        ]
        return faces + [(face, tag) for deck, tag in self.pieces for _, face in deck.faces]


def drawn_faces(game: Game, problems: list[Problem] | None = None) -> GameFaces:
    """Every face of `game`. Given `problems`, each mistake of the design and of a card's face
    is gathered there and the rest drawn; without, the first mistake is raised."""
    measure = ShapedMeasure()  # the shaping the cards draw with
    decks = [(deck, "") for deck in game_faces(game, measure, problems)]
    pieces = [(deck, "") for deck in game_piece_faces(game, measure, problems)]
    for lang in game.languages[1:]:  # the faces `build --lang` draws, with their own words
        translated = game.in_language(lang)
        decks += [(deck, f"[{lang}] ") for deck in game_faces(translated, measure, problems)]
        in_lang = game_piece_faces(translated, measure, problems)
        pieces += [(deck, f"[{lang}] ") for deck in in_lang]
    return GameFaces(tuple(decks), tuple(pieces))


def checked_faces(game: Game) -> GameFaces:
    """Every face, or a DataError naming every mistake of the design and of each card's face
    once (a box's mistake once, not a card's)."""
    problems: list[Problem] = []
    faces = drawn_faces(game, problems)
    if problems:
        raise DataError(list(dict.fromkeys(problems)))
    return faces
