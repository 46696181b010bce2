"""The typed model of one game's data. Built only by `printgen.model.load`."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeAlias

from printgen.layout.shapes import Shape
from printgen.layout.sizes import Size
from printgen.model.parts import PartSpec
from printgen.model.sources import Located
from printgen.model.tables import SheetCells
from printgen.model.yaml_value import YamlMapping, YamlValue

FieldValue: TypeAlias = str | int | bool | tuple[str, ...] | None
"""A card's cell as the deck reader types it (`printgen.model.decks`, `inferred`): text (a
text, money, element or image column), a whole number, a flag, the names of a symbols column,
or None for an empty cell."""


@dataclass(frozen=True)
class Card:
    """One row of a card (or dice) file: a face printed `count` times."""

    id: str
    name: str
    count: int
    kind: str
    fields: dict[str, FieldValue]
    file: str
    line: int
    cells: SheetCells | None = None
    """Where a workbook's card has its cells; None for a CSV line."""

    def as_text(self, column: str) -> str:
        """Any column's cell as text, for a column whose type the caller does not know (a
        die's face, a design's suit): "" when empty or no such column."""
        value = self.fields.get(column)
        return "" if value is None else str(value)

    def text(self, column: str) -> str | None:
        """A text, money, element or image column's cell (None: empty or no such column)."""
        value = self.fields.get(column)
        if value is None or isinstance(value, str):
            return value
        raise self._holds(column, value, "text")

    def number(self, column: str, default: int = 0) -> int:
        """A whole-number column's cell (`default`: empty or no such column)."""
        value = self.fields.get(column)
        if value is None:
            return default
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise self._holds(column, value, "a whole number")

    def names(self, column: str) -> tuple[str, ...]:
        """A symbols column's names (none: empty or no such column)."""
        value = self.fields.get(column)
        if value is None or isinstance(value, tuple):
            return value or ()
        raise self._holds(column, value, "names")

    def _holds(self, column: str, value: FieldValue, wanted: str) -> TypeError:
        """The deck reader gives each column one type: another is a program's mistake."""
        return TypeError(f"{self.where(column)}: column {column!r} holds {value!r}, not {wanted}")

    def place(self, column: str | None = None) -> tuple[str, int | None]:
        """(file, line) for a Problem: `cards.csv`, 14; or the cell of a workbook's card,
        `cards.xlsx:Cards!C14` (its name's cell when the column is not in the sheet)."""
        if self.cells is None:
            return self.file, self.line
        return self.cells.at(column, self.line), None

    def where(self, column: str | None = None) -> str:
        """The card's place as a message starts it: `cards.csv:14`, `cards.xlsx:Cards!C14`."""
        file, line = self.place(column)
        return file if line is None else f"{file}:{line}"


@dataclass(frozen=True)
class Component:
    """A printed deck or pool of dice, or a derived pool (`from` another, some kinds left out)."""

    name: str
    cards: tuple[Card, ...]
    declared: int | None
    kind: str = "cards"  # cards | dice
    file: str | None = None
    derived_from: str | None = None
    exclude_kinds: tuple[str, ...] = ()
    faces: int | None = None
    where: str = ""  # game.yaml:line, for messages
    undeclared: tuple[str, ...] = ()
    """Headers of the deck's file that game.yaml does not declare (read as optional text)."""
    numbers: tuple[str, ...] = ()
    """Those of them read as whole numbers, each cell holding one (`printgen.model.numbers`)."""
    flags: tuple[str, ...] = ()
    """Those of them read as flags, each cell holding TRUE, FALSE or the like (`flags`)."""
    money: tuple[str, ...] = ()
    """Those of them read as money, each cell an amount such as `$3` (`money`)."""
    figures: tuple[str, ...] = ()
    """Those of them read as text whose every cell is a short figure (`2 / 2`, `* / *`, `X`:
    `printgen.model.inferred.is_figure`): a card prints each with its header, as a number."""
    back: str | YamlMapping | None = None
    """The deck's `back:` as game.yaml gives it (the card designs read it)."""
    metadata: tuple[str, ...] = ()
    """Headers of an export's own bookkeeping (`Created`, `Last edited time`, `#`) left out
    of the cards (`printgen.model.decks.METADATA`)."""
    ignored: tuple[str, ...] = ()
    """Headers the deck's `ignore:` leaves out of the cards."""
    hidden_rows: tuple[int, ...] = ()
    """Rows of the deck's sheet hidden there (a filter, Hide Rows) and read as cards."""
    shape: Shape | None = None
    """The deck's pieces (`shape:`, `size:` in game.yaml; a die's face, a square of its edge),
    None for cards at the game's card size (`printgen.model.pieces`)."""
    sides: int = 1
    """2: each row has its own back, drawn from its columns by the deck's back design."""
    columns: tuple[str, ...] = ()
    """The columns the deck's file feeds (its headers as read); empty for a derived deck."""

    @property
    def total(self) -> int:
        return sum(card.count for card in self.cards)

    @property
    def printed(self) -> bool:
        """A deck of cards, printed in the kit's card files (cards.pdf ...)."""
        return self.derived_from is None and self.kind == "cards" and self.shape is None

    @property
    def pieces(self) -> bool:
        """A deck of pieces (tiles, tokens, dice: a shape or size of its own), printed in a
        file of its own, `<deck>.pdf`."""
        return self.derived_from is None and (self.kind == "dice" or self.shape is not None)


@dataclass(frozen=True)
class KindSpec:
    name: str
    label: str
    requires: tuple[str, ...] = ()
    forbids: tuple[str, ...] = ()
    fixed: dict[str, YamlValue] = field(default_factory=dict)


@dataclass(frozen=True)
class Deal:
    pool: str
    cards_each: dict[int, int]
    keep_at_least: int
    rest_is: str
    where: str


@dataclass(frozen=True)
class ScoringRule:
    """One named rule of game.yaml `scoring:` and its line (printgen.model.scoring)."""

    name: str
    expression: str
    line: int


@dataclass(frozen=True)
class Game:
    id: str
    name: str
    subtitle: str
    folder: Path
    min_players: int
    max_players: int
    elements: tuple[str, ...]
    symbols: tuple[str, ...]
    card_size: Size | None
    columns: dict[str, str]
    kinds: dict[str, KindSpec]
    components: dict[str, Component]
    deal: Deal | None
    rules: YamlMapping
    languages: tuple[str, ...]
    provisional: str | None
    raw: dict[str, YamlValue]
    """game.yaml as read and checked (its keys are text), for what reads it whole."""
    located: Located
    parts: dict[str, PartSpec] = field(default_factory=dict)
    """game.yaml `parts:`: boards, sheets and tuck boxes, drawn from the design's `parts:`."""
    engine: str | None = None  # the rules engine game.yaml names (printgen.rules.engine)
    scoring: tuple[ScoringRule, ...] = ()
    """game.yaml `scoring:`, a game with no engine's rules as data (printgen.model.scoring)."""
    icons: dict[str, str] = field(default_factory=dict)
    """Icons the card text uses (`:coin:`) -> their file, relative to the game's folder."""
    undeclared: tuple[str, ...] = ()
    """Columns read from the decks' headers that game.yaml does not declare."""
    headers: dict[str, str] = field(default_factory=dict)
    """Each header of the decks' files -> the column it feeds (`Frequency` -> count, when the
    deck renames it), so a design may name a column by the header the designer sees."""
    element_names: dict[str, str] = field(default_factory=dict)
    """Each element's name as game.yaml writes it, where that is not its id (`Ceres Union` for
    ceres-union): what cards and rulebooks print for it."""
    stamp: str = ""
    """The version stamp every front prints (printgen.model.stamp): `v3 · 2026-11-29`, each
    card's content hash added where it is drawn; empty without `version:` or with
    `build --no-stamp` (`without_stamp`)."""
    url: str | None = None
    """game.yaml's `url:`: the rulebook and the tuck box print it as a QR code."""
    face_language: str | None = None
    """The language of the card faces when not the first of `languages` (`build --lang`, a
    rulebook in another language): each column X reads from X_<lang> where the card has one."""

    def in_language(self, lang: str | None) -> Game:
        """This game with its faces in `lang`, when the game lists that language (the first
        language, or one the game does not have, leaves the faces as written)."""
        wanted = lang if lang in self.languages[1:] else None
        return self if wanted == self.face_language else replace(self, face_language=wanted)

    def without_stamp(self) -> Game:
        """This game with no version stamp on its faces (`build --no-stamp`)."""
        return replace(self, stamp="") if self.stamp else self

    @property
    def totals(self) -> dict[str, int]:
        """Each deck or pool and its computed count (`validate --json` prints this)."""
        return {name: comp.total for name, comp in self.components.items()}

    @property
    def printed_decks(self) -> list[Component]:
        """The decks of cards (cards.pdf and the other card files)."""
        return [comp for comp in self.components.values() if comp.printed]

    @property
    def piece_decks(self) -> list[Component]:
        """The decks of pieces and dice, each printed to `<deck>.pdf`."""
        return [comp for comp in self.components.values() if comp.pieces]

    def file(self, name: str) -> Path:
        return self.folder / name

    def rules_line(self, *path: Hashable) -> int:
        """The line in game.yaml of a value under `rules:`, for messages."""
        return self.located.at_path(("rules", *path))
