"""A stream's first bytes, read without decoding the rest (preflight's output intent check
reads an ICC profile's 20-byte header)."""

from __future__ import annotations

import zlib

import pikepdf

from printgen.preflight.budget import first_bytes


def _stream(pdf: pikepdf.Pdf, raw: bytes, **entries: object) -> pikepdf.Stream:
    stream = pikepdf.Stream(pdf, raw)
    for key, value in entries.items():
        stream[f"/{key}"] = value
    return stream


def test_the_first_bytes_of_any_stream_are_its_decoded_data_s() -> None:
    pdf = pikepdf.new()
    data = bytes(range(256)) * 40
    deflated = _stream(pdf, zlib.compress(data), Filter=pikepdf.Name.FlateDecode)
    plain = _stream(pdf, data)
    hex_coded = _stream(pdf, data.hex().encode() + b">", Filter=pikepdf.Name.ASCIIHexDecode)
    for stream in (deflated, plain, hex_coded):
        assert first_bytes(stream, 20) == data[:20]
    assert first_bytes(plain, 20_000) == data  # fewer than asked: all of them


class _Deflated:
    """A deflated stream that fails the test if it is decoded whole."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw

    def get(self, key: str, default: object = None) -> object:
        return pikepdf.Name.FlateDecode if key == "/Filter" else default

    def read_raw_bytes(self) -> bytes:
        return self.raw

    def read_bytes(self) -> bytes:
        raise AssertionError("decoded whole")


def test_a_deflated_stream_is_inflated_only_as_far_as_asked() -> None:
    """Only the start is inflated (a profile of 16 MB of zeros is not made to read 20 bytes),
    never the whole stream."""
    raw = zlib.compress(bytes(16 << 20))
    assert first_bytes(_Deflated(raw), 20) == bytes(20)  # type: ignore[arg-type]


def test_a_damaged_deflated_stream_gives_what_qpdf_reads() -> None:
    pdf = pikepdf.new()
    damaged = _stream(pdf, b"not deflated at all", Filter=pikepdf.Name.FlateDecode)
    try:
        expected = bytes(damaged.read_bytes()[:20])
    except pikepdf.PdfError:
        expected = None
    try:
        found = first_bytes(damaged, 20)
    except pikepdf.PdfError:
        found = None
    assert found == expected
