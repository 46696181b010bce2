"""Draws the documentation's pictures (docs/img/*.png) from builds made by printgen itself.

Run from the project's folder: `.venv/bin/python docs/tools/pictures.py`. In a temporary folder
it builds the samples `examples/lantern-market` and `examples/saltmarsh`, and the tutorial's
game (`printgen new moonrise`, with the tutorial's one added card), then puts a few of the
built card and piece PNGs side by side and renders pages of the PDFs with poppler's
`pdftoppm`. Each picture is a PNG of 128 colours kept under 150 KB; run it again when the way
the samples or a new game look changes, and commit the pictures it rewrites.
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
TUTORIAL_CARD = 'eclipse,Eclipse,1,sun,3,"Every player discards a card."\n'
"""The row the tutorial adds to the new game's cards.csv (docs/tutorial.md, step 3)."""

STRIPS = {  # picture: (folder of PNGs in the kit, the PNGs side by side)
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
    "tutorial-cards.png": ("moonrise/cards", ["sun-1", "moon-2", "star-1", "eclipse", "back"]),
}
PAGES = {  # picture: (PDF in the kit, its pages side by side)
    "sheet.png": ("lantern-market/cards.pdf", [1]),
    "rulebook.png": ("lantern-market/rules.pdf", [1]),
    "board.png": ("saltmarsh/board.pdf", [1]),
    "tutorial-sheets.png": ("moonrise/cards.pdf", [1, 2]),
    "tutorial-rules.png": ("moonrise/rules.pdf", [1, 2]),
    "tutorial-guide.png": ("moonrise/print-guide.pdf", [1]),
}


def printgen(*args: str | Path) -> None:
    """Runs the printgen of this checkout."""
    command = [sys.executable, "-m", "printgen", *map(str, args)]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def build(folder: Path) -> Path:
    """Builds the samples and the tutorial's game under `folder`; returns OUT."""
    games, out = folder / "games", folder / "kit"
    printgen("new", "moonrise", "--data", games)
    game = games / "moonrise"
    with (game / "cards.csv").open("a", encoding="utf-8") as cards:
        cards.write(TUTORIAL_CARD)
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("declared: 12", "declared: 13"))
    printgen("build", "--data", "examples", "lantern-market", "saltmarsh", "--out", out)
    printgen("build", "--data", games, "moonrise", "--out", out)
    return out


def side_by_side(images: list[Image.Image], gap: int = 12, ground: str = "white") -> Image.Image:
    """`images` in a row, top-aligned, `gap` pixels apart and round them."""
    width = sum(image.width for image in images) + gap * (len(images) + 1)
    height = max(image.height for image in images) + 2 * gap
    canvas = Image.new("RGBA", (width, height), ground)
    x = gap
    for image in images:
        canvas.alpha_composite(image.convert("RGBA"), (x, gap))
        x += image.width + gap
    return canvas


def strip(folder: Path, names: list[str], height: int = 240) -> Image.Image:
    """The named PNGs scaled to one height, side by side on white."""
    faces = []
    for name in names:
        face = Image.open(folder / f"{name}.png")
        size = (round(face.width * height / face.height), height)
        faces.append(face.convert("RGBA").resize(size, Image.Resampling.LANCZOS))
    return side_by_side(faces)


def pages(pdf: Path, numbers: list[int], dpi: int = 50) -> Image.Image:
    """Pages of a PDF as poppler renders them at `dpi`, side by side on grey."""
    rendered = []
    with tempfile.TemporaryDirectory() as tmp:
        for number in numbers:
            stem = Path(tmp) / f"page-{number}"
            command = ["pdftoppm", "-r", str(dpi), "-png", "-singlefile"]
            command += ["-f", str(number), "-l", str(number), str(pdf), str(stem)]
            subprocess.run(command, check=True)
            rendered.append(Image.open(f"{stem}.png").convert("RGBA"))
    return side_by_side(rendered, ground="#8a8f98")


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
        kit = build(Path(tmp))
        for name, (folder, faces) in STRIPS.items():
            save(strip(kit / folder, faces), name)
        for name, (pdf, numbers) in PAGES.items():
            save(pages(kit / pdf, numbers), name)


if __name__ == "__main__":
    main()
