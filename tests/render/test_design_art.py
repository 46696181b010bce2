"""Art a design crops to its box (`fit: cover`) prints the way the picture is seen: a photo
whose EXIF orientation says it is stored sideways (as phones store portraits) is turned
upright before it is cut, as cairosvg turns the images it draws whole."""

from __future__ import annotations

import base64
import io
from pathlib import Path

from PIL import Image, ImageDraw

from printgen.render.faces.draw import cropped

RED = (200, 30, 30)


def sideways_photo(path: Path) -> None:
    """An 800 x 500 JPEG stored turned: EXIF orientation 6 (shown turned 90 degrees
    clockwise), so its red left band is the top of the picture as seen, 500 x 800."""
    image = Image.new("RGB", (800, 500), (200, 180, 120))
    ImageDraw.Draw(image).rectangle((0, 0, 79, 499), fill=RED)
    exif = Image.Exif()
    exif[0x0112] = 6
    image.save(path, "JPEG", exif=exif.tobytes(), quality=95)


def decoded(url: str) -> Image.Image:
    return Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1])))


def near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(pixel, colour, strict=False))


def test_a_sideways_photo_is_cut_upright(tmp_path: Path) -> None:
    photo = tmp_path / "portrait.jpg"
    sideways_photo(photo)
    part = decoded(cropped(photo, 1.0))  # a square box: the middle 500 x 500 of 500 x 800
    assert part.size == (500, 500)
    whole = decoded(cropped(photo, 500 / 800))  # the picture's own shape: nothing cut
    assert whole.size == (500, 800)
    assert near(whole.getpixel((250, 20)), RED)  # the band is on top, as the photo is seen
    assert not near(whole.getpixel((20, 400)), RED)  # not down the left, as it is stored
    assert not near(part.getpixel((250, 20)), RED)  # the square cut starts below the band


def test_a_photo_without_orientation_is_cut_as_stored(tmp_path: Path) -> None:
    photo = tmp_path / "landscape.png"
    image = Image.new("RGB", (800, 500), (200, 180, 120))
    ImageDraw.Draw(image).rectangle((0, 0, 79, 499), fill=RED)
    image.save(photo)
    whole = decoded(cropped(photo, 800 / 500))
    assert whole.size == (800, 500)
    assert near(whole.getpixel((20, 250)), RED)
