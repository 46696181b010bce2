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
| `shop/<name>/...` | with `--shop NAME`: the shop's files (printgen.render.shop.cards) |

`card_files` renders every face once (Jinja2 to SVG, cairosvg to a cairo recording) and
replays the recordings into every output. It returns each output's bytes by what it is
(`printgen.render.outputs`); the kit names the files as above (`printgen.kit.names`) and
writes them.

`card_files(..., outputs=(Kind.CARD_SHEETS,))` makes only some of them (the kinds of
CARD_OUTPUTS); the benchmark times cards.pdf alone this way.

This is the card build's orchestration: the pieces it is built in are planned by
`printgen.kit.card_plan`, the faces (each drawn once, however many pieces and outputs show
it) are kept by `printgen.kit.card_faces`, and the drawing is the renderers': the design
engine draws each face (`printgen.render.faces`), and `render.pdf`, `render.sheets`,
`render.exports` and `render.shop` put the faces into files.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from functools import partial
from typing import TYPE_CHECKING

from printgen.errors import PrintgenError, RenderError, ShopError
from printgen.files.hashing import hash_tree
from printgen.files.memo import remembered
from printgen.kit.card_faces import (
    ASSET_PATTERNS,
    GameFaces,
    LazyRecordings,
    Pngs,
    assets_of,
    forget_assets,
    recordings,
)
from printgen.kit.card_pdfs import InkBacks, batch_windows, card_pdfs
from printgen.kit.card_plan import (
    BATCH_PREFIX,
    SHOP_PREFIX,
    WHOLE_DECKS,
    Batch,
    all_pieces,
    in_order,
    joined_pdf,
    unprintable,
    wanted_outputs,
)
from printgen.kit.options import BuildOptions
from printgen.model import Game
from printgen.render.exports.pngs import PRESET_BLEED_IN, tts_back, tts_layout, tts_sheet_png
from printgen.render.exports.tables import saved_object, ttp_template
from printgen.render.faces.face import DeckFaces
from printgen.render.outputs import CARD_PDFS, Kind, Output

if TYPE_CHECKING:  # cairo: only when a face is drawn
    from printgen.render.draw.vector import Recorded


def card_files(
    game: Game,
    options: BuildOptions,
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
    left_out = unprintable(game, options)
    chosen = tuple(kind for kind in wanted_outputs(outputs) if kind not in left_out)
    if not chosen:
        return
    forget_assets()
    wanted = [piece] if piece is not None else in_order(all_pieces(game, options))
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


def _piece_files(
    game: Game, options: BuildOptions, chosen: tuple[Kind, ...], piece: str, faces: GameFaces
) -> Iterator[tuple[Output, bytes]]:
    assert game.card_size is not None
    if piece.startswith(BATCH_PREFIX):
        yield from _batch_files(
            game, options, chosen, faces.batches[int(piece[len(BATCH_PREFIX) :])], faces
        )
        return
    joined = joined_pdf(piece)
    if piece != WHOLE_DECKS and joined is None and not piece.startswith(SHOP_PREFIX):
        raise RenderError(f"no card piece {piece!r}")
    from printgen.render.sheets.card_sheets import faces_in  # cairo: drawing from here on

    decks = faces.decks()
    if piece.startswith(SHOP_PREFIX):
        yield from _shop_files(
            game, decks, recordings(game, faces_in(decks)), piece[len(SHOP_PREFIX) :]
        )
        return
    pdfs = [kind for kind in chosen if kind == joined]
    if pdfs:
        drawings = partial(LazyRecordings, game, faces.titles)
        backs = _ink_saving(game, options, pdfs, decks, faces)
        assets = assets_of(game)
        yield from card_pdfs(
            game, options, pdfs, decks, drawings, backs, assets, faces.cuts, faces.windows
        )
    if joined is None:
        yield from _deck_files(game, options, chosen, decks, LazyRecordings(game, faces.titles))


def _ink_saving(
    game: Game, options: BuildOptions, pdfs: list[Kind], decks: list[DeckFaces], faces: GameFaces
) -> InkBacks | None:
    """The ink-saving backs when `--ink-saver` asks for them and a file that shows backs is
    made; None otherwise."""
    saving = options.ink_saver and (Kind.CARD_SHEETS in pdfs or Kind.FOLD_SHEETS in pdfs)
    if not saving:
        return None
    from printgen.render.faces.ink_saver import ink_saving_backs  # cairo, only when asked for

    return ink_saving_backs(game, decks, faces.renderer.design)


def _deck_files(
    game: Game,
    options: BuildOptions,
    chosen: tuple[Kind, ...],
    decks: list[DeckFaces],
    drawings: dict[str, Recorded],
) -> Iterator[tuple[Output, bytes]]:
    """What belongs to a whole deck and not to one batch: each back's PNG, each TTS back
    image and TTP template, and the TTS saved object."""
    assert game.card_size is not None
    if Kind.CARD_IMAGE in chosen:
        png = Pngs(game, drawings)
        bleed = PRESET_BLEED_IN[options.preset] * 25.4
        fronts = {card.id for deck in game.printed_decks for card in deck.cards if card.count}
        for deck in decks:
            if deck.back.name not in fronts:
                yield Output(Kind.CARD_IMAGE, deck.back.name), png(deck.back.svg, bleed, 300)
    if Kind.TTS_SHEET in chosen:
        saved = []
        for deck in decks:
            back = tts_back(deck, drawings, game.card_size)
            yield Output(Kind.TTS_BACK, deck.deck.name), back
            for layout in tts_layout(deck.deck.name, deck.size, game.card_size):
                yield Output(Kind.TTP_TEMPLATE, layout.name), ttp_template(game, deck, layout)
                saved.append((deck, layout))
        yield Output(Kind.TTS_SAVED_OBJECT), saved_object(game, saved)


def _batch_files(
    game: Game, options: BuildOptions, chosen: tuple[Kind, ...], batch: Batch, faces: GameFaces
) -> Iterator[tuple[Output, bytes]]:
    """One batch: its cards' PNGs, then its TTS (and TTP) sheet; only its own faces are drawn."""
    assert game.card_size is not None
    trim = game.card_size
    deck = game.printed_decks[batch.deck]
    drawings = LazyRecordings(game, faces.titles)
    if Kind.CARD_IMAGE in chosen and batch.pngs:
        png = Pngs(game, drawings)
        bleed = PRESET_BLEED_IN[options.preset] * 25.4
        fronts = [faces.front(deck, card) for card in batch.pngs]
        for card, data in zip(batch.pngs, png.many(fronts, bleed, 300), strict=True):
            yield Output(Kind.CARD_IMAGE, card.id), data
    if Kind.TTS_SHEET in chosen:
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
        decks = faces.decks()
        backs = _ink_saving(game, options, pdfs, decks, faces)
        assets = assets_of(game)
        batch_windows(game, options, pdfs, decks, drawings, backs, assets, batch.cut, faces.windows)


def _shop_files(
    game: Game, decks: list[DeckFaces], drawings: dict[str, Recorded], shop: str
) -> Iterator[tuple[Output, bytes]]:
    from printgen.render.shop.cards import shop_card_files  # cairo and pikepdf: a shop asked
    from printgen.render.shop.presets import load_preset  # start-up: only with --shop

    png = Pngs(game, drawings)
    yield from shop_card_files(game, decks, drawings, load_preset(shop), png)
