"""Whether each deck's cards or pieces fit the papers a kit is printed on at home (A4 and
Letter, `build --paper`). A card or piece too large to print beside its back has no fold-over
sheet, one larger than the page no duplex sheets either (`render.sheets.fit`: the kit makes
the rest and leaves those out). validate names them, with game.yaml's line and the paper
that has them, before a build leaves them out (a designer's trial: a 250 mm hexagon passed
validate, then `build` failed naming neither the deck nor a way out).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from printgen.model import Game
from printgen.render.outputs import Kind
from printgen.rules.engine import Check

HOME = ("a4", "letter")
NAMES = {"a4": "A4", "letter": "Letter"}

LeftOut = Callable[[str], dict[Kind, str]]
"""A deck's sheets that its card or piece does not fit on a paper (by name)."""


def paper_checks(game: Game) -> list[Check]:
    """One check: every deck's sheets are made on A4 and Letter, else which are not."""
    found = [said for deck in _decks(game) if (said := _left_out(*deck))]
    if not found:
        return [Check("paper", True, "warning", "every card and piece fits A4 and Letter")]
    return [Check("paper", False, "warning", "; ".join(found))]


def _decks(game: Game) -> list[tuple[str, str, dict[Kind, str], LeftOut]]:
    """Each deck: what it prints, where it is set, its sheets' names, what is left out."""
    from printgen.render.sheets.fit import cards_left_out, pieces_left_out  # cairo

    decks: list[tuple[str, str, dict[Kind, str], LeftOut]] = []
    card = game.card_size
    if card is not None and game.printed_decks:
        where = f"{game.located.file}:{game.located.line_of('card_size')}: card_size"
        names = {Kind.CARD_SHEETS: "cards.pdf", Kind.FOLD_SHEETS: "cards-fold.pdf"}
        what = f"a {card.width:g} x {card.height:g} mm card"
        decks.append((what, where, names, partial(cards_left_out, card, gutter_mm=0)))
    for deck in game.piece_decks:
        if deck.kind == "dice" or deck.shape is None:
            continue
        where = f"{deck.where}: components.{deck.name}.size"
        names = {Kind.PIECE_SHEETS: f"{deck.name}.pdf", Kind.PIECE_FOLD: f"{deck.name}-fold.pdf"}
        decks.append((f"a {deck.shape}", where, names, partial(pieces_left_out, deck, gutter_mm=0)))
    return decks


def _left_out(what: str, where: str, names: dict[Kind, str], left_out: LeftOut) -> str:
    """The deck's sheets not made on A4 or Letter, and the paper that has them all; '' when
    every sheet is made on both."""
    missing: dict[Kind, list[str]] = {}
    for paper in HOME:
        for kind in left_out(paper):
            missing.setdefault(kind, []).append(paper)
    if not missing:
        return ""
    by_papers: dict[tuple[str, ...], list[str]] = {}
    for kind, papers in missing.items():
        by_papers.setdefault(tuple(papers), []).append(names[kind])
    said = "; ".join(
        f"{' and '.join(files)} on {' or '.join(NAMES[p] for p in papers)}"
        for papers, files in by_papers.items()
    )
    whole = [p for p in HOME if not any(p in papers for papers in missing.values())]
    one = len(missing) == 1
    way = f"build with --paper {whole[0]}" if whole else "make it smaller"
    return (
        f"{where}: {what} is too large to print {said}: a build on that paper leaves "
        f"{'it' if one else 'them'} out ({way} to have {'it' if one else 'them'})"
    )
