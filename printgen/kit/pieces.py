"""Build the outputs of a game's decks of pieces (tiles, tokens, dice) under `OUT/<game>/`:

| output | what |
| --- | --- |
| `<deck>.pdf` | the pieces packed by shape, each sheet of fronts followed by its mirrored backs |
| `<deck>-fold.pdf` | fronts and backs side by side, mirrored about a fold line |
| `<deck>/<id>.png` | each unique front at 300 dpi with the preset's bleed, cut to its outline |
| `<deck>/back.png`, `<deck>/<id>-back.png` | the deck's back, or each row's own (`sides: 2`) |
| `tts/<deck>-<id>.png` | each front (and back) at trim for Tabletop Simulator's custom tiles |
| `tts/saved-object.json` | a game without cards: the tiles and tokens (else the cards' has them) |
| `<dice deck>.pdf` | face labels for blank dice, then a foldable net a die (six-sided dice) |

One renderer draws every face (`printgen.render.faces.render.Renderer`: the cards' design
engine on a stage of the piece's shape); each face is drawn once and replayed into every
output, as the card build does.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from printgen.kit.card_faces import recordings
from printgen.kit.options import BuildOptions
from printgen.model import Card, Component, Game
from printgen.render.draw import vector
from printgen.render.exports.pieces import piece_png, trimmed_png
from printgen.render.exports.pngs import PRESET_BLEED_IN
from printgen.render.exports.tables import piece_objects, saved_object
from printgen.render.faces.face import Face
from printgen.render.faces.render import Renderer
from printgen.render.outputs import Kind, Output
from printgen.render.sheets.dice_sheets import DiceFaces, dice_pdf
from printgen.render.sheets.fit import pieces_left_out
from printgen.render.sheets.piece_sheets import PieceFaces, pieces_fold_pdf, pieces_pdf

DPI = 300


PIECE_OUTPUTS = (Kind.PIECE_SHEETS, Kind.PIECE_FOLD, Kind.PIECE_IMAGE, Kind.TTS_PIECE)


def piece_files(
    game: Game,
    options: BuildOptions,
    outputs: Collection[Kind] | None = None,
    piece: str | None = None,
) -> Iterator[tuple[Output, bytes]]:
    """Every output of the game's decks of pieces, deck by deck in game.yaml's order; only
    the kinds of `outputs` (default: all), and of the deck `piece` alone when given (the
    benchmark times one deck's PDF so)."""
    chosen = tuple(PIECE_OUTPUTS if outputs is None else outputs)
    renderer = Renderer(game, vector.CairoMeasure())
    for deck in game.piece_decks:
        if piece is not None and deck.name != piece:
            continue
        if deck.kind == "dice":
            yield from _dice_files(game, options, renderer, deck, chosen)
        else:
            yield from _deck_files(game, options, renderer, deck, chosen)
    alone = game.card_size is None or not game.printed_decks  # else the cards' saved object
    wanted = alone and piece is None and Kind.TTS_PIECE in chosen
    if wanted and piece_objects(game, 0):  # dice alone have no tile to spawn
        yield Output(Kind.TTS_SAVED_OBJECT), saved_object(game, [])


def piece_faces(renderer: Renderer, deck: Component) -> PieceFaces:
    """A deck of pieces drawn: each printed row's front and back."""
    shared = renderer.piece_back(deck) if deck.sides == 1 else None
    rows = []
    for card in deck.cards:
        if card.count <= 0:
            continue
        back = shared if shared is not None else renderer.piece_back(deck, card)
        rows.append((card, renderer.piece_front(deck, card), back))
    return PieceFaces(deck, tuple(rows))


def _deck_files(
    game: Game, options: BuildOptions, renderer: Renderer, deck: Component, chosen: tuple[Kind, ...]
) -> Iterator[tuple[Output, bytes]]:
    faces = piece_faces(renderer, deck)
    every = [face for _, front, back in faces.fronts for face in (front, back)]
    drawings = recordings(game, every)
    paper, crop = options.paper, options.crop_marks
    left_out = pieces_left_out(deck, options.paper, options.gutter_mm)
    if Kind.PIECE_SHEETS in chosen and Kind.PIECE_SHEETS not in left_out:
        offset = options.back_offset
        pdf = pieces_pdf(game, faces, drawings, paper, options.gutter_mm, crop, offset)
        yield Output(Kind.PIECE_SHEETS, deck.name), pdf
    if Kind.PIECE_FOLD in chosen and Kind.PIECE_FOLD not in left_out:
        pdf = pieces_fold_pdf(game, faces, drawings, paper, crop)
        yield Output(Kind.PIECE_FOLD, deck.name), pdf
    yield from _images(deck, faces, drawings, options, chosen)


def _images(
    deck: Component,
    faces: PieceFaces,
    drawings: dict[str, vector.Recorded],
    options: BuildOptions,
    chosen: tuple[Kind, ...],
) -> Iterator[tuple[Output, bytes]]:
    """Each distinct face of a deck of pieces as a PNG with bleed, and at trim for TTS."""
    assert deck.shape is not None
    bleed = PRESET_BLEED_IN[options.preset] * 25.4
    seen: set[str] = set()
    for _, front, back in faces.fronts:
        for face in (front, back):
            if face.name in seen:
                continue
            seen.add(face.name)
            drawing = drawings[face.svg]
            if Kind.PIECE_IMAGE in chosen:
                png = piece_png(drawing, deck.shape, bleed, DPI)
                yield Output(Kind.PIECE_IMAGE, f"{deck.name}/{face.name}"), png
            if Kind.TTS_PIECE in chosen:
                png = trimmed_png(drawing, deck.shape, DPI)
                yield Output(Kind.TTS_PIECE, f"{deck.name}-{face.name}"), png


def _dice_files(
    game: Game, options: BuildOptions, renderer: Renderer, deck: Component, chosen: tuple[Kind, ...]
) -> Iterator[tuple[Output, bytes]]:
    if Kind.PIECE_SHEETS not in chosen:
        return

    assert deck.shape is not None
    edge = deck.shape.width

    def labels(card: Card, label: bool) -> list[Face]:
        return list(renderer.die_faces(deck, card, edge, label))

    dice = tuple(
        (card, tuple(labels(card, True)), tuple(labels(card, False)))
        for card in deck.cards
        if card.count > 0
    )
    faces = DiceFaces(deck, edge, dice)
    every = [face for _, labels, nets in dice for face in (*labels, *nets)]
    drawings = recordings(game, every)
    yield Output(Kind.PIECE_SHEETS, deck.name), dice_pdf(game, faces, drawings, options.paper)
