"""What a card front's pictures are kept by in the build store, known without drawing it.

A front's SVG is a function of its card's row, its deck's name, the design's files (game.yaml,
design data, templates, fonts, icons and art: the game's folder but its card tables, and the
shared templates) and a few facts of the whole game (`Renderer.shared_facts`: the suits in
order, the columns...). Its key hashes exactly these, so a batch of cards whose PNGs, TTS sheet
and PDF windows are in the store is made without writing one SVG (about 2 ms a card) or drawing
one face; an edit of one card's row changes that card's key only. The store's own key adds
printgen's code and the fonts fontconfig offers (printgen.files.memo).
"""

from __future__ import annotations

import hashlib
import json
from typing import Protocol

from printgen.files.hashing import hash_tree
from printgen.files.templates import templates_dir
from printgen.model import Card, Component, Game


class SharesFacts(Protocol):
    """What draws a game's fronts (`printgen.render.faces.render.Renderer`), as far as its
    key goes: the facts every front shares, as text."""

    def shared_facts(self) -> str: ...


def design_key(game: Game, renderer: SharesFacts) -> str:
    """Everything of `game` its fronts are drawn from besides their own rows."""
    tables = {game.folder / deck.file for deck in game.components.values() if deck.file}
    digest = hashlib.sha256()
    for piece in (
        hash_tree(templates_dir()),
        hash_tree(game.folder, leave_out=tables),
        renderer.shared_facts(),
    ):
        digest.update(piece.encode())
        digest.update(b"\0")
    return digest.hexdigest()


def front_key(design: str, deck: Component, card: Card) -> str:
    """The key of `card`'s front in `deck`, given the game's `design_key`."""
    row = [deck.name, card.id, card.name, card.count, card.kind, card.fields]
    text = json.dumps(row, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(f"{design}\0{text}".encode()).hexdigest()
