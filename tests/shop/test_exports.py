"""`build --shop`: each shop's folder, its PDF/X files read back with pikepdf, its PNGs by
their pixels, its manifest against `validate`'s totals."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from printgen.layout.units import PT_PER_MM
from printgen.model import Game
from printgen.render.shop.colour import SMALL_TEXT_PT
from printgen.render.shop.presets import load_preset
from tests.shop.pdfcheck import cmyk_colours, content_streams, operators, text_inks

RGB_OPERATORS = {"rg", "RG", "sc", "scn", "SC", "SCN"}


def test_png_shops_write_each_face_at_their_pixel_size(shops: Path) -> None:
    for shop, size in (("tgc", (825, 1125)), ("mpc", (822, 1122))):
        for name in ("water.png", "star.png", "back.png"):
            with Image.open(shops / "shop" / shop / name) as image:
                assert image.size == size, f"{shop}/{name}"
                assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def manifest(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("shop", ["tgc", "mpc"])
def test_manifest_copies_add_up_to_the_validate_totals(
    shops: Path, mywuxing: Game, shop: str
) -> None:
    rows = manifest(shops / "shop" / shop / "manifest.csv")
    assert list(rows[0]) == ["image", "copies", "back", "deck", "card"]
    assert sum(int(r["copies"]) for r in rows) == mywuxing.totals["deck"] == 54
    counts = {card.id: card.count for card in mywuxing.printed_decks[0].cards if card.count}
    assert {r["card"]: int(r["copies"]) for r in rows} == counts
    for row in rows:
        assert (shops / "shop" / shop / row["image"]).is_file()
        assert row["back"] == "back.png"


def test_manifest_of_two_decks_names_each_decks_back(cl4sh_shops: Path, cl4sh: Game) -> None:
    rows = manifest(cl4sh_shops / "shop" / "tgc" / "manifest.csv")
    for deck in ("deck", "signal"):
        mine = [r for r in rows if r["deck"] == deck]
        assert sum(int(r["copies"]) for r in mine) == cl4sh.totals[deck]
    assert {r["back"] for r in rows if r["deck"] == "signal"} == {"back-signal.png"}
    assert {r["back"] for r in rows if r["deck"] == "deck"} == {"back.png"}


def pdfx_files(shops: Path) -> list[tuple[str, Path]]:
    return [
        ("dtc", shops / "shop" / "dtc" / "deck.pdf"),
        ("print", shops / "shop" / "print" / "cards-print.pdf"),
        ("print", shops / "shop" / "print" / "rules.pdf"),
    ]


def test_pdfx_files_carry_the_output_intent_and_version(shops: Path) -> None:
    for shop, path in pdfx_files(shops):
        preset = load_preset(shop)
        assert preset.pdf is not None
        with pikepdf.open(path) as pdf:
            (intent,) = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX"
            assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
            profile = intent.DestOutputProfile.read_bytes()
            assert profile == preset.pdf.profile.file.read_bytes()
            assert profile[16:20] == b"CMYK"  # the ICC header's colour space
            assert str(pdf.docinfo.GTS_PDFXVersion) == preset.pdf.standard
            assert pdf.docinfo.Trapped == "/False"


def test_no_rgb_left_in_the_cmyk_files(shops: Path) -> None:
    for _, path in pdfx_files(shops):
        with pikepdf.open(path) as pdf:
            used = {op for op, _ in operators(pdf)}
            assert not used & RGB_OPERATORS, path.name
            assert "k" in used
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
                    assert obj.get("/ColorSpace") != "/DeviceRGB"
                    assert obj.get("/CS") != "/DeviceRGB"


def test_pdfx_1a_has_no_transparency(shops: Path) -> None:
    with pikepdf.open(shops / "shop" / "dtc" / "deck.pdf") as pdf:
        assert pdf.pdf_version <= "1.4"
        for holder in content_streams(pdf):
            assert "/Group" not in holder
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
                assert "/SMask" not in obj or obj.SMask == "/None"
                for key in ("/ca", "/CA"):
                    assert float(obj.get(key, 1)) == 1


def test_pdfx_4_keeps_transparency_blending_in_cmyk(shops: Path) -> None:
    with pikepdf.open(shops / "shop" / "print" / "rules.pdf") as pdf:
        groups = [h.Group for h in content_streams(pdf) if "/Group" in h]
        assert groups
        assert all(g.CS == "/DeviceCMYK" for g in groups if "/CS" in g)


@pytest.mark.parametrize("shop", ["dtc", "print"])
def test_total_ink_within_the_presets_limit(shops: Path, shop: str) -> None:
    preset = load_preset(shop)
    assert preset.pdf is not None
    paths = [p for s, p in pdfx_files(shops) if s == shop]
    for path in paths:
        with pikepdf.open(path) as pdf:
            colours = cmyk_colours(pdf)
        assert len(colours) > 10
        assert max(sum(c) * 100 for c in colours) <= preset.pdf.ink_limit + 0.05


@pytest.mark.parametrize("name", ["print/rules.pdf", "print/cards-print.pdf", "dtc/deck.pdf"])
def test_small_black_text_is_solid_k_alone_and_large_black_text_rich(
    shops: Path, name: str
) -> None:
    """Text under 12 pt in a black or dark grey is K 100 % with no C, M or Y (the
    rulebook's body text, the cards' rules); larger black type is a rich black."""
    small = large = 0
    with pikepdf.open(shops / "shop" / name) as pdf:
        for fill, size in text_inks(pdf):
            if fill[3] < 0.75:
                continue
            if size < SMALL_TEXT_PT:
                assert fill == (0, 0, 0, 1), (fill, size)
                small += 1
            elif fill[:3] != (0, 0, 0):
                large += 1
    assert small > 0
    if name == "print/rules.pdf":
        assert large > 0  # the headings


def test_dtc_pages_are_front_back_pairs_at_an_eighth_inch_bleed(
    shops: Path, mywuxing: Game
) -> None:
    with pikepdf.open(shops / "shop" / "dtc" / "deck.pdf") as pdf:
        assert len(pdf.pages) == 2 * 54
        bleed = 25.4 / 8 * PT_PER_MM
        for page in pdf.pages:
            media = [float(v) for v in page.mediabox]
            assert media == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72], abs=0.01)
            trim = [float(v) for v in page.obj.TrimBox]
            assert trim == pytest.approx([bleed, bleed, media[2] - bleed, media[3] - bleed])
        nums = list(pdf.Root.PageLabels.Nums)
        assert str(nums[1].P) == "water 1/8" and str(nums[3].P) == "water 1/8 back"


def test_print_rulebook_has_a_3mm_bleed_around_the_a5_trim(shops: Path) -> None:
    bleed = 3 * PT_PER_MM
    with pikepdf.open(shops / "shop" / "print" / "rules.pdf") as pdf:
        for page in pdf.pages:
            trim = [float(v) for v in page.obj.TrimBox]
            assert trim == pytest.approx([0, 0, 148 * PT_PER_MM, 210 * PT_PER_MM], abs=0.01)
            assert [float(v) for v in page.obj.BleedBox] == pytest.approx(
                [-bleed, -bleed, trim[2] + bleed, trim[3] + bleed], abs=0.01
            )


def test_print_rulebook_cover_fill_reaches_into_the_bleed(shops: Path) -> None:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(shops / "shop" / "print" / "rules.pdf"))
    image = document[0].render(scale=1).to_pil().convert("L")
    width, height = image.size
    for x, y in ((1, 1), (width - 2, height // 2), (width // 2, height - 2)):
        assert image.getpixel((x, y)) < 80, (x, y)  # the dark cover, not white paper
