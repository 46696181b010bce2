"""The faces of one game for one card build (`GameFaces`), and what a process keeps of them for
its next piece: front keys, front SVGs, cairo recordings and PNGs, each drawn once however
many pieces and outputs ask for it, and looked up in the build store (printgen.files.memo) by
what it is made from.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Sequence
from functools import partial
from typing import TYPE_CHECKING

from printgen.files import memo
from printgen.files.hashing import hash_tree
from printgen.files.templates import templates_dir
from printgen.kit.card_plan import Batch, batches
from printgen.model import Card, Component, Game
from printgen.render.exports.pngs import bleed_png, bleed_pngs
from printgen.render.faces.face import (
    DeckFaces,
    Face,
    LazyFace,
    back_name,
    face_entry,
    face_pieces,
    stored_front,
)
from printgen.render.faces.face_keys import design_key, front_key
from printgen.render.faces.render import Renderer
from printgen.render.text.shaping import ShapedMeasure

if TYPE_CHECKING:  # cairo and cairosvg load only where a face is drawn
    from printgen.render.draw.vector import Recorded

IMAGE_PATTERNS = ("**/*.png", "**/*.jpg", "**/*.jpeg", "**/*.gif", "**/*.webp", "**/*.svg")
ASSET_PATTERNS = (*IMAGE_PATTERNS, "**/*.ttf", "**/*.otf")
"""What a face's pixels depend on besides its SVG: images, icons and the design's own fonts
(a face names its font by family only)."""


class GameFaces:
    """The faces of one game for one `card_files` call: its design read once and each face
    drawn once, however many pieces of the call ask for it (a deck of one batch is built in
    one call: the whole-deck PDFs and the batch's PNGs share every face). A front's SVG is
    written only when it is drawn: its pictures are looked up in the build store by its
    card's data (printgen.render.faces.face_keys)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._renderer: Renderer | None = None
        self._design_key: str | None = None
        self._fronts: dict[tuple[str, str], Face] = {}
        self._backs: dict[str, Face] = {}
        self.titles: dict[str, str] = {}
        """Each face's title by its SVG, for the messages of drawing it."""
        self.windows: dict[str, bytes] = {}
        """The PDF windows the batches of this call made, by key, for the whole-deck piece."""
        self._batches: list[Batch] | None = None

    @property
    def batches(self) -> list[Batch]:
        if self._batches is None:
            self._batches = batches(self.game)
        return self._batches

    @property
    def cuts(self) -> list[tuple[int, int, int]] | None:
        """Each batch's cards, when the card PDFs are made in windows, one a batch (a game of
        several batches); None when they are drawn whole."""
        return [batch.cut for batch in self.batches] if len(self.batches) > 1 else None

    @property
    def renderer(self) -> Renderer:
        if self._renderer is None:
            self._renderer = Renderer(self.game, ShapedMeasure())
        return self._renderer

    @property
    def design_key(self) -> str:
        if self._design_key is None:
            self._design_key = design_key(self.game, self.renderer)
        return self._design_key

    def front(self, deck: Component, card: Card) -> Face:
        key = (deck.name, card.id)
        if key not in self._fronts:
            self._fronts[key] = LazyFace(
                card.id,
                f"{self.game.id} card {card.id!r}",
                partial(self._key_of, deck, card),
                partial(self._write_front, deck, card),
            )
        return self._fronts[key]

    def _key_of(self, deck: Component, card: Card) -> str:
        design = self.design_key
        slot = (design, deck.name, id(card))
        kept = _front_keys.get(slot)
        if kept is not None and kept[0] is card:
            return kept[1]
        key = front_key(design, deck, card)
        if len(_front_keys) >= FRONT_KEYS_KEPT:
            _front_keys.clear()
        _front_keys[slot] = (card, key)
        return key

    def _write_front(self, deck: Component, card: Card) -> Face:
        """The front's SVG: the same face kept from an earlier piece of this process (a
        batch's PDF windows may show the first cards of the next batch), else the one the
        build store keeps by its key, else drawn. Either way it is in the store for validate,
        so the store holds the same whatever drew it (a worker forked from a process that built
        the deck before starts with some faces kept). After one card's edit its batch redraws
        the pictures of every card of its TTS sheet and PDF windows, but lays out one face,
        not some 75 (about 3 ms each)."""
        key = (str(self.game.folder), self._fronts[(deck.name, card.id)].key)
        face = _written.pop(key, None)
        if face is None:
            face = self._stored(deck, card, key[1])
        else:
            keep_for_validate(self.renderer, key[1], card, face)
        _written[key] = face
        while len(_written) > RECORDINGS_KEPT:
            _written.popitem(last=False)
        self.titles.setdefault(face.svg, face.title)
        return face

    def _stored(self, deck: Component, card: Card, key: str) -> Face:
        if not memo.configured():
            return self.renderer.front(deck, card)
        return stored_front(self.renderer, self.renderer.stage.measure, key, deck, card)

    def back(self, deck: Component) -> Face:
        if deck.name not in self._backs:
            face = self._backs[deck.name] = self.renderer.back(deck, back_name(self.game, deck))
            self.titles.setdefault(face.svg, face.title)
        return self._backs[deck.name]

    def decks(self) -> list[DeckFaces]:
        """Every printed deck with its faces, in the order of game.yaml (as `game_faces`)."""
        return [
            DeckFaces(
                deck,
                tuple((card, self.front(deck, card)) for card in deck.cards if card.count > 0),
                self.back(deck),
            )
            for deck in self.game.printed_decks
        ]


def keep_for_validate(renderer: Renderer, key: str, card: Card, face: Face) -> None:
    """Keep a front just drawn in the build store as the gallery's validate report looks for
    it (printgen.render.faces.game_faces, with the measure the build draws with), so that the
    report, made in a worker beside the last pieces, lays out no card the batches drew (about
    2.5 ms a card, on the build's critical path at its end)."""
    if memo.configured():
        pieces = face_pieces(renderer.stage.measure, key, card)
        if not memo.stored("card-face", pieces):
            memo.remembered("card-face", pieces, lambda: face_entry(face))


RECORDINGS_KEPT = 128
"""Face recordings a process keeps for its next piece: every face of a small deck, so a part
built in one process draws each face once; a bounded few of a large one."""

_front_keys: dict[tuple[str, str, int], tuple[Card, str]] = {}
"""Each front's key by design key, deck and card (the card itself kept beside it, so that its
id is never another card's): the build's parent takes every key of a large deck to find the
batches that changed, and its worker processes, forked after, find them here instead of
hashing every row again in each whole-deck piece (some 26 ms a 1,000 cards, a piece)."""
FRONT_KEYS_KEPT = 1_000_000

_recorded: OrderedDict[tuple[str, str, str], Recorded] = OrderedDict()
_written: OrderedDict[tuple[str, str], Face] = OrderedDict()
"""Front faces a process keeps for its next piece, by game folder and key
(printgen.render.faces.face_keys)."""
_assets: dict[str, str] = {}
"""The hash of each game folder's images and fonts, taken once a `card_files` call."""


def _record(game: Game, svg: str, title: str) -> Recorded:
    """`svg` drawn by cairosvg, or the same recording kept from an earlier piece of this
    process; the key holds the game's images and fonts, so a changed image is drawn anew."""
    from printgen.render.draw import vector  # cairo: only when a face is drawn

    key = (str(game.folder), assets_of(game), svg)
    if key in _recorded:
        _recorded.move_to_end(key)
        return _recorded[key]
    drawing = vector.record_svg(svg, [game.folder, templates_dir()], title)
    _recorded[key] = drawing
    while len(_recorded) > RECORDINGS_KEPT:
        _recorded.popitem(last=False)
    return drawing


def assets_of(game: Game) -> str:
    """The hash of the game folder's images and fonts, taken once a `card_files` call."""
    folder = str(game.folder)
    if folder not in _assets:
        _assets[folder] = hash_tree(game.folder, ASSET_PATTERNS)
    return _assets[folder]


def recordings(game: Game, faces: Collection[Face]) -> dict[str, Recorded]:
    return {face.svg: _record(game, face.svg, face.title) for face in faces}


def forget_assets() -> None:
    """Hash the game folders' images and fonts again at the next use: they may have changed
    since the last `card_files` call (`build --watch`)."""
    _assets.clear()


class LazyRecordings(dict[str, "Recorded"]):
    """Recordings drawn on first use: a PNG or PDF window found in the build store draws
    nothing. `titles` names each face (by SVG) in the messages of drawing it."""

    def __init__(self, game: Game, titles: dict[str, str]) -> None:
        super().__init__()
        self.game = game
        self.titles = titles

    def __missing__(self, svg: str) -> Recorded:
        drawing = _record(self.game, svg, self.titles.get(svg, self.game.id))
        self[svg] = drawing
        return drawing


class Pngs:
    """`png(face, bleed_mm, dpi)`: one face (or its SVG) as a PNG, drawn once a build however
    many outputs ask for it, and kept in the build store: a face's PNG depends on its SVG (or
    what stands for it, `Face.key`), the size, the bleed, the resolution and any image or font
    it draws from the game's folder, so editing one card re-encodes only that card's PNG.
    `png.many(faces, ...)` makes a batch's PNGs the same way, drawing those the store lacks
    together (printgen.render.exports.pngs.bleed_pngs)."""

    def __init__(self, game: Game, drawings: dict[str, Recorded]) -> None:
        assert game.card_size is not None
        self.game = game
        self.size = game.card_size
        self.drawings = drawings
        self._images: str | None = None

    def _key(self, face: str | Face, bleed_mm: float, dpi: int) -> list[str]:
        if self._images is None:
            self._images = hash_tree(self.game.folder, ASSET_PATTERNS)
        key = face if isinstance(face, str) else face.key
        return [key, str(self.size), f"{round(bleed_mm, 4)}mm@{dpi}", self._images]

    def _drawing(self, face: str | Face) -> Recorded:
        return self.drawings[face if isinstance(face, str) else face.svg]

    def __call__(self, face: str | Face, bleed_mm: float, dpi: int) -> bytes:
        return memo.remembered(
            "card-png",
            self._key(face, bleed_mm, dpi),
            lambda: bleed_png(self._drawing(face), self.size, bleed_mm, dpi),
        )

    def many(self, faces: Sequence[Face], bleed_mm: float, dpi: int) -> list[bytes]:
        keys = [self._key(face, bleed_mm, dpi) for face in faces]
        pairs = list(zip(faces, keys, strict=True))
        missing = [(face, key) for face, key in pairs if not memo.stored("card-png", key)]
        drawn = bleed_pngs([self._drawing(f) for f, _ in missing], self.size, bleed_mm, dpi)
        made = {repr(key): data for (_, key), data in zip(missing, drawn, strict=True)}
        return [self._remember(face, key, made, bleed_mm, dpi) for face, key in pairs]

    def _remember(
        self, face: Face, key: list[str], made: dict[str, bytes], bleed_mm: float, dpi: int
    ) -> bytes:
        found = made.get(repr(key))
        return memo.remembered("card-png", key, lambda: found or self(face, bleed_mm, dpi))
