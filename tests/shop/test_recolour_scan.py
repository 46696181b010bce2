"""The byte scans of content streams (render/shop/recolour.py's for PDF/X-4, and
`tokens.operator_scan`'s for the soft proof and the rulebook's bleed): their fast patterns
find exactly the strings and operators the plain pattern written first finds."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest

from printgen.render.shop.recolour import _NAMES, _STRING_STARTS, _TOKEN
from printgen.render.shop.tokens import STRING, operator_scan

TRICKY = [
    b"q 1 0 0 1 0 0 cm 0.5 g 0 0 10 10 re f Q",  # an operator first, at byte 0
    b"q\n0.1 0.2 0.3 rg\n/Gs1 gs\nBT /F1 9 Tf 1 0 0 1 5 5 Tm (a q) Tj ET",  # gs is not g
    b"[(q Q cm)-20(rg)]TJ <0a0b>Tj (nested (Tj) here)' 1 2 (x)\"",  # names inside strings
    b"/Pattern cs /P0 scn /P1 SCN 0 0 1 sc 1 SC",  # scn and SCN, not sc and SC
    b"/Fq 12 Tf /Im1 Do [1 2]0 d 0 w 2 J",  # a name ending in q; d and J not scanned
    b"T* 12 TL 0 -14 TD 3 4 Td BI /W 1 ID \x00 EI sh d0 d1",
    b"]q )Q >cm q[ Q( cm/ B* b* f* n S s F B b",  # delimiters either side
    b"qQ cmq Do1 rgb kK",  # regular characters either side: no operator
]


OTHER_NAMES = ["k|K|BI", "q|Q|cm|re|BI"]
"""The soft proof's scan and the rulebook bleed's."""


def _reference(names: str) -> re.Pattern[bytes]:
    """The plain pattern: a string, or an operator not after a regular character and not
    before one (the test in front of the name, where the engine cannot skip ahead)."""
    operator = rb"(?<![^\s\]\)>])(" + names.encode() + rb")(?![^\s\[\(/<])"
    return re.compile(b"(?:" + STRING + b")|" + operator)


def _found(pattern: re.Pattern[bytes], data: bytes) -> list[tuple[int, int, bytes]]:
    found = pattern.finditer(data)
    return [(m.start(1), m.end(), m.group(1)) for m in found if m.group(1) is not None]


def _shared(data: bytes) -> list[tuple[int, int, bytes]]:
    return _found(_reference(_NAMES), data)


def _fast(data: bytes) -> list[tuple[int, int, bytes]]:
    found = _TOKEN.finditer(data)
    return [(m.start(), m.end(), m.group()) for m in found if data[m.start()] not in _STRING_STARTS]


@pytest.mark.parametrize("data", TRICKY)
def test_the_fast_scan_finds_what_the_shared_scan_finds(data: bytes) -> None:
    assert _fast(data) == _shared(data)


@pytest.mark.parametrize("names", [_NAMES, *OTHER_NAMES])
@pytest.mark.parametrize("data", TRICKY)
def test_operator_scan_finds_what_the_plain_pattern_finds(names: str, data: bytes) -> None:
    assert _found(operator_scan(names), data) == _found(_reference(names), data)


def test_operator_scan_finds_the_proofs_colours_and_skips_strings() -> None:
    data = b"0 0 0 1 k (0 0 0 1 k) Tj 1 0 0 0 K\n[(K)]TJ 0.5 0 0 0 k"
    assert [op for _, _, op in _found(operator_scan("k|K|BI"), data)] == [b"k", b"K", b"k"]


def test_the_fast_scan_finds_operators_at_the_edges_and_skips_strings() -> None:
    found = [op for _, _, op in _fast(TRICKY[0])]
    assert found == [b"q", b"cm", b"g", b"f", b"Q"]
    assert [op for _, _, op in _fast(TRICKY[2])] == [b"TJ", b"Tj", b"'", b'"']
    assert _fast(TRICKY[-1]) == []


def test_the_fast_scan_on_a_whole_card_file(cl4sh_shops: Path) -> None:
    """Every stream of CL4SH's cards-print.pdf as cairo writes it (pages and forms, RGB)."""
    with pikepdf.open(cl4sh_shops / "cards-print.pdf") as pdf:
        streams = [page.obj.Contents.read_bytes() for page in pdf.pages]
        streams += [
            obj.read_bytes()
            for obj in pdf.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"
        ]
    assert len(streams) > 50
    for data in streams:
        assert _fast(data) == _shared(data)
        for names in OTHER_NAMES:
            assert _found(operator_scan(names), data) == _found(_reference(names), data)
