"""A note of what validate read without game.yaml declaring it."""

from __future__ import annotations

import difflib
import re

from printgen.errors import PrintgenError
from printgen.model import Card, Component, Game
from printgen.model.decks import COUNT_HEADERS, TRANSLATION, column_key
from printgen.model.dice import FACE_COLUMN
from printgen.rules.engine import Check

SAID = (
    ("suit", "read as the cards' suit (the design's suit: its colours and icon): {}"),
    ("text", "read as optional text: {}"),
    ("numbers", "read as whole numbers (a card prints each as its name and value): {}"),
    ("images", "read as the card's art (image files): {}"),
    ("flags", ""),  # `_flags_said`
    ("money", "read as money (a card prints each as its name and amount, Price $3): {}"),
    ("figures", "read as figures (a card prints each as its name and value, P/T 2 / 2): {}"),
)
"""How each kind of undeclared column was read, in the order the note says them."""


def undeclared_note(game: Game) -> list[Check]:
    """The columns read as optional text because game.yaml does not declare them (a die's
    face columns aside: the die uses them)."""
    decks = [d for d in game.components.values() if d.undeclared]
    if not decks:
        return []
    suit = _suit_column(game)
    said = []
    for kind, words in SAID:
        found = {
            d.file: [
                h
                for h in _read_as(game, d, kind, suit)
                if not _face(d, h) and not _feeds(game, d, h)
            ]
            for d in decks
        }
        listed = _listed(found)
        if listed:
            said.append(words.format(listed) if words else _flags_said(game, listed))
    if not said:
        return []
    text = "; ".join(said) + " (declare them under columns: to type them)"
    return [Check("undeclared columns", True, "warning", text)]


def _suit_column(game: Game) -> str | None:
    """The column the cards' design reads as their suit (an undeclared `Suit` header is the
    suit when no element column is: printgen.render.faces.render.roles)."""
    # the design engine: only for a game with undeclared columns to say
    from printgen.render.faces.render import design_of, roles

    try:
        return roles(game, design_of(game, keep_going=True))["suit"]
    except PrintgenError:  # a design that cannot be read is said by the design checks
        return None


def _read_as(game: Game, deck: Component, kind: str, suit: str | None = None) -> list[str]:
    """The deck's undeclared columns read as `kind` (one of `SAID`'s); `suit` the column the
    design reads as the suit."""

    def image(header: str) -> bool:
        return game.columns.get(game.headers.get(header, ""), "").startswith("image")

    def is_suit(header: str) -> bool:
        return suit is not None and game.headers.get(header, column_key(header)) == suit

    if kind == "suit":
        return [h for h in deck.undeclared if is_suit(h)]
    if kind == "text":
        typed = (*deck.numbers, *deck.flags, *deck.money, *deck.figures)
        return [h for h in deck.undeclared if h not in typed and not image(h) and not is_suit(h)]
    if kind == "images":
        return [h for h in deck.undeclared if image(h)]
    return list(getattr(deck, kind))


def _feeds(game: Game, deck: Component, header: str) -> bool:
    """A translation of a column the deck has into one of the game's other languages
    (`name_fr`, `Effect_fr`): the faces in that language print it, nothing to declare."""
    named = TRANSLATION.fullmatch(game.headers.get(header, column_key(header)))
    if named is None or named.group(2) not in game.languages[1:]:
        return False
    return named.group(1) in CARD_COLUMNS | {key for card in deck.cards for key in card.fields}


def _face(deck: Component, header: str) -> bool:
    """A face column of a die (`Face 3`): the die prints it, whatever game.yaml declares."""
    return deck.kind == "dice" and FACE_COLUMN.match(column_key(header)) is not None


def _flags_said(game: Game, listed: str) -> str:
    """How flag columns are read, and how a box names one (the first of them)."""
    header = next(h for d in game.components.values() for h in d.flags)
    column = game.headers.get(header, header)
    return (
        "read as flags (TRUE/FALSE, yes/no), printed only where a box names one "
        f'(when: "{{{{ {column} }}}}"): {listed}'
    )


def _listed(headers: dict[str | None, list[str]]) -> str:
    return "; ".join(f"{file}: " + ", ".join(map(repr, h)) for file, h in headers.items() if h)


def left_out_note(game: Game) -> list[Check]:
    """The columns of the decks' files left out of the cards: an export's bookkeeping
    (`Created`, `Tags`, `#`) and what a deck's `ignore:` names, so that nothing a file holds
    goes unsaid."""
    decks = [d for d in game.components.values() if d.metadata or d.ignored]
    metadata = _listed({d.file: list(d.metadata) for d in decks})
    ignored = _listed({d.file: list(d.ignored) for d in decks})
    said = (
        [
            f"an export's bookkeeping, not printed: {metadata} "
            "(declare one under columns: to print it)"
        ]
        if metadata
        else []
    ) + ([f"left out, as the deck's ignore: says: {ignored}"] if ignored else [])
    return [Check("columns left out", True, "warning", "; ".join(said))] if said else []


def translation_note(game: Game) -> list[Check]:
    """Undeclared columns named as a translation into one of the game's other languages
    (`Effect_fr`) of a column their deck does not have: a misspelt one (`Efect_fr` beside
    `Effect`) translates nothing and prints as optional text on every face, so it is named
    with the column it most likely meant (one named so with no column like it is left
    alone: `Set_id` in a game of en and id is no translation)."""
    others = set(game.languages[1:])
    found = []
    for deck in game.components.values():
        columns = CARD_COLUMNS | {key for card in deck.cards for key in card.fields}
        bases = [c for c in columns if not _translated(c, others)]
        shown = {column_key(h): h for h in deck.undeclared}  # as the file writes them
        for header in deck.undeclared:
            # the column the header feeds: a renamed header's translation feeds the renamed
            # column's (`Card Name_fr` -> name_fr)
            named = TRANSLATION.fullmatch(game.headers.get(header, column_key(header)))
            if named is None or named.group(2) not in others or named.group(1) in columns:
                continue
            base, language = named.groups()
            close = difflib.get_close_matches(base, bases, n=1, cutoff=0.6)
            if close:  # nothing like it (`Set_id` in a game of en and id): no translation
                meant = f"{shown.get(close[0], close[0])}_{language}"
                found.append(f"{deck.file}: {header!r} (did you mean {meant}?)")
    if not found:
        return []
    text = (
        "named as translations of columns their decks do not have, so read as optional "
        f"text on every face: {'; '.join(found)}"
    )
    return [Check("translations", False, "warning", text)]


def untranslated_note(game: Game) -> list[Check]:
    """A note for each deck's translated columns that some rows leave empty: those rows
    print as written in a kit of that language (170 of 176 words of an Italian deck built
    `--lang en` printed in Italian, unsaid: a designer's trial)."""
    said = []
    written = _written(game)
    for language in game.languages[1:]:
        suffix = f"_{language}"
        for deck in game.components.values():
            translated = sorted(
                {key for card in deck.cards for key in card.fields if key.endswith(suffix)}
            )
            gaps = []
            for column in translated:
                base = column.removesuffix(suffix)
                given = [card for card in deck.cards if _text(card, base)]
                empty = sum(1 for card in given if not _text(card, column))
                if empty:
                    gaps.append(
                        f"{empty} of {len(given)} rows have no {written.get(column, column)}"
                    )
            if gaps:
                said.append(f"[{language}] {deck.file}: {', '.join(gaps)}")
    if not said:
        return []
    text = f"note: {'; '.join(said)} (those rows print as written in that language's kit)"
    return [Check("translations given", True, "warning", text)]


HTML_TAG = re.compile(r"<(/?)(b|strong|i|em|br|u|span|font|p)\b[^>]*>", re.IGNORECASE)
"""A tag a deck exported from another tool (Squib, nanDECK, a spreadsheet) writes for bold,
italics or a break."""


def html_note(game: Game) -> list[Check]:
    """A warning for text columns holding HTML tags: they print as typed (the text is never
    read as HTML, so a card's data cannot inject any), where printgen's own markup is
    `**bold**`, `*italic*` and `\\n` (a designer's trial printed `<b>Salvage:</b> ...<br>`)."""
    found: dict[str, list[str]] = {}
    written = _written(game)
    for deck in game.components.values():
        if deck.derived_from is not None:
            continue
        for card in deck.cards:
            for column, value in card.fields.items():
                if isinstance(value, str) and HTML_TAG.search(value):
                    header = written.get(column, column)
                    found.setdefault(f"{deck.file}: {header!r}", []).append(str(card.line))
    if not found:
        return []
    said = "; ".join(
        f"{where} (line{'s' if len(lines) > 1 else ''} {', '.join(lines[:3])}"
        f"{' ...' if len(lines) > 3 else ''})"
        for where, lines in found.items()
    )
    text = (
        f"HTML tags print as typed: {said}; write **bold**, *italic* and \\n (a line break)"
        " instead, as designing-cards.md says"
    )
    return [Check("markup", False, "warning", text)]


def _written(game: Game) -> dict[str, str]:
    """Each column -> the header its file writes (the first deck's)."""
    return {column: header for header, column in reversed(game.headers.items())}


def _text(card: Card, column: str) -> bool:
    value = card.name if column == "name" else card.fields.get(column)
    return value not in (None, "", ())


CARD_COLUMNS = frozenset({"id", "name", "count", "kind"})
"""The columns every card has, beside its fields."""


def _translated(column: str, languages: set[str]) -> bool:
    named = TRANSLATION.fullmatch(column)
    return named is not None and named.group(2) in languages


COUNT_NAMES = ("count", *COUNT_HEADERS)
"""The headers a deck's count is read from (`Count`, and Squib's `Qty`, `Quantity`, `Copies`)."""


def count_note(game: Game) -> list[Check]:
    """A header of whole numbers one letter from the count's (`Qtty`), in a deck whose every
    card counts one: no column fed the count, so each card printed once, and the misspelt
    column printed on every card as a number (a designer's trial: 40 cards read as 16, no
    word said). One letter added, dropped, changed or swapped, the first kept: `Country`,
    `Mount` and `Quality` are columns of their own."""
    said = []
    for deck in game.components.values():
        if deck.derived_from or not deck.cards or any(c.count != 1 for c in deck.cards):
            continue
        for header in deck.numbers:
            like = _count_like(column_key(header))
            if like:
                said.append(
                    f"{deck.file}: column {header!r} reads like the count ({like!r}), but is "
                    "read as a number the cards print, and every card counts 1"
                )
    if not said:
        return []
    fix = " (name the header Count or Qty; or declare it under columns: to print it)"
    return [Check("count column", False, "warning", "; ".join(said) + fix)]


def _count_like(key: str) -> str | None:
    """The count's name `key` is one edit from (`qtty`: Qty), none when it is one."""
    for name in COUNT_NAMES:
        if key != name and key[:1] == name[:1] and _one_edit(key, name):
            return name.title()
    return None


def _one_edit(a: str, b: str) -> bool:
    """Whether `a` becomes `b` by one letter added, dropped, changed, or two side by side
    swapped."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))
