"""16-bit greyscale art (an image editor's export) prints as its greys: cairo drew Pillow's
deep modes as a black box. Read back by pixels from what cairosvg draws of the face's image."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import cairosvg
import pytest
from PIL import Image

from printgen.render.draw.images import cropped, scaled


def _sixteen_bit_png(path: Path) -> Path:
    """120 x 60 grey: the left half at 16-bit level 16384 (a quarter), the right at 49152."""
    image = Image.new("I;16", (120, 60))
    image.putdata([16384 if x < 60 else 49152 for _ in range(60) for x in range(120)])
    image.save(path)
    return path


def _drawn(url: str) -> Image.Image:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60">'
        f'<image href="{url}" x="0" y="0" width="120" height="60" preserveAspectRatio="none"/>'
        "</svg>"
    )
    return Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode()))).convert("L")


@pytest.mark.parametrize("fit", ["cover", "contain"])
def test_sixteen_bit_grey_art_is_drawn_in_its_greys(tmp_path: Path, fit: str) -> None:
    path = _sixteen_bit_png(tmp_path / "wave.png")
    url = cropped(path, 2.0, (40.0, 20.0)) if fit == "cover" else scaled(path, (40.0, 20.0))
    assert url is not None and url.startswith("data:image/png;base64,")
    stored = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1])))
    assert stored.mode == "L"
    drawn = _drawn(url)
    assert drawn.getpixel((20, 30)) == pytest.approx(64, abs=2)  # 16384 / 65535 of 255
    assert drawn.getpixel((100, 30)) == pytest.approx(191, abs=2)


def test_a_dark_sixteen_bit_picture_stays_dark(tmp_path: Path) -> None:
    """Level 200 of 65,535 is nearly black: it printed as 200 of 255, a light grey, when the
    picture's own brightest level decided whether its levels were 16-bit."""
    image = Image.new("I;16", (40, 20))
    image.putdata([200] * (40 * 20))
    image.save(tmp_path / "night.png")
    url = scaled(tmp_path / "night.png", (40.0, 20.0))
    assert url is not None
    assert _drawn(url).getpixel((20, 10)) <= 2
