"""What a renderer makes, named by what it is, not by where it goes.

A renderer returns each output's bytes keyed by an `Output`: its kind and which one it is (the
card face, deck, sheet or language), and the shop it is for. The kit maps each to its file
under `OUT/<game>/` (`printgen.kit.names`, DESIGN.md section 6) and writes it, so no renderer
chooses a contract file name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """The kinds of output a kit is made of."""

    CARD_SHEETS = "card sheets"
    """Fronts imposed on the paper, each front sheet followed by its mirrored backs sheet."""
    FOLD_SHEETS = "fold-over card sheets"
    """Fronts and their backs side by side, a fold line between."""
    PRINT_CARDS = "cards one a page"
    """One card a page at trim + bleed (for print shops)."""
    CARD_IMAGE = "card image"
    """One face with bleed (at 300 dpi, or a shop's bleed and resolution); `name`: the face (a
    card id or a back's name)."""
    TTS_SHEET = "tabletop sheet"
    """A Tabletop Simulator deck sheet; `name`: the sheet. As a card selection, every tabletop
    file (TTS and Tabletop Playground)."""
    TTS_NUMBERS = "tabletop sheet numbers"
    """The numbers TTS's import dialog asks for a sheet; `name`: the sheet."""
    TTS_BACK = "tabletop back"
    """A deck's back image for TTS; `name`: the deck."""
    TTS_SAVED_OBJECT = "tabletop saved object"
    """A TTS saved object spawning every deck."""
    TTP_SHEET = "playground sheet"
    """A Tabletop Playground card sheet; `name`: the sheet."""
    TTP_TEMPLATE = "playground template"
    """A Tabletop Playground card template; `name`: the sheet."""
    SHOP_MANIFEST = "shop manifest"
    """The shop's upload table: one row a front, its copies and its back."""
    DECK_PRINT = "deck one card a page"
    """One deck, one card a page in the shop's order; `name`: the deck."""
    RULEBOOK = "rulebook"
    """The reading copy; `name`: its language, '' for the game's main language."""
    RULES_BOOKLET = "rules booklet"
    """The rulebook imposed for saddle stitching; `name` as for RULEBOOK."""
    PIECE_SHEETS = "piece sheets"
    """A deck of pieces packed on the paper, fronts and mirrored backs (a dice deck: its
    labels and nets); `name`: the deck."""
    PIECE_FOLD = "fold-over piece sheets"
    """A deck of pieces, fronts and backs side by side; `name`: the deck."""
    PIECE_IMAGE = "piece image"
    """One piece's face with bleed at 300 dpi; `name`: `<deck>/<face>`."""
    CUT_SHEETS = "cut sheets"
    """The cards, or a deck's pieces, inside a cutting machine's registration marks
    (`build --cutter`); `name`: `cards` or the deck."""
    CUT_CONTOUR = "cut contour"
    """Each card's (or piece's) cut line on the cut sheets' page, as SVG; `name` as there."""
    CUT_DXF = "cut contour dxf"
    """The same cut lines as DXF."""
    SHOP_PROOF = "soft proof"
    """A shop's CMYK file seen back through its profile, in RGB; `name`: the file's stem."""
    SHOP_COLOURS = "palette proof"
    """The palette's colours as a shop prints them, with their difference from the design."""
    TTS_PIECE = "tabletop piece"
    """One piece's face at trim for a Tabletop Simulator custom tile; `name`: `<deck>-<face>`."""
    PART = "part"
    """A file of parts (game.yaml `parts:`): `name` is the file (a part's name, or the
    `in:` several share)."""


@dataclass(frozen=True)
class Output:
    """One output of a kit: its kind, which one it is, and the shop it is made for ('' : the
    home kit)."""

    kind: Kind
    name: str = ""
    shop: str = ""


CARD_PDFS = (Kind.CARD_SHEETS, Kind.FOLD_SHEETS, Kind.PRINT_CARDS)
"""The card PDFs, in the order they are made."""
CARD_OUTPUTS = (*CARD_PDFS, Kind.CARD_IMAGE, Kind.TTS_SHEET)
"""What `card_files(outputs=...)` may choose, in the order they are made."""
