"""The bookmarks of a card PDF (each deck, then each of its pages), walked in the one order
both of its writers make them: the byte-level join (printgen.render.pdf.join) and the pikepdf
one (printgen.render.pdf.print_pdf)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

Outline = Sequence[tuple[str, Sequence[str]]]
"""Each deck's bookmark title and its pages' labels, in page order."""

T = TypeVar("T")


def walk_outline(
    outline: Outline,
    root: T,
    item: Callable[[str, int, T, bool], T],
    link: Callable[[T, list[T], int], None],
) -> list[T]:
    """The bookmarks of a card PDF in the order both of its writers make them (this join and
    pikepdf's, print_pdf): each deck's item at its first page with an item for each of its
    pages under it, linked in order, each count set; `item(title, page, parent, leaf)` makes
    one. Returns the decks' items."""
    decks: list[T] = []
    total, index = 0, 0
    for title, labels in outline:
        deck = item(title, index, root, False)
        children = []
        for label in labels:
            children.append(item(label, index, deck, True))
            index += 1
        link(deck, children, len(children))
        decks.append(deck)
        total += 1 + len(children)
    link(root, decks, total)
    return decks
