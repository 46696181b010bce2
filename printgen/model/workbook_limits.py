"""Bounds on a workbook's zip and XML, checked before openpyxl or the .ods reader reads any of it.

An `.xlsx` or `.ods` is a zip of XML parts, and the libraries believe what the parts declare:
a 5 KB sheet claiming 16,384 columns, 3 million cell styles or a million-times repeated row
costs gigabytes before a card is read. So every part is weighed first, against explicit limits:

- the zip: its number of parts, each part's inflated size and their sum, as the zip's
  directory declares them (Python's zipfile never inflates a part past its declared size, so
  a part that lies is cut short, never bigger);
- each XML part, streamed through expat (a few hundred bytes of memory whatever its size): no
  DOCTYPE (no entity can expand), nesting at most `MAX_XML_DEPTH` deep, at most its budget of
  elements, of each counted element (cells, styles, merged ranges, strings) and of children of
  one element (cells in a row), and all parts together at most the workbook's element budget.

Each limit is far above what a deck of cards needs and far below what hurts; a refusal names
the part and what it holds too much of.
"""

from __future__ import annotations

import io
import pyexpat
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import IO

from printgen.errors import DataError, Problem

MAX_PARTS = 1_000
MAX_PART_BYTES = 64_000_000  # one part, inflated
MAX_TOTAL_BYTES = 128_000_000  # every part, inflated
MAX_XML_DEPTH = 100  # a spreadsheet's parts nest some 15 deep
CHUNK = 1 << 16


@dataclass(frozen=True)
class Budget:
    """What one XML part may hold: `elements` in all; of each counted tag (its local name),
    at most so many, said in words; of the children of one element with a tag, at most so
    many."""

    elements: int
    tags: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    children: Mapping[str, tuple[int, str]] = field(default_factory=dict)


@dataclass
class Tally:
    """The elements of every part scanned so far, against the whole workbook's budget."""

    elements: int
    advice: str = ""
    seen: int = 0


class XmlScanner:
    """Streams one XML part through expat against its budget. A subclass may pick the budget
    by the part's root element (`root`), and learn what the part holds through `start`, `end`
    and `text_tags` (the tags whose text `end` is given)."""

    text_tags: frozenset[str] = frozenset()

    def __init__(self, name: str, part: str, budget: Budget, tally: Tally) -> None:
        self.name, self.part, self.tally = name, part, tally
        self.budget = budget
        self.counts: dict[str, int] = {}
        self.elements = 0
        self.open_tags: list[str] = []  # the elements open, outermost first
        self.children: list[int] = []  # how many children each has had so far
        self.texts: list[str] = []

    def root(self, tag: str) -> None:
        """The part's first element opens: a subclass may set `self.budget` by it."""

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        """An element opens (`tag` without its prefix)."""

    def end(self, tag: str, text: str) -> None:
        """An element closes; `text` is its text when its tag is one of `text_tags`."""

    def run(self, stream: IO[bytes]) -> None:
        parser = pyexpat.ParserCreate()
        parser.buffer_text = True
        parser.StartDoctypeDeclHandler = self._doctype
        parser.EntityDeclHandler = self._doctype
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        if self.text_tags:
            parser.CharacterDataHandler = self._text
        try:
            while chunk := stream.read(CHUNK):
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
        except pyexpat.ExpatError as exc:
            where = f"line {exc.lineno}, column {exc.offset + 1}"
            raise self.refusal(f"{self.part} is not well-formed XML ({where})") from None

    def refusal(self, message: str) -> DataError:
        return DataError([Problem(self.name, None, "", message)])

    def _doctype(self, *_args: object) -> None:
        raise self.refusal(
            f"refused: {self.part} declares a DOCTYPE (XML entities), "
            "which no spreadsheet program writes"
        )

    def _start(self, name: str, attrs: dict[str, str]) -> None:
        tag = name.rpartition(":")[2]
        if not self.elements:
            self.root(tag)
        self.elements += 1
        self.tally.seen += 1
        if len(self.open_tags) >= MAX_XML_DEPTH:
            raise self.refusal(f"refused: {self.part} nests XML over {MAX_XML_DEPTH} levels deep")
        if self.elements > self.budget.elements:
            raise self.refusal(
                f"refused: {self.part} holds over {self.budget.elements} XML elements"
                + self.tally.advice
            )
        if self.tally.seen > self.tally.elements:
            raise self.refusal(
                f"refused: the workbook's parts hold over {self.tally.elements} XML elements"
                + self.tally.advice
            )
        if tag in self.budget.tags:
            self._count(tag)
        if self.children:
            self.children[-1] += 1
            limit = self.budget.children.get(self.open_tags[-1])
            if limit is not None and self.children[-1] > limit[0]:
                raise self.refusal(f"refused: {self.part} holds {limit[1]}")
        self.open_tags.append(tag)
        self.children.append(0)
        if tag in self.text_tags:
            self.texts = []
        self.start(tag, attrs)

    def _count(self, tag: str) -> None:
        count = self.counts[tag] = self.counts.get(tag, 0) + 1
        most, words = self.budget.tags[tag]
        if count > most:
            raise self.refusal(f"refused: {self.part} holds over {most} {words}")

    def _end(self, name: str) -> None:
        tag = self.open_tags.pop()
        self.children.pop()
        self.end(tag, "".join(self.texts) if tag in self.text_tags else "")

    def _text(self, data: str) -> None:
        if self.open_tags and self.open_tags[-1] in self.text_tags:
            self.texts.append(data)


def open_zip(raw: bytes, name: str) -> zipfile.ZipFile:
    """The workbook's zip, refused when it has too many parts or they inflate too much."""

    def refused(message: str) -> DataError:
        return DataError([Problem(name, None, "", message)])

    book = zipfile.ZipFile(io.BytesIO(raw))
    members = book.infolist()
    if len(members) > MAX_PARTS:
        raise refused(f"refused: the workbook holds {len(members)} parts, over {MAX_PARTS}")
    for info in members:
        if info.file_size > MAX_PART_BYTES:
            raise refused(
                f"refused: its part {info.filename} inflates to {info.file_size} bytes, "
                f"over the limit of {MAX_PART_BYTES} (a zip bomb?)"
            )
    total = sum(info.file_size for info in members)
    if total > MAX_TOTAL_BYTES:
        raise refused(
            f"refused: its parts inflate to {total} bytes, over the limit of "
            f"{MAX_TOTAL_BYTES} (a zip bomb?)"
        )
    return book


def scan_parts(
    book: zipfile.ZipFile, scanner_for: Callable[[str], XmlScanner | None]
) -> list[XmlScanner]:
    """Every part `scanner_for` gives a scanner for, scanned in the zip's order."""
    scanned = []
    for info in book.infolist():
        scanner = scanner_for(info.filename)
        if scanner is None:
            continue
        with book.open(info) as stream:
            scanner.run(stream)
        scanned.append(scanner)
    return scanned
