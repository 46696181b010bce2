"""The ink limit on a picture's pixels (render/shop/colour.py `limit_image`), worked by hand:
a pixel over the limit keeps its black and gives up colour evenly until C + M + Y + K is the
limit; one within it, or a picture all within it, is left as it is."""

from __future__ import annotations

from PIL import Image

from printgen.render.shop.colour import limit_image


def pixels(picture: Image.Image) -> list[tuple[int, ...]]:
    raw = picture.tobytes()
    return [tuple(raw[start : start + 4]) for start in range(0, len(raw), 4)]


def test_pixels_over_the_limit_give_up_colour_and_keep_black() -> None:
    picture = Image.new("CMYK", (3, 2))
    full, dark_red, blank = (255, 255, 255, 255), (255, 204, 0, 204), (0, 0, 0, 0)
    picture.putdata([full, dark_red, blank, full, blank, dark_red])
    at_300 = limit_image(picture, 300)
    assert isinstance(at_300, Image.Image)
    # 400 %: K stays full; C, M, Y keep 2/3 each: 300 %
    # 260 % is within 300 %: as it was
    assert pixels(at_300) == [
        (170, 170, 170, 255),
        dark_red,
        blank,
        (170, 170, 170, 255),
        blank,
        dark_red,
    ]
    at_240 = limit_image(picture, 240)
    assert isinstance(at_240, Image.Image)
    # dark red at 240 %: K stays 80 %, C and M keep 1.6/1.8 of 100 % and 80 % (88.9 % and
    # 71.1 %: 226.7 and 181.3 of 255, rounded down to stay within the limit)
    assert pixels(at_240)[1] == (226, 181, 0, 204)


def test_a_picture_within_the_limit_is_the_same_picture() -> None:
    picture = Image.new("CMYK", (2, 1))
    picture.putdata([(255, 204, 0, 204), (0, 0, 0, 0)])
    assert limit_image(picture, 300) is picture
