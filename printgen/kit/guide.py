"""What a kit's print guide says, gathered from the files a build wrote (their page counts
and paper), and the guide written as `OUT/<game>/print-guide.pdf` (issue 16).

The guide is made after the parts, like the gallery, because it counts the sheets of files
the parts wrote in parallel. What it counts and draws is remembered in OUT's cache (a PDF's
pages by the PDF's hash, the page by the guide's content), so a build that changed nothing
opens no PDF and draws nothing.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.files import memo
from printgen.files.atomic import write_atomic
from printgen.files.hashing import file_hash
from printgen.layout.sizes import PAPER_SIZES, Size
from printgen.layout.units import PT_PER_MM
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.sheets.print_guide import PrintGuide, PrintItem, print_guide_pdf
from printgen.render.text.lettering import Lettering

if TYPE_CHECKING:
    from printgen.model import Game

GUIDE_NAME = "print-guide.pdf"

CARD_STOCK = (
    "Card stock of 160\u2013250 g/m\u00b2 (or 80\u2013120 g/m\u00b2 paper and card sleeves)"
)
THIN = "Paper of 80\u2013120 g/m\u00b2: folding doubles it into a card"
BOOK = "Paper of 80\u2013100 g/m\u00b2"

HOW: dict[str, tuple[str, str, int]] = {
    # file: (paper, how, pages per sheet)
    "cards.pdf": (
        CARD_STOCK,
        "Two-sided, flip on the long edge: each backs page prints on the back of the fronts"
        " page before it. Cut along the crop marks.",
        2,
    ),
    "cards-fold.pdf": (
        THIN,
        "Instead of cards.pdf when your printer has no two-sided printing. One-sided; fold each"
        " sheet on the dashed line with the printed sides out, glue the halves together, then"
        " cut along the crop marks.",
        1,
    ),
    "board.pdf": (
        "Card stock of 160\u2013250 g/m\u00b2",
        "One-sided; trim each tile and join them where the crosshairs meet.",
        1,
    ),
    "player-sheet.pdf": ("Paper of 80 g/m\u00b2", "One-sided; one sheet for each player.", 1),
    "components.pdf": (
        "Card stock of 160\u2013250 g/m\u00b2",
        "One-sided; cut out the pieces along their outlines.",
        1,
    ),
}
CUTTING = (
    "Let the ink dry; for cards-fold.pdf fold and glue first, and let the glue set.",
    "Cut off the margins along the outermost crop marks, one side at a time.",
    "Cut the sheet into strips along the marks that cross it the long way.",
    "Cut each strip into cards along the remaining marks; corner-round them if you like.",
)
SCALE_CHECK = (
    "The first page of cards.pdf and cards-fold.pdf carries a bar exactly 50 mm long (and one"
    " of 2 in on Letter). Measure it on the printed page: if it is shorter or longer, the"
    " printer scaled the page; print again at 100 % (\u201cactual size\u201d), since cards"
    " must be the same size on both sides."
)


def count_pages(path: Path) -> None:
    """Count the pages of `path` into the build store when the guide will ask for them: the
    worker that wrote the file does it beside its preview (pikepdf is loaded there, the file
    just written), so the guide, made after every part, opens no PDF."""
    if path.name in HOW or path.name.startswith("rules-booklet"):
        _pages_and_size(path)


def _pages_and_size(path: Path) -> tuple[int, Size]:
    """The PDF's page count and first page's size, remembered by the PDF's bytes."""
    stored = memo.remembered("pdf-pages", [file_hash(path)], lambda: _count(path))
    try:
        pages, width, height = json.loads(stored.decode("utf-8"))
        return int(pages), Size(float(width), float(height))
    except (ValueError, TypeError):  # an entry edited by hand: count again
        return _read_pages_and_size(path)


def _count(path: Path) -> bytes:
    pages, size = _read_pages_and_size(path)
    return json.dumps([pages, size.width, size.height]).encode("utf-8")


def _read_pages_and_size(path: Path) -> tuple[int, Size]:
    import pikepdf

    with pikepdf.open(path) as pdf:
        box = [float(v) for v in pdf.pages[0].mediabox]
        return len(pdf.pages), Size((box[2] - box[0]) / PT_PER_MM, (box[3] - box[1]) / PT_PER_MM)


def _paper_of(size: Size) -> str | None:
    for name in ("a4", "letter"):
        paper = PAPER_SIZES[name]
        for w, h in ((paper.width, paper.height), (paper.height, paper.width)):
            if abs(size.width - w) < 0.5 and abs(size.height - h) < 0.5:
                return name
    return None


BOOKLET_HOW = (
    "Two-sided, flip on the short edge. Stack the sheets in order, fold them in the middle and"
    " staple twice on the fold (rules.pdf is the same book to read on screen)."
)


def guide_for(game_name: str, files: list[Path]) -> PrintGuide:
    """The guide for a kit made of `files` (paths under OUT/<game>/)."""
    items = []
    papers = []
    by_name = {p.name: p for p in files}
    booklets = sorted(p.name for p in files if p.name.startswith("rules-booklet"))
    for name in [*HOW, *booklets]:
        if name not in by_name:
            continue
        pages, size = _pages_and_size(by_name[name])
        papers.append(_paper_of(size))
        weight, how, per_sheet = HOW.get(name, (BOOK, BOOKLET_HOW, 2))
        items.append(PrintItem(name, -(-pages // per_sheet), weight, how))
    paper = next((p for p in papers if p), "a4")
    label = "Letter" if paper == "letter" else "A4"
    return PrintGuide(game_name, label, tuple(items), CUTTING, SCALE_CHECK)


def write_guide(guide: PrintGuide, folder: Path, game: Game | None = None) -> Path | None:
    """Write `folder/print-guide.pdf`, in `game`'s lettering (its cards' body font); None
    (and no file) when the kit has nothing to print, e.g. when every part failed because
    `folder` could not be made (the summary says why)."""
    if not guide.items:
        if folder.is_dir():
            (folder / GUIDE_NAME).unlink(missing_ok=True)
        return None
    paper = PAPER_SIZES["letter" if guide.paper == "Letter" else "a4"]
    lettering = game_lettering(game) if game is not None else Lettering()
    content = json.dumps([asdict(guide), lettering.families], sort_keys=True)
    data = memo.remembered(
        "print-guide", [content], lambda: print_guide_pdf(guide, paper, lettering)
    )
    target = folder / GUIDE_NAME
    try:
        if target.read_bytes() == data:  # a build that changed nothing touches no file
            return target
    except OSError:
        pass
    return write_atomic(target, data)
