"""What a kit's print guide says, gathered from the files a build wrote (their page counts
and paper), and the guide written as `OUT/<game>/print-guide.pdf` (issue 16).

The guide is made after the parts, like the gallery, because it counts the sheets of files
the parts wrote in parallel. What it counts and draws is remembered in OUT's cache (a PDF's
pages by the PDF's hash, the page by the guide's content), so a build that changed nothing
opens no PDF and draws nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.files import memo
from printgen.files.atomic import unlink_inside, write_atomic
from printgen.files.hashing import file_hash
from printgen.layout.cutsheet import CRICUT_PAGE
from printgen.layout.dienet import NET_FACES
from printgen.layout.sizes import LARGE_PAPERS, PAPER_SIZES, Size
from printgen.layout.units import PT_PER_MM
from printgen.render.faces.game_lettering import game_lettering
from printgen.render.faces.pieces import base_of
from printgen.render.faces.spec import CARD_BASE
from printgen.render.sheets.print_guide import PrintGuide, PrintItem, print_guide_pdf
from printgen.render.text.lettering import Lettering

if TYPE_CHECKING:
    from collections.abc import Iterable

    from printgen.model import Game
    from printgen.model.parts import PartSpec

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
    "reprint.pdf": (
        CARD_STOCK,
        "Only the cards changed since the version you printed before (reprint.txt lists them,"
        " and the cards to take out of that deck). Print and cut it as cards.pdf.",
        2,
    ),
}
CUTTING = (
    "Let the ink dry; for cards-fold.pdf fold and glue first, and let the glue set.",
    "Keep the margins (the crop marks are there): first cut at each top and bottom mark, only"
    " from the cards' top edge to their bottom edge.",
    "Then cut right across at each side mark, top first: each cut frees a row. (Guillotine:"
    " cut across first, stack the strips, cut them at the top strip's marks.)",
)
TILE_STOCK = "Card stock of 250\u2013300 g/m\u00b2, or thinner card glued onto board"
PIECE_HOW: dict[str, tuple[str, str]] = {
    # what a deck of pieces holds: (paper, how)
    "hex": (
        TILE_STOCK,
        "Two-sided, flip on the long edge. Cut along the grey line round each hexagon: tiles"
        " side by side share a side, so one cut separates two.",
    ),
    "circle": (
        TILE_STOCK,
        "Two-sided, flip on the long edge. Cut out each token along its grey circle (a circle"
        " punch of the token's size does it in one press).",
    ),
    "rounded": (
        CARD_STOCK,
        "Two-sided, flip on the long edge. Cut along the crop marks, then round each corner"
        " along its grey arc.",
    ),
    "rect": (CARD_STOCK, "Two-sided, flip on the long edge. Cut along the crop marks."),
    # squares and oblongs smaller than a mini card: tiles and tokens, not cards to sleeve
    "rect-piece": (TILE_STOCK, "Two-sided, flip on the long edge. Cut along the crop marks."),
    "rounded-piece": (
        TILE_STOCK,
        "Two-sided, flip on the long edge. Cut along the crop marks, then round each corner"
        " along its grey arc.",
    ),
    "fold": (
        THIN,
        "Instead of {deck}.pdf when your printer has no two-sided printing. One-sided; fold each"
        " sheet on the dashed line with the printed sides out, glue the halves together, then"
        " cut the pieces out.",
    ),
    "dice": (
        "Sticker paper for the labels, card stock of 160\u2013250 g/m\u00b2 for the nets",
        "One-sided. Labels: cut along the lines and stick one block on each blank die. Nets:"
        " cut along the solid lines, fold on the dashed ones, glue the grey tabs inside.",
    ),
    "labels": (
        "Sticker paper",
        "One-sided. Cut the labels out along their lines and stick each on its face of a blank"
        " die, opposite faces as the sheet's heading says.",
    ),
}
PIECE_CUTTING = {
    "hex": "Hexagon tiles: cut the sheet into rows along the grey zigzag lines, then part the"
    " tiles; a craft knife along a steel rule keeps each straight side true.",
    "circle": "Round tokens: cut each along its grey circle with scissors, turning the sheet"
    " rather than the scissors, or use a circle punch.",
    "dice": "Dice nets: score each dashed line with a blunt point before folding, then glue"
    " one tab at a time, the last face closing the cube.",
}
SCALE_CHECK = (
    "{files} {carry} a bar exactly 50 mm long (and one of 2 in on Letter) on {their} first"
    " page with room for it. Measure it on the printed page: if it is shorter or longer, the"
    " printer scaled the page; print again at 100 % (\u201cactual size\u201d), since {why}."
)
SCALE_WHY = {
    True: "cards must be the same size on both sides",
    False: "pieces, labels and squares must fit the dice, the board and each other",
}
"""Why the scale matters: a kit's cards print two-sided; its pieces must fit what they go on."""
RECT_CUTTING = (
    "Square and oblong pieces: keep the margins (the crop marks are there), cut at each top"
    " and bottom mark from the pieces' top edge to their bottom edge, then right across at"
    " each side mark."
)
SCALE_CHECK_NO_CARDS = (
    "Every file is laid out to its real size: check that the print dialog says 100 %"
    " (\u201cactual size\u201d, not \u201cfit to page\u201d) before printing, or pieces,"
    " labels and squares no longer fit the dice, the board or each other."
)


def count_pages(path: Path, game: Game | None = None) -> None:
    """Count the pages of `path` into the build store when the guide will ask for them: the
    worker that wrote the file does it beside its preview (pikepdf is loaded there, the file
    just written), so the guide, made after every part, opens no PDF."""
    pieces = piece_files(game) if game is not None else {}
    if path.name in HOW or path.name in pieces or path.name.startswith("rules-booklet"):
        _pages_and_size(path)


def piece_files(game: Game) -> dict[str, str]:
    """Each PDF of the game's decks of pieces -> what it holds (`PIECE_HOW`'s keys, a
    fold-over file `fold:<deck>`), and each file a cutter's build may write (`cut:<name>`:
    `cards-cut.pdf`, `<deck>-cut.pdf`)."""
    found = {"cards-cut.pdf": "cut:cards"}
    for deck in game.piece_decks:
        if deck.kind == "dice" or deck.shape is None:  # nets for six-sided dice alone
            found[f"{deck.name}.pdf"] = "dice" if deck.faces in (None, NET_FACES) else "labels"
            continue
        small = deck.shape.kind in ("rect", "rounded") and base_of(deck) != CARD_BASE
        found[f"{deck.name}.pdf"] = f"{deck.shape.kind}-piece" if small else deck.shape.kind
        found[f"{deck.name}-fold.pdf"] = f"fold:{deck.name}"
        found[f"{deck.name}-cut.pdf"] = f"cut:{deck.name}"
    return found


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
    import pikepdf  # start-up: only for a PDF whose page count is not in the store

    with pikepdf.open(path) as pdf:
        box = [float(v) for v in pdf.pages[0].mediabox]
        return len(pdf.pages), Size((box[2] - box[0]) / PT_PER_MM, (box[3] - box[1]) / PT_PER_MM)


def _paper_of(size: Size) -> str | None:
    """`a4` or `letter` for a page of home paper (either way up), else None."""
    name = _named(size, {n: PAPER_SIZES[n] for n in ("a4", "letter")})
    return name


def _large_name(size: Size) -> str:
    """A large sheet's name as a person says it (`A3`), or its size in mm."""
    name = _named(size, LARGE_PAPERS)
    return name.upper() if name else f"{size.width:.0f} x {size.height:.0f} mm"


def _named(size: Size, papers: dict[str, Size]) -> str | None:
    for name, paper in papers.items():
        for w, h in ((paper.width, paper.height), (paper.height, paper.width)):
            if abs(size.width - w) < 0.5 and abs(size.height - h) < 0.5:
                return name
    return None


def _part_items(
    parts: Iterable[PartSpec], by_name: dict[str, Path]
) -> dict[str, Callable[[str, int, Size], PrintItem]]:
    """For each file of parts the build wrote: how to make its guide line from its page
    count, its first page's size (a large sheet: a part also tiled across the paper) and the
    home paper's name."""
    grouped: dict[str, list[PartSpec]] = {}
    for part in parts:
        grouped.setdefault(f"{part.file}.pdf", []).append(part)
    made: dict[str, Callable[[str, int, Size], PrintItem]] = {}
    for name, group in grouped.items():
        if name in by_name:
            made[name] = partial(_part_item, name, tuple(group))
    return made


def _part_item(
    name: str, group: tuple[PartSpec, ...], home: str, pages: int, first: Size
) -> PrintItem:
    part = group[0]
    notes = " ".join(f"{p.label}: {p.note}" for p in group if p.note)
    if part.tuck_box is not None and len(group) == 1:
        return PrintItem(name, pages, CARD, TUCK_HOW)
    if _paper_of(first) is None:  # the whole part on a large sheet, then tiled on `home`
        large = _large_name(first)
        rest = "page 2" if pages == 2 else f"pages 2\u2013{pages}"
        how = (
            f"Page 1 is the whole {part.label.lower()} on one {large} sheet: print only that"
            f" page if your printer takes {large} (or a copy shop prints it). On {home} print"
            f" {rest} instead, one-sided, trim each at its corner marks and tape them together,"
            " crosshairs on crosshairs (the map at each page's foot shows where it goes)."
        )
        papers = f"{home}; or page 1 alone on {large}"
        # the notes too: the large sheet prints them only where it has room above the part,
        # and the home pages not at all
        return PrintItem(name, pages - 1, CARD, f"{how} {notes}".strip(), papers)
    weight = PAPER if all(p.paper for p in group) else CARD
    how = "One-sided." if all(p.paper for p in group) else "One-sided; cut each out on its line."
    return PrintItem(name, pages, weight, f"{how} {notes}".strip())


BOOKLET_HOW = (
    "Two-sided, flip on the short edge. Stack the sheets in order, fold them in the middle and"
    " staple twice on the fold (rules.pdf is the same book to read on screen)."
)


PAPER = "Paper of 80\u2013120 g/m\u00b2"
CARD = "Card stock of 160\u2013250 g/m\u00b2"
TUCK_HOW = (
    "One-sided. Cut round the solid outline, score and fold every dashed line, glue the flap"
    " under the front's free edge, then tuck in the bottom and the lid."
)


def guide_for(
    game_name: str,
    files: list[Path],
    pieces: dict[str, str] | None = None,
    parts: Iterable[PartSpec] = (),
    notes: tuple[str, ...] = (),
) -> PrintGuide:
    """The guide for a kit made of `files` (paths under OUT/<game>/); `pieces` says which of
    them hold tiles, tokens or dice (`piece_files`), game.yaml's `parts` which paper and how
    to cut, fold or join each file of parts; `notes` end it (the back offset used). It names
    only files the build wrote, and every PDF it wrote: those not printed at home in a note."""
    pieces = pieces or {}
    by_name = {p.name: p for p in _top_level(files)}
    made = _part_items(parts, by_name)
    names = _printed(by_name, pieces, made)
    sized = {name: _pages_and_size(by_name[name]) for name in names}
    label = _paper_label([size for _, size in sized.values()])
    items = tuple(_item(name, *sized[name], made, pieces, label) for name in names)
    cards = [name for name in HOW if name in by_name]
    cutting = _cutting(cards, {pieces[name] for name in pieces if name in by_name})
    barred = cards + [n for n in names if n in pieces and not pieces[n].startswith("cut:")]
    scale = _scale_check(barred, bool(cards))
    others = _not_printed([name for name in by_name if name not in names])
    return PrintGuide(game_name, label, items, cutting, scale, (*notes, *others))


def _printed(by_name: dict[str, Path], pieces: dict[str, str], made: Iterable[str]) -> list[str]:
    """The files the guide prints, in its order: the cards' (HOW), the pieces', the
    booklets', the parts'; only those the kit has."""
    booklets = sorted(name for name in by_name if name.startswith("rules-booklet"))
    return [n for n in dict.fromkeys([*HOW, *pieces, *booklets, *made]) if n in by_name]


def _paper_label(sizes: list[Size]) -> str:
    """`Letter` or `A4`: the paper of the first file whose page size is a known paper."""
    paper = next((p for p in (_paper_of(size) for size in sizes) if p), "a4")
    return "Letter" if paper == "letter" else "A4"


def _scale_check(barred: list[str], cards: bool) -> str:
    """The guide's scale check: the files that carry the 50 mm bar (`barred`), or, with none,
    to print at 100 %."""
    if not barred:
        return SCALE_CHECK_NO_CARDS
    return SCALE_CHECK.format(
        files=_and(barred),
        carry="carries" if len(barred) == 1 else "each carry",
        their="its" if len(barred) == 1 else "their",
        why=SCALE_WHY[cards],
    )


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _cutting(cards: list[str], shapes: set[str]) -> tuple[str, ...]:
    """How to cut the kit: the card sheets' steps (when it has cards; else, for square or
    oblong pieces, the crop marks' in short), then each piece shape's, in PIECE_CUTTING's
    order."""
    rect = not cards and bool(shapes & {"rect", "rounded", "rect-piece", "rounded-piece"})
    return (
        (_card_cutting(cards) if cards else ())
        + ((RECT_CUTTING,) if rect else ())
        + tuple(PIECE_CUTTING[s] for s in PIECE_CUTTING if s in shapes)
    )


def _top_level(files: list[Path]) -> list[Path]:
    """The files in the kit's own folder (not its `cards/`, `tts/` or `shop/NAME/`)."""
    if not files:
        return []
    top = min(files, key=lambda p: len(p.parts)).parent
    return [p for p in files if p.parent == top]


def _item(
    name: str,
    pages: int,
    size: Size,
    made: dict[str, Callable[[str, int, Size], PrintItem]],
    pieces: dict[str, str],
    home: str,
) -> PrintItem:
    """The guide's line for the file `name` of `pages` pages, the first `size`."""
    if name in made:
        return made[name](home, pages, size)
    kind = pieces.get(name)
    if kind is not None and kind.startswith("cut:"):
        weight, how, per_sheet = _cut_how(kind.removeprefix("cut:"), size)
    else:
        weight, how, per_sheet = HOW.get(name) or _piece_how(kind)
    if name.startswith("rules-booklet.") and name != "rules-booklet.pdf":  # a language's book
        how = how.replace("rules.pdf", name.replace("rules-booklet.", "rules.", 1))
    return PrintItem(name, -(-pages // per_sheet), weight, how)


def _card_cutting(cards: list[str]) -> tuple[str, ...]:
    first = CUTTING[0] if "cards-fold.pdf" in cards else "Let the ink dry."
    return (first, *CUTTING[1:])


def _cut_how(name: str, size: Size) -> tuple[str, str, int]:
    """(paper, how, pages a sheet) of a cutting machine's sheets (`build --cutter`), the
    cutter told by the page: Cricut's Print Then Cut image, else Silhouette's marked paper."""
    source = "cards.pdf" if name == "cards" else f"{name}.pdf"
    paper = CARD_STOCK if name == "cards" else TILE_STOCK
    cricut = _named(size, {"cricut": CRICUT_PAGE}) is not None
    if cricut:
        how = (
            f"Instead of {source}, for a Cricut. One-sided: in Design Space upload each page as"
            f" a Print Then Cut image of 6.75 x 9.25 in with {name}-cut.svg as its cut (Design"
            " Space prints its own marks round it). Each page of fronts is followed by its page"
            " of backs, each back where its front is: glue each back onto the front cut from"
            " the same place, back to back."
        )
        return paper, how, 1
    how = (
        f"Instead of {source}, for a Silhouette cutter. Two-sided, flip on the long edge (each"
        " backs page after its fronts page). In Silhouette Studio turn on the registration"
        f" marks (Type 1, inset 10 mm), open {name}-cut.svg (or .dxf) at the page's origin and"
        " cut from the front."
    )
    return paper, how, 2


NOT_HOME = {
    "rules.pdf": "the rulebook to read on screen (rules-booklet.pdf is the one to print)",
    "cards-print.pdf": "one card a page with bleed for a print shop",
}


def _not_printed(names: list[str]) -> tuple[str, ...]:
    """A note naming the kit's other PDFs, which are not for printing at home."""
    pdfs = sorted(name for name in names if name.endswith(".pdf") and name != GUIDE_NAME)
    if not pdfs:
        return ()
    described = [f"{name}, {_what(name)}" if _what(name) else name for name in pdfs]
    return ("Also in this folder, not for printing at home: " + "; ".join(described) + ".",)


def _what(name: str) -> str:
    if name.startswith("rules.") and name != "rules.pdf":  # rules.<language>.pdf: its booklet
        booklet = name.replace("rules.", "rules-booklet.", 1)
        return f"the rulebook to read on screen ({booklet} is the one to print)"
    return NOT_HOME.get(name, "")


def _piece_how(kind: str | None) -> tuple[str, str, int]:
    """(paper, how, pages a sheet) of a deck of pieces' file, or of a rulebook booklet."""
    if kind is None:
        return BOOK, BOOKLET_HOW, 2
    if kind.startswith("fold:"):
        paper, how = PIECE_HOW["fold"]
        return paper, how.format(deck=kind.removeprefix("fold:")), 1
    paper, how = PIECE_HOW[kind]
    return paper, how, 1 if kind in ("dice", "labels") else 2


def write_guide(guide: PrintGuide, folder: Path, game: Game | None = None) -> Path | None:
    """Write `folder/print-guide.pdf` (`folder` is `OUT/<game>`: no symbolic link followed
    inside OUT), in `game`'s lettering (its cards' body font); None (and no file) when the
    kit has nothing to print, e.g. when every part failed because `folder` could not be made
    (the summary says why)."""
    if not guide.items:
        if folder.is_dir():
            unlink_inside(folder.parent, folder / GUIDE_NAME)
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
    return write_atomic(target, data, folder.parent)
