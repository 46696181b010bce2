"""The three card PDFs of a game (`cards.pdf`, `cards-fold.pdf`, `cards-print.pdf`), made in
pieces when the deck is large.

A file of more than PIECE_CARDS cards is drawn a window of sheets (or pages) at a time, about
PIECE_CARDS cards each. Each window is kept in the build store (printgen.files.memo) by
everything it shows: its faces' SVGs, the deck's back, its sheet numbers, the decks' names and
sizes (the footers' "sheet n of m"), the options and the game's images and fonts. The windows
are then joined with pikepdf (printgen.render.pdfjoin). Editing one card of a 1,000-card deck
so draws again only the windows that card is on; the others come from the store, the same
bytes a cold build makes. Only the faces placed in a window are recorded (cairosvg) while it is
drawn, so the memory of the process does not grow with the deck.

A file of at most PIECE_CARDS cards (each of the bundled games) is drawn whole, as before.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

from printgen.model import Game
from printgen.render.faces import DeckFaces

PIECE_CARDS = 72
"""About how many cards a piece of a card PDF shows (8 A4 sheets of poker cards)."""


def card_pdfs(
    game: Game,
    options: Any,
    wanted: Sequence[str],
    decks: Sequence[DeckFaces],
    recordings: Callable[[], dict[str, Any]],
    backs: tuple[dict[str, Any], dict[str, str]] | None,
    assets: str,
) -> Iterator[tuple[str, bytes]]:
    """Each wanted PDF (`cards.pdf`, `cards-fold.pdf`, `cards-print.pdf`) by name.

    `recordings()` gives a new mapping of face SVG to recording, drawn on first use: one a
    window, so only the faces of the windows not in the store are drawn, and each window's
    go with it; `backs` the ink-saving backs (recordings and SVGs by back name), or None;
    `assets` the hash of the game's images and fonts."""
    from printgen.render.sheets import Window, cards_pdf, deck_fold_sheet, deck_sheet, fold_pdf

    assert game.card_size is not None
    saving = backs[0] if backs else None
    whole = sum(deck.size for deck in decks) <= PIECE_CARDS
    sizes = json.dumps([[deck.deck.name, deck.size] for deck in decks])
    common = [game.name, sizes, assets]
    if "cards.pdf" in wanted:
        sheet = deck_sheet(game.card_size, options.paper, options.gutter_mm)
        settings = f"{options.paper} {options.gutter_mm} {options.crop_marks}"

        def imposed(window: Window | None) -> bytes:
            return cards_pdf(
                game,
                decks,
                recordings(),
                options.paper,
                options.gutter_mm,
                options.crop_marks,
                saving,
                window,
            )

        yield (
            "cards.pdf",
            _joined("cards.pdf", decks, sheet.capacity, whole, [settings, *common], backs, imposed),
        )
    if "cards-fold.pdf" in wanted:
        fold = deck_fold_sheet(game.card_size, options.paper)
        settings = f"{options.paper} {options.crop_marks}"

        def folded(window: Window | None) -> bytes:
            drawings = recordings()
            return fold_pdf(
                game, decks, drawings, options.paper, options.crop_marks, saving, window
            )

        yield (
            "cards-fold.pdf",
            _joined(
                "cards-fold.pdf", decks, fold.capacity, whole, [settings, *common], backs, folded
            ),
        )
    if "cards-print.pdf" in wanted:
        yield "cards-print.pdf", _print_file(game, decks, recordings, whole, common)


def _joined(
    name: str,
    decks: Sequence[DeckFaces],
    capacity: int,
    whole: bool,
    common: list[str],
    backs: tuple[dict[str, Any], dict[str, str]] | None,
    draw: Callable[[Any], bytes],
) -> bytes:
    """A sheet file (`cards.pdf` or `cards-fold.pdf`): whole, or window by window."""
    from printgen.files.memo import remembered
    from printgen.render.pdfjoin import join_pdfs
    from printgen.render.sheets import Window

    if whole:
        return draw(None)
    per_window = max(1, PIECE_CARDS // capacity)
    pieces = []
    for index, deck in enumerate(decks):
        run = [face.svg for face in deck.run()]
        sheets = math.ceil(len(run) / capacity)
        back = backs[1][deck.back.name] if backs else deck.back.svg
        for start in range(0, sheets, per_window):
            window = Window(index, start, min(sheets, start + per_window))
            shown = run[window.start * capacity : window.stop * capacity]
            key = [name, repr(window), *common, back, *shown]
            pieces.append(remembered("card-pdf", key, partial(draw, window)))
    return join_pdfs(pieces)


def _print_file(
    game: Game,
    decks: Sequence[DeckFaces],
    recordings: Callable[[], dict[str, Any]],
    whole: bool,
    common: list[str],
) -> bytes:
    """`cards-print.pdf`: its pages whole or window by window, then boxes, labels, outline."""
    from printgen.files.memo import remembered
    from printgen.render.pdfjoin import join_pdfs
    from printgen.render.print_pdf import (
        PRINT_BLEED_MM,
        deck_pages,
        print_outline,
        print_pages,
        with_boxes,
    )

    def pages(window: tuple[int, int, int] | None) -> bytes:
        return print_pages(game, decks, recordings(), PRINT_BLEED_MM, window=window)

    if whole:
        joined = pages(None)
    else:
        pieces = []
        for index, deck in enumerate(decks):
            shown = [page.face.svg for page in deck_pages(deck)]
            for start in range(0, len(shown), PIECE_CARDS):
                window = (index, start, min(len(shown), start + PIECE_CARDS))
                key = ["cards-print.pdf", repr(window), *common, *shown[start : window[2]]]
                pieces.append(remembered("card-pdf", key, partial(pages, window)))
        joined = join_pdfs(pieces)
    return with_boxes(joined, PRINT_BLEED_MM, print_outline(decks))
