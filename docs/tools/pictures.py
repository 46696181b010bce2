"""Draws the documentation's pictures (docs/img/*.png) from a build of the sample games.

Run from the project's folder: `.venv/bin/python docs/tools/pictures.py`. It builds
`examples/lantern-market` and `examples/saltmarsh` into a temporary folder with printgen
itself, then puts a few of the built card and piece PNGs side by side and renders a page of
the sheets with poppler's `pdftoppm`. Each picture is kept under 150 KB (a palette of 128
colours), so the pictures change only when the kits do.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
IMG = ROOT / "docs" / "img"
LIMIT = 150_000

STRIPS = {
    "cards.png": (
        "lantern-market/cards",
        ["silk-bolt", "spice-saffron", "jade-dragon", "storm", "weaver", "back"],
    ),
    "pieces.png": (
        "saltmarsh",
        [
            "tiles/reed",
            "tiles/creek-bend",
            "tiles/mudflat-nest",
            "birds/avocet",
            "birds/avocet-back",
        ],
    ),
}
PAGES = {
    "sheet.png": ("lantern-market/cards.pdf", 1),
    "rulebook.png": ("lantern-market/rules.pdf", 1),
    "board.png": ("saltmarsh/board.pdf", 1),
}


def build(out: Path) -> None:
    """Builds the two sample kits with the printgen of this checkout."""
    command = [
        sys.executable,
        "-m",
        "printgen",
        "build",
        "--data",
        "examples",
        "lantern-market",
        "saltmarsh",
        "--out",
        str(out),
    ]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def strip(folder: Path, names: list[str], height: int = 240, gap: int = 12) -> Image.Image:
    """The named PNGs scaled to one height, side by side on white."""
    faces = []
    for name in names:
        face = Image.open(folder / f"{name}.png").convert("RGBA")
        faces.append(
            face.resize(
                (round(face.width * height / face.height), height), Image.Resampling.LANCZOS
            )
        )
    width = sum(face.width for face in faces) + gap * (len(faces) + 1)
    canvas = Image.new("RGBA", (width, height + 2 * gap), "white")
    x = gap
    for face in faces:
        canvas.alpha_composite(face, (x, gap))
        x += face.width + gap
    return canvas


def page(pdf: Path, number: int, dpi: int = 50) -> Image.Image:
    """One page of a PDF as poppler renders it, at `dpi`."""
    with tempfile.TemporaryDirectory() as tmp:
        stem = Path(tmp) / "page"
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                str(dpi),
                "-png",
                "-singlefile",
                "-f",
                str(number),
                "-l",
                str(number),
                str(pdf),
                str(stem),
            ],
            check=True,
        )
        return Image.open(f"{stem}.png").convert("RGBA")


def save(image: Image.Image, name: str) -> None:
    """Writes `name` as a 128-colour PNG, refusing one over the size limit."""
    target = IMG / name
    image.convert("RGB").quantize(128, dither=Image.Dither.NONE).save(target, optimize=True)
    size = target.stat().st_size
    if size > LIMIT:
        raise SystemExit(f"{target}: {size} bytes, over {LIMIT}")
    print(f"{target.relative_to(ROOT)}: {image.width} x {image.height} px, {size // 1000} KB")


def main() -> None:
    IMG.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        kit = Path(tmp) / "kit"
        build(kit)
        for name, (folder, faces) in STRIPS.items():
            save(strip(kit / folder, faces), name)
        for name, (pdf, number) in PAGES.items():
            save(page(kit / pdf, number), name)


if __name__ == "__main__":
    main()
