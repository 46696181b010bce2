"""Colour for print (render/shop/colour.py, lab.py): CIEDE2000 against its published test
data, black generation by use, and an ink limit that keeps the colour, judged by the soft
proof (the CMYK seen back through the same SWOP profile)."""

from __future__ import annotations

import pytest

from printgen.render.shop.colour import (
    SMALL_TEXT_PT,
    THIN_LINE_PT,
    Converter,
    Use,
    converter,
    limit_cmyk,
    painter,
    total_ink,
)
from printgen.render.shop.lab import ciede2000, srgb_to_lab
from printgen.render.shop.presets import load_preset


def colours(shop: str) -> Converter:
    settings = load_preset(shop).pdf
    assert settings is not None
    return converter(settings.profile.file, settings.ink_limit)


def rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


# Sharma, Wu and Dalal (2005), table 1: pairs 1, 7, 17, 25 and 34 with their ΔE00.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA)
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected) -> None:
    assert float(ciede2000(lab1, lab2)) == pytest.approx(expected, abs=1e-4)
    assert float(ciede2000(lab2, lab1)) == pytest.approx(expected, abs=1e-4)


def test_srgb_white_and_black_in_lab() -> None:
    white, black = srgb_to_lab([1.0, 1.0, 1.0]), srgb_to_lab([0.0, 0.0, 0.0])
    assert white == pytest.approx([100.0, 0.0, 0.0], abs=1e-3)
    assert black == pytest.approx([0.0, 0.0, 0.0], abs=1e-3)


# The colours: MyWuXing's Destructive Star (ember black), the navy backs (water's
# dark tone), CL4SH's Havoc and back (night) and text ink, a designer's #222222 background.
DARK = ["#2a0d10", "#0c1a33", "#0f2f5c", "#23212b", "#191a24", "#1f1b16", "#222222", "#5e320f"]


@pytest.mark.parametrize("shop", ["dtc", "print"])
@pytest.mark.parametrize("colour", DARK)
def test_dark_areas_print_rich_within_the_limit_and_near_the_design(shop: str, colour: str) -> None:
    conv = colours(shop)
    ink = conv.ink(rgb(colour))
    c, m, y, k = ink.cmyk
    assert total_ink(ink.cmyk) <= conv.ink_limit + 0.05
    assert min(c, m, y) > 0.15 and k > 0.2, ink  # C, M and Y under K: a rich colour
    assert conv.delta_e(rgb(colour)) < 5, (colour, ink)
    assert not ink.overprint


def test_the_profile_alone_is_over_the_dtc_limit_for_these_colours() -> None:
    """What the limit has to do: SWOP's own inking of each is over 240 %."""
    conv = colours("dtc")
    for colour in ["#2a0d10", "#0c1a33", "#23212b", "#222222"]:
        raw = conv._cmyk([[round(v * 255) for v in rgb(colour)]])[0] / 255
        assert total_ink(tuple(raw)) > 250, colour


def test_small_black_text_and_thin_lines_are_solid_k_overprinting() -> None:
    conv = colours("dtc")
    for colour in ["#000000", "#1f1b16", "#222222"]:
        for use, size in ((Use.TEXT, 9.0), (Use.LINE, 0.5)):
            ink = conv.ink(rgb(colour), use, size)
            assert ink.cmyk == (0.0, 0.0, 0.0, 1.0) and ink.overprint, (colour, use)


def test_small_grey_text_is_k_alone_at_the_designs_lightness() -> None:
    conv = colours("print")
    for colour in ["#6b6358", "#808080"]:
        ink = conv.ink(rgb(colour), Use.TEXT, 8.0)
        c, m, y, k = ink.cmyk
        assert (c, m, y) == (0.0, 0.0, 0.0) and 0.3 < k < 0.8 and not ink.overprint
        proof = srgb_to_lab(conv.proof_rgb(ink.cmyk))
        assert abs(proof[0] - srgb_to_lab(rgb(colour))[0]) < 1.5  # lightness kept


def test_large_text_grey_areas_and_coloured_text_are_four_colour() -> None:
    conv = colours("print")
    grey = rgb("#808080")
    for use, size in ((Use.TEXT, SMALL_TEXT_PT), (Use.LINE, THIN_LINE_PT), (Use.AREA, 0.0)):
        c, m, y, _ = conv.ink(grey, use, size).cmyk
        assert min(c, m, y) > 0.3, use
    red = conv.ink(rgb("#ce3e33"), Use.TEXT, 7.0)
    assert red.cmyk[1] > 0.8 and not red.overprint


def test_painter_uses_and_cmyk_sources() -> None:
    conv = colours("dtc")
    paint = painter(conv)
    black = ("rgb", (0.0, 0.0, 0.0))
    assert paint(black, Use.TEXT, 9.0).cmyk == (0.0, 0.0, 0.0, 1.0)
    assert paint(("gray", (0.0,)), Use.TEXT, 9.0).cmyk == (0.0, 0.0, 0.0, 1.0)
    assert min(paint(black, Use.TEXT, 30.0).cmyk) > 0.3  # large type: rich black
    assert painter(conv, by_use=False)(black, Use.TEXT, 9.0) == paint(black, Use.AREA, 0.0)
    # a CMYK colour is kept, its C, M and Y scaled under K to the limit
    assert paint(("cmyk", (1.0, 1.0, 1.0, 1.0)), Use.AREA, 0.0).cmyk == pytest.approx(
        (140 / 300, 140 / 300, 140 / 300, 1.0)
    )


def test_limit_cmyk_keeps_k_and_the_proportions() -> None:
    # 100 + 80 + 60 + 50 = 290 %: at 240 % the colour inks give up 50 of their 240,
    # each keeping 190 / 240 of itself
    c, m, y, k = limit_cmyk((1.0, 0.8, 0.6, 0.5), 240)
    assert (c, m, y, k) == pytest.approx((190 / 240, 0.8 * 190 / 240, 0.6 * 190 / 240, 0.5))
    assert limit_cmyk((0.2, 0.2, 0.2, 0.2), 240) == (0.2, 0.2, 0.2, 0.2)


@pytest.mark.parametrize("shop", ["dtc", "print"])
def test_a_colour_converts_the_same_alone_or_among_others(shop: str) -> None:
    """Over-limit colours are searched for together (a flattened patch's hundreds of
    edge colours in one pass): each must come out as it does alone, or a file's inks would
    depend on what its process had converted before (on --jobs). Dark colours, each over
    the limit, in two orders; every one again in a converter of its own."""
    settings = load_preset(shop).pdf
    assert settings is not None
    keys = [tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in DARK]
    keys += [(r, 16, 40) for r in range(0, 120, 7)] + [(8, 8, 8), (60, 10, 90)]
    together = Converter(settings.profile.file, settings.ink_limit)
    together._convert(keys)
    backwards = Converter(settings.profile.file, settings.ink_limit)
    backwards._convert(keys[::-1])
    for key in keys:
        alone = Converter(settings.profile.file, settings.ink_limit)
        alone._convert([key])
        assert together._areas[key] == alone._areas[key] == backwards._areas[key], key
    over = [k for k in keys if total_ink(tuple(together._cmyk([k])[0] / 255)) > 250]
    assert len(over) > 10  # the search ran on most of them


def test_a_few_coloured_picture_converts_colour_by_colour_in_small_pages() -> None:
    """A picture of few colours (a flattened patch) is converted through a table of every
    24-bit colour: each pixel exactly as its colour is alone, and the table's memory given
    in small pages only where colours were written (a huge page cleared for each colour
    written into a new 2 MB stretch cost 30 us of system time): on Linux its mapping is
    marked never to get huge pages (`nh`)."""
    import re
    import sys
    from pathlib import Path

    import numpy as np
    from PIL import Image

    from printgen.render.shop import colour

    convert = colours("dtc")
    pixels = np.zeros((40, 60, 3), dtype=np.uint8)
    pixels[:, :20] = (20, 30, 200)
    pixels[:, 20:40] = (250, 250, 250)
    pixels[:, 40:] = (10, 10, 10)
    picture = convert.image(Image.fromarray(pixels))
    assert isinstance(picture, Image.Image) and picture.mode == "CMYK"
    for x, rgb8 in ((0, (20, 30, 200)), (25, (250, 250, 250)), (59, (10, 10, 10))):
        r, g, b = (v / 255 for v in rgb8)
        expected = tuple(round(v * 255) for v in convert.area((r, g, b)))
        assert picture.getpixel((x, 5)) == expected
    table = colour._WORDS.table()
    assert not table.any()  # every colour written was set back to zero
    if sys.platform.startswith("linux"):
        start = table.ctypes.data
        smaps = Path("/proc/self/smaps").read_text()
        for block in re.split(r"\n(?=[0-9a-f]+-[0-9a-f]+ )", smaps):
            low, high = (int(v, 16) for v in block.split(" ", 1)[0].split("-"))
            if low <= start < high:
                flags = re.search(r"^VmFlags:(.*)$", block, re.M)
                assert flags is not None and "nh" in flags.group(1).split(), block
                assert re.search(r"^AnonHugePages:\s+0 kB", block, re.M), block
                break
        else:
            raise AssertionError("the table's mapping was not found")
