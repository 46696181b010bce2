"""Opaque pictures that stand in for transparency in PDF/X-1a, which allows none.

- A translucent **image** (a PNG's alpha, or an image painted at an opacity) becomes an opaque
  image of its own pixel grid: the picture composited in sRGB over what the page shows under
  it, as the RGB file's viewer composites it, then converted as every picture is.
- A translucent **shape or group** over more than one colour (a faint watermark across a
  paper oval and the card's background) cannot be painted in one blended colour. It becomes a
  patch (`patch`): the page as the RGB file shows it once the shape is painted, rendered at
  `PATCH_DPI`, painted only where the shape changed the picture (an explicit 1-bit mask, which
  PDF/X-1a allows), so what is around and under it stays vector and text is never in it.
  The same two pictures (a deck's watermark on each of its cards) are converted once
  (`patch_key`): the conversion is most of a patch's cost.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import pikepdf
from PIL import Image, ImageChops

from printgen.render.shop.colour import Converter

PATCH_DPI = 300
"""Resolution of a rasterised transparent shape: the 300 dpi shops ask for art."""
CHANGED = 2
"""A pixel counts as changed by the shape when a channel moved by more than this (of 255)."""
_CHANGED_LUT = [0] * (CHANGED + 1) + [255] * (255 - CHANGED)
"""How far a pixel's channels moved at most, to 255 where it counts as changed, else 0."""


def translucent_image(xobject: pikepdf.Object, alpha: float) -> bool:
    """An image that lets what is under it show: it has a soft mask (a PNG's alpha, as cairo
    writes it) or is painted at an opacity under 1. (A stencil mask paints one colour where it
    is set and is opaque there: it needs no flattening.)"""
    if xobject.get("/Subtype") != "/Image" or xobject.get("/ImageMask"):
        return False
    return "/SMask" in xobject or "/SMaskInData" in xobject or alpha < 0.999


def flatten_image(
    pdf: pikepdf.Pdf,
    image: pikepdf.Object,
    alpha: float,
    backdrop: Image.Image | tuple[float, float, float],
    colours: Converter,
) -> pikepdf.Object:
    """A new opaque image XObject: `image` composited by its soft mask (and `alpha`) over
    `backdrop` (an RGB picture of the image's size, or one sRGB colour), in sRGB, then
    through the profile (`Converter.image`)."""
    assert isinstance(image, pikepdf.Stream)  # an image XObject is a stream
    pixels = pikepdf.PdfImage(image).as_pil_image().convert("RGB")
    mask = Image.new("L", pixels.size, 255)
    smask = image.get("/SMask")
    if smask is not None:
        assert isinstance(smask, pikepdf.Stream)
        mask = pikepdf.PdfImage(smask).as_pil_image().convert("L")
        if mask.size != pixels.size:
            mask = mask.resize(pixels.size, Image.Resampling.BILINEAR)
    if alpha < 0.999:
        mask = mask.point(lambda v: round(v * alpha))
    if not isinstance(backdrop, Image.Image):
        backdrop = Image.new("RGB", pixels.size, tuple(round(v * 255) for v in backdrop))
    flat = colours.image(Image.composite(pixels, backdrop.convert("RGB"), mask))
    assert isinstance(flat, Image.Image)
    stream = image_stream(pdf, flat)
    if image.get("/Interpolate") is not None:
        stream.Interpolate = image.Interpolate
    return stream


@dataclass(frozen=True)
class Patch:
    """A patch's pixels: the CMYK picture's samples and the explicit mask's rows (1 masks
    out), as bytes once (a deck's watermark is painted from them on each of its cards)."""

    samples: bytes
    mask_bits: bytes
    size: tuple[int, int]


def patch_pixels(after: Image.Image, before: Image.Image, colours: Converter) -> Patch | None:
    """The CMYK picture of `after` (RGB) where it differs from `before`, white elsewhere, and
    the mask of where it does not; None when the two do not differ (the shape changes
    nothing)."""
    # in Pillow's C, each step over every pixel: the most any channel moved, a pixel
    # changed when that is over CHANGED; the picture white where none did (white compresses
    # well), and the explicit mask's rows (1 masks out: PDF's explicit masking)
    after, before = _rgb(after), _rgb(before)
    bands = ImageChops.difference(after, before).split()
    moved = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    changed = moved.point(_CHANGED_LUT)
    if changed.getbbox() is None:
        return None
    shown = Image.new("RGB", after.size, (255, 255, 255))
    shown.paste(after, mask=changed)
    image = colours.image(shown)
    assert isinstance(image, Image.Image)
    kept = moved.point([255 - v for v in _CHANGED_LUT], "1")
    return Patch(image.tobytes(), kept.tobytes(), after.size)


def _rgb(image: Image.Image) -> Image.Image:
    return image if image.mode == "RGB" else image.convert("RGB")


def patch_key(after: Image.Image, before: Image.Image) -> bytes:
    """What `patch_pixels` depends on, digested: a card's watermark, flattened on every card
    of its deck, renders the same two pictures each time."""
    digest = hashlib.sha256()
    for image in (after, before):
        digest.update(f"{image.mode} {image.size}".encode())
        digest.update(image.tobytes())
    return digest.digest()


def patch(pdf: pikepdf.Pdf, made: Patch) -> pikepdf.Object:
    """The patch as an image XObject of `pdf` with its explicit mask."""
    stream = _cmyk_stream(pdf, made.samples, made.size)
    width, height = made.size
    mask = pikepdf.Stream(pdf, made.mask_bits)
    mask.Type = pikepdf.Name.XObject
    mask.Subtype = pikepdf.Name.Image
    mask.Width, mask.Height = width, height
    mask.ImageMask = True
    mask.BitsPerComponent = 1
    stream.Mask = pdf.make_indirect(mask)
    return stream


def image_stream(pdf: pikepdf.Pdf, image: Image.Image) -> pikepdf.Object:
    """A CMYK Pillow image as an indirect image XObject of `pdf`."""
    return _cmyk_stream(pdf, image.tobytes(), image.size)


def _cmyk_stream(pdf: pikepdf.Pdf, samples: bytes, size: tuple[int, int]) -> pikepdf.Object:
    """8-bit CMYK `samples` of `size` pixels as an indirect image XObject of `pdf`."""
    stream = pikepdf.Stream(pdf, samples)
    stream.Type = pikepdf.Name.XObject
    stream.Subtype = pikepdf.Name.Image
    stream.Width, stream.Height = size
    stream.ColorSpace = pikepdf.Name.DeviceCMYK
    stream.BitsPerComponent = 8
    return pdf.make_indirect(stream)
