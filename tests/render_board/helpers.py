"""Reading boards, sheets and components back: page sizes, text, fonts, pixels."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pikepdf
from PIL import Image, ImageStat

from printgen.layout.units import PT_PER_MM

WHITE = (255, 255, 255)


def page_sizes_mm(pdf: Path) -> list[tuple[float, float]]:
    with pikepdf.open(pdf) as doc:
        return [
            (round(float(p.mediabox[2]) / PT_PER_MM, 1), round(float(p.mediabox[3]) / PT_PER_MM, 1))
            for p in doc.pages
        ]


def text(pdf: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return subprocess.run(
        ["pdftotext", *pages, "-layout", str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def fonts(pdf: Path) -> list[tuple[str, bool]]:
    """Every font used on any page or in any form XObject: (name, embedded)."""
    found: dict[str, bool] = {}
    with pikepdf.open(pdf) as doc:

        def walk(resources: pikepdf.Dictionary, seen: set[tuple[int, int]]) -> None:
            for font in (resources.get("/Font") or {}).values():
                descendants = font.get("/DescendantFonts")
                target = descendants[0] if descendants is not None else font
                desc = target.get("/FontDescriptor")
                embedded = desc is not None and any(
                    k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")
                )
                found[str(font.BaseFont)] = embedded
            for xobject in (resources.get("/XObject") or {}).values():
                if xobject.objgen in seen or "/Resources" not in xobject:
                    continue
                seen.add(xobject.objgen)
                walk(xobject.Resources, seen)

        for page in doc.pages:
            walk(page.Resources, set())
    return sorted(found.items())


def render(pdf: Path, page: int, dpi: int) -> Image.Image:
    """One page rendered by poppler (pdftoppm), as an RGB image."""
    png = subprocess.run(
        ["pdftoppm", "-f", str(page), "-l", str(page), "-r", str(dpi), "-png", str(pdf)],
        check=True,
        capture_output=True,
    ).stdout
    return Image.open(io.BytesIO(png)).convert("RGB")


def px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


def mean_colour(
    image: Image.Image, x: float, y: float, w: float, h: float, dpi: int
) -> tuple[float, float, float]:
    """The mean colour of the box (x, y, w, h), in mm from the page's top-left corner."""
    box = image.crop((px(x, dpi), px(y, dpi), px(x + w, dpi), px(y + h, dpi)))
    r, g, b = ImageStat.Stat(box).mean
    return (r, g, b)


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def close(a: tuple[float, ...], b: tuple[float, ...], tolerance: float = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def blank_margin(image: Image.Image, margin_mm: float, dpi: int) -> bool:
    """True when nothing is printed within `margin_mm` of the page's edges."""
    w, h = image.size
    m = px(margin_mm, dpi) - 1
    bands = [(0, 0, w, m), (0, h - m, w, h), (0, 0, m, h), (w - m, 0, w, h)]
    return all(min(low for low, _ in image.crop(band).getextrema()) >= 250 for band in bands)


def dark_runs(values: list[int], threshold: int) -> list[tuple[int, int]]:
    """(start, end) of each run of values below `threshold`, end exclusive."""
    runs, start = [], None
    for i, v in enumerate([*values, 255]):
        if v < threshold and start is None:
            start = i
        elif v >= threshold and start is not None:
            runs.append((start, i))
            start = None
    return runs


def luminance_row(image: Image.Image, y_px: int, x0: int, x1: int) -> list[int]:
    grey = image.convert("L")
    return [grey.getpixel((x, y_px)) for x in range(x0, x1)]


def luminance_column(image: Image.Image, x_px: int, y0: int, y1: int) -> list[int]:
    grey = image.convert("L")
    return [grey.getpixel((x_px, y)) for y in range(y0, y1)]
