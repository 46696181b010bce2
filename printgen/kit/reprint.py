"""`build --changed-since DIR|REV`: `reprint.pdf`, only the cards to print again since another
version of the game (printgen.kit.diff), imposed with their backs and marks as `cards.pdf`
is, and `reprint.txt`, what to print and what to take out of the printed deck.

What is printed again: every copy of an added card and of a card whose face changed; of a card
whose count alone went up, the copies added. What is taken out: every copy of a removed card
and the old copies of a changed face; of a card whose count alone went down, the copies fewer.
The reprint draws the game with its cards at those counts (the others at 0, still there: the
suits keep the colours the whole deck deals them), so each face is the one `cards.pdf` prints.
Tiles, tokens and dice are listed, not reprinted: their sheets are printed whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from printgen.files.atomic import write_atomic
from printgen.kit.options import BuildOptions
from printgen.model import Game, load_game

if TYPE_CHECKING:
    from printgen.kit.diff import GameDiff

REPRINT_PDF = "reprint.pdf"
REPRINT_LIST = "reprint.txt"
REPRINT_FILES = (REPRINT_LIST, REPRINT_PDF)
"""The reprint's files in OUT/<game>/, names no part may take (printgen.model.parts): the
build that writes them owns them, and a build without --changed-since removes them."""


def reprint_counts(diff: GameDiff) -> dict[tuple[str, str], int]:
    """Copies to print again, by deck and card id (none at 0)."""
    counts = {(entry.deck, entry.id): entry.count for entry in diff.added}
    counts |= {(change.deck, change.id): change.reprinted for change in diff.changed}
    return {place: count for place, count in counts.items() if count > 0}


def reprint_game(game: Game, diff: GameDiff) -> Game | None:
    """`game` with each card of its printed decks at the copies to print again (None when
    there are none)."""
    counts = reprint_counts(diff)
    printed = {deck.name for deck in game.printed_decks}
    if not any(deck in printed for deck, _ in counts):
        return None
    decks = {
        name: replace(
            deck,
            cards=tuple(replace(c, count=counts.get((name, c.id), 0)) for c in deck.cards),
        )
        if name in printed
        else deck
        for name, deck in game.components.items()
    }
    return replace(game, components=decks)


def reprint_lines(
    diff: GameDiff, printed: frozenset[str] | None = None, sheets: str = REPRINT_PDF
) -> Iterator[str]:
    """reprint.txt: what to print, and what to take out of the deck already printed.
    `printed`: the decks of cards (in `sheets`, reprint.pdf); the others' pieces print from
    their own sheets (None: every deck is of cards)."""
    every = reprint_counts(diff)
    counts = {p: n for p, n in every.items() if printed is None or p[0] in printed}
    pieces = {p: n for p, n in every.items() if p not in counts}
    why = _why_printed(diff)
    names = {(e.deck, e.id): e.name for e in diff.added}
    names |= {(c.deck, c.id): c.name for c in diff.changed}
    yield f"{diff.game}: reprint against {diff.against} (printgen diff says what changed)"
    yield f"print ({sheets}, {sum(counts.values())} cards):"
    yield from (
        f"  {deck}/{card} {names[deck, card]!r} x{count} ({why[deck, card]})"
        for (deck, card), count in counts.items()
    )
    if pieces:
        yield f"print again from their decks' sheets ({sum(pieces.values())} pieces):"
        yield from (
            f"  {deck}/{card} {names[deck, card]!r} x{count} ({why[deck, card]}): {deck}.pdf"
            for (deck, card), count in pieces.items()
        )
    yield from _taken_out(diff)


def _why_printed(diff: GameDiff) -> dict[tuple[str, str], str]:
    """Why each card added or changed prints again: `new card`, `face changed`, or its
    count's change (`count 2 -> 3: the copies added`)."""
    why = {(e.deck, e.id): "new card" for e in diff.added}
    why |= {
        (c.deck, c.id): "face changed"
        if c.face
        else f"count {c.old_count} -> {c.new_count}: the copies added"
        for c in diff.changed
    }
    return why


def _taken_out(diff: GameDiff) -> Iterator[str]:
    """reprint.txt's last section: the cards to take out of the printed deck, and why."""
    out = [(e.deck, e.id, e.name, e.count, "removed") for e in diff.removed]
    out += [
        (c.deck, c.id, c.name, c.withdrawn, "old face" if c.face else "count down")
        for c in diff.changed
        if c.withdrawn
    ]
    yield f"take out of the printed deck ({sum(entry[3] for entry in out)} cards):"
    yield from (f"  {deck}/{card} {name!r} x{n} ({what})" for deck, card, name, n, what in out)


def write_reprint(game: Game, against: str, out_dir: Path, options: BuildOptions) -> list[Path]:
    """Write OUT/<game>/reprint.txt, and reprint.pdf when a card is to be printed again."""
    from printgen.kit.against import other_version  # start-up: only with --changed-since
    from printgen.kit.card_plan import unprintable  # start-up: only with --changed-since
    from printgen.kit.cards import card_files  # cairo: only for a build that asks for it
    from printgen.kit.diff import diff_games  # start-up: only with --changed-since
    from printgen.kit.names import HOME  # start-up: only with --changed-since
    from printgen.render.outputs import Kind

    with other_version(game.folder, against, "--changed-since") as folder:
        diff = diff_games(load_game(folder), game, against)
    target = out_dir / game.id
    printed = frozenset(deck.name for deck in game.printed_decks)
    sheeted = Kind.CARD_SHEETS not in unprintable(game, options)
    sheets = REPRINT_PDF if sheeted else f"their pages in {HOME[Kind.PRINT_CARDS]}"
    lines = [*reprint_lines(diff, printed, sheets), ""]
    written = [write_atomic(target / REPRINT_LIST, "\n".join(lines).encode(), out_dir)]
    again = reprint_game(game, diff)
    if again is None or not sheeted:  # no reprint.pdf (of an earlier version) stays
        (target / REPRINT_PDF).unlink(missing_ok=True)
        return written
    plain = replace(options, shops=()) if hasattr(options, "shops") else options
    for _, data in card_files(again, plain, [Kind.CARD_SHEETS]):
        written.append(write_atomic(target / REPRINT_PDF, data, out_dir))
    return written


def remove_reprint(kit: Path) -> list[Path]:
    """Remove the reprint files of an earlier build from the kit's folder `kit` (a build
    without --changed-since, whose kit they no longer describe); the files removed."""
    removed = []
    for name in REPRINT_FILES:
        path = kit / name
        if path.is_file() or path.is_symlink():
            path.unlink()
            removed.append(path)
    return removed


def reprint_files(kit: Path) -> list[Path]:
    """The reprint files in the kit's folder `kit` (the gallery and print guide list them)."""
    return [kit / name for name in REPRINT_FILES if (kit / name).is_file()]
