"""A designer's art in the shops' files: PNG art with transparency is flattened for PDF/X-1a
onto what is drawn under it, and a shop whose files fail does not take down the rest of the
kit. The game is the sample designer game (examples/lantern-market) with its silk art
replaced by a PNG with a transparent background, an opaque disc and a half-transparent band,
all at print resolution, drawn over a picture of its own (a gradient) in a box under it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageDraw

from printgen.preflight.checks import preflight
from tests.shared_builds import shared_folder

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "lantern-market"
ART_PX = (1600, 1000)
DISC = (300, 100, 1300, 900)
BAND = (0, 0, 400, 1000)
"""The half-transparent band at the art's left edge (it covers part of the disc)."""
UNDER_PX = (1280, 800)
UNDER_BOX = (
    "    under: {image: art/under.png, when: '{{ art }}', top: 16mm, bottom: 47%, fit: cover}\n"
)
"""A box right after the panel, so drawn before the art and in the same place: art over a
picture (a gradient: red grows to the right, blue to the top)."""


def gradient(size: tuple[int, int]) -> Image.Image:
    width, height = size
    picture = Image.new("RGB", size)
    picture.putdata(
        [
            (round(255 * x / (width - 1)), 60, round(255 * (1 - y / (height - 1))))
            for y in range(height)
            for x in range(width)
        ]
    )
    return picture


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
    gradient((64, 40)).resize(UNDER_PX, Image.Resampling.BILINEAR).save(
        folder / "art" / "under.png"
    )
    design = (folder / "design.yaml").read_text(encoding="utf-8")
    boxes = "front:\n  boxes:\n"
    assert boxes in design
    design = design.replace(boxes, boxes + "    panel: {}\n" + UNDER_BOX, 1)
    (folder / "design.yaml").write_text(design, encoding="utf-8")
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
            if image.get("/ImageMask"):  # a patch's explicit mask: 1 bit, no colour space
                continue
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


def _mean(image: Image.Image, x: float, y: float, r: int = 2) -> tuple[float, ...]:
    """The mean of each channel over the (2r + 1)-pixel square at (x, y)."""
    cx, cy = round(x), round(y)
    pixels = [image.getpixel((cx + i, cy + j)) for i in range(-r, r + 1) for j in range(-r, r + 1)]
    return tuple(sum(p[c] for p in pixels) / len(pixels) for c in range(len(pixels[0])))


def _flattened_art(deck: Path) -> Image.Image:
    """The largest image painted on the deck's first page (the silk art, flattened), CMYK."""

    def images(resources: pikepdf.Object) -> list[pikepdf.Object]:
        found = []
        for xobject in resources.get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Image":
                found.append(xobject)
            elif xobject.get("/Subtype") == "/Form":
                found.extend(images(xobject.get("/Resources", pikepdf.Dictionary())))
        return found

    with pikepdf.open(deck) as pdf:
        painted = images(pdf.pages[0].obj.Resources)
        biggest = max(painted, key=lambda i: int(i.Width) * int(i.Height))
        image = pikepdf.PdfImage(biggest).as_pil_image()
    assert image.mode == "CMYK"
    return image


@pytest.mark.parametrize(
    ("where", "fx", "fy"),
    [
        ("clear, over the gradient", 0.9, 0.5),
        ("clear, over the gradient's top", 0.95, 0.1),
        ("clear, over the gradient's bottom", 0.85, 0.9),
        ("the opaque disc", 0.5, 0.5),
    ],
)
def test_the_flattened_art_shows_what_cards_pdf_shows_under_it(
    dtc_build: Path, where: str, fx: float, fy: float
) -> None:
    """Page 1 of the DriveThruCards deck is the Bolt of Silk's front, as page 1 of the home
    kit's cards-print.pdf (the same drawing, RGB, with live transparency). Where the art is
    clear (right of the disc: x over 1300 of 1600 whatever the crop of its cover fit) its
    flattened pixels are the gradient under it, and where it is opaque its disc: the RGB
    file's pixels there, through the shop's profile (to 10 of 255 a channel)."""
    import pypdfium2

    from printgen.render.shop.colour import converter
    from printgen.render.shop.presets import load_preset

    settings = load_preset("dtc").pdf
    assert settings is not None
    colours = converter(settings.profile.file, settings.ink_limit)
    rgb_file = dtc_build / "cards-print.pdf"
    x0, top, x1, bottom = art_box(rgb_file, 0)
    scale = 4.0
    document = pypdfium2.PdfDocument(str(rgb_file))
    try:
        shown = document[0].render(scale=scale).to_pil().convert("RGB")
    finally:
        document.close()
    seen = _mean(shown, (x0 + fx * (x1 - x0)) * scale, (top + fy * (bottom - top)) * scale)
    expected = colours.image(Image.new("RGB", (1, 1), tuple(round(v) for v in seen)))
    assert isinstance(expected, Image.Image)
    flat = _flattened_art(dtc_build / "shop" / "dtc" / "market.pdf")
    got = _mean(flat, fx * (flat.width - 1), fy * (flat.height - 1))
    want = expected.getpixel((0, 0))
    assert all(abs(g - w) <= 10 for g, w in zip(got, want, strict=True)), (where, got, want)


def test_a_failing_shop_leaves_the_rest_of_the_kit(tmp_path: Path, cli) -> None:
    """Art under the shop's 300 dpi fails DriveThruCards' preflight: the build says so (exit
    1: a check failed), writes no dtc file but the failing file's preflight table (issue 36,
    trap 8: there was none to read), and writes the home kit and the other shop; the
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
    dtc = kit / "shop" / "dtc"
    assert sorted(p.name for p in dtc.iterdir()) == ["market.preflight.txt"]
    assert "image resolution" in (dtc / "market.preflight.txt").read_text()
    assert "the whole report: shop/dtc/market.preflight.txt" in run.err
    recorded = json.loads((out / ".printgen-cache.json").read_text())["parts"]
    assert "lantern-market/cards.pdf" in recorded["lantern-market/cards"]["files"]
    again = cli(*args, "--shop", "dtc", "--shop", "tgc", "--jobs", "1")
    assert again.code == 1 and "shop dtc failed" in again.err
