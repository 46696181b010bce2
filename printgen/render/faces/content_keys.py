"""Each card front's content key: a hash of what its face shows, known without drawing it, and
the same for two copies of a game in different folders (`printgen diff`, the version stamp).

The build's own key of a front (printgen.render.faces.face_keys) hashes the whole design
folder and every deck's totals: right for a cache, which may redraw too much but never too
little, and wrong for telling a designer which cards changed, where a new palette colour for
one suit must mark only that suit's cards. A content key takes, for one card:

- the card's row without its count (copies of one face are one face; a changed count
  changes how many print, not what they look like);
- the design's boxes for the card's kind, its fonts, roles, words and minimum size, without
  the places they are written at (a line added above a box moves nothing);
- the palette as the card sees it: the named colours and its own suit's tones;
- the bytes of its own art file, and of every other file of the game's folder and the shared
  templates but the card tables, the design files, game.yaml, the cards' art and the
  rulebook's own files (`RULEBOOK_FILES`: a typo mended in rules.md or a worked example
  added marked every card changed) and the shared rulebook templates (fonts, icons,
  templates: a change there marks every card);
- game.yaml but what prints on no face: the deal, scoring, the parts, each deck's declared
  total and source, and the version stamp's own keys (`version`, `date`, `url`), so a new
  version number alone changes no card; of `components:`, only the card's own deck (a deck
  added changes no other's card);
- and no file an operating system or a spreadsheet leaves in the folder (`.DS_Store`, a
  hidden file, `~$cards.xlsx`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

from printgen.files.guarded import hash_file
from printgen.files.hashing import hash_tree
from printgen.files.templates import templates_dir
from printgen.model import Card, Component, Game
from printgen.render.faces.colours import Colours
from printgen.render.faces.palette import shared_palette
from printgen.render.faces.spec import Design

UNPRINTED_KEYS = ("deal", "scoring", "version", "date", "url", "parts")
"""game.yaml's keys that print on no card face (a board or a pad is a part of its own)."""
JUNK = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})
"""Files an operating system leaves in a folder, which print on nothing."""
UNPRINTED_DECK_KEYS = ("declared", "source")
DESIGN_FILES = ("design*.yaml", "palette*.yaml", "game.yaml")
RULEBOOK_FILES = (
    "rules*.md",
    "rules-labels*.yaml",
    "rules-anatomy*.yaml",
    "examples*.yaml",
    "clarifications*.yaml",
    "figures*.yaml",
    "figures*.json",
)
"""The game's files that print in the rulebook, the balance lab and validate, never on a face."""


class ContentKeys:
    """The content key of each card front of one game (see the module's docstring)."""

    def __init__(
        self, game: Game, design: Design, found: dict[str, str | None], suits: list[str]
    ) -> None:
        """`found`: the columns playing each role (printgen.render.faces.render.roles);
        `suits`: every suit of the cards in the order they deal colours (`card_suits`)."""
        self.game = game
        self.design = design
        self.found = found
        self.colours = Colours(shared_palette(), design.palette, suits)
        self._kinds: dict[str, str] = {}
        self._common = self._common_key()
        decks = printed_yaml(game.raw).get("components")
        self._decks: Mapping[str, object] = decks if isinstance(decks, dict) else {}
        """Each deck's game.yaml entry (what prints), which goes into its own cards' keys."""

    def _art(self, card: Card) -> Path | None:
        column = self.found["art"]
        value = card.fields.get(column) if column else None
        if not value:
            return None
        path = self.game.folder / str(value)
        return path if path.is_file() else None

    def _common_key(self) -> str:
        game = self.game
        tables = {game.folder / deck.file for deck in game.components.values() if deck.file}
        own = {p for pattern in DESIGN_FILES for p in game.folder.glob(pattern)}
        own |= {p for pattern in RULEBOOK_FILES for p in game.folder.glob(pattern)}
        cards = [card for deck in game.components.values() for card in deck.cards]
        art = {path for card in cards if (path := self._art(card))}
        design = self.design
        shared = {
            "fonts": design.fonts,
            "roles": design.roles,
            "words": design.words,
            "min_size": design.min_size,
            "language": design.language,
            "named": self.colours.named,
        }
        junk = {p for p in game.folder.rglob("*") if _junk(p.relative_to(game.folder))}
        printed = {k: v for k, v in printed_yaml(game.raw).items() if k != "components"}
        pieces = [
            hash_tree(templates_dir(), leave_out=_rulebook_templates()),
            hash_tree(game.folder, leave_out=tables | own | art | junk),
            _text(printed, game.folder),  # each deck's own entry goes with its cards
            _text(shared, game.folder),
            str(game.face_language),
        ]
        return _digest(pieces)

    def _kind_key(self, kind: str) -> str:
        if kind not in self._kinds:
            self._kinds[kind] = _digest([_text(self.design.boxes_for(kind), self.game.folder)])
        return self._kinds[kind]

    def front(self, deck: Component, card: Card) -> str:
        """The content key of `card`'s front in `deck`, as 64 hex digits."""
        suit = card.as_text(self.found["suit"]) if self.found["suit"] else ""
        art = self._art(card)
        row = {k: v for k, v in card.fields.items() if k != "count"}
        entry = self._decks.get(deck.name)
        pieces = [
            self._common,
            _text(entry, self.game.folder),  # its deck's game.yaml entry, not the others'
            self._kind_key(card.kind),
            _text(self.colours.tones(suit or None), self.game.folder),
            hash_file(art).hex() if art else "",
            _text([deck.name, card.id, card.name, card.kind, row], self.game.folder),
        ]
        return _digest(pieces)


def printed_yaml(raw: Mapping[str, object]) -> dict[str, object]:
    """game.yaml without what prints on no face (`UNPRINTED_KEYS`, `UNPRINTED_DECK_KEYS`)."""
    printed = {k: v for k, v in raw.items() if k not in UNPRINTED_KEYS}
    decks = printed.get("components")
    if isinstance(decks, dict):
        printed["components"] = {
            name: {k: v for k, v in spec.items() if k not in UNPRINTED_DECK_KEYS}
            if isinstance(spec, dict)
            else spec
            for name, spec in decks.items()
        }
    return printed


def _junk(relative: Path) -> bool:
    """A file that prints on nothing: an operating system's (`.DS_Store`), a hidden one or in
    a hidden folder (`.git/`), a spreadsheet's lock file (`~$cards.xlsx`)."""
    name = relative.name
    hidden = any(part.startswith(".") for part in relative.parts)
    return hidden or name in JUNK or name.startswith("~$")


def _rulebook_templates() -> set[Path]:
    """The shared rulebook's templates (`common/rulebook`): its look, never a face's, as the
    game's own rulebook files are not (a new rulebook style marked every card changed)."""
    return {path for path in (templates_dir() / "common" / "rulebook").rglob("*")}


def _digest(pieces: list[str]) -> str:
    return hashlib.sha256("\0".join(pieces).encode()).hexdigest()


def _text(value: object, folder: Path) -> str:
    return json.dumps(_plain(value, folder), sort_keys=True, ensure_ascii=False, default=repr)


def _plain(value: object, folder: Path) -> object:
    """`value` as JSON data without the places it was written at (`where`) and with paths
    inside the game's folder made relative to it. A dataclass's fields left out of its
    comparisons are left out here too: they are what drawing found out and kept (a box's
    `_place_where`), and a key must not change because a face was drawn before it."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _plain(getattr(value, f.name), folder)
            for f in dataclasses.fields(value)
            if f.name != "where" and f.compare
        }
    if isinstance(value, dict):
        return {str(k): _plain(v, folder) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_plain(v, folder) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, Path):
        path, root = value.resolve(), folder.resolve()
        return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(value)
    return value
