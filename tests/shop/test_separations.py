"""The shop files' separations, as a RIP makes them (ghostscript's tiffsep): dark backgrounds
are rich (C, M and Y under K), small text is K 100 % on its own plate, the total ink stays
within each shop's limit on every page, and the flattened PDF/X-1a cards show what the RGB
cards show (the faint watermark of CL4SH's Earth cards prints faint, not as beige shapes)."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image

from printgen.render.shop.colour import converter
from printgen.render.shop.lab import ciede2000, srgb_to_lab
from printgen.render.shop.presets import load_preset
from tests.shop.separations import separations


def page_of(pdf: Path, label: str) -> int:
    """The 1-based number of the page labelled `label`."""
    with pikepdf.open(pdf) as doc:
        return next(n for n, page in enumerate(doc.pages, 1) if str(page.label) == label)


@pytest.mark.parametrize(
    ("name", "label"),
    [("dtc/deck.pdf", "fire-1 1/2 back"), ("print/cards-print.pdf", "back")],
)
def test_cl4sh_back_is_a_rich_black_under_its_k(cl4sh_shops: Path, name: str, label: str) -> None:
    """The back's near-black (#191a24, the palette's night) was 85 % K alone in the PDF/X-4
    file (empty C, M and Y plates): now C, M and Y lie under K across the background."""
    path = cl4sh_shops / "shop" / name
    (plates,) = separations(path, page_of(path, label), dpi=40)
    height, width, _ = plates.shape
    corner = plates[4 : height // 8, 4 : width // 8].reshape(-1, 4)  # the bleed's background
    c, m, y, k = np.median(corner, axis=0)
    assert min(c, m, y) > 0.3 and k > 0.6, (c, m, y, k)


def test_small_text_is_k_100_on_its_own_plate(shops: Path) -> None:
    """The rulebook's body text: every pixel of K 100 % has no C, M or Y (black text on the
    page), and the K plate alone holds the text."""
    (plates,) = separations(shops / "shop" / "print" / "rules.pdf", 3, dpi=150)
    text = plates[..., 3] > 0.99
    assert text.sum() > 2000
    under = plates[text][:, :3]
    assert (under.max(axis=1) < 0.01).mean() > 0.97


@pytest.mark.parametrize(
    ("game", "name", "shop"),
    [
        ("cl4sh", "dtc/deck.pdf", "dtc"),
        ("cl4sh", "dtc/signal.pdf", "dtc"),
        ("cl4sh", "print/cards-print.pdf", "print"),
        ("mywuxing", "dtc/deck.pdf", "dtc"),
        ("mywuxing", "print/rules.pdf", "print"),
    ],
)
def test_total_ink_within_the_shops_limit_on_every_page(
    shops: Path, cl4sh_shops: Path, game: str, name: str, shop: str
) -> None:
    settings = load_preset(shop).pdf
    assert settings is not None
    kit = cl4sh_shops if game == "cl4sh" else shops
    most = max(float(p.sum(axis=-1).max()) for p in separations(kit / "shop" / name, dpi=20))
    assert most * 100 <= settings.ink_limit + 1.5  # a plate's 8 bits: 0.4 % each
    assert most * 100 > settings.ink_limit - 40  # the dark colours use what they may


def _render_rgb(pdf: Path, page: int, dpi: int) -> np.ndarray:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "page.png"
        subprocess.run(
            ["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", f"-r{dpi}",
             f"-dFirstPage={page}", f"-dLastPage={page}", f"-sOutputFile={out}", str(pdf)],
            check=True,
        )  # fmt: skip
        with Image.open(out) as image:
            return np.asarray(image.convert("RGB"), dtype=float) / 255


def _render_cmyk_proof(pdf: Path, page: int, dpi: int) -> np.ndarray:
    """The page's CMYK as the press lays it (tiffsep), seen back through the shop profile."""
    settings = load_preset("dtc").pdf
    assert settings is not None
    (plates,) = separations(pdf, page, dpi)
    cmyk = Image.fromarray(np.round(plates * 255).astype(np.uint8), "CMYK")
    proof = converter(settings.profile.file, settings.ink_limit).proof_image(cmyk)
    return np.asarray(proof, dtype=float) / 255


@pytest.mark.parametrize("number", range(1, 10))
def test_flattened_earth_cards_look_like_the_rgb_cards(cl4sh_shops: Path, number: int) -> None:
    """Each Earth card of the PDF/X-1a deck (flattened) against the same card of the RGB
    cards-print.pdf, pixel by pixel in CIEDE2000. The faint mountain watermark crosses the
    paper oval and the brown background: painted in one blended colour it showed as beige
    shapes on the brown (ΔE 7 and more on 1 % of the card, its 99th percentile; 2.4 on
    average with the colours of before). The edges of shapes differ by a pixel here and
    there (99.9th percentile), whatever the flattening."""
    label = f"earth-{number} 1/2"
    dpi = 100
    rgb_file = cl4sh_shops / "cards-print.pdf"
    original = _render_rgb(rgb_file, page_of(rgb_file, label), dpi)
    dtc = cl4sh_shops / "shop" / "dtc" / "deck.pdf"
    flat = _render_cmyk_proof(dtc, page_of(dtc, label), dpi)
    assert original.shape == flat.shape
    difference = ciede2000(srgb_to_lab(original), srgb_to_lab(flat))
    assert np.percentile(difference, 99) < 3, np.percentile(difference, [50, 90, 99, 99.9])
    assert float(np.mean(difference)) < 1


def _masked_images(
    resources: pikepdf.Object | None, forms: set[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The explicitly masked images (flattening's patches) painted through `resources`, the
    forms' own included, each form walked once."""
    found: list[tuple[int, int]] = []
    xobjects = None if resources is None else resources.get("/XObject")
    for xobject in [] if xobjects is None else xobjects.values():
        if xobject.get("/Subtype") == "/Image" and isinstance(xobject.get("/Mask"), pikepdf.Stream):
            found.append(xobject.objgen)
        elif xobject.get("/Subtype") == "/Form" and xobject.objgen not in forms:
            forms.add(xobject.objgen)
            found += _masked_images(xobject.get("/Resources"), forms)
    return found


def test_a_watermark_patch_is_stored_once_a_file(cl4sh_shops: Path) -> None:
    """The Earth cards' watermark flattens into the same patches on every card of the suit:
    each is one image of the file, placed wherever it is painted (it was a new image each
    time it was painted: 37 images for 76 placements of 5 different ones)."""
    with pikepdf.open(cl4sh_shops / "shop" / "dtc" / "deck.pdf") as pdf:
        placed = [i for page in pdf.pages for i in _masked_images(page.get("/Resources"), set())]
    assert len(placed) >= 18  # every Earth card has its watermark
    assert len(set(placed)) * 4 < len(placed)
