"""A deck of dice: one die a row, its faces from the columns `face_1 ... face_N` (headers such
as `Face 1` match) or, with no such column, every face the row's element (its icon and the
face's number, as a bundled game's dice of the five elements are).

A die with a face missing cannot be printed: an empty face cell is named at its cell, a face
column the file lacks at the deck's line in game.yaml, as is a die with no way to know its
faces at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from printgen.errors import Problem
from printgen.model.decks import column_key
from printgen.model.game import Card, Component

FACE_COLUMN = re.compile(r"^face_?(\d{1,2})$")
DEFAULT_FACES = 6
COMMON_DICE = (4, 6, 8, 10, 12, 20)
"""The dice whose face count game.yaml may leave to the face columns: any other count (the
five columns of a d6 whose Face 6 was dropped) needs `faces:` said, not guessed."""


def face_columns(columns: Iterable[str]) -> dict[int, str]:
    """Face number -> the column holding it (`face_1`, as a header `Face 1` is read)."""
    found: dict[int, str] = {}
    for column in columns:
        match = FACE_COLUMN.match(column)
        if match:
            found.setdefault(int(match.group(1)), column)
    return dict(sorted(found.items()))


def face_count(deck: Component, columns: Iterable[str]) -> int:
    """How many faces the deck's dice have: `faces:`, else as many as its face columns, else 6
    (`dice_problems` refuses a count from the columns that no common die has)."""
    if deck.faces:
        return deck.faces
    return max(face_columns(columns), default=DEFAULT_FACES)


def _uncommon(deck: Component, count: int, place: Callable[[str, str], Problem]) -> Problem:
    """A deck whose face columns stop at a count no common die has, with no `faces:`."""
    more = min((n for n in COMMON_DICE if n > count), default=None)
    if more is None:
        add = ""
    elif more == count + 1:
        add = f"add Face {more} (a d{more}), or "
    else:
        add = f"add Face {count + 1} ... Face {more} (a d{more}), or "
    return place(
        "kind",
        f"{deck.file}'s face columns stop at Face {count}, and no common die has {count} "
        f"faces: {add}say faces: {count} for a die of {count} faces",
    )


def dice_problems(
    deck: Component,
    columns: list[str],
    element_columns: list[str],
    place: Callable[[str, str], Problem],
) -> list[Problem]:
    """What keeps the deck's dice from being printed; `columns` are the deck file's columns,
    `place(key, message)` a problem at the deck's `key` in game.yaml."""
    faces = face_columns(columns)
    count = face_count(deck, columns)
    header = {c: h for c, h in ((c, _header(deck, c)) for c in faces.values())}
    if not faces:
        present = [c for c in element_columns if c in columns]
        if present:
            return _suitless(deck, present[0])
        return [
            place(
                "kind",
                f"a die needs its faces: columns Face 1 ... Face {count} in {deck.file}, or an "
                "element column whose icon every face shows",
            )
        ]
    if not deck.faces and count not in COMMON_DICE:
        return [_uncommon(deck, count, place)]
    problems = _face_columns_problems(deck, faces, count, header, place)
    for card in deck.cards:
        problems += _blank_faces(card, faces, count, header)
    return problems


def _face_columns_problems(
    deck: Component,
    faces: dict[int, str],
    count: int,
    header: dict[str, str],
    place: Callable[[str, str], Problem],
) -> list[Problem]:
    """A face column missing below the die's count of faces, or one beyond it."""
    problems = []
    missing = [n for n in range(1, count + 1) if n not in faces]
    if missing:
        listed = ", ".join(f"Face {n}" for n in missing)
        said = f"{count} faces" if deck.faces else f"its dice have {count} faces"
        problems.append(
            place("faces" if deck.faces else "kind", f"{said}, but {deck.file} has no {listed}")
        )
    beyond = [faces[n] for n in faces if n > count]
    if beyond:
        listed = ", ".join(repr(header[c]) for c in beyond)
        problems.append(
            place(
                "faces",
                f"faces: {count}, but {deck.file} also has {listed}; say faces: "
                f"{max(faces)} or remove the column",
            )
        )
    return problems


def _blank_faces(
    card: Card, faces: dict[int, str], count: int, header: dict[str, str]
) -> list[Problem]:
    """Each face of a die left empty."""
    problems = []
    for number in range(1, count + 1):
        column = faces.get(number)
        if column is None or card.as_text(column).strip():
            continue
        file, line = card.place(column)
        problems.append(
            Problem(
                file,
                line,
                f"column {header[column]!r}",
                f"the die {card.name!r} has no face {number}: every face needs a text or an "
                "icon (:name:)",
            )
        )
    return problems


def _suitless(deck: Component, column: str) -> list[Problem]:
    """Each die of a deck whose faces all show its element that names none."""
    problems = []
    for card in deck.cards:
        if not card.fields.get(column):
            file, line = card.place(column)
            problems.append(
                Problem(
                    file,
                    line,
                    f"column {_header(deck, column)!r}",
                    f"the die {card.name!r} has no faces: every face shows its {column}, and "
                    f"this row has none (or give the deck columns Face 1 ... Face N)",
                )
            )
    return problems


def _header(deck: Component, column: str) -> str:
    """The header the deck's file gives `column` (`Face 1` for face_1)."""
    return next((h for h in deck.undeclared if column_key(h) == column), column)
