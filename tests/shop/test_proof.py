"""The soft proof (issue 32): each shop PDF's CMYK seen back through the shop's profile as an
RGB PDF of the same pages (`shop/<name>/proof/<file>.pdf`), and the palette's colours as
printed with their CIEDE2000 from the design (`proof/colours.csv`)."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
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


def test_each_picture_proofed_from_its_own_pixels_when_pictures_repeat() -> None:
    """Pictures with the same samples (a deck's flattening patches) are converted once: each
    proof still holds its own picture's pixels through the profile, and a picture with other
    samples its own."""
    from PIL import Image, ImageCms

    from printgen.render.shop.presets import load_preset
    from printgen.render.shop.proof import proof_pdf

    settings = load_preset("dtc").pdf
    assert settings is not None
    grid = np.arange(6 * 4 * 4, dtype=np.uint8).reshape(4, 6, 4)
    samples = [grid * 2, grid * 2, 255 - grid]  # the first two alike
    pdf = pikepdf.new()
    names = {}
    for at, pixels in enumerate(samples):
        image = pikepdf.Stream(pdf, pixels.tobytes())
        image.Type, image.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
        image.Width, image.Height, image.BitsPerComponent = 6, 4, 8
        image.ColorSpace = pikepdf.Name.DeviceCMYK
        names[f"/Im{at}"] = pdf.make_indirect(image)
    content = b" ".join(f"q 10 0 0 10 {20 * i} 0 cm {n} Do Q".encode() for i, n in enumerate(names))
    page = pikepdf.Dictionary(
        Type=pikepdf.Name.Page,
        MediaBox=[0, 0, 80, 20],
        Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(names)),
        Contents=pdf.make_stream(content),
    )
    pdf.pages.append(pikepdf.Page(page))
    made = io.BytesIO()
    pdf.save(made)
    cmyk_to_srgb = ImageCms.buildTransform(
        ImageCms.getOpenProfile(str(settings.profile.file)),
        ImageCms.createProfile("sRGB"),
        "CMYK",
        "RGB",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )
    with pikepdf.open(io.BytesIO(proof_pdf(made.getvalue(), settings))) as seen:
        xobjects = seen.pages[0].Resources.XObject
        for (name, _), pixels in zip(names.items(), samples, strict=True):
            image = xobjects[name]
            assert image.ColorSpace == "/DeviceRGB"
            source = Image.frombytes("CMYK", (6, 4), pixels.tobytes())
            expected = ImageCms.applyTransform(source, cmyk_to_srgb)
            assert expected is not None
            assert image.read_bytes() == expected.tobytes(), name


def test_colours_are_proofed_on_the_bytes_as_the_full_parser_does() -> None:
    """The byte scan (`_recoloured_bytes`) replaces each `k`/`K` and its numbers, not what a
    string holds, and gives the operators and numbers the full parser's path gives; a stream
    with a comment or an inline image is refused (it goes to the full parser)."""
    import pytest

    from printgen.render.shop.colour import converter
    from printgen.render.shop.presets import load_preset
    from printgen.render.shop.proof import _recoloured, _recoloured_bytes
    from printgen.render.shop.tokens import Unfollowed

    settings = load_preset("dtc").pdf
    assert settings is not None
    colours = converter(settings.profile.file, settings.ink_limit)
    stream = (
        b"q 0.2 0.4 0 1 k\n0 0 10 10 re f BT /F1 9 Tf (0 0 0 1 k) Tj\n"
        b"[(a) -20 (1 K)] TJ ET 0.5 0 .25 0 K\n1 w 0 0 m 5 5 l S\n0 0 0 1 k Q"
    )
    pdf = pikepdf.new()
    by_bytes = _recoloured_bytes(stream, colours, {})
    by_parser = _recoloured(pdf.make_stream(stream), colours)
    parsed, expected = _read(pdf, by_bytes), _read(pdf, by_parser)
    assert parsed == expected
    ops = [op for op, _ in parsed]
    assert ops.count("rg") == 2 and ops.count("RG") == 1 and "k" not in ops and "K" not in ops
    assert b" (0 0 0 1 k) Tj" in by_bytes and b"[(a) -20 (1 K)] TJ" in by_bytes
    black = colours.proof_rgb((0.0, 0.0, 0.0, 1.0))
    assert ("rg", [round(v, 4) for v in black]) in parsed
    for refused in (b"% 1 0 0 0 k\n0 0 0 1 k", b"BI /W 1 /H 1 ID k EI 0 0 0 1 k"):
        with pytest.raises(Unfollowed):
            _recoloured_bytes(refused, colours, {})


def _read(pdf: pikepdf.Pdf, data: bytes) -> list[tuple[str, list[object]]]:
    """Each operator with its operands: numbers as floats, strings, names and arrays as text."""
    return [
        (str(op), [float(v) if isinstance(v, (int, float, Decimal)) else str(v) for v in operands])
        for operands, op in pikepdf.parse_content_stream(pdf.make_stream(data))
    ]
