"""The parts a kit is made of, and which games have which.

Cards and rulebooks come from any game's data (printed decks; `rules.md`); the board and the
player sheet are drawings of their own, asked for in game.yaml with `kit: [board]` or
`kit: [player-sheet]`, so a new game needs data and templates, not new core code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from printgen.kit.names import Made
from printgen.model import Game


@dataclass(frozen=True)
class Part:
    name: str
    module: str
    function: str
    applies: Callable[[Game], bool]
    cost: int  # a rough relative cost, to start the slowest parts first
    pieces: str | None = None
    """The renderer module's function `(game, options) -> [(piece name, cost)]` listing the
    pieces the part can be built in apart (the renderer then takes `piece=`, and a cost like
    the parts'), or `module:function` when a lighter module knows them (every build plans,
    even one that then finds nothing to do); None: the part is one piece."""
    last: str | None = None
    """The piece that runs after the part's other pieces, when it joins what they made, and
    the pieces named `<last>-...` with it (the cards' whole-deck pieces, one a PDF, join the
    PDF windows the batches left in the build store)."""
    keys: str | None = None
    """`module:function`, `(game, options) -> {piece name: key}`: the pieces that are skipped
    when their key is the one the last build recorded and their files are unchanged (the
    batches of a large deck: after one card's edit, every batch but that card's); None: none.
    The function is asked only when the part's own key has changed."""

    def builder(self) -> Callable[..., Made]:
        """The renderer: `(game, options) -> {Output: bytes}` (or the same as `(output,
        bytes)` pairs, made one at a time); the kit names and writes the files."""
        return getattr(importlib.import_module(self.module), self.function)

    def pieces_of(self, game: Game, options: Any) -> tuple[tuple[str, int], ...]:
        if self.pieces is None:
            return ()
        module, _, function = self.pieces.rpartition(":")
        listed = getattr(importlib.import_module(module or self.module), function)
        return tuple(listed(game, options))

    def keys_of(self, game: Game, options: Any) -> dict[str, str]:
        if self.keys is None:
            return {}
        module, _, function = self.keys.rpartition(":")
        keys: dict[str, str] = getattr(importlib.import_module(module), function)(game, options)
        return keys


def _has_cards(game: Game) -> bool:
    return game.card_size is not None and any(d.kind == "cards" for d in game.printed_decks)


def _has_rules(game: Game) -> bool:
    from printgen.render.rulebook.source import has_rules

    return has_rules(game)


def _asks_for(part: str) -> Callable[[Game], bool]:
    return lambda game: part in game.kit


PARTS: dict[str, Part] = {
    part.name: part
    for part in (
        Part(
            "cards",
            "printgen.kit.cards",
            "card_files",
            _has_cards,
            3,
            "card_pieces",
            "decks",
            "printgen.kit.card_keys:card_piece_keys",
        ),
        Part(
            "rules",
            "printgen.render.rulebook.build",
            "rule_files",
            _has_rules,
            2,
            "printgen.render.rulebook.source:rule_pieces",
        ),
        Part("board", "printgen.render.boards", "board_files", _asks_for("board"), 1),
        Part("player-sheet", "printgen.render.boards", "sheet_files", _asks_for("player-sheet"), 1),
    )
}


def parts_of(game: Game) -> list[Part]:
    return [part for part in PARTS.values() if part.applies(game)]
