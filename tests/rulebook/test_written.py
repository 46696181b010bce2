"""The `write_pdf` finisher that writes weasyprint's PDF with each object serialised once
(written.py): the file is byte for byte the one pydyf writes without it, and no stream is
compressed twice, the object stream included."""

from __future__ import annotations

import io
import zlib
from unittest import mock

import pikepdf
import pytest

from printgen.render.rulebook.pdf import PDF_VARIANT
from printgen.render.rulebook.written import serialise_once

weasyprint = pytest.importorskip("weasyprint")

PAGE = """<!doctype html><html lang="en"><head><title>Pond</title></head><body>
<h1>Pond</h1><p>Deal <b>five</b> cards to each player.</p>
<ul><li>Draw one.</li><li>Play one.</li></ul>
<table><tr><th>Card</th><th>Count</th></tr><tr><td>Frog</td><td>12</td></tr></table>
</body></html>"""


def _written(finisher: object, compressed: list[int]) -> bytes:
    """The tagged, identified PDF of PAGE; `compressed` gets one entry per zlib stream made."""
    document = weasyprint.HTML(string=PAGE).render()
    real = zlib.compressobj

    def counting(*args: object, **kwargs: object) -> object:
        compressed.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    with mock.patch("pydyf.zlib.compressobj", counting):
        return bytes(
            document.write_pdf(pdf_identifier=True, pdf_variant=PDF_VARIANT, finisher=finisher)
        )


def test_same_bytes_as_without_it() -> None:
    plain_streams: list[int] = []
    once_streams: list[int] = []
    plain = _written(None, plain_streams)
    once = _written(serialise_once, once_streams)
    assert once == plain
    with pikepdf.open(io.BytesIO(once)) as pdf:  # a whole, tagged file
        assert "/StructTreeRoot" in pdf.Root
        assert len(pdf.trailer.ID) == 2
    # without it each of the page's n streams (contents, fonts, metadata) and the object
    # stream pydyf makes while writing are compressed for the file and again for its /ID,
    # the cross-reference stream once: 2n + 3; with it n + 2, each stream once
    streams = (len(plain_streams) - 3) // 2
    assert streams >= 4
    assert len(once_streams) == streams + 2


@pytest.mark.parametrize(
    "options",
    [
        {"pdf_identifier": True},  # untagged
        {"pdf_identifier": b"pond-1", "pdf_variant": PDF_VARIANT},  # an identifier given
        {"pdf_variant": PDF_VARIANT},  # no /ID
        {"pdf_identifier": True, "pdf_version": "1.4"},  # no object stream: pydyf writes it
        {"pdf_identifier": True, "uncompressed_pdf": True},
    ],
)
def test_same_bytes_for_other_files(options: dict[str, object]) -> None:
    document = weasyprint.HTML(string=PAGE).render()
    plain = bytes(document.write_pdf(**options))
    once = bytes(document.write_pdf(finisher=serialise_once, **options))
    assert once == plain
    with pikepdf.open(io.BytesIO(once)) as pdf:
        assert len(pdf.pages) == 1


def test_another_pydyf_writes_the_file_itself() -> None:
    """write_once follows pydyf 0.13's `PDF.write` step by step: under another release
    (weasyprint asks only pydyf >= 0.11) the file is pydyf's own, each stream written as
    that release writes it."""
    plain_streams: list[int] = []
    other_streams: list[int] = []
    plain = _written(None, plain_streams)
    with mock.patch("pydyf.__version__", "0.14.0"):
        other = _written(serialise_once, other_streams)
    assert other == plain
    # each object still serialised once, but pydyf makes its object stream twice: n + 3
    assert len(other_streams) == (len(plain_streams) - 3) // 2 + 3
