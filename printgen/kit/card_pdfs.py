"""The three card PDFs of a game (the duplex sheets, the fold-over sheets, one card a page:
`cards.pdf`, `cards-fold.pdf`, `cards-print.pdf`), made in windows when the game's cards
are built in batches (printgen.kit.card_plan.Batch). This plans the windows and keeps them
in the build store; the renderers draw them (printgen.render.sheets.card_sheets,
printgen.render.pdf.print_pdf) and join them (printgen.render.pdf.join).

Each batch of cards (one TTS sheet's worth) makes, beside its PNGs and its TTS sheet and with
the same face recordings, one window of sheets (or pages) of each file: the sheets whose first
card is one of the batch's (so a window may show up to a sheet's worth of the next batch's
cards, drawn there too). The windows go to the build store (printgen.files.memo), each by
everything it shows: its faces' keys (`Face.key`), the deck's back, its sheet numbers, the
decks' names and sizes (the footers' "sheet n of m"), the options and the game's images and
fonts. The whole-deck piece, run after the batches, joins them in deck and sheet
order (printgen.render.pdf.join), drawing any window the store lacks. So a cold build records
each face once (a sheet's worth at a batch's end aside), a large deck's PDFs are drawn on
every core, and after one card's edit only that card's batch draws anything.

A game of one batch (a deck of up to one Tabletop Simulator sheet) is drawn whole, in one
piece, as before.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING

from printgen.files.memo import key_of, remembered
from printgen.kit.card_plan import unprintable
from printgen.kit.options import BuildOptions
from printgen.model import Game
from printgen.render.faces.face import DeckFaces, Face
from printgen.render.outputs import CARD_PDFS, Kind, Output

if TYPE_CHECKING:  # cairo and PIL load only in the process that draws cards
    from printgen.render.draw.vector import Recorded
    from printgen.render.sheets.card_sheets import Window

Cut = tuple[int, int, int]
"""One batch's cards: (deck index, first card, end card) in the deck's printed order."""
InkBacks = tuple[dict[str, "Recorded"], dict[str, str]]
"""`--ink-saver`'s backs: each back's recording and its SVG, by back name."""


def card_pdfs(
    game: Game,
    options: BuildOptions,
    wanted: Sequence[Kind],
    decks: Sequence[DeckFaces],
    recordings: Callable[[], dict[str, Recorded]],
    backs: InkBacks | None,
    assets: str,
    cuts: Sequence[Cut] | None = None,
    kept: dict[str, bytes] | None = None,
) -> Iterator[tuple[Output, bytes]]:
    """Each wanted PDF (of CARD_SHEETS, FOLD_SHEETS, PRINT_CARDS), in that order.

    `recordings()` gives a new mapping of face SVG to recording, drawn on first use: one a
    batch, so only the faces of windows not in the store are drawn, and they go with their
    batch; `backs` the ink-saving backs (recordings and SVGs by back name), or None; `assets`
    the hash of the game's images and fonts; `cuts` every batch in order (None: each file is
    drawn whole); `kept` windows made earlier in this process, by key (`batch_windows`)."""
    # print_pdf and card_sheets load cairo: imported where the PDFs are made, not when the
    # kit imports this module to plan a build (here and in _Files below)
    from printgen.render.pdf.print_pdf import PRINT_BLEED_MM, print_outline, with_boxes

    files = _Files(game, options, decks, backs, assets, kept)
    chosen = [kind for kind in CARD_PDFS if kind in wanted]
    if cuts is None:
        drawings = recordings()
        made = {name: files.draw(name, None, drawings) for name in chosen}
    else:
        from printgen.render.pdf.join import join_pdfs  # start-up: only when batches are joined

        pieces: dict[Kind, list[bytes]] = {name: [] for name in chosen}
        for cut in cuts:
            drawings = recordings()  # this batch's faces only
            for name in chosen:
                pieces[name] += [files.piece(name, w, drawings) for w in files.windows(name, cut)]
        made = {
            name: join_pdfs(pieces[name], PRINT_BLEED_MM, print_outline(decks))
            if name == Kind.PRINT_CARDS  # with cards-print.pdf's boxes, labels and bookmarks
            else join_pdfs(pieces[name])
            for name in chosen
        }
    for name in chosen:
        if name == Kind.PRINT_CARDS and cuts is None:
            yield Output(name), with_boxes(made[name], PRINT_BLEED_MM, print_outline(decks))
        else:
            yield Output(name), made[name]


def batch_windows(
    game: Game,
    options: BuildOptions,
    wanted: Sequence[Kind],
    decks: Sequence[DeckFaces],
    drawings: dict[str, Recorded],
    backs: InkBacks | None,
    assets: str,
    cut: Cut,
    kept: dict[str, bytes],
) -> None:
    """Make the windows of the wanted PDFs that batch `cut` starts, with its `drawings`, into
    the build store and `kept`, for `card_pdfs` to join."""
    files = _Files(game, options, decks, backs, assets, kept)
    for name in (kind for kind in CARD_PDFS if kind in wanted):
        for window in files.windows(name, cut):
            files.piece(name, window, drawings)


class _Files:
    """How each file is cut into windows and drawn, and what a window's key holds."""

    def __init__(
        self,
        game: Game,
        options: BuildOptions,
        decks: Sequence[DeckFaces],
        backs: InkBacks | None,
        assets: str,
        kept: dict[str, bytes] | None = None,
    ) -> None:
        # start-up: cairo and PIL load only in the process that draws cards; every build
        # imports this module, and one whose cards are unchanged draws nothing
        from printgen.render.sheets.card_sheets import deck_fold_sheet, deck_sheet

        assert game.card_size is not None
        self.game, self.options, self.decks, self.backs = game, options, decks, backs
        self.kept = kept if kept is not None else {}
        size, paper = game.card_size, options.paper
        sheets = {  # a sheet the card does not fit is not made (card_plan.unprintable)
            Kind.CARD_SHEETS: lambda: deck_sheet(size, paper, options.gutter_mm).capacity,
            Kind.FOLD_SHEETS: lambda: deck_fold_sheet(size, paper).capacity,
        }
        left_out = unprintable(game, options)
        self.capacity = {kind: 1 for kind in CARD_PDFS if kind not in left_out}
        self.capacity |= {kind: count() for kind, count in sheets.items() if kind not in left_out}
        sizes = json.dumps([[deck.deck.name, deck.size] for deck in decks])
        offset = options.back_offset
        settings = f"{options.paper} {options.gutter_mm} {options.crop_marks} {offset}"
        self.common = [game.name, sizes, assets, settings]
        self._runs: dict[int, list[Face]] = {}

    def _run(self, deck: int) -> list[Face]:
        """Every printed card's face of deck `deck`, listed once: each window is a slice of
        it (walking the deck from its start for each window of a 5,000-card deck was some
        190,000 steps a PDF)."""
        if deck not in self._runs:
            self._runs[deck] = list(self.decks[deck].run())
        return self._runs[deck]

    def windows(self, name: Kind, cut: Cut) -> list[Window]:
        """The window of file `name` that batch `cut` starts: the sheets (pages) whose first
        card is one of the batch's; none when no sheet starts there."""
        from printgen.render.sheets.card_sheets import Window  # start-up: cairo, PIL

        deck, start, stop = cut
        per_sheet = self.capacity[name]
        first, end = math.ceil(start / per_sheet), math.ceil(stop / per_sheet)
        return [Window(deck, first, end)] if end > first else []

    def piece(self, name: Kind, window: Window, drawings: dict[str, Recorded]) -> bytes:
        """The window of file `name`, from this process, the build store or drawn."""
        deck = self.decks[window.deck]
        per_sheet = self.capacity[name]
        run = self._run(window.deck)[window.start * per_sheet : window.stop * per_sheet]
        shown = [face.key for face in run]  # a front's key is taken when first asked for
        back = self.backs[1][deck.back.name] if self.backs else deck.back.svg
        key = [name.value, repr(window), *self.common, back, *shown]
        mine = key_of(key)
        if mine not in self.kept:
            self.kept[mine] = remembered(
                "card-pdf", key, partial(self.draw, name, window, drawings)
            )
        return self.kept[mine]

    def draw(self, name: Kind, window: Window | None, drawings: dict[str, Recorded]) -> bytes:
        """The window of file `name` (None: the whole file)."""
        # start-up: cairo and PIL load only where cards are drawn (see __init__)
        from printgen.render.pdf.print_pdf import PRINT_BLEED_MM, print_pages
        from printgen.render.sheets.card_sheets import cards_pdf, fold_pdf  # cairo, PIL

        game, options, decks = self.game, self.options, self.decks
        saving = self.backs[0] if self.backs else None
        if name == Kind.CARD_SHEETS:
            return cards_pdf(
                game,
                decks,
                drawings,
                options.paper,
                options.gutter_mm,
                options.crop_marks,
                saving,
                window,
                options.back_offset,
            )
        if name == Kind.FOLD_SHEETS:
            return fold_pdf(
                game, decks, drawings, options.paper, options.crop_marks, saving, window
            )
        pages = None
        if window is not None:  # the deck's back page follows its last front
            last = window.stop == self.decks[window.deck].size
            pages = (window.deck, window.start, window.stop + (1 if last else 0))
        return print_pages(game, decks, drawings, PRINT_BLEED_MM, window=pages)
