"""The `write_pdf` finisher that serialises weasyprint's objects once (written.py): the file
is byte for byte the one weasyprint writes without it, and no stream is compressed twice."""

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
    # without it each of the page's n streams (contents, fonts, metadata) is compressed for
    # the file and again for its /ID: 2n, plus the object stream (made while writing, so
    # twice either way) and the cross-reference stream (once): 2n + 3; with it n + 3
    streams = (len(plain_streams) - 3) // 2
    assert streams >= 4
    assert len(once_streams) == streams + 3
