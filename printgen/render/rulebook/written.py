"""weasyprint's PDF objects serialised once, not twice: a `write_pdf` finisher.

A file with an identifier (`pdf_identifier=True`, which the rulebook asks for so that its
bytes never vary) has pydyf (0.13) serialise every object twice: once to write it, and once
more to hash all of them into the /ID, compressing each stream at zlib's level 9 again. A
tagged rulebook has thousands of objects (its structure tree), so the second pass was a large
part of `write_pdf`. `serialise_once` swaps each object for one holding the bytes it
serialises to, taken when weasyprint has finished the file (the finisher runs right before
pydyf writes it); the file pydyf then writes, its /ID included, is byte for byte the same.
"""

from __future__ import annotations

from typing import Protocol

import pydyf  # weasyprint's PDF writer; this module is loaded only to typeset a rulebook

from printgen.render.rulebook.weasy_types import Document


class PdfObject(Protocol):
    """What pydyf's write reads of an object (pydyf ships no types)."""

    number: int | None
    generation: int
    free: str
    offset: int

    @property
    def data(self) -> bytes: ...

    @property
    def compressible(self) -> bool: ...


class PdfFile(Protocol):
    """A pydyf.PDF as weasyprint hands it to a finisher: its objects, in their order."""

    objects: list[PdfObject]


class Serialised(pydyf.Object):
    """An object's number and bytes as pydyf's write reads them, serialised once."""

    def __init__(self, original: PdfObject) -> None:
        super().__init__()
        self.number = original.number
        self.generation = original.generation
        self.free = original.free
        self._data = original.data
        self._compressible = original.compressible

    @property
    def data(self) -> bytes:
        return self._data

    @property
    def compressible(self) -> bool:
        return self._compressible


def serialise_once(document: Document, pdf: PdfFile) -> None:
    """The finisher: each of `pdf`'s objects in use replaced by its serialised bytes (the
    free ones, object 0, are never serialised)."""
    pdf.objects[:] = [each if each.free == "f" else Serialised(each) for each in pdf.objects]
