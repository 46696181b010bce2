"""What changed between two versions of a game (`printgen diff`, `build --changed-since`):
cards added, removed and changed (each changed column old -> new, the count, and whether the
face changed as drawn), and each deck's total as the rulebook's components table prints it.

A card is known by its deck and id. Whether its face changed is read off the content keys of
its two fronts (printgen.render.faces.content_keys), not by drawing them: a palette colour of
one suit marks that suit's cards, a new font or icon marks every card, a changed count alone
marks none.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypedDict

from printgen.model import Card, Component, Game
from printgen.model.game import FieldValue
from printgen.render.faces.content_keys import ContentKeys
from printgen.render.faces.render import card_suits, design_of, roles


@dataclass(frozen=True)
class Column:
    name: str
    old: FieldValue
    new: FieldValue


@dataclass(frozen=True)
class CardEntry:
    """A card added or removed: all of it."""

    deck: str
    id: str
    name: str
    count: int


@dataclass(frozen=True)
class CardChange:
    """A card in both versions that differs: its columns, its count, its face."""

    deck: str
    id: str
    name: str
    columns: tuple[Column, ...]
    old_count: int
    new_count: int
    face: bool  # the front as drawn differs

    @property
    def reprinted(self) -> int:
        """Copies to print anew: every copy of a new face, else the copies added."""
        return self.new_count if self.face else max(0, self.new_count - self.old_count)

    @property
    def withdrawn(self) -> int:
        """Copies of the old print to take out of the deck."""
        return self.old_count if self.face else max(0, self.old_count - self.new_count)


@dataclass
class GameDiff:
    game: str
    against: str
    added: list[CardEntry] = field(default_factory=list)
    removed: list[CardEntry] = field(default_factory=list)
    changed: list[CardChange] = field(default_factory=list)
    totals: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each deck's total, old and new, for every deck in either version."""

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed)

    def to_json(self) -> DiffJson:
        return {
            "game": self.game,
            "against": self.against,
            "added": [_entry(e) for e in self.added],
            "removed": [_entry(e) for e in self.removed],
            "changed": [_change(c) for c in self.changed],
            "totals": {d: {"old": old, "new": new} for d, (old, new) in self.totals.items()},
            "components_table": {
                d: {"old": old, "new": new} for d, (old, new) in self.totals.items() if old != new
            },
        }


class Counts(TypedDict):
    old: int
    new: int


class Values(TypedDict):
    old: FieldValue
    new: FieldValue


class EntryJson(TypedDict):
    deck: str
    id: str
    name: str
    count: int


class ChangeJson(TypedDict):
    deck: str
    id: str
    name: str
    fields: dict[str, Values]
    count: Counts
    face: bool


class DiffJson(TypedDict):
    """`printgen diff --json`: what changed in one game, in the order it is printed."""

    game: str
    against: str
    added: list[EntryJson]
    removed: list[EntryJson]
    changed: list[ChangeJson]
    totals: dict[str, Counts]
    components_table: dict[str, Counts]


def _entry(entry: CardEntry) -> EntryJson:
    return {"deck": entry.deck, "id": entry.id, "name": entry.name, "count": entry.count}


def _change(change: CardChange) -> ChangeJson:
    return {
        "deck": change.deck,
        "id": change.id,
        "name": change.name,
        "fields": {c.name: {"old": c.old, "new": c.new} for c in change.columns},
        "count": {"old": change.old_count, "new": change.new_count},
        "face": change.face,
    }


def _cards(game: Game) -> dict[tuple[str, str], tuple[Component, Card]]:
    """Every card of the decks whose faces are drawn, by deck and id."""
    decks = [*game.printed_decks, *game.piece_decks]
    return {(deck.name, card.id): (deck, card) for deck in decks for card in deck.cards}


def _columns(old: Card, new: Card) -> tuple[Column, ...]:
    before = {"name": old.name, "kind": old.kind, **old.fields}
    after = {"name": new.name, "kind": new.kind, **new.fields}
    names = [*before, *(k for k in after if k not in before)]
    return tuple(
        Column(name, before.get(name), after.get(name))
        for name in names
        if name != "count" and before.get(name) != after.get(name)
    )


def content_keys(game: Game) -> ContentKeys:
    """The content keys of `game`'s fronts, its design read as validate reads it (a mistake in
    it leaves its box out rather than stopping the diff)."""
    design = design_of(game, keep_going=True)
    found = roles(game, design)
    return ContentKeys(game, design, found, card_suits(game, found["suit"]))


def diff_games(old: Game, new: Game, against: str) -> GameDiff:
    """`new` against `old` (`against` says where `old` came from, for the report)."""
    result = GameDiff(new.id, against)
    before, after = _cards(old), _cards(new)
    old_keys, new_keys = content_keys(old), content_keys(new)
    for place, (deck, card) in after.items():
        if place not in before:
            result.added.append(CardEntry(deck.name, card.id, card.name, card.count))
            continue
        old_deck, old_card = before[place]
        face = old_keys.front(old_deck, old_card) != new_keys.front(deck, card)
        columns = _columns(old_card, card)
        if face or columns or old_card.count != card.count:
            result.changed.append(
                CardChange(deck.name, card.id, card.name, columns, old_card.count, card.count, face)
            )
    for place, (deck, card) in before.items():
        if place not in after:
            result.removed.append(CardEntry(deck.name, card.id, card.name, card.count))
    names = [*old.components, *(d for d in new.components if d not in old.components)]
    for name in names:
        was, now = old.components.get(name), new.components.get(name)
        result.totals[name] = (was.total if was else 0, now.total if now else 0)
    return result


def lines(diff: GameDiff) -> Iterator[str]:
    """The diff as text, for a terminal."""
    yield f"{diff.game}: against {diff.against}"
    if diff.empty:
        yield "  no card added, removed or changed"
    if diff.added:
        yield f"added ({len(diff.added)}):"
        yield from (f"  + {e.deck}/{e.id} {e.name!r} x{e.count}" for e in diff.added)
    if diff.removed:
        yield f"removed ({len(diff.removed)}):"
        yield from (f"  - {e.deck}/{e.id} {e.name!r} x{e.count}" for e in diff.removed)
    if diff.changed:
        yield f"changed ({len(diff.changed)}):"
        for change in diff.changed:
            yield from _change_lines(change)
    moved = {d: t for d, t in diff.totals.items() if t[0] != t[1]}
    if moved:
        yield "components table (the rulebook's):"
        yield from (f"  {d}: {old} -> {new} cards" for d, (old, new) in moved.items())
    else:
        yield "components table unchanged: " + ", ".join(
            f"{d} {new}" for d, (_, new) in diff.totals.items()
        )


def _change_lines(change: CardChange) -> Iterator[str]:
    yield f"  * {change.deck}/{change.id} {change.name!r}"
    for column in change.columns:
        yield f"      {column.name}: {_shown(column.old)} -> {_shown(column.new)}"
    if change.old_count != change.new_count:
        yield f"      count: {change.old_count} -> {change.new_count}"
    if change.face:
        why = "" if change.columns else " (design, art, font or palette)"
        yield f"      face: changed{why}"
    else:
        yield "      face: unchanged"


def _shown(value: FieldValue) -> str:
    return "(empty)" if value is None or value == "" else repr(value)
