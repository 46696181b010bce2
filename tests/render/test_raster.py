"""The fast raster path (issue 18): each per-card PNG is its face's own vector page rasterised
by pdfium. It must show the same picture as the PDF a print shop gets: every sample card's PNG
is compared, pixel by pixel, with its page of `cards-print.pdf` drawn by another renderer
(poppler's pdftoppm at 300 dpi; the tgc preset's bleed is the PDF's, so the areas match)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import Game, load_game
from tests.render.conftest import A4, ROOT

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler")

MEAN_TOLERANCE = 2.5
"""Mean difference a channel (0-255): glyph and curve edges are antialiased a little
differently by pdfium and poppler; a wrong card, a shift or a missing element is far over."""
BLURRED_TOLERANCE = 72
"""The difference of the worst 0.5 % of pixels at 1/5 scale (box filter), where edge
antialiasing mostly averages out (the sample cards measure 28 to 47; a wrong card over 200)."""


def first_pages(game: Game) -> dict[str, int]:
    """The 1-based page of cards-print.pdf showing each front's first copy."""
    pages, page = {}, 1
    for deck in game.printed_decks:
        for card in deck.cards:
            if card.count:
                pages.setdefault(card.id, page)
                page += card.count
        page += 1  # the deck's back
    return pages


def poppler_page(pdf: Path, page: int, size: tuple[int, int]) -> np.ndarray:
    run = subprocess.run(
        ["pdftoppm", "-r", "300", "-f", str(page), "-l", str(page), "-png", str(pdf)],
        capture_output=True,
        check=True,
    )
    image = Image.open(io.BytesIO(run.stdout)).convert("RGB")
    return np.asarray(image.crop((0, 0, *size))).astype(int)  # poppler rounds the size up


def differences(png: Path, reference: np.ndarray) -> tuple[float, int]:
    """The mean difference of every pixel, and the worst 0.5 % at 1/5 scale."""
    image = Image.open(png).convert("RGB")
    pixels = np.asarray(image).astype(int)
    small = (image.width // 5, image.height // 5)
    blurred = np.asarray(image.resize(small, Image.Resampling.BOX)).astype(int)
    ref_image = Image.fromarray(reference.astype("uint8"))
    ref_blurred = np.asarray(ref_image.resize(small, Image.Resampling.BOX)).astype(int)
    worst = np.percentile(np.abs(blurred - ref_blurred).max(axis=2), 99.5)
    return float(np.abs(pixels - reference).mean()), int(worst)


@pytest.mark.parametrize(
    ("data", "game_id", "cards"),
    [
        ("card_data", "mywuxing", ["water", "dragon", "promo"]),
        ("examples", "lantern-market", ["silk-bolt", "festival", "ferryman"]),
    ],
)
def test_card_pngs_show_the_print_pdf_pages(
    tmp_path: Path, data: str, game_id: str, cards: list[str]
) -> None:
    game = load_game(ROOT / data / game_id)
    build_part(card_files, game, A4, tmp_path, card_outputs(("cards-print.pdf", "cards")))
    folder = tmp_path / game_id
    pages = first_pages(game)
    for name in cards:
        png = folder / "cards" / f"{name}.png"
        with Image.open(png) as image:
            size = image.size
        reference = poppler_page(folder / "cards-print.pdf", pages[name], size)
        mean, blurred = differences(png, reference)
        assert mean < MEAN_TOLERANCE and blurred < BLURRED_TOLERANCE, (name, mean, blurred)
    # and the comparison tells cards apart: another card's page is far outside the tolerance
    other = poppler_page(folder / "cards-print.pdf", pages[cards[1]], size)
    mean, blurred = differences(folder / "cards" / f"{cards[0]}.png", other)
    assert mean > 2 * MEAN_TOLERANCE or blurred > 2 * BLURRED_TOLERANCE


def test_a_batch_drawn_in_one_pdf_gives_each_face_alone_s_bytes(mywuxing: Game) -> None:
    """A batch's PNGs are rasterised from one PDF of one page a face (exports.bleed_pngs):
    each must be exactly the PNG of its face drawn alone, whatever its neighbours (other
    glyphs in the shared font subsets, an image on the page before)."""
    from printgen.kit.card_faces import GameFaces, LazyRecordings
    from printgen.render.exports.pngs import bleed_png, bleed_pngs

    assert mywuxing.card_size is not None
    faces = GameFaces(mywuxing)
    deck = mywuxing.printed_decks[0]
    drawings = LazyRecordings(mywuxing, faces.titles)
    chosen = [faces.front(deck, card) for card in deck.cards[:4]] + [faces.back(deck)]
    recorded = [drawings[face.svg] for face in chosen]
    together = list(bleed_pngs(recorded, mywuxing.card_size, 3.175, 300))
    alone = [bleed_png(drawing, mywuxing.card_size, 3.175, 300) for drawing in recorded]
    assert len(together) == 5 and together == alone
    assert len(set(together)) == 5  # five different pictures, not one repeated
