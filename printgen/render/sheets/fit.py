"""Which sheets of a deck its card or piece does not fit on a paper, and why: a card or piece
too large to print beside its back has no fold-over sheet (a 150 mm square card on A4), one
larger than the page has no duplex sheets either. The kit makes the rest (a page a card,
the images) and leaves those out; validate's paper check names them (`check.paper_fit`).
Laid out by the functions the sheets are laid out by (`layout.imposition`, `layout.fold`,
`piece_sheets`), so the kit, validate and the drawing cannot disagree."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from printgen.layout.geometry import LayoutError
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.model import Component
from printgen.render.outputs import Kind


def cards_left_out(card: Size, paper: str, gutter_mm: float) -> dict[Kind, str]:
    """`cards.pdf` and `cards-fold.pdf` when `card` does not fit them on `paper`."""
    from printgen.layout.fold import fold_sheet  # the layouts alone: no cairo
    from printgen.layout.imposition import impose

    size = PAPER_SIZES[paper]
    return _unlaid(
        {
            Kind.CARD_SHEETS: lambda: impose(card, size, gutter_mm=gutter_mm),
            Kind.FOLD_SHEETS: lambda: fold_sheet(card, size),
        }
    )


def pieces_left_out(deck: Component, paper: str, gutter_mm: float) -> dict[Kind, str]:
    """`<deck>.pdf` and `<deck>-fold.pdf` when the deck's piece does not fit them on `paper`."""
    from printgen.render.sheets.piece_sheets import deck_sheet, fold_sheet  # cairo: drawing

    return _unlaid(
        {
            Kind.PIECE_SHEETS: lambda: deck_sheet(deck, paper, gutter_mm),
            Kind.PIECE_FOLD: lambda: fold_sheet(deck, paper),
        }
    )


def _unlaid(layouts: Mapping[Kind, Callable[[], object]]) -> dict[Kind, str]:
    found = {}
    for kind, layout in layouts.items():
        try:
            layout()
        except LayoutError as exc:
            found[kind] = str(exc)
    return found
