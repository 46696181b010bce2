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
from printgen.render.sheets.print_guide import (
    PrintGuide,
    PrintItem,
    guide_headings,
    print_guide_pdf,
)
from printgen.render.text.kit_words import KitWords, english_words
from printgen.render.text.lettering import Lettering

if TYPE_CHECKING:
    from collections.abc import Iterable

    from printgen.model import Game
    from printgen.model.parts import PartSpec

GUIDE_NAME = "print-guide.pdf"

HOW: dict[str, tuple[str, str, int]] = {
    # file: (paper, how, pages per sheet), as the kit words' keys
    "cards.pdf": ("guide_card_stock_sleeves", "guide_how_cards", 2),
    "cards-fold.pdf": ("guide_thin", "guide_how_cards_fold", 1),
    "reprint.pdf": ("guide_card_stock_sleeves", "guide_how_reprint", 2),
}
CUTTING = ("guide_cut_dry_fold", "guide_cut_down", "guide_cut_across")
PIECE_HOW: dict[str, tuple[str, str]] = {
    # what a deck of pieces holds: (paper, how), as the kit words' keys
    "hex": ("guide_tile_stock", "guide_how_hex"),
    "circle": ("guide_tile_stock", "guide_how_circle"),
    "rounded": ("guide_card_stock_sleeves", "guide_how_rounded"),
    "rect": ("guide_card_stock_sleeves", "guide_how_rect"),
    # squares and oblongs smaller than a mini card: tiles and tokens, not cards to sleeve
    "rect-piece": ("guide_tile_stock", "guide_how_rect"),
    "rounded-piece": ("guide_tile_stock", "guide_how_rounded"),
    "fold": ("guide_thin", "guide_how_fold"),
    "dice": ("guide_dice_paper", "guide_how_dice"),
    "labels": ("guide_sticker", "guide_how_labels"),
}
PIECE_CUTTING = {"hex": "guide_cut_hex", "circle": "guide_cut_circle", "dice": "guide_cut_dice"}
SCALE_WHY = {True: "guide_why_cards", False: "guide_why_pieces"}
"""Why the scale matters: a kit's cards print two-sided; its pieces must fit what they go on."""


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
    parts: Iterable[PartSpec], by_name: dict[str, Path], words: KitWords
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
            made[name] = partial(_part_item, name, tuple(group), words)
    return made


def _part_item(
    name: str, group: tuple[PartSpec, ...], words: KitWords, home: str, pages: int, first: Size
) -> PrintItem:
    part = group[0]
    notes = " ".join(
        f"{words.part_title(p)}: {words.part_note(p)}" for p in group if words.part_note(p)
    )
    card = words.say("guide_card_stock")
    tuck = words.say("guide_how_tuck") if part.tuck_box is not None and len(group) == 1 else ""
    if _paper_of(first) is None:  # the whole part on a large sheet, then tiled on `home`
        large = _large_name(first)
        rest = words.say("guide_page_2" if pages == 2 else "guide_pages_from_2", last=pages)
        title = words.part_title(part)  # `{part}` lower-case, as a sentence says it in English
        how = words.say(
            "guide_large", part=title.lower(), name=title, large=large, home=home, rest=rest
        )
        papers = words.say("guide_large_papers", home=home, large=large)
        # the notes too: the large sheet prints them only where it has room above the part,
        # and the home pages not at all
        return PrintItem(
            name, pages - 1, card, " ".join(t for t in (how, tuck, notes) if t), papers
        )
    if tuck:  # a box for a small deck: one page of home paper
        return PrintItem(name, pages, card, tuck)
    paper = all(p.paper for p in group)
    weight = words.say("guide_paper") if paper else card
    how = words.say("guide_one_sided" if paper else "guide_one_sided_cut")
    return PrintItem(name, pages, weight, f"{how} {notes}".strip())


def guide_for(
    game_name: str,
    files: list[Path],
    pieces: dict[str, str] | None = None,
    parts: Iterable[PartSpec] = (),
    notes: tuple[str, ...] = (),
    words: KitWords | None = None,
) -> PrintGuide:
    """The guide for a kit made of `files` (paths under OUT/<game>/); `pieces` says which of
    them hold tiles, tokens or dice (`piece_files`), game.yaml's `parts` which paper and how
    to cut, fold or join each file of parts; `notes` end it (the back offset used). It names
    only files the build wrote, and every PDF it wrote: those not printed at home in a note.
    It is written in `words`' language (the kit's: printgen.render.text.kit_words), English
    when not given."""
    words = words or english_words()
    pieces = pieces or {}
    by_name = {p.name: p for p in _top_level(files)}
    made = _part_items(parts, by_name, words)
    names = _printed(by_name, pieces, made)
    label, items = _items(names, by_name, made, pieces, words)
    cards = [name for name in HOW if name in by_name]
    cutting = _cutting(cards, {pieces[name] for name in pieces if name in by_name}, words)
    barred = cards + [n for n in names if n in pieces and not pieces[n].startswith("cut:")]
    scale = _scale_check(barred, bool(cards), words)
    others = _not_printed([name for name in by_name if name not in names], words)
    return PrintGuide(
        game_name, label, items, cutting, scale, (*notes, *others), guide_headings(words)
    )


def _items(
    names: list[str],
    by_name: dict[str, Path],
    made: dict[str, Callable[[str, int, Size], PrintItem]],
    pieces: dict[str, str],
    words: KitWords,
) -> tuple[str, tuple[PrintItem, ...]]:
    """The home paper (`A4` or `Letter`) and the guide's line for each file of `names`."""
    sized = {name: _pages_and_size(by_name[name]) for name in names}
    label = _paper_label([size for _, size in sized.values()])
    return label, tuple(_item(name, *sized[name], made, pieces, label, words) for name in names)


def _printed(by_name: dict[str, Path], pieces: dict[str, str], made: Iterable[str]) -> list[str]:
    """The files the guide prints, in its order: the cards' (HOW), the pieces', the
    booklets', the parts'; only those the kit has."""
    booklets = sorted(name for name in by_name if name.startswith("rules-booklet"))
    return [n for n in dict.fromkeys([*HOW, *pieces, *booklets, *made]) if n in by_name]


def _paper_label(sizes: list[Size]) -> str:
    """`Letter` or `A4`: the paper of the first file whose page size is a known paper."""
    paper = next((p for p in (_paper_of(size) for size in sizes) if p), "a4")
    return "Letter" if paper == "letter" else "A4"


def _scale_check(barred: list[str], cards: bool, words: KitWords) -> str:
    """The guide's scale check: the files that carry the 50 mm bar (`barred`), or, with none,
    to print at 100 %."""
    if not barred:
        return words.say("guide_scale_no_cards")
    key = "guide_scale_one" if len(barred) == 1 else "guide_scale_many"
    return words.say(key, files=_and(barred, words), why=words.say(SCALE_WHY[cards]))


def _and(names: list[str], words: KitWords) -> str:
    if len(names) == 1:
        return names[0]
    return words.say("guide_and", first=", ".join(names[:-1]), last=names[-1])


def _cutting(cards: list[str], shapes: set[str], words: KitWords) -> tuple[str, ...]:
    """How to cut the kit: the card sheets' steps (when it has cards; else, for square or
    oblong pieces, the crop marks' in short), then each piece shape's, in PIECE_CUTTING's
    order."""
    rect = not cards and bool(shapes & {"rect", "rounded", "rect-piece", "rounded-piece"})
    keys = (
        (_card_cutting(cards) if cards else ())
        + (("guide_cut_rect",) if rect else ())
        + tuple(PIECE_CUTTING[s] for s in PIECE_CUTTING if s in shapes)
    )
    return tuple(words.say(key) for key in keys)


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
    words: KitWords,
) -> PrintItem:
    """The guide's line for the file `name` of `pages` pages, the first `size`."""
    if name in made:
        return made[name](home, pages, size)
    kind = pieces.get(name)
    if kind is not None and kind.startswith("cut:"):
        paper, how, per_sheet = _cut_how(kind.removeprefix("cut:"), size, words)
    elif name in HOW:
        paper_key, how_key, per_sheet = HOW[name]
        paper, how = words.say(paper_key), words.say(how_key)
    else:
        paper, how, per_sheet = _piece_how(name, kind, words)
    return PrintItem(name, -(-pages // per_sheet), paper, how)


def _card_cutting(cards: list[str]) -> tuple[str, ...]:
    first = CUTTING[0] if "cards-fold.pdf" in cards else "guide_cut_dry"
    return (first, *CUTTING[1:])


def _cut_how(name: str, size: Size, words: KitWords) -> tuple[str, str, int]:
    """(paper, how, pages a sheet) of a cutting machine's sheets (`build --cutter`), the
    cutter told by the page: Cricut's Print Then Cut image, else Silhouette's marked paper."""
    source = "cards.pdf" if name == "cards" else f"{name}.pdf"
    paper = words.say("guide_card_stock_sleeves" if name == "cards" else "guide_tile_stock")
    if _named(size, {"cricut": CRICUT_PAGE}) is not None:
        return paper, words.say("guide_cricut", source=source, name=name), 1
    return paper, words.say("guide_silhouette", source=source, name=name), 2


NOT_HOME = {
    "rules.pdf": ("guide_rules_on_screen", "rules-booklet.pdf"),
    "cards-print.pdf": ("guide_cards_print", ""),
}


def _not_printed(names: list[str], words: KitWords) -> tuple[str, ...]:
    """A note naming the kit's other PDFs, which are not for printing at home."""
    pdfs = sorted(name for name in names if name.endswith(".pdf") and name != GUIDE_NAME)
    if not pdfs:
        return ()
    described = [f"{name}, {_what(name, words)}" if _what(name, words) else name for name in pdfs]
    return (words.say("guide_not_home", files="; ".join(described)),)


def _what(name: str, words: KitWords) -> str:
    if name.startswith("rules.") and name != "rules.pdf":  # rules.<language>.pdf: its booklet
        booklet = name.replace("rules.", "rules-booklet.", 1)
        return words.say("guide_rules_on_screen", booklet=booklet)
    if name not in NOT_HOME:
        return ""
    key, booklet = NOT_HOME[name]
    return words.say(key, booklet=booklet)


def _piece_how(name: str, kind: str | None, words: KitWords) -> tuple[str, str, int]:
    """(paper, how, pages a sheet) of a deck of pieces' file, or of a rulebook booklet (its
    reading copy named: `rules.fr.pdf` beside `rules-booklet.fr.pdf`)."""
    if kind is None:
        reading = name.replace("rules-booklet", "rules", 1)
        return words.say("guide_book"), words.say("guide_how_booklet", reading=reading), 2
    if kind.startswith("fold:"):
        paper, how = PIECE_HOW["fold"]
        return words.say(paper), words.say(how, deck=kind.removeprefix("fold:")), 1
    paper, how = PIECE_HOW[kind]
    return words.say(paper), words.say(how), 1 if kind in ("dice", "labels") else 2


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
