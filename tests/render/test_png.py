"""The PNG writer (printgen.render.draw.png): any reader gets back exactly the pixels drawn, with
the resolution, and the same pixels always give the same bytes."""

from __future__ import annotations

import io
import random

from PIL import Image

from printgen.render.draw import png


def rows_of(width: int, height: int, seed: int) -> tuple[png.Rows, bytes]:
    """Rows holding random pixels, and the same pixels packed as RGB bytes."""
    rng = random.Random(seed)
    pixels = bytes(rng.randrange(256) for _ in range(width * height * 3))
    rows = png.Rows(width, height)
    for y in range(height):
        start = 1 + y * rows.stride
        rows.data[start : start + width * 3] = pixels[y * width * 3 : (y + 1) * width * 3]
        rows.data[start - 1] = 7  # a drawer writing past a row must not corrupt the file
    return rows, pixels


def test_a_reader_gets_back_the_pixels_and_the_resolution() -> None:
    rows, pixels = rows_of(37, 11, seed=1)
    image = Image.open(io.BytesIO(png.encode(rows, dpi=300)))
    assert (image.mode, image.size) == ("RGB", (37, 11))
    assert image.tobytes() == pixels
    assert [round(d) for d in image.info["dpi"]] == [300, 300]


def test_without_a_resolution_there_is_no_phys_chunk() -> None:
    rows, _ = rows_of(5, 3, seed=2)
    data = png.encode(rows)
    assert b"pHYs" not in data and b"tEXt" not in data and b"tIME" not in data
    assert Image.open(io.BytesIO(data)).tobytes() == rows_of(5, 3, seed=2)[1]


def test_the_same_pixels_give_the_same_bytes() -> None:
    assert png.encode(rows_of(20, 20, 3)[0], 300) == png.encode(rows_of(20, 20, 3)[0], 300)
    assert png.encode(rows_of(20, 20, 3)[0]) != png.encode(rows_of(20, 20, 4)[0])
