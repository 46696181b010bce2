"""The cmap reader gives exactly the characters fontTools finds, font by font."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from printgen.render.text.cmap import read_cmap

ROOT = Path(__file__).resolve().parents[2]
FONTS = sorted(
    {
        *ROOT.glob("card_data/**/*.ttf"),
        *ROOT.glob("examples/**/*.ttf"),
        *ROOT.glob("examples/**/*.otf"),
    }
    | set(Path("/usr/share/fonts/truetype/lato").glob("*.ttf"))
)


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_same_characters_as_fonttools(path: Path) -> None:
    with TTFont(str(path), lazy=True, fontNumber=0) as font:
        expected = frozenset(font.getBestCmap() or {})
    assert read_cmap(path.read_bytes()) == expected


def test_not_a_font_is_left_to_fonttools() -> None:
    assert read_cmap(b"not a font at all") is None
    assert read_cmap(b"\x00\x01\x00\x00\x00\x00") is None


def test_a_table_claiming_more_than_unicode_is_not_walked() -> None:
    import struct

    header = struct.pack(">IHHHH", 0x00010000, 1, 16, 0, 0)
    record = struct.pack(">4sIII", b"cmap", 0, 28, 40)
    cmap = struct.pack(">HHHHI", 0, 1, 3, 10, 12)
    table = struct.pack(">HHIII", 12, 0, 28, 0, 1) + struct.pack(">III", 0, 0xFFFFFFFF, 1)
    assert read_cmap(header + record + cmap + table) is None
