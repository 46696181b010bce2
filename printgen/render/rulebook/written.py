"""weasyprint's PDF written with each object serialised once: a `write_pdf` finisher.

A file with an identifier (`pdf_identifier=True`, which the rulebook asks for so that its
bytes never vary) has pydyf (0.13) serialise every object twice: once to write it, and once
more to hash all of them into the /ID, compressing each stream at zlib's level 9 again. That
includes the object stream pydyf makes while writing, which holds every small object of the
file: a tagged rulebook's structure tree, thousands of them, so compressing it twice cost
more than all the rest of the file's writing (0.016 s of CPU for a 20-page rulebook).

`serialise_once` runs right before pydyf would write the file, and has `write_once` write
it instead: the same steps as pydyf's own `PDF.write` for a compressed file (PDF 1.5 and
later: an object stream, then a cross-reference stream), with each object's bytes, the
object stream's included, made once and kept for the /ID. The file is byte for byte the one
pydyf writes (tests/rulebook/test_written.py compares them). Any other file (uncompressed,
or an older version) is left to pydyf, its objects swapped for their bytes first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from hashlib import md5
from math import ceil, log
from typing import BinaryIO, Protocol

import pydyf  # weasyprint's PDF writer; this module is loaded only to typeset a rulebook

from printgen.render.rulebook.weasy_types import Document

HEADER_MARK = b"%\xf0\x9f\x96\xa4"  # pydyf's binary comment, second line of its files


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

    @property
    def reference(self) -> bytes: ...


class PdfFile(Protocol):
    """A pydyf.PDF as weasyprint hands it to a finisher: its objects, in their order."""

    objects: list[PdfObject]
    info: PdfObject  # a pydyf.Dictionary, false when empty (no metadata)
    catalog: PdfObject
    current_position: int
    write: Callable[[BinaryIO, object, object, bool], None]

    def add_object(self, object_: PdfObject) -> None: ...

    def write_line(self, content: bytes, output: BinaryIO) -> None: ...


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
    """The finisher: `pdf` is written by `write_once` (weasyprint calls `pdf.write` next)."""

    def write(
        output: BinaryIO,
        version: object = b"1.7",
        identifier: object = False,
        compress: bool = False,
    ) -> None:  # pydyf.PDF.write's parameters
        write_once(pdf, output, version, identifier, compress)

    pdf.write = write  # this module's writer, not pydyf's


FOLLOWED_PYDYF = "0.13."
"""The pydyf release whose `PDF.write` `write_once` follows step by step (weasyprint asks
only pydyf >= 0.11): under another one, pydyf writes the file itself, as it would anyway."""


def _follows_pydyf() -> bool:
    return str(getattr(pydyf, "__version__", "")).startswith(FOLLOWED_PYDYF)


def write_once(
    pdf: PdfFile, output: BinaryIO, version: object, identifier: object, compress: bool
) -> None:
    """`pdf` written to `output` as pydyf's `PDF.write` writes it, each object serialised
    once."""
    version = _as_bytes(version or b"1.7")
    if not (version >= b"1.5" and compress and _follows_pydyf()):  # pydyf's own way
        pdf.objects[:] = [each if each.free == "f" else Serialised(each) for each in pdf.objects]
        pydyf.PDF.write(pdf, output, version, identifier, compress)
        return
    if identifier not in (False, True, None):
        identifier = _as_bytes(identifier)
    if pdf.info:
        pdf.add_object(pdf.info)
    pdf.write_line(b"%PDF-" + version, output)
    pdf.write_line(HEADER_MARK, output)
    data: dict[int, bytes] = {}  # each object's bytes by its place in pdf.objects
    packed = _write_objects(pdf, output, data)
    stream = _object_stream(pdf, packed, data, compress)
    stream.offset = pdf.current_position
    pdf.add_object(stream)
    data[len(pdf.objects) - 1] = stream.data
    pdf.write_line(_indirect(stream, data[len(pdf.objects) - 1]), output)
    hashed = b"".join(data[index] for index in sorted(data)) if identifier else b""
    _write_cross_references(pdf, output, stream, len(packed), identifier, hashed, compress)


def _write_objects(pdf: PdfFile, output: BinaryIO, data: dict[int, bytes]) -> list[int]:
    """Each object in use serialised into `data`; those that cannot go in the object stream
    (streams, a later generation) written as they come; the others' places returned."""
    packed = []
    for index, each in enumerate(pdf.objects):
        if each.free == "f":
            continue
        if each.compressible:
            packed.append(index)
            data[index] = each.data
        else:
            each.offset = pdf.current_position
            data[index] = each.data
            pdf.write_line(_indirect(each, data[index]), output)
    return packed


def _object_stream(
    pdf: PdfFile, packed: Sequence[int], data: dict[int, bytes], compress: bool
) -> PdfObject:
    """The object stream of the objects at `packed`: their numbers and offsets, then their
    bytes, each on its own line."""
    numbers: list[int] = []
    lines: list[bytes | str] = [""]
    position = 0
    for index in packed:
        numbers += [pdf.objects[index].number or 0, position]
        lines.append(data[index])
        position += len(data[index]) + 1
    lines[0] = " ".join(str(number) for number in numbers)
    extra = {"Type": "/ObjStm", "N": len(packed), "First": len(lines[0]) + 1}
    made: PdfObject = pydyf.Stream(lines, extra, compress)
    return made


def _write_cross_references(
    pdf: PdfFile,
    output: BinaryIO,
    stream: PdfObject,
    packed: int,
    identifier: object,
    hashed: bytes,
    compress: bool,
) -> None:
    """The cross-reference stream (with the /ID, made from `hashed`) and the file's end."""
    rows: list[tuple[int, int, int]] = []
    inside = 0  # the next object's place in the object stream
    for each in pdf.objects:
        if each.compressible:
            rows.append((2, stream.number or 0, inside))
            inside += 1
        else:
            rows.append((bool(each.number), each.offset, each.generation))
    rows.append((1, pdf.current_position, 0))
    field2 = ceil(log(pdf.current_position + 1, 256))
    generation = max(each.generation for each in pdf.objects)
    field3 = ceil(log(max(generation, packed) + 1, 256))
    widths = (1, field2, field3)
    xref = b"".join(
        value.to_bytes(width, "big")
        for row in rows
        for width, value in zip(widths, row, strict=True)
    )
    extra = {
        "Type": "/XRef",
        "Index": pydyf.Array((0, len(pdf.objects) + 1)),
        "W": pydyf.Array(widths),
        "Size": len(pdf.objects) + 1,
        "Root": pdf.catalog.reference,
    }
    if pdf.info:
        extra["Info"] = pdf.info.reference
    if identifier:
        digest = md5(hashed).hexdigest().encode()
        first = digest if identifier is True else identifier
        extra["ID"] = pydyf.Array((pydyf.String(first).data, pydyf.String(digest).data))
    cross = pydyf.Stream([xref], extra, compress)
    cross.offset = pdf.current_position
    pdf.add_object(cross)
    pdf.write_line(cross.indirect, output)
    for line in (b"startxref", str(cross.offset).encode(), b"%%EOF"):
        pdf.write_line(line, output)


def _indirect(each: PdfObject, data: bytes) -> bytes:
    """An object as written in the file: `n g obj`, its bytes, `endobj` (pydyf's `indirect`)."""
    return f"{each.number} {each.generation} obj\n".encode() + data + b"\nendobj"


def _as_bytes(value: object) -> bytes:
    """A version or an identifier as pydyf turns it into bytes."""
    return value if isinstance(value, bytes) else str(value).encode("ascii")
