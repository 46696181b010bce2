"""Total ink counts a CMYK image's darkest pixel, read from its samples: one pixel of
C 230 M 200 Y 190 K 255 (875 of 4 x 255) in a card whose fills reach 180 % is 343 %, over
DriveThru's 240 %; stored inverted (/Decode [1 0 ...], as Adobe's CMYK JPEGs are) it is the
same pixel."""

from __future__ import annotations

import zlib
from pathlib import Path

import pikepdf
from PIL import Image

from printgen.preflight.checks import preflight
from tests.shop.test_preflight import card_pdf

DARK = (230, 200, 190, 255)  # 875 / 255 = 343.1 %


def image_with_one_dark_pixel() -> Image.Image:
    image = Image.new("CMYK", (300, 300), (0, 50, 90, 0))  # 140 / 255 = 54.9 %
    image.putpixel((123, 45), DARK)
    return image


def total_ink(path: Path) -> str:
    return next(c.detail for c in preflight(path, "dtc").checks if c.name == "total ink")


def test_an_images_darkest_pixel_is_its_total_ink(tmp_path: Path) -> None:
    path = card_pdf(tmp_path / "dark.pdf", image=image_with_one_dark_pixel())
    assert total_ink(path).startswith("343 % on page 1")


def test_an_inverted_cmyk_image_is_read_through_its_decode(tmp_path: Path) -> None:
    path = card_pdf(tmp_path / "dark.pdf", image=image_with_one_dark_pixel())
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                samples = bytes(255 - b for b in obj.read_bytes())
                obj.write(zlib.compress(samples), filter=pikepdf.Name.FlateDecode)
                obj.Decode = pikepdf.Array([1, 0] * 4)
        pdf.save(path)
    assert total_ink(path).startswith("343 % on page 1")


def test_an_image_within_the_fills_leaves_them_the_most(tmp_path: Path) -> None:
    # 0.1 + 0.8 + 0.9 = 180 % (the card's background) against the image's 54.9 %
    path = card_pdf(tmp_path / "light.pdf", image=Image.new("CMYK", (300, 300), (0, 50, 90, 0)))
    assert total_ink(path).startswith("180 % on page 1")
