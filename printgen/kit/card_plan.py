"""The card part's plan: which card outputs are asked for, and the pieces the part is built in
apart (printgen.kit.parts): the whole-deck files, one piece a batch of a large deck's cards,
one a shop. All of it is known without drawing a face: every build plans, even one that then
finds nothing to do.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from printgen.errors import RenderError
from printgen.kit.options import BuildOptions
from printgen.model import Card, Game
from printgen.render.exports.pngs import TtsSheet, tts_layout
from printgen.render.outputs import CARD_OUTPUTS, CARD_PDFS, Kind

OUTPUTS = CARD_OUTPUTS


def wanted_outputs(outputs: Collection[Kind] | None = None) -> tuple[Kind, ...]:
    if outputs is None:
        return OUTPUTS
    unknown = [o for o in outputs if o not in OUTPUTS]
    if unknown:
        expected = ", ".join(o.value for o in OUTPUTS)
        raise RenderError(f"unknown card output {unknown[0]!r}; expected some of {expected}")
    return tuple(o for o in OUTPUTS if o in outputs)


def unprintable(game: Game, options: BuildOptions) -> dict[Kind, str]:
    """The card sheets the game's card does not fit on the paper (`render.sheets.fit`)."""
    from printgen.render.sheets.fit import cards_left_out  # the layouts alone: no cairo

    if game.card_size is None:
        return {}
    return cards_left_out(game.card_size, options.paper, options.gutter_mm)


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


def card_pieces(game: Game, options: BuildOptions) -> list[tuple[str, int]]:
    """The pieces of the card part that can be built apart (in separate processes), in the
    order their files are listed, each with a rough cost (printgen.kit.parts): the whole-deck
    files (the three PDFs, the backs, the TTS saved object), one piece a batch (its PNGs and
    its TTS sheet), one a shop. The PDFs share one piece because each needs every face drawn
    (Jinja2, then cairosvg: most of their time), and that is done once a piece. A game of one
    batch is not split: it is built in one process, which draws each face once."""
    pieces = all_pieces(game, options)
    if sum(name.startswith(BATCH_PREFIX) for name, _ in pieces) < 2:
        return []  # a deck of one sheet is one piece: its faces are drawn once
    return pieces


def all_pieces(game: Game, options: BuildOptions) -> list[tuple[str, int]]:
    if game.card_size is None or not any(deck.total for deck in game.printed_decks):
        return []
    pieces = [(f"{WHOLE_DECKS}-{index}", 3) for index in range(len(CARD_PDFS))]
    pieces += [(WHOLE_DECKS, 1)]
    pieces += [(f"{BATCH_PREFIX}{index}", 1) for index in range(len(batches(game)))]
    pieces += [(f"{SHOP_PREFIX}{shop}", 2) for shop in options.shops]
    return pieces


def in_order(pieces: list[tuple[str, int]]) -> list[str]:
    """The pieces to make in one call: the batches first, whose PDF windows the whole-deck
    piece then joins (the kit runs them so too: `card_pieces_last`)."""
    names = [name for name, _ in pieces]
    return [n for n in names if n.startswith(BATCH_PREFIX)] + [
        n for n in names if not n.startswith(BATCH_PREFIX)
    ]


def joined_pdf(piece: str) -> Kind | None:
    """The card PDF a whole-deck piece `decks-<n>` joins alone (a deck of several batches has
    one such piece a PDF, so that the joins of the three run on as many cores); None for any
    other piece, the whole-deck piece `decks` (what belongs to the whole deck but its PDFs)
    included."""
    prefix = f"{WHOLE_DECKS}-"
    index = piece.removeprefix(prefix)
    if piece.startswith(prefix) and index.isdigit() and int(index) < len(CARD_PDFS):
        return CARD_PDFS[int(index)]
    return None
