"""RGB to CMYK for print: through an ICC output profile, with a total ink limit and pure-K
black text.

littleCMS (Pillow's ImageCms) converts each sRGB colour to the profile's CMYK with relative
colorimetric intent and black point compensation. Profiles made for coated offset put up to
about 300 % ink in deep shadows (Artifex's SWOP profile gives 298 % for black); shops that
print digitally on card stock ask for less (DriveThruCards: 240 %). Over the limit, grey
component replacement moves the common part of C, M and Y into K first (the colour stays
nearly the same, the ink drops by two for each step), then C, M and Y are scaled down.

Black and near-black neutral text goes on the K plate alone: four-colour black text blurs
when the plates are a hair out of register.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printgen.errors import RenderError

CMYK = tuple[float, float, float, float]
RGB = tuple[float, float, float]

NEUTRAL = 0.04
"""How far apart R, G and B may be for a colour to count as grey."""
NEAR_BLACK = 0.25
"""Text whose lightest channel is at most this dark, and neutral, is printed in K alone."""


def limit_ink(cmyk: CMYK, limit_percent: float) -> CMYK:
    """`cmyk` (0..1 each) with C + M + Y + K at most `limit_percent` / 100."""
    c, m, y, k = cmyk
    limit = limit_percent / 100
    excess = c + m + y + k - limit
    if excess <= 1e-9:
        return cmyk
    grey = min(c, m, y, (1 - k) * 1.0, excess / 2)
    c, m, y, k = c - grey, m - grey, y - grey, k + grey
    excess = c + m + y + k - limit
    if excess > 1e-9:
        chroma = c + m + y
        if chroma > 0:
            keep = max(0.0, (chroma - excess) / chroma)
            c, m, y = c * keep, m * keep, y * keep
        k = min(k, limit)
    return (c, m, y, k)


def total_ink(cmyk: CMYK) -> float:
    """C + M + Y + K in per cent."""
    return sum(cmyk) * 100


class Converter:
    """Colours of one printing condition: `profile` (an ICC output profile) and an ink limit.

    Conversions are cached: a card PDF uses a few hundred distinct colours."""

    def __init__(self, profile: Path, ink_limit: float) -> None:
        from PIL import ImageCms

        if not profile.is_file():
            raise RenderError(
                f"the CMYK profile {profile} is missing: install Debian's libgs-common "
                "(ghostscript's ICC profiles) or name another profile in the shop preset"
            )
        self.ink_limit = ink_limit
        self.profile_bytes = profile.read_bytes()
        srgb = ImageCms.createProfile("sRGB")
        self._transform = ImageCms.buildTransform(
            srgb,
            ImageCms.getOpenProfile(str(profile)),
            "RGB",
            "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
        )
        self._cache: dict[tuple[int, int, int], CMYK] = {}

    def cmyk(self, rgb: RGB) -> CMYK:
        key = tuple(max(0, min(255, round(v * 255))) for v in rgb)
        assert len(key) == 3
        if key not in self._cache:
            from PIL import Image

            pixel, out = Image.new("RGB", (1, 1), key), Image.new("CMYK", (1, 1))
            # the transform's own apply() serialises the whole profile into the result's
            # info on every call (milliseconds each): call the core transform directly
            self._transform.transform.apply(pixel.getim(), out.getim())
            value = out.getpixel((0, 0))
            assert isinstance(value, tuple)
            converted = tuple(v / 255 for v in value)
            self._cache[key] = limit_ink(
                (converted[0], converted[1], converted[2], converted[3]), self.ink_limit
            )
        return self._cache[key]

    def text_cmyk(self, rgb: RGB) -> CMYK:
        """Like `cmyk`, but black and near-black greys on the K plate alone."""
        if max(rgb) - min(rgb) <= NEUTRAL and max(rgb) <= NEAR_BLACK:
            return (0.0, 0.0, 0.0, round(1 - sum(rgb) / 3, 4))
        return self.cmyk(rgb)

    def image(self, pixels: object, limited: bool = True) -> object:
        """An RGB Pillow image as CMYK through the profile, each pixel within the ink limit
        (not `limited`: as the profile gives it, for a picture limited later)."""
        from PIL import Image

        assert isinstance(pixels, Image.Image)
        source = pixels.convert("RGB")
        converted = Image.new("CMYK", source.size)
        self._transform.transform.apply(source.getim(), converted.getim())
        return limit_image(converted, self.ink_limit) if limited else converted


def limit_image(image: object, limit_percent: float) -> object:
    """Each pixel of a CMYK image within the ink limit (the same rule as `limit_ink`)."""
    from PIL import Image

    assert isinstance(image, Image.Image)
    colours = image.getcolors(maxcolors=1 << 16)
    if colours is not None and all(total_ink(_unit(c)) <= limit_percent for _, c in colours):
        return image
    raw = image.tobytes()
    limited: dict[bytes, bytes] = {}  # each colour once: a drawn picture has few
    for start in range(0, len(raw), 4):
        pixel = raw[start : start + 4]
        if pixel not in limited:
            values = limit_ink(_unit(tuple(pixel)), limit_percent)
            limited[pixel] = bytes(round(v * 255) for v in values)
    pixels = (limited[raw[start : start + 4]] for start in range(0, len(raw), 4))
    return Image.frombytes("CMYK", image.size, b"".join(pixels))


def _unit(pixel: object) -> CMYK:
    assert isinstance(pixel, tuple)
    return (pixel[0] / 255, pixel[1] / 255, pixel[2] / 255, pixel[3] / 255)


@cache
def converter(profile: Path, ink_limit: float) -> Converter:
    return Converter(profile, ink_limit)
