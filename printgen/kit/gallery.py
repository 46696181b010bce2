"""`OUT/index.html`: every kit on one page, opened straight from disk (no server, no network).

Cards show as thumbnails of their print-shop PNGs, PDFs as previews of their first page, each
game with its `validate` status and deck totals, and a link to every file.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import FileSystemLoader, Undefined, select_autoescape

from printgen.check.report import GameReport
from printgen.files.templates import templates_dir
from printgen.kit.cache import under
from printgen.kit.preview import make_preview
from printgen.model import Game
from printgen.model.parts import PartSpec
from printgen.model.sandbox import Sandbox
from printgen.render.draw.svg import bytecode_cache
from printgen.render.faces.face import back_name
from printgen.render.sheets.print_guide import PrintGuide


@dataclass
class FileLink:
    href: str
    label: str
    size: str
    preview: str | None = None


@dataclass
class PieceLinks:
    """A deck of pieces in the gallery: `36 hexagons 40 mm across` and each face's PNG."""

    label: str
    images: list[FileLink] = field(default_factory=list)


@dataclass
class GameEntry:
    id: str
    name: str
    subtitle: str
    ok: bool
    warnings: list[str]
    failures: list[str]
    totals: dict[str, int]
    documents: list[FileLink] = field(default_factory=list)
    cards: list[FileLink] = field(default_factory=list)
    other: list[FileLink] = field(default_factory=list)
    failed_parts: list[str] = field(default_factory=list)
    pieces: dict[str, PieceLinks] = field(default_factory=dict)
    """Each deck of tiles or tokens: what it is and its pictures."""
    parts: dict[str, str] = field(default_factory=dict)
    """Each part of game.yaml's `parts:` by its printed name: how many and what
    (`4 × 130 × 190 mm`); its pictures are its file's preview."""
    guide: PrintGuide | None = None
    """What to print at home and how: the same content as the kit's print-guide.pdf."""
    analysis: FileLink | None = None
    """The deck's analysis (analysis.html)."""
    balance: FileLink | None = None
    """The recorded simulation figures (balance.html)."""
    proofs: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    """Each shop's palette as printed (its `proof/colours.csv`): design, proof, CMYK, dE."""


def human_size(size: int) -> str:
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size / 1024 / 1024:.1f} MB"


def _link(out_dir: Path, path: Path, preview: Path | None = None) -> FileLink:
    relative = under(out_dir, path)
    return FileLink(
        relative,
        relative.partition("/")[2],  # the path in its game's folder
        human_size(path.stat().st_size),
        under(out_dir, preview) if preview else None,
    )


def entry_for(
    report: GameReport,
    files: list[Path],
    out_dir: Path,
    failed_parts: list[str],
    guide: PrintGuide | None = None,
) -> GameEntry:
    game = report.game
    entry = GameEntry(
        game.id,
        game.name,
        game.subtitle,
        report.ok,
        [f"{c.name}: {c.detail}" for c in report.checks if not c.ok and c.level == "warning"],
        [f"{c.name}: {c.detail}" for c in report.checks if not c.ok and c.level == "error"],
        game.totals,
        failed_parts=failed_parts,
        guide=guide,
    )
    entry.pieces = {
        deck.name: PieceLinks(f"{deck.total} \u00d7 {deck.shape}")
        for deck in game.piece_decks
        if deck.kind != "dice" and deck.shape is not None
    }
    entry.parts = {part.label: _part_label(game, part) for part in game.parts.values()}
    for path in sorted(files):
        _file_into(entry, path, out_dir)
    entry.documents.sort(key=lambda link: (_DOC_ORDER.get(Path(link.href).name, 9), link.href))
    entry.cards.sort(key=card_order(game))
    return entry


def _file_into(entry: GameEntry, path: Path, out_dir: Path) -> None:
    """Lists one file of the kit where the gallery shows it: a document (with its preview),
    a piece's or card's picture, the analysis or balance page, a shop proof's colours, or
    among the other files."""
    if path.suffix == ".pdf":
        entry.documents.append(_link(out_dir, path, make_preview(path, out_dir)))
    elif path.suffix == ".png" and path.parent.name in entry.pieces:
        entry.pieces[path.parent.name].images.append(_link(out_dir, path))
    elif path.suffix == ".png" and path.parent.name == "cards":
        entry.cards.append(_link(out_dir, path))
    elif path.name == "analysis.html" and path.parent.name == entry.id:
        entry.analysis = _link(out_dir, path)
    elif path.name == "balance.html" and path.parent.name == entry.id:
        entry.balance = _link(out_dir, path)
    elif path.name == "colours.csv" and path.parent.name == "proof":
        entry.proofs[path.parent.parent.name] = _rows(path)
    else:
        entry.other.append(_link(out_dir, path))


def _part_label(game: Game, part: PartSpec) -> str:
    """How many of a part print and what it is: `4 × 130 × 190 mm`, `1 × tuck box for
    goals`, `one per pawn`; and in which file, when it shares one."""
    if part.tuck_box:
        what = f"tuck box for {part.tuck_box}"
    elif part.paper:
        what = "the paper's size"
    else:
        assert part.size is not None
        what = f"{part.size.width:g} \u00d7 {part.size.height:g} mm"
    deck = game.components.get(part.each) if part.each else None
    if part.each and deck is None:
        count = f"{part.copies} per {part.each.rstrip('s')}" if part.copies > 1 else ""
        label = f"{count or 'one per ' + part.each.rstrip('s')}, {what}"
    else:
        label = f"{part.copies * (deck.total if deck else 1)} \u00d7 {what}"
    return label + (f" (in {part.file}.pdf)" if part.file != part.name else "")


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def card_order(game: Game) -> Callable[[FileLink], tuple[int, int, tuple[int | str, ...]]]:
    """The gallery's order of card images: as the data has them, deck by deck in game.yaml's
    order and each deck's cards in its file's order, then the deck's back (`Jade 1, Jade
    2 ... Jade 10`, not `Jade 1, Jade 10, Jade 11`, and no deck's cards among another's);
    a file the data does not name goes last, in natural order (numbers by their value)."""
    places: dict[str, tuple[int, int]] = {}
    for d, deck in enumerate(game.printed_decks):
        for c, card in enumerate(deck.cards):
            places.setdefault(f"{card.id}.png", (d, c))
        places[f"{back_name(game, deck)}.png"] = (d, len(deck.cards))

    def key(link: FileLink) -> tuple[int, int, tuple[int | str, ...]]:
        name = Path(link.href).name
        deck, card = places.get(name, (len(places), 0))
        return deck, card, natural(name)

    return key


def natural(text: str) -> tuple[int | str, ...]:
    """A sort key reading runs of digits as numbers: `jade-2` before `jade-10`."""
    return tuple(int(part) if part.isdigit() else part.lower() for part in _DIGITS.split(text))


_DIGITS = re.compile(r"(\d+)")


_DOC_ORDER = {
    "print-guide.pdf": 0,
    "rules.pdf": 1,
    "cards.pdf": 2,
    "cards-fold.pdf": 3,
    "board.pdf": 4,
    "player-sheet.pdf": 5,
}


def render_gallery(entries: list[GameEntry]) -> bytes:
    env = Sandbox(  # printgen's own page: a missing value prints as nothing
        bytecode_cache=bytecode_cache("gallery"),  # compiled once for every build
        undefined=Undefined,
        loader=FileSystemLoader(templates_dir() / "common"),
        autoescape=select_autoescape(["html", "j2"]),
    )
    html = env.get_template("gallery.html.j2").render(games=entries)
    return html.encode("utf-8")
