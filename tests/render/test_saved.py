"""The one way printgen saves a PDF with pikepdf (`render/pdf/saved.py`): the streams it
deflates are zlib's at level 1, whatever the process's qpdf setting was before."""

from __future__ import annotations

import io
import zlib

import pikepdf

from printgen.render.pdf.saved import FLATE_LEVEL, saved

CONTENT = b"".join(f"{n} {n * 7 % 500} m {n % 300} 20 l S\n".encode() for n in range(3000))


def _one_page_pdf() -> pikepdf.Pdf:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(200, 200))
    page.obj.Contents = pdf.make_stream(CONTENT)  # made here: not deflated yet
    return pdf


def _written_stream(data: bytes) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        stream = pdf.pages[0].obj.Contents
        assert stream.get("/Filter") == "/FlateDecode"
        return stream.read_raw_bytes()


def test_a_made_stream_is_deflated_at_level_1_whatever_was_set_before() -> None:
    for before in (9, 0, 6):
        pikepdf.settings.set_flate_compression_level(before)  # another library's setting
        raw = _written_stream(saved(_one_page_pdf()))
        assert zlib.decompress(raw) == CONTENT
        assert raw == zlib.compress(CONTENT, FLATE_LEVEL)
    assert len(zlib.compress(CONTENT, 9)) < len(raw)  # the level is what sets the size here
    pikepdf.settings.set_flate_compression_level(-1)


def test_saving_twice_gives_the_same_bytes() -> None:
    assert saved(_one_page_pdf()) == saved(_one_page_pdf())
