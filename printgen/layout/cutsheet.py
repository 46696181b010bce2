"""Print-and-cut sheets for cutting machines (issue 33): where the cards go, inside which
registration marks, and the cut contour around each.

Millimetres, origin at the page's bottom-left (as in PDF); the contour files use the same
page and the same coordinates, so the cutter's software lays the cut on the print exactly.

- **Silhouette** (Silhouette Studio's print & cut, registration mark style *Type 1*, its
  defaults: marks 0.5 mm thick, 20 mm long, 10 mm in from the page's edges): a filled 5 mm
  square in the top-left corner and an L at the top-right and bottom-left corners, on the
  paper of the build (turned landscape when that holds more cards). The cards keep
  SILHOUETTE_CLEAR_MM from every edge: clear of the marks and of the hatched band Silhouette
  Studio keeps free round them.
- **Cricut** (Design Space's Print Then Cut): the page is the largest image Print Then Cut
  takes, 6.75 x 9.25 in; Design Space prints its own frame of marks round it, so the page
  carries none.

Cards stand CUT_GAP_MM apart; each card's art runs into the gap by half of it (its bleed on
this sheet), so a cut that lands up to that far off shows no white.

Pieces of other shapes (hex tiles, round tokens, rounded rectangles) go on the same page
inside the same marks, packed by their shape (`printgen.layout.packing`) CUT_GAP_MM apart.
Hexagons are not butted here, as they are on the home sheet: a cutter drives its blade
round each closed contour in turn, so a side shared by two tiles would be cut twice, the
second pass tearing the paper the first one loosened, and a cut a little off would leave one
tile a sliver of its neighbour's colour. Apart, each piece is one closed contour cut once,
with 1 mm of its own art beyond it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from printgen.errors import PrintgenError
from printgen.layout.geometry import LayoutError, Rect
from printgen.layout.imposition import Sheet, impose
from printgen.layout.packing import PieceSheet, pack
from printgen.layout.shapes import Shape
from printgen.layout.sizes import Size

CUTTERS = ("silhouette", "cricut")
CUT_GAP_MM = 2.0
"""Between neighbouring cards: 1 mm of each card's art, over the 0.5 mm a cutter may miss."""
SILHOUETTE_INSET_MM = 10.0
SILHOUETTE_MARK_MM = 20.0
SILHOUETTE_THICK_MM = 0.5
SILHOUETTE_SQUARE_MM = 5.0
SILHOUETTE_CLEAR_MM = SILHOUETTE_INSET_MM + SILHOUETTE_SQUARE_MM + 1.0
CRICUT_PAGE = Size(6.75 * 25.4, 9.25 * 25.4, "cricut print then cut")
CRICUT_CLEAR_MM = 1.0


class CutterError(PrintgenError):
    """A cutter printgen does not know, or cards that do not fit its page."""


@dataclass(frozen=True)
class CutSheet:
    """One page of cards for a cutter: the cards laid out (`sheet`, gutters of CUT_GAP_MM),
    the registration marks to print (filled rectangles), and the cutter's name."""

    cutter: str
    sheet: Sheet
    marks: tuple[Rect, ...]

    @property
    def page(self) -> Size:
        return self.sheet.paper

    @property
    def trims(self) -> tuple[Rect, ...]:
        """Every card's trim, in slot order: what the contour cuts."""
        return tuple(slot.trim for slot in self.sheet.slots)


@dataclass(frozen=True)
class PieceCutSheet:
    """One page of pieces of a deck for a cutter: the pieces packed (`sheet`, CUT_GAP_MM
    apart), the registration marks to print, and the cutter's name."""

    cutter: str
    sheet: PieceSheet
    marks: tuple[Rect, ...]

    @property
    def page(self) -> Size:
        return self.sheet.paper


def cut_sheet(card: Size, cutter: str, paper: Size) -> CutSheet:
    """The page for `cutter`, holding as many `card`s as fit."""

    def cards(page: Size, clear: float) -> Sheet:
        return impose(card, page, gutter_mm=CUT_GAP_MM, min_margin_mm=clear)

    sheet = _most(cards, _pages(cutter, paper), _clear(cutter), f"a {card} card")
    return CutSheet(cutter, sheet, _marks(cutter, sheet.paper))


def piece_cut_sheet(shape: Shape, cutter: str, paper: Size) -> PieceCutSheet:
    """The page for `cutter`, holding as many pieces of `shape` as fit, each standing apart
    (see the module docstring)."""

    def pieces(page: Size, clear: float) -> PieceSheet:
        return pack(
            shape, page, gutter_mm=CUT_GAP_MM, min_margin_mm=clear, min_outer_mm=CUT_GAP_MM / 2
        )

    sheet = _most(pieces, _pages(cutter, paper), _clear(cutter), f"a {shape}")
    return PieceCutSheet(cutter, sheet, _marks(cutter, sheet.paper))


def _pages(cutter: str, paper: Size) -> list[Size]:
    """The pages a cutter may take: the build's paper either way up (Silhouette), or Print
    Then Cut's one image size (Cricut)."""
    if cutter == "silhouette":
        return [paper, paper.turned]
    if cutter == "cricut":
        return [CRICUT_PAGE]
    raise CutterError(f"no cutter {cutter!r}; cutters: {', '.join(CUTTERS)}")


def _clear(cutter: str) -> float:
    return SILHOUETTE_CLEAR_MM if cutter == "silhouette" else CRICUT_CLEAR_MM


def _marks(cutter: str, page: Size) -> tuple[Rect, ...]:
    return silhouette_marks(page) if cutter == "silhouette" else ()


L = TypeVar("L", Sheet, PieceSheet)


def _most(lay: Callable[[Size, float], L], pages: list[Size], clear: float, what: str) -> L:
    """The layout on the page of `pages` (the first on a tie) that holds the most."""
    best: L | None = None
    for page in pages:
        try:
            sheet = lay(page, clear)
        except LayoutError:
            continue
        if best is None or sheet.capacity > best.capacity:
            best = sheet
    if best is None:
        raise CutterError(f"{what} does not fit inside a cutter's marks on {pages[0]}")
    return best


def silhouette_marks(page: Size) -> tuple[Rect, ...]:
    """Silhouette Studio's Type 1 marks on `page`: the square top-left, the Ls top-right and
    bottom-left (each L's corner outermost), as filled rectangles."""
    i, n, t, s = SILHOUETTE_INSET_MM, SILHOUETTE_MARK_MM, SILHOUETTE_THICK_MM, SILHOUETTE_SQUARE_MM
    w, h = page.width, page.height
    return (
        Rect(i, h - i - s, i + s, h - i),  # the square
        Rect(w - i - n, h - i - t, w - i, h - i),  # top-right L: along the top
        Rect(w - i - t, h - i - n, w - i, h - i),  # and down the side
        Rect(i, i, i + n, i + t),  # bottom-left L: along the bottom
        Rect(i, i, i + t, i + n),  # and up the side
    )
