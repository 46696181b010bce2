"""The exceptions a user sees. Each carries its place so the message alone says what to fix.

The CLI turns any `PrintgenError` into its message on stderr and exit code 2; nothing else in
the package prints or exits.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Characters that break, move or recolour a terminal's line, or reverse its text: control
characters (C0, DEL, C1), the Unicode line and paragraph separators, bidi overrides."""


def printable(text: str) -> str:
    """`text` with each control character written as its escape (`\\n`, `\\x1b`,
    `\\u202e`): a sheet's name, a header or a cell that reaches a message cannot start a
    line of its own (`printgen: validate ok`), move the cursor or recolour the terminal."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input, and where: `cards.csv:14: column 'count': expected ...`."""

    file: str
    line: int | None
    field: str
    message: str
    column: int | None = None

    @classmethod
    def at(cls, where: str, field: str, message: str) -> Problem:
        """A problem at a place written as messages write it: `design.yaml:24`, or a file
        alone (what follows the last colon is the line when it is a number)."""
        file, _, line = where.rpartition(":")
        if not line.isdigit():
            return cls(where, None, field, message)
        return cls(file, int(line), field, message)

    def __str__(self) -> str:
        place = self.file
        if self.line is not None:
            place += f":{self.line}"
            if self.column is not None:
                place += f":{self.column}"
        field = f" {self.field}:" if self.field else ""
        return printable(f"{place}:{field} {self.message}")


class PrintgenError(Exception):
    """Base of every error meant for a user (exit code 2)."""


class DataError(PrintgenError):
    """Bad input data: one or more problems, all reported together."""

    def __init__(self, problems: list[Problem]) -> None:
        # by place; problems at one place in the order they were found (the order of the
        # icons in a cell), the same every run: a set's order changed with the hash seed
        self.problems = sorted(
            dict.fromkeys(problems),
            key=lambda p: (*_place_key(p.file), p.line or 0, p.column or 0, p.field),
        )
        super().__init__("\n".join(str(p) for p in self.problems))


_CELL = re.compile(r"(?P<sheet>.*!)(?:(?P<letters>[A-Z]+)|row )(?P<row>[0-9]+)(?::[A-Z]+[0-9]+)?")
"""A workbook's place: `cards.xlsx:Cards!B10`, `...!row 7`, a range `...!C3:D3`."""


def _place_key(file: str) -> tuple[str, int, int, str]:
    """How places sort: a workbook's cells by row, then column (`B5` before `B10`, `Z5` before
    `AA5`), as a designer reads the sheet; files by name."""
    cell = _CELL.fullmatch(file)
    if cell is None:
        return file, 0, 0, ""
    letters = cell["letters"] or ""
    return cell["sheet"], int(cell["row"]), len(letters), letters


class UsageError(PrintgenError):
    """A command-line argument that cannot be used (unknown game, bad option value)."""


class RenderError(PrintgenError):
    """A kit could not be drawn (missing glyph, refused resource, too many pages)."""


class PreflightFailed(RenderError):
    """A shop's file fails a check of the shop's preflight (exit 1: the checks found
    problems, as `printgen preflight` says). `report` is the preflight's table (its file
    name and bytes), written though the shop's files are not, to read what failed."""

    def __init__(self, message: str, report: tuple[str, bytes] | None = None) -> None:
        super().__init__(message)
        self.report = report


class ShopError(RenderError):
    """Some shops' files could not be made, or fail their preflight: each shop's message and
    exit code (1 for a failed check, 2 otherwise), by shop. The rest of the part is made and
    written (a shop's failure is that shop's alone)."""

    def __init__(self, failures: dict[str, tuple[str, int]]) -> None:
        self.failures = failures
        super().__init__("; ".join(f"shop {shop}: {m}" for shop, (m, _) in failures.items()))


def display_path(path: Path | str) -> str:
    """A path as a user would like to read it: relative to the working folder when inside it.
    Symbolic links are not followed: a message names the file the user has, never the file a
    link leads to (which may be a secret's name)."""
    p = Path(path)
    try:
        return str(Path(os.path.abspath(p)).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(p)


class SituationError(PrintgenError):
    """A situation (a `score` file or an example) that breaks the game's rules or format.

    `path` leads to the offending value (`("players", 0, "map", 2)`), so the caller can name
    the file and line.
    """

    def __init__(self, path: tuple[object, ...], message: str) -> None:
        self.path = path
        self.message = message
        where = ".".join(str(p) for p in path)
        super().__init__(f"{where}: {message}" if where else message)
