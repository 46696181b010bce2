"""A designer's art in the shops' files: PNG art with transparency is flattened for PDF/X-1a
onto what is drawn under it, and a shop whose files fail does not take down the rest of the
kit. The game is the sample designer game (examples/lantern-market) with its silk art
replaced by a PNG with a transparent background, an opaque disc and a half-transparent band,
all at print resolution."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageDraw

from printgen.render.preflight.checks import preflight
from tests.shared_builds import shared_folder

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "lantern-market"
ART_PX = (1600, 1000)
DISC = (300, 100, 1300, 900)
BAND = (0, 0, 400, 1000)
"""The half-transparent band at the art's left edge (it covers part of the disc)."""


def designer_game(root: Path, print_resolution: bool = True) -> Path:
    """The sample game under `root/data`, its silk art a transparent PNG; not
    `print_resolution`: its other PNG art (spice.png, 1280 x 800, 508 dpi on the card) shrunk
    to 640 x 400, 254 dpi, under the shops' 300."""
    folder = root / "data" / "lantern-market"
    shutil.copytree(SAMPLE, folder)
    art = Image.new("RGBA", ART_PX, (0, 0, 0, 0))
    draw = ImageDraw.Draw(art)
    draw.ellipse(DISC, fill=(200, 30, 30, 255))
    draw.rectangle(BAND, fill=(20, 160, 40, 128))
    art.save(folder / "art" / "silk.png")
    if not print_resolution:
        with Image.open(folder / "art" / "spice.png") as spice:
            spice.resize((640, 400)).save(folder / "art" / "spice.png")
    return folder.parent


@pytest.fixture(scope="module")
def dtc_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The designer game's kit with DriveThruCards' files, once a run for all xdist workers."""
    from printgen.commands.build import BuildOptions, run_build

    def make(root: Path) -> None:
        data = designer_game(root)
        code = run_build(("lantern-market",), data, root / "out", BuildOptions(shops=("dtc",)))
        assert code == 0

    return shared_folder(tmp_path_factory, "designer-art", make) / "out" / "lantern-market"


def test_transparent_art_is_flattened_for_pdfx_1a(dtc_build: Path) -> None:
    deck = dtc_build / "shop" / "dtc" / "market.pdf"
    with pikepdf.open(deck) as pdf:
        images = [
            obj
            for obj in pdf.objects
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
        ]
        assert images
        for image in images:
            assert "/SMask" not in image and "/SMaskInData" not in image
            assert image.get("/ColorSpace") in (pikepdf.Name.DeviceCMYK, pikepdf.Name.DeviceGray)
        assert pdf.Root.OutputIntents[0].S == "/GTS_PDFX"
        assert "/DestOutputProfile" in pdf.Root.OutputIntents[0]
    report = preflight(deck, "dtc")
    assert report.ok, [c for c in report.checks if not c.ok]
    assert next(c for c in report.checks if c.name == "transparency").detail == "none"


def art_box(pdf_path: Path, page: int) -> tuple[float, float, float, float]:
    """The silk art's box on `page` (0-based), in PDF points from the top left (the largest
    image on the page)."""
    import pdfplumber

    with pdfplumber.open(pdf_path) as pdf:
        found = pdf.pages[page].images
        biggest = max(found, key=lambda i: (i["x1"] - i["x0"]) * (i["bottom"] - i["top"]))
        return (biggest["x0"], biggest["top"], biggest["x1"], biggest["bottom"])


def pixel(pdf_path: Path, page: int, x_pt: float, y_pt: float, scale: float = 2.0) -> tuple:
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf_path))
    try:
        image = document[page].render(scale=scale).to_pil().convert("RGB")
        return image.getpixel((round(x_pt * scale), round(y_pt * scale)))
    finally:
        document.close()


def test_the_flattened_art_shows_the_card_under_it(dtc_build: Path) -> None:
    """Page 1 is the Bolt of Silk's front: where the art is transparent the card's panel
    shows, exactly as beside the art; the disc is red; the half-transparent band over the
    panel lies between the panel and the band's green."""
    deck = dtc_build / "shop" / "dtc" / "market.pdf"
    x0, top, x1, bottom = art_box(deck, 0)
    width, height = x1 - x0, bottom - top

    def at(fx: float, fy: float) -> tuple:
        return pixel(deck, 0, x0 + fx * width, top + fy * height)

    panel_beside = pixel(deck, 0, x0 + 0.9 * width, top - 4)  # just above the art
    clear = at(0.9, 0.05)  # outside the disc and the band: alpha 0
    assert all(abs(a - b) <= 2 for a, b in zip(clear, panel_beside, strict=True)), (
        clear,
        panel_beside,
    )
    red = at(0.5, 0.5)
    assert red[0] > 150 and red[1] < 90 and red[2] < 90, red
    band = at(0.1, 0.05)  # the band over the panel, outside the disc
    assert band[1] < clear[1] and band[0] < clear[0] - 40, (band, clear)
    assert band[1] > band[0] + 20 and band[0] > 60, band  # greenish, not the opaque green


def test_a_failing_shop_leaves_the_rest_of_the_kit(tmp_path: Path, cli) -> None:
    """Art under the shop's 300 dpi fails DriveThruCards' preflight: the build says so (exit
    1: a check failed), writes no dtc folder, and writes the home kit and the other shop; the
    next build reports it again rather than finding the part unchanged."""
    data = designer_game(tmp_path, print_resolution=False)
    out = tmp_path / "out"
    args = ["build", "lantern-market", "--data", data, "--out", out]
    run = cli(*args, "--shop", "dtc", "--shop", "tgc", "--jobs", "1")
    assert run.code == 1, run.err
    assert "lantern-market/cards: shop dtc failed: market.pdf fails preflight for dtc" in run.err
    assert "image resolution" in run.err
    assert "Traceback" not in run.err
    kit = out / "lantern-market"
    for name in ("cards.pdf", "cards-print.pdf", "cards-fold.pdf", "shop/tgc/manifest.csv"):
        assert (kit / name).is_file(), name
    assert not (kit / "shop" / "dtc").exists()
    recorded = json.loads((out / ".printgen-cache.json").read_text())["parts"]
    assert "lantern-market/cards.pdf" in recorded["lantern-market/cards"]["files"]
    again = cli(*args, "--shop", "dtc", "--shop", "tgc", "--jobs", "1")
    assert again.code == 1 and "shop dtc failed" in again.err
