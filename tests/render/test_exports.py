"""Per-card PNGs (print-shop presets) and Tabletop Simulator sheets, read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from printgen.layout.sizes import CARD_SIZES
from printgen.render.exports.pngs import TTS_MAX_PX, png_size, tts_card_px, tts_layout


def chunks(path: Path) -> list[bytes]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    found, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        found.append(data[at + 4 : at + 8])
        at += 12 + length
    return found


def test_tgc_pngs_are_825_by_1125_rgb_without_metadata(built: Path) -> None:
    names = sorted(p.name for p in (built / "cards").iterdir())
    assert names == sorted(
        [
            "water.png",
            "wood.png",
            "fire.png",
            "earth.png",
            "metal.png",
            "dragon.png",
            "star.png",
            "promo.png",
            "back.png",
        ]
    )
    for path in (built / "cards").iterdir():
        with Image.open(path) as image:
            assert image.size == (825, 1125)
            assert image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        found = chunks(path)
        assert set(found) <= {b"IHDR", b"bKGD", b"pHYs", b"IDAT", b"IEND"}  # no tIME, tEXt
        assert b"pHYs" in found


def test_mpc_pngs_are_822_by_1122(letter: Path) -> None:
    with Image.open(letter / "cards" / "water.png") as image:
        assert image.size == (822, 1122)


@pytest.mark.parametrize(
    ("size", "preset", "expected"),
    [
        ("poker", "tgc", (825, 1125)),
        ("poker", "mpc", (822, 1122)),
        ("tarot", "tgc", (900, 1500)),
        ("bridge", "tgc", (750, 1125)),
    ],
)
def test_png_sizes_per_preset(size: str, preset: str, expected: tuple[int, int]) -> None:
    assert png_size(CARD_SIZES[size], preset) == expected


def test_the_art_fills_the_bleed(built: Path) -> None:
    with Image.open(built / "cards" / "water.png") as image:
        corner = image.getpixel((1, 1))
        assert corner == image.getpixel((40, 40))  # the element colour runs to the edge
        assert corner != (255, 255, 255)


def test_tts_sheet_holds_the_deck_and_the_back_in_the_last_slot(built: Path) -> None:
    manifest = json.loads((built / "tts" / "deck-1.json").read_text())
    assert manifest["number"] == 54
    columns, rows = manifest["width"], manifest["height"]
    assert columns <= 10 and rows <= 7 and columns * rows >= 55
    with Image.open(built / "tts" / "deck-1.png") as sheet:
        assert sheet.mode == "RGB"
        assert max(sheet.size) <= TTS_MAX_PX
        cw, ch = tts_card_px(CARD_SIZES["poker"])
        assert sheet.size == (columns * cw, rows * ch)
        back = sheet.crop(((columns - 1) * cw, (rows - 1) * ch, columns * cw, rows * ch))
        blank = sheet.crop((4 * cw, (rows - 1) * ch, 5 * cw, rows * ch))  # slot 54 + ...
        with Image.open(built / "cards" / "back.png") as full:
            expected = full.getpixel((full.width // 2, 60))
        assert back.getpixel((cw // 2, 8)) == pytest.approx(expected, abs=12)
        assert blank.getpixel((cw // 2, ch // 2)) == (255, 255, 255)


def test_tts_layouts_stay_within_10_by_7_and_4096_px() -> None:
    for size in CARD_SIZES.values():
        cw, ch = tts_card_px(size)
        assert 10 * cw <= TTS_MAX_PX and 7 * ch <= TTS_MAX_PX
        for cards in (1, 6, 54, 69, 70, 100, 144):
            sheets = tts_layout("deck", cards, size)
            assert sum(s.cards for s in sheets) == cards
            for s in sheets:
                assert s.columns <= 10 and s.rows <= 7 and s.cards < s.columns * s.rows
