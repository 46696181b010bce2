"""Build the card outputs of one game (DESIGN.md section 6) under `OUT/<game>/`:

| output | what |
| --- | --- |
| `cards.pdf` | fronts imposed on the paper, each front sheet followed by its mirrored backs sheet |
| `cards-fold.pdf` | fronts and their backs side by side, a fold line between (no duplex needed) |
| `cards-print.pdf` | one card a page at trim + 3 mm bleed, TrimBox and BleedBox set |
| `cards/<card-id>.png` | each unique front at 300 dpi with the preset's bleed |
| `cards/back.png` | the back of the first printed deck; `cards/back-<deck>.png` for the others |
| `tts/<deck>-<n>.png` | Tabletop Simulator sheets (and `.json`: the import dialog's numbers) |
| `tts/saved-object.json` | a TTS saved object spawning every deck (and `<deck>-back.png`) |
| `ttp/<deck>-<n>.png` | Tabletop Playground card sheets and their templates (`.json`) |
| `shop/<name>/...` | with `--shop NAME`: the shop's files (render/shop/cards.py) |

`card_files` renders every face once (Jinja2 to SVG, cairosvg to a cairo recording) and
replays the recordings into every output. It returns each output's bytes by what it is
(`printgen.render.outputs`); the kit names the files as above (`printgen.kit.names`) and
writes them.

`card_files(..., outputs=(Kind.CARD_SHEETS,))` makes only some of them (the kinds of
CARD_OUTPUTS); the benchmark times cards.pdf alone this way.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from printgen.errors import PrintgenError, RenderError, ShopError
from printgen.model import Card, Component, Game
from printgen.render.exports.pngs import PRESET_BLEED_IN, TtsSheet
from printgen.render.faces.face import DeckFaces, Face, LazyFace
from printgen.render.outputs import CARD_OUTPUTS, CARD_PDFS, Kind, Output

OUTPUTS = CARD_OUTPUTS


class CardOptions(Protocol):
    """What `card_files` reads of printgen.commands.build.BuildOptions."""

    paper: str
    preset: str
    crop_marks: bool
    gutter_mm: float
    shops: tuple[str, ...]
    ink_saver: bool


def wanted_outputs(outputs: Collection[Kind] | None = None) -> tuple[Kind, ...]:
    if outputs is None:
        return OUTPUTS
    unknown = [o for o in outputs if o not in OUTPUTS]
    if unknown:
        expected = ", ".join(o.value for o in OUTPUTS)
        raise RenderError(f"unknown card output {unknown[0]!r}; expected some of {expected}")
    return tuple(o for o in OUTPUTS if o in outputs)


def ink_saving_backs(
    game: Game, decks: list[Any], design: Any
) -> tuple[dict[str, Any], dict[str, str]]:
    """`--ink-saver`: each deck's back (by face name) as an outline-and-title drawing, and the
    SVG it is drawn from. When the game prints several decks, each back says which deck it
    is (its back's title, or the deck's name) in `design`'s words and colour."""
    from printgen.files.templates import templates_dir
    from printgen.render.draw import vector
    from printgen.render.faces.game_palette import game_palette
    from printgen.render.faces.ink_saver import ink_saving_back_svg
    from printgen.render.faces.render import back_label
    from printgen.render.text.lettering import game_lettering

    roots = [game.folder, templates_dir()]
    assert game.card_size is not None
    palette = game_palette(game)
    lettering = game_lettering(game)
    several = len(decks) > 1
    svgs = {
        deck.back.name: ink_saving_back_svg(
            game.name,
            back_label(game, design, deck.deck) if several else None,
            game.card_size,
            palette,
            lettering,
        )
        for deck in decks
    }
    drawn = {
        deck.back.name: vector.record_svg(
            svgs[deck.back.name], roots, f"{game.id} {deck.deck.name} ink-saving back"
        )
        for deck in decks
    }
    return drawn, svgs


IMAGE_PATTERNS = ("**/*.png", "**/*.jpg", "**/*.jpeg", "**/*.gif", "**/*.webp", "**/*.svg")
ASSET_PATTERNS = (*IMAGE_PATTERNS, "**/*.ttf", "**/*.otf")
"""What a face's pixels depend on besides its SVG: images, icons and the design's own fonts
(a face names its font by family only)."""


WHOLE_DECKS = "decks"
BATCH_PREFIX = "batch-"
SHOP_PREFIX = "shop-"


@dataclass(frozen=True)
class Batch:
    """One TTS sheet's worth of one deck's printed cards (at most 69: a few hundred MB of
    pixels at most in one process), and the per-card PNGs of the faces first seen there."""

    deck: int
    """The deck's index among the game's printed decks."""
    sheet: int
    """The sheet's index among the deck's TTS sheets."""
    start: int
    """Its first card's place in the deck's printed order (from 0)."""
    cards: tuple[Card, ...]
    """The printed cards in sheet order (a card with copies appears once a copy)."""
    pngs: tuple[Card, ...]
    """The cards whose `cards/<id>.png` this batch makes (first seen here, by id)."""
    layout: TtsSheet

    @property
    def cut(self) -> tuple[int, int, int]:
        """Its cards as the PDFs' windows see them: (deck index, first card, end card)."""
        return (self.deck, self.start, self.start + len(self.cards))


def batches(game: Game) -> list[Batch]:
    """Every batch of the game's printed decks, in deck order then sheet order."""
    from printgen.render.exports.pngs import tts_layout

    if game.card_size is None:
        return []
    found: list[Batch] = []
    named: set[str] = set()
    for index, deck in enumerate(game.printed_decks):
        run = [card for card in deck.cards if card.count > 0 for _ in range(card.count)]
        start = 0
        for sheet, layout in enumerate(tts_layout(deck.name, len(run), game.card_size)):
            cards = tuple(run[start : start + layout.cards])
            start += layout.cards
            pngs = []
            for card in cards:
                if card.id not in named:
                    named.add(card.id)
                    pngs.append(card)
            found.append(Batch(index, sheet, start - len(cards), cards, tuple(pngs), layout))
    return found


def card_pieces(game: Game, options: CardOptions) -> list[tuple[str, int]]:
    """The pieces of the card part that can be built apart (in separate processes), in the
    order their files are listed, each with a rough cost (printgen.kit.parts): the whole-deck
    files (the three PDFs, the backs, the TTS saved object), one piece a batch (its PNGs and
    its TTS sheet), one a shop. The PDFs share one piece because each needs every face drawn
    (Jinja2, then cairosvg: most of their time), and that is done once a piece. A game of one
    batch is not split: it is built in one process, which draws each face once."""
    pieces = _all_pieces(game, options)
    if sum(name.startswith(BATCH_PREFIX) for name, _ in pieces) < 2:
        return []  # a deck of one sheet is one piece: its faces are drawn once
    return pieces


def _all_pieces(game: Game, options: CardOptions) -> list[tuple[str, int]]:
    if game.card_size is None or not any(deck.total for deck in game.printed_decks):
        return []
    pieces = [(f"{WHOLE_DECKS}-{index}", 3) for index in range(len(CARD_PDFS))]
    pieces += [(WHOLE_DECKS, 1)]
    pieces += [(f"{BATCH_PREFIX}{index}", 1) for index in range(len(batches(game)))]
    pieces += [(f"{SHOP_PREFIX}{shop}", 2) for shop in getattr(options, "shops", ())]
    return pieces


def card_files(
    game: Game,
    options: CardOptions,
    outputs: Collection[Kind] | None = None,
    piece: str | None = None,
) -> Iterator[tuple[Output, bytes]]:
    """The card outputs of `game`: each output and its bytes, made
    one at a time so that no more than one batch of images is held; `piece` makes one piece of
    `card_pieces` only (the kit runs them across processes), None all of them, in order.
    A shop that cannot be made does not stop the others or the home kit: ShopError, naming
    it, comes after everything else.

    A game without cards (no card size or no printed deck) has none.
    """
    chosen = wanted_outputs(outputs)
    if not chosen:
        return
    _assets.clear()  # images may have changed since the last call (--watch)
    wanted = [piece] if piece is not None else _in_order(_all_pieces(game, options))
    faces = GameFaces(game)
    made: set[Output] = set()
    failed: dict[str, tuple[str, int]] = {}
    for name in wanted:
        try:
            for output, data in _piece_files(game, options, chosen, name, faces):
                if output not in made:  # a face shared by two names still gets both files
                    made.add(output)
                    yield output, data
        except PrintgenError as exc:
            if not name.startswith(SHOP_PREFIX):
                raise
            failed[name.removeprefix(SHOP_PREFIX)] = (str(exc), 2)  # that shop's alone
    if failed:
        raise ShopError(failed)


def _in_order(pieces: list[tuple[str, int]]) -> list[str]:
    """The pieces to make in one call: the batches first, whose PDF windows the whole-deck
    piece then joins (the kit runs them so too: `card_pieces_last`)."""
    names = [name for name, _ in pieces]
    return [n for n in names if n.startswith(BATCH_PREFIX)] + [
        n for n in names if not n.startswith(BATCH_PREFIX)
    ]


class GameFaces:
    """The faces of one game for one `card_files` call: its design read once and each face
    drawn once, however many pieces of the call ask for it (a deck of one batch is built in
    one call: the whole-deck PDFs and the batch's PNGs share every face). A front's SVG is
    written only when it is drawn: its pictures are looked up in the build store by its
    card's data (printgen.render.faces.face_keys)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._renderer: Any = None
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
    def renderer(self) -> Any:
        if self._renderer is None:
            from printgen.render.draw import vector  # cairo loads only on the rendering path
            from printgen.render.faces.render import Renderer

            self._renderer = Renderer(self.game, vector.CairoMeasure())
        return self._renderer

    @property
    def design_key(self) -> str:
        if self._design_key is None:
            from printgen.render.faces.face_keys import design_key

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
        from printgen.render.faces.face_keys import front_key

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
            _keep_for_validate(self.renderer, key[1], card, face)
        _written[key] = face
        while len(_written) > RECORDINGS_KEPT:
            _written.popitem(last=False)
        self.titles.setdefault(face.svg, face.title)
        return face

    def _stored(self, deck: Component, card: Card, key: str) -> Face:
        from printgen.files import memo
        from printgen.render.faces.face import stored_front

        if not memo.configured():
            return self.renderer.front(deck, card)
        return stored_front(self.renderer, self.renderer.stage.measure, key, deck, card)

    def back(self, deck: Component) -> Face:
        if deck.name not in self._backs:
            from printgen.render.faces.face import back_name

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


def _piece_files(
    game: Game, options: CardOptions, chosen: tuple[Kind, ...], piece: str, faces: GameFaces
) -> Iterator[tuple[Output, bytes]]:
    assert game.card_size is not None
    if piece.startswith(BATCH_PREFIX):
        yield from _batch_files(
            game, options, chosen, faces.batches[int(piece[len(BATCH_PREFIX) :])], faces
        )
        return
    joined = _joined_pdf(piece)
    if piece != WHOLE_DECKS and joined is None and not piece.startswith(SHOP_PREFIX):
        raise RenderError(f"no card piece {piece!r}")
    from printgen.render.sheets.card_sheets import faces_in

    decks = faces.decks()
    if piece.startswith(SHOP_PREFIX):
        yield from _shop_files(
            game, decks, _recordings(game, faces_in(decks)), piece[len(SHOP_PREFIX) :]
        )
        return
    pdfs = [kind for kind in chosen if kind == joined]
    if pdfs:
        from printgen.render.pdf.card_pdfs import card_pdfs

        drawings = partial(_LazyRecordings, game, faces.titles)
        backs = _ink_saving(game, options, pdfs, decks, faces)
        assets = _assets_of(game)
        yield from card_pdfs(
            game, options, pdfs, decks, drawings, backs, assets, faces.cuts, faces.windows
        )
    if joined is None:
        yield from _deck_files(game, options, chosen, decks, _LazyRecordings(game, faces.titles))


def _joined_pdf(piece: str) -> Kind | None:
    """The card PDF a whole-deck piece `decks-<n>` joins alone (a deck of several batches has
    one such piece a PDF, so that the joins of the three run on as many cores); None for any
    other piece, the whole-deck piece `decks` (what belongs to the whole deck but its PDFs)
    included."""
    prefix = f"{WHOLE_DECKS}-"
    index = piece.removeprefix(prefix)
    if piece.startswith(prefix) and index.isdigit() and int(index) < len(CARD_PDFS):
        return CARD_PDFS[int(index)]
    return None


def _ink_saving(
    game: Game, options: CardOptions, pdfs: list[Kind], decks: list[DeckFaces], faces: GameFaces
) -> tuple[dict[str, Any], dict[str, str]] | None:
    """The ink-saving backs when `--ink-saver` asks for them and a file that shows backs is
    made; None otherwise."""
    saving = getattr(options, "ink_saver", False) and (
        Kind.CARD_SHEETS in pdfs or Kind.FOLD_SHEETS in pdfs
    )
    return ink_saving_backs(game, decks, faces.renderer.design) if saving else None


def _keep_for_validate(renderer: Any, key: str, card: Card, face: Face) -> None:
    """Keep a front just drawn in the build store as the gallery's validate report looks for
    it (printgen.render.faces.face.game_faces, with the measure the build draws with), so that the
    report, made in a worker beside the last pieces, lays out no card the batches drew (about
    2.5 ms a card, on the build's critical path at its end)."""
    from printgen.files import memo
    from printgen.render.faces.face import face_entry, face_pieces

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

_recorded: OrderedDict[tuple[str, str, str], Any] = OrderedDict()
_written: OrderedDict[tuple[str, str], Face] = OrderedDict()
"""Front faces a process keeps for its next piece, by game folder and key
(printgen.render.faces.face_keys)."""
_assets: dict[str, str] = {}
"""The hash of each game folder's images and fonts, taken once a `card_files` call."""


def _record(game: Game, svg: str, title: str) -> Any:
    """`svg` drawn by cairosvg, or the same recording kept from an earlier piece of this
    process; the key holds the game's images and fonts, so a changed image is drawn anew."""
    from printgen.files.templates import templates_dir
    from printgen.render.draw import vector

    key = (str(game.folder), _assets_of(game), svg)
    if key in _recorded:
        _recorded.move_to_end(key)
        return _recorded[key]
    drawing = vector.record_svg(svg, [game.folder, templates_dir()], title)
    _recorded[key] = drawing
    while len(_recorded) > RECORDINGS_KEPT:
        _recorded.popitem(last=False)
    return drawing


def _assets_of(game: Game) -> str:
    """The hash of the game folder's images and fonts, taken once a `card_files` call."""
    from printgen.files.hashing import hash_tree

    folder = str(game.folder)
    if folder not in _assets:
        _assets[folder] = hash_tree(game.folder, ASSET_PATTERNS)
    return _assets[folder]


def _recordings(game: Game, faces: Collection[Face]) -> dict[str, Any]:
    return {face.svg: _record(game, face.svg, face.title) for face in faces}


def _deck_files(
    game: Game,
    options: CardOptions,
    chosen: tuple[Kind, ...],
    decks: list[DeckFaces],
    drawings: dict[str, Any],
) -> Iterator[tuple[Output, bytes]]:
    """What belongs to a whole deck and not to one batch: each back's PNG, each TTS back
    image and TTP template, and the TTS saved object."""
    assert game.card_size is not None
    if Kind.CARD_IMAGE in chosen:
        png = _png_maker(game, drawings)
        bleed = PRESET_BLEED_IN[options.preset] * 25.4
        fronts = {card.id for deck in game.printed_decks for card in deck.cards if card.count}
        for deck in decks:
            if deck.back.name not in fronts:
                yield Output(Kind.CARD_IMAGE, deck.back.name), png(deck.back.svg, bleed, 300)
    if Kind.TTS_SHEET in chosen:
        from printgen.render.exports.pngs import tts_back, tts_layout
        from printgen.render.exports.tables import saved_object, ttp_template

        saved = []
        for deck in decks:
            back = tts_back(deck, drawings, game.card_size)
            yield Output(Kind.TTS_BACK, deck.deck.name), back
            for layout in tts_layout(deck.deck.name, deck.size, game.card_size):
                yield Output(Kind.TTP_TEMPLATE, layout.name), ttp_template(game, deck, layout)
                saved.append((deck, layout))
        yield Output(Kind.TTS_SAVED_OBJECT), saved_object(game, saved)


def _batch_files(
    game: Game, options: CardOptions, chosen: tuple[Kind, ...], batch: Batch, faces: GameFaces
) -> Iterator[tuple[Output, bytes]]:
    """One batch: its cards' PNGs, then its TTS (and TTP) sheet; only its own faces are drawn."""
    assert game.card_size is not None
    trim = game.card_size
    deck = game.printed_decks[batch.deck]
    drawings = _LazyRecordings(game, faces.titles)
    if Kind.CARD_IMAGE in chosen and batch.pngs:
        png = _png_maker(game, drawings)
        bleed = PRESET_BLEED_IN[options.preset] * 25.4
        fronts = [faces.front(deck, card) for card in batch.pngs]
        for card, data in zip(batch.pngs, png.many(fronts, bleed, 300), strict=True):
            yield Output(Kind.CARD_IMAGE, card.id), data
    if Kind.TTS_SHEET in chosen:
        from printgen.files.hashing import hash_tree
        from printgen.files.memo import remembered
        from printgen.render.exports.pngs import tts_sheet_png

        back = faces.back(deck)
        layout = batch.layout
        fronts = [faces.front(deck, card) for card in batch.cards]
        keys = [front.key for front in fronts]
        sheet = remembered(  # a sheet none of whose cards changed is not drawn again
            "tts-sheet",
            [layout.manifest_bytes(), back.svg, *keys, hash_tree(game.folder, ASSET_PATTERNS)],
            lambda: tts_sheet_png(
                layout, [front.svg for front in fronts], back.svg, drawings, trim
            ),
        )
        yield Output(Kind.TTS_SHEET, layout.name), sheet
        yield Output(Kind.TTS_NUMBERS, layout.name), layout.manifest_bytes()
        yield Output(Kind.TTP_SHEET, layout.name), sheet
    pdfs = [kind for kind in chosen if kind in CARD_PDFS]
    if pdfs and faces.cuts is not None:  # this batch's PDF windows, for the whole-deck piece
        from printgen.render.pdf.card_pdfs import batch_windows

        decks = faces.decks()
        backs = _ink_saving(game, options, pdfs, decks, faces)
        assets = _assets_of(game)
        batch_windows(game, options, pdfs, decks, drawings, backs, assets, batch.cut, faces.windows)


def _shop_files(
    game: Game, decks: list[DeckFaces], drawings: dict[str, Any], shop: str
) -> Iterator[tuple[Output, bytes]]:
    from printgen.render.shop.cards import shop_card_files
    from printgen.render.shop.presets import load_preset

    png = _png_maker(game, drawings)
    yield from shop_card_files(game, decks, drawings, load_preset(shop), png)


class _LazyRecordings(dict[str, Any]):
    """Recordings drawn on first use: a PNG or PDF window found in the build store draws
    nothing. `titles` names each face (by SVG) in the messages of drawing it."""

    def __init__(self, game: Game, titles: dict[str, str]) -> None:
        super().__init__()
        self.game = game
        self.titles = titles

    def __missing__(self, svg: str) -> Any:
        drawing = _record(self.game, svg, self.titles.get(svg, self.game.id))
        self[svg] = drawing
        return drawing


def _png_maker(game: Game, drawings: dict[str, Any]) -> _Pngs:
    return _Pngs(game, drawings)


class _Pngs:
    """`png(face, bleed_mm, dpi)`: one face (or its SVG) as a PNG, drawn once a build however
    many outputs ask for it, and kept in the build store: a face's PNG depends on its SVG (or
    what stands for it, `Face.key`), the size, the bleed, the resolution and any image or font
    it draws from the game's folder, so editing one card re-encodes only that card's PNG.
    `png.many(faces, ...)` makes a batch's PNGs the same way, drawing those the store lacks
    together (printgen.render.exports.pngs.bleed_pngs)."""

    def __init__(self, game: Game, drawings: dict[str, Any]) -> None:
        assert game.card_size is not None
        self.game = game
        self.size = game.card_size
        self.drawings = drawings
        self._images: str | None = None

    def _key(self, face: str | Face, bleed_mm: float, dpi: int) -> list[str]:
        if self._images is None:
            from printgen.files.hashing import hash_tree

            self._images = hash_tree(self.game.folder, ASSET_PATTERNS)
        key = face if isinstance(face, str) else face.key
        return [key, str(self.size), f"{round(bleed_mm, 4)}mm@{dpi}", self._images]

    def _drawing(self, face: str | Face) -> Any:
        return self.drawings[face if isinstance(face, str) else face.svg]

    def __call__(self, face: str | Face, bleed_mm: float, dpi: int) -> bytes:
        from printgen.files.memo import remembered
        from printgen.render.exports.pngs import bleed_png

        return remembered(
            "card-png",
            self._key(face, bleed_mm, dpi),
            lambda: bleed_png(self._drawing(face), self.size, bleed_mm, dpi),
        )

    def many(self, faces: Sequence[Face], bleed_mm: float, dpi: int) -> list[bytes]:
        from printgen.files.memo import stored
        from printgen.render.exports.pngs import bleed_pngs

        keys = [self._key(face, bleed_mm, dpi) for face in faces]
        pairs = list(zip(faces, keys, strict=True))
        missing = [(face, key) for face, key in pairs if not stored("card-png", key)]
        drawn = bleed_pngs([self._drawing(f) for f, _ in missing], self.size, bleed_mm, dpi)
        made = {repr(key): data for (_, key), data in zip(missing, drawn, strict=True)}
        return [self._remember(face, key, made, bleed_mm, dpi) for face, key in pairs]

    def _remember(
        self, face: Face, key: list[str], made: dict[str, bytes], bleed_mm: float, dpi: int
    ) -> bytes:
        from printgen.files.memo import remembered

        found = made.get(repr(key))
        return remembered("card-png", key, lambda: found or self(face, bleed_mm, dpi))
