"""The sample designer game (examples/lantern-market): built from its design data, read back
from the PDF. Text is printed, never under art, inside the safe zone and at least 6 pt; each
deck has its own back; its own font is embedded."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from printgen.kit.cards import card_files
from printgen.kit.names import card_outputs
from printgen.kit.write import build_part
from printgen.model import load_game
from tests.render.conftest import A4, ROOT, shared_build
from tests.render.pdfgeometry import read_cards

SAMPLE = ROOT / "examples" / "lantern-market"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    outputs = ("cards.pdf", "cards-print.pdf", "cards")
    return shared_build(tmp_path_factory, "sample-cards", load_game(SAMPLE), A4, outputs)


def test_every_card_prints_its_name_and_text(built: Path) -> None:
    text = " ".join(page.text for page in read_cards(built / "cards-print.pdf"))
    for words in ("BoltofSilk", "JadeDragon", "LanternFestival", "TheMerchantPrince"):
        assert words in text.replace(" ", "")
    assert "Counts" in text and "Patrons" in text and "MARKET" in text


def test_text_never_overlaps_art_and_stays_in_the_safe_zone(built: Path) -> None:
    pages = read_cards(built / "cards-print.pdf")
    assert sum(len(p.images) for p in pages) >= 2  # the raster art is there to collide with
    for page in pages:
        assert page.text_over_art() == [], f"page {page.number}"
        assert page.outside_safe() == [], f"page {page.number}"
        assert page.smallest_text() >= 6.0 - 0.01, f"page {page.number}"


def test_the_card_size_is_the_games_own(built: Path) -> None:
    page = read_cards(built / "cards-print.pdf")[0]
    assert (round(page.width, 1), round(page.height, 1)) == (70.0, 100.0)


def test_each_deck_has_its_own_back(built: Path) -> None:
    market, patrons = built / "cards" / "back.png", built / "cards" / "back-patrons.png"
    assert market.read_bytes() != patrons.read_bytes()


def test_the_games_own_font_is_embedded(built: Path) -> None:
    with pikepdf.open(built / "cards.pdf") as pdf:
        names = {
            str(font.get("/BaseFont"))
            for page in pdf.pages
            for _, xobject in page.Resources.get("/XObject", {}).items()
            for _, font in xobject.get("/Resources", {}).get("/Font", {}).items()
        }
    assert any("Comfortaa" in name for name in names), names


def test_long_text_wraps_and_stays_large(built: Path) -> None:
    """The five-sentence event text wraps onto many lines instead of shrinking to a line."""
    pages = read_cards(built / "cards-print.pdf")
    festival = next(p for p in pages if "LanternFestival" in p.text.replace(" ", ""))
    tops = {round(box.top, 1) for box, size in festival.chars if size < 11}
    assert len(tops) >= 6
    assert festival.smallest_text() >= 6.0 - 0.01


def test_a_column_a_box_places_is_not_printed_again_in_the_body(tmp_path: Path) -> None:
    """Was: with the default text box (`body`: every text column) and a `flavour` box, the
    flavour printed twice, once over the rules text. Now `body` leaves out the columns that
    a box of the card's layout places itself."""
    import shutil

    game_folder = tmp_path / "data" / "lantern-market"
    shutil.copytree(SAMPLE, game_folder)
    design = game_folder / "design.yaml"
    lines = design.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("    text: {"))
    end = next(i for i, line in enumerate(lines) if line.startswith("    flavour: {"))
    design.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")  # default text box
    out = tmp_path / "out"
    build_part(card_files, load_game(game_folder), A4, out, card_outputs(("cards-print.pdf",)))
    pages = read_cards(out / "lantern-market" / "cards-print.pdf")
    silk = [p.text.replace(" ", "") for p in pages if "BoltofSilk" in p.text.replace(" ", "")]
    assert len(silk) == 3  # one shop page a printed card
    for text in silk:
        assert text.count("Sellfor") == 1 and text.count("Spunontheriverterraces") == 1, text


def test_its_pictures_and_lines_pass_a_print_shops_preflight(built: Path) -> None:
    """The sample is built with every --shop preset too: its PNG art (1280 x 800 on a 64 mm
    box) reaches the shops' 300 dpi, and no line is under their 0.25 pt hairline."""
    from printgen.preflight.checks import preflight

    report = preflight(built / "cards-print.pdf", "print")
    checks = {c.name: c for c in report.checks}
    assert checks["image resolution"].ok, checks["image resolution"].detail
    assert checks["hairlines"].ok, checks["hairlines"].detail
