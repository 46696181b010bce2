"""The game's cards as the analysis reads them: one row a card design (its copies its count),
each column of a known kind (number, element, flag, symbols, image or text), and the groups
its statistics are given for (the whole game, each deck, kind and suit)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from printgen.model import Card, Game
from printgen.model.scoring.cards import column_kind

FLAVOUR = re.compile(r"^(flavou?r(_text)?|lore|quote)$")
"""Columns of story text, left out of the rules text the analysis compares and searches."""


@dataclass(frozen=True)
class Row:
    card: Card
    deck: str

    @property
    def copies(self) -> int:
        return self.card.count

    @property
    def where(self) -> str:
        return self.card.where()


@dataclass(frozen=True)
class Group:
    """Cards the statistics are given for: `kind` is all, deck, kind or suit."""

    kind: str
    value: str
    label: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Deck:
    """Every printed card of a game, read once for the analysis."""

    game: Game
    rows: tuple[Row, ...]
    kinds: dict[str, str]  # column -> number, element, flag, symbols, image or text

    def columns(self, *kinds: str) -> list[str]:
        return [c for c, k in self.kinds.items() if k in kinds]

    @property
    def numbers(self) -> list[str]:
        return self.columns("number")

    @property
    def suit(self) -> str | None:
        """The suit column: the game's first element column."""
        return next(iter(self.columns("element")), None)

    @property
    def rules_text(self) -> list[str]:
        """The text columns holding the cards' rules (not their names, art, flavour or their
        translations, `text_it`)."""
        others = tuple(f"_{lang}" for lang in self.game.languages[1:])
        return [
            c
            for c in self.columns("text")
            if not FLAVOUR.match(c) and not (others and c.endswith(others))
        ]

    def text_of(self, row: Row) -> str:
        return "\n".join(str(row.card.fields.get(c) or "") for c in self.rules_text).strip()

    @property
    def noun(self) -> str:
        """What a row is called: `card` in a game of cards, `row` where tokens, tiles or
        dice are among them (`26 cards` counted a die and the tokens as cards)."""
        decks = {r.deck for r in self.rows}
        cards = all(self.game.components[d].printed for d in decks if d in self.game.components)
        return "card" if cards else "row"

    def groups(self) -> Iterator[Group]:
        """The whole game, then each deck (when there are several), kind and suit."""
        yield Group("all", "", f"All {self.noun}s", self.rows)
        decks = list(dict.fromkeys(r.deck for r in self.rows))
        if len(decks) > 1:
            for deck in decks:
                yield Group("deck", deck, f"Deck: {deck}", self._where(lambda r: r.deck, deck))
        kinds = list(dict.fromkeys(r.card.kind for r in self.rows if r.card.kind))
        if len(kinds) > 1:
            for kind in kinds:
                label = self.game.kinds[kind].label if kind in self.game.kinds else kind
                yield Group(
                    "kind",
                    kind,
                    f"Kind: {label}",
                    self._where(lambda r: r.card.kind, kind),
                )
        suit = self.suit
        if suit is not None:
            values = list(
                dict.fromkeys(str(v) for r in self.rows if (v := r.card.fields.get(suit)))
            )
            for value in values:
                name = self.game.element_names.get(value, value)
                yield Group(
                    "suit",
                    value,
                    f"Suit: {name}",
                    self._where(lambda r: r.card.fields.get(suit), value),
                )

    def _where(self, key: Callable[[Row], object], value: object) -> tuple[Row, ...]:
        """The rows whose `key` is `value`."""
        return tuple(r for r in self.rows if key(r) == value)


def deck_of(game: Game) -> Deck:
    rows = tuple(
        Row(card, deck.name)
        for deck in game.components.values()
        if not deck.derived_from
        for card in deck.cards
    )
    kinds = {c: column_kind(t) for c, t in game.columns.items()}
    for column, type_text in game.columns.items():
        if type_text.rstrip("?") == "image":
            kinds[column] = "image"
    return Deck(game, rows, kinds)
