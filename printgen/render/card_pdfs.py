"""The three card PDFs of a game (the duplex sheets, the fold-over sheets, one card a page:
`cards.pdf`, `cards-fold.pdf`, `cards-print.pdf`), made in pieces when the deck is large.

A file of more than PIECE_CARDS cards is drawn a window of sheets (or pages) at a time, about
PIECE_CARDS cards each; the three files' windows show the same cards (a whole number of
sheets of each), so a window's faces are recorded once for the three. Each window is kept in
the build store (printgen.files.memo) by everything it shows: its faces' SVGs, the deck's
back, its sheet numbers, the decks' names and sizes (the footers' "sheet n of m"), the options
and the game's images and fonts. The windows are then joined with pikepdf
(printgen.render.pdfjoin). Editing one card of a 1,000-card deck so draws again only the
windows that card is on; the others come from the store, the same bytes a cold build makes.
Only the faces of one group of windows are recorded (cairosvg) at a time, so the memory of
the process does not grow with the deck.

A file of at most PIECE_CARDS cards (MyWuXing's or Elementa's) is drawn whole, as before.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from printgen.model import Game
from printgen.render.faces import DeckFaces
from printgen.render.outputs import CARD_PDFS, Kind, Output

PIECE_CARDS = 72
"""About how many cards a piece of a card PDF shows (8 A4 sheets of poker cards)."""


def card_pdfs(
    game: Game,
    options: Any,
    wanted: Sequence[Kind],
    decks: Sequence[DeckFaces],
    recordings: Callable[[], dict[str, Any]],
    backs: tuple[dict[str, Any], dict[str, str]] | None,
    assets: str,
) -> Iterator[tuple[Output, bytes]]:
    """Each wanted PDF (of CARD_SHEETS, FOLD_SHEETS, PRINT_CARDS), in that order.

    `recordings()` gives a new mapping of face SVG to recording, drawn on first use: one a
    group of windows, so only the faces of windows not in the store are drawn, and they go
    with their group; `backs` the ink-saving backs (recordings and SVGs by back name), or
    None; `assets` the hash of the game's images and fonts."""
    from printgen.render.pdfjoin import join_pdfs
    from printgen.render.print_pdf import PRINT_BLEED_MM, print_outline, with_boxes

    files = _Files(game, options, decks, backs, assets)
    chosen = [kind for kind in CARD_PDFS if kind in wanted]
    if sum(deck.size for deck in decks) <= PIECE_CARDS:
        drawings = recordings()
        made = {name: files.draw(name, None, drawings) for name in chosen}
    else:
        pieces: dict[Kind, list[bytes]] = {name: [] for name in chosen}
        for group in files.groups():
            drawings = recordings()  # this group's faces only
            for name in chosen:
                pieces[name].append(files.piece(name, group, drawings))
        made = {name: join_pdfs(pieces[name]) for name in chosen}
    for name in chosen:
        if name == Kind.PRINT_CARDS:
            yield Output(name), with_boxes(made[name], PRINT_BLEED_MM, print_outline(decks))
        else:
            yield Output(name), made[name]


@dataclass(frozen=True)
class Group:
    """Cards `start` to `stop - 1` of the deck `deck` (its index), in printed order."""

    deck: int
    start: int
    stop: int


class _Files:
    """How each file is cut into windows and drawn, and what a window's key holds."""

    def __init__(
        self,
        game: Game,
        options: Any,
        decks: Sequence[DeckFaces],
        backs: tuple[dict[str, Any], dict[str, str]] | None,
        assets: str,
    ) -> None:
        from printgen.render.sheets import deck_fold_sheet, deck_sheet

        assert game.card_size is not None
        self.game, self.options, self.decks, self.backs = game, options, decks, backs
        self.capacity = {
            Kind.CARD_SHEETS: deck_sheet(game.card_size, options.paper, options.gutter_mm).capacity,
            Kind.FOLD_SHEETS: deck_fold_sheet(game.card_size, options.paper).capacity,
            Kind.PRINT_CARDS: 1,
        }
        sizes = json.dumps([[deck.deck.name, deck.size] for deck in decks])
        settings = f"{options.paper} {options.gutter_mm} {options.crop_marks}"
        self.common = [game.name, sizes, assets, settings]

    def groups(self) -> Iterator[Group]:
        """Runs of about PIECE_CARDS cards, each a whole number of sheets of both sheet files."""
        step = math.lcm(self.capacity[Kind.CARD_SHEETS], self.capacity[Kind.FOLD_SHEETS])
        step *= max(1, round(PIECE_CARDS / step))
        for index, deck in enumerate(self.decks):
            for start in range(0, deck.size, step):
                yield Group(index, start, min(deck.size, start + step))

    def piece(self, name: Kind, group: Group, drawings: dict[str, Any]) -> bytes:
        """The window of file `name` showing `group`, from the build store or drawn."""
        from printgen.files.memo import remembered

        deck = self.decks[group.deck]
        shown = [face.svg for face in deck.run()][group.start : group.stop]
        back = self.backs[1][deck.back.name] if self.backs else deck.back.svg
        key = [name.value, repr(group), *self.common, back, *shown]
        return remembered("card-pdf", key, partial(self.draw, name, group, drawings))

    def draw(self, name: Kind, group: Group | None, drawings: dict[str, Any]) -> bytes:
        """The window of file `name` showing `group` (None: the whole file)."""
        from printgen.render.print_pdf import PRINT_BLEED_MM, print_pages
        from printgen.render.sheets import Window, cards_pdf, fold_pdf

        window = None
        if group is not None:
            per_sheet = self.capacity[name]
            window = Window(group.deck, group.start // per_sheet, math.ceil(group.stop / per_sheet))
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
