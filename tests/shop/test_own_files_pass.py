"""The smallest cases of our own shop files that our own preflight used to refuse (issue 32):
a card with a 6 pt coloured caption (The Way's brown "Expansion": four inks at 6 pt, which a
shop refuses for misregistration) and a rulebook picture of a 14 mm piece placed at its size
(165 whole pixels for 165.35: 299.4 dpi where 300 is asked for). Each is made the way the kit
makes it and must pass preflight for every shop that takes it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pikepdf
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from printgen.model import load_game
from printgen.preflight import inks
from printgen.preflight.checks import preflight
from printgen.preflight.scan import scan
from printgen.render.rulebook.pieces import pieces_picture
from printgen.render.shop import colour
from printgen.render.shop.colour import Use, converter
from printgen.render.shop.lab import ciede2000, srgb_to_lab
from printgen.render.shop.pdfx import to_pdfx
from printgen.render.shop.presets import load_preset
from printgen.render.shop.rules import shop_rules
from tests.shop.pdfcheck import text_inks
from tests.shop.test_preflight import BLEED, TRIM_H, TRIM_W

BROWN = (0x5E / 255, 0x32 / 255, 0x0F / 255)
"""The Way's earth brown, which the profile builds of four inks."""
PAPER = (0.98, 0.96, 0.92)


def caption_card(path: Path, caption_pt: float) -> bytes:
    """An RGB card as the kit draws one (paper to the bleed, boxes set), with a brown caption
    of `caption_pt` and a 9 pt one, in an embedded font."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from tests.shop.test_preflight import FONT

    if "DejaVu" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVu", str(FONT)))
    page = canvas.Canvas(str(path), pagesize=(TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED))
    page.setTrimBox((BLEED, BLEED, BLEED + TRIM_W, BLEED + TRIM_H))
    page.setBleedBox((0, 0, TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED))
    page.setFillColorRGB(*PAPER)
    page.rect(0, 0, TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED, stroke=0, fill=1)
    page.setFillColorRGB(*BROWN)
    page.setFont("DejaVu", caption_pt)
    page.drawString(12 * mm, 10 * mm, "EXPANSION")
    page.setFont("DejaVu", 9)
    page.drawString(12 * mm, 30 * mm, "Earth 1")
    page.showPage()
    page.save()
    return path.read_bytes()


def test_the_converter_and_preflight_agree_on_tiny_four_colour_text() -> None:
    assert colour.FEW_INKS_PT == inks.FOUR_COLOUR_FAIL_PT
    assert colour.USED_INK == inks.USED
    assert colour.RICH_K_TEXT == inks.RICH_K


@pytest.mark.parametrize("shop", ["dtc", "print"])
@pytest.mark.parametrize("caption_pt", [6.0, 5.0])
def test_a_6pt_coloured_caption_passes_preflight(tmp_path: Path, shop: str, caption_pt) -> None:
    settings = load_preset(shop).pdf
    assert settings is not None
    path = tmp_path / f"{shop}.pdf"
    path.write_bytes(to_pdfx(caption_card(tmp_path / "rgb.pdf", caption_pt), settings, "Earth"))
    report = preflight(path, shop)
    assert report.ok, [c for c in report.checks if not c.ok]
    with pikepdf.open(path) as pdf:
        shown = {round(size, 1): fill for fill, size in text_inks(pdf)}
    # the same brown: four inks as the profile makes it at 9 pt, three at the caption's size
    assert min(shown[9.0]) >= inks.USED
    caption = shown[caption_pt]
    assert sorted(caption)[0] == 0.0 and sorted(caption)[1] >= inks.USED
    assert caption[3] < inks.RICH_K  # not a rich black either
    # and it still prints that brown: its proof within ΔE 2 of the design
    colours = converter(settings.profile.file, settings.ink_limit)
    seen = colours.proof_rgb(colours.ink(BROWN, Use.TEXT, caption_pt).cmyk)
    assert colours.ink(BROWN, Use.TEXT, caption_pt).cmyk == pytest.approx(caption, abs=1e-4)
    assert float(ciede2000(srgb_to_lab(np.array(BROWN)), srgb_to_lab(np.array(seen)))) < 2.0


GAME = """\
id: pond
name: Pond
players: {min: 1, max: 4}
components:
  tokens:
    file: tokens.csv
    shape: circle
    size: 14mm
"""


def test_a_rulebook_picture_of_a_14mm_piece_passes_preflight(tmp_path: Path) -> None:
    import weasyprint

    folder = tmp_path / "pond"
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "tokens.csv").write_text("name,count\nFrog,2\nNewt,1\n", encoding="utf-8")
    game = load_game(folder)
    picture = pieces_picture(game, game.components["tokens"])
    assert "<img" in picture
    html = f"<style>@page {{ size: A5; margin: 15mm }}</style><p>{picture}</p>"
    data = weasyprint.HTML(string=html).write_pdf()
    made = shop_rules(data, "print", "Pond")
    assert made is not None
    path = tmp_path / "rules.pdf"
    path.write_bytes(made)
    report = preflight(path, "print")
    assert report.ok, [c for c in report.checks if not c.ok]
    # 14 mm at 300 dpi is 165.35 pixels: 166 (301.2 dpi), never 165 (299.4 dpi)
    images = scan(path).images
    assert {i.pixels for i in images} == {(166, 166)}
    assert [round(i.dpi, 1) for i in images] == [301.2] * len(images)
