"""The soft proof (issue 32): each shop PDF's CMYK seen back through the shop's profile as an
RGB PDF of the same pages (`shop/<name>/proof/<file>.pdf`), and the palette's colours as
printed with their CIEDE2000 from the design (`proof/colours.csv`)."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pikepdf

from printgen.render.shop.lab import ciede2000, srgb_to_lab
from tests.shop.pdfcheck import operators
from tests.shop.test_separations import _render_rgb, page_of


def test_each_shop_pdf_has_an_rgb_proof_of_the_same_pages(cl4sh_shops: Path) -> None:
    for shop, name in (("dtc", "deck"), ("dtc", "signal"), ("print", "cards-print")):
        cmyk, proof = cl4sh_shops / "shop" / shop / f"{name}.pdf", cl4sh_shops / "shop" / shop
        proof = proof / "proof" / f"{name}.pdf"
        with pikepdf.open(cmyk) as printed, pikepdf.open(proof) as seen:
            assert [str(p.label) for p in seen.pages] == [str(p.label) for p in printed.pages]
            ops = {op for op, _ in operators(seen)}
            assert not {"k", "K"} & ops and "rg" in ops
            assert "/OutputIntents" not in seen.Root
            for page in seen.pages:
                for image in page.get_images().values():
                    assert image.get("/ColorSpace") != "/DeviceCMYK"
        assert not (proof.parent / f"{name}.preflight.txt").exists()  # not for upload


def test_the_proof_looks_like_the_rgb_cards(cl4sh_shops: Path) -> None:
    """CL4SH's Havoc card (near-black) and an Earth card (watermark flattened into a patch):
    the proof renders within a small CIEDE2000 of the RGB original."""
    original, proof = cl4sh_shops / "cards-print.pdf", cl4sh_shops / "shop/dtc/proof/deck.pdf"
    for label in ("almighty 1/4", "earth-5 1/2"):
        a = _render_rgb(original, page_of(original, label), 60)
        b = _render_rgb(proof, page_of(proof, label), 60)
        difference = ciede2000(srgb_to_lab(a), srgb_to_lab(b))
        assert float(np.mean(difference)) < 1.5, (label, float(np.mean(difference)))
        assert float(np.percentile(difference, 95)) < 3, label


def test_the_palette_table_reports_each_colour_and_dark_ones_print_close(
    cl4sh_shops: Path,
) -> None:
    for shop in ("dtc", "print"):
        rows = list(csv.DictReader((cl4sh_shops / "shop" / shop / "proof" / "colours.csv").open()))
        by_name = {row["colour"]: row for row in rows}
        # the colours: CL4SH's Havoc, its back (night) and text ink
        for name, design in (("havoc", "#23212b"), ("night", "#191a24"), ("ink", "#1f1b16")):
            row = by_name[name]
            assert row["design"] == design
            assert float(row["delta_e"]) < 5, row
            c, m, y, k = (int(v) for v in row["cmyk"].split())
            assert min(c, m, y) > 15 and k > 20  # rich: colour under the black
            assert int(row["total_ink"]) <= (240 if shop == "dtc" else 300)
        assert all(float(row["delta_e"]) >= 0 for row in rows) and len(rows) > 20
