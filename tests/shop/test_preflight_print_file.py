"""Preflight's checks of a print file as a shop's prepress would make them (issue 32): a good
PDF/X-1a (dtc) and PDF/X-4 (print) card is made here (reportlab, then printgen's own PDF/X
conversion), and each fixture changes one thing in it with pikepdf, which fails that check
and no other. Our own shop files pass (test_preflight.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pikepdf
import pytest
from PIL import ImageCms

from printgen.preflight.checks import preflight
from printgen.render.shop.pdfx import to_pdfx
from printgen.render.shop.presets import load_preset
from tests.shop.test_preflight import BLEED, TRIM_H, TRIM_W, card_pdf


def good_card(folder: Path, shop: str) -> Path:
    """A one-card PDF/X file for `shop` that passes every check."""
    rgb = card_pdf(folder / "source.pdf")
    settings = load_preset(shop).pdf
    assert settings is not None
    path = folder / f"good-{shop}.pdf"
    path.write_bytes(to_pdfx(rgb.read_bytes(), settings, "Fire 1"))
    return path


def failed(path: Path, target: str) -> set[str]:
    return {c.name for c in preflight(path, target).checks if not c.ok and c.level == "error"}


def changed(path: Path, change: Callable[[pikepdf.Pdf], None], **save: object) -> Path:
    out = path.with_name("changed.pdf")
    with pikepdf.open(path) as pdf:
        change(pdf)
        pdf.save(out, **save)  # type: ignore[arg-type]
    return out


def paint(code: bytes) -> Callable[[pikepdf.Pdf], None]:
    """Content painted on top of the page, in the page's own resources (its font's name
    taken from the page's text)."""

    def change(pdf: pikepdf.Pdf) -> None:
        page = pdf.pages[0]
        shown = [str(ops[0]) for ops, op in pikepdf.parse_content_stream(page) if str(op) == "Tf"]
        text = code.replace(b"/FONT", shown[-1].encode())  # the card's own (embedded) font
        page.contents_add(pdf.make_stream(b"q " + text + b" Q"), prepend=False)

    return change


def no_trapped(pdf: pikepdf.Pdf) -> None:
    del pdf.docinfo["/Trapped"]


def art_box(pdf: pikepdf.Pdf) -> None:
    pdf.pages[0].obj.ArtBox = pdf.pages[0].obj.TrimBox


def javascript(pdf: pikepdf.Pdf) -> None:
    script = pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS=pikepdf.String("app.alert(1)"))
    pdf.Root.OpenAction = pdf.make_indirect(script)


def rgb_intent(pdf: pikepdf.Pdf) -> None:
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    profile = pdf.make_stream(srgb)
    profile.N = 3
    pdf.Root.OutputIntents[0].DestOutputProfile = profile


def no_document_id(pdf: pikepdf.Pdf) -> None:
    xmp = pdf.Root.Metadata.read_bytes().decode("utf-8")
    xmp = re.sub(r"\s*<xmpMM:(DocumentID|InstanceID)>[^<]*</xmpMM:\1>", "", xmp)
    pdf.Root.Metadata.write(xmp.encode("utf-8"))


def link_in_trim(pdf: pikepdf.Pdf) -> None:
    link = pikepdf.Dictionary(
        Type=pikepdf.Name.Annot,
        Subtype=pikepdf.Name.Link,
        Rect=[40, 40, 120, 60],
        Border=[0, 0, 0],
        A=pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String("https://example.com")),
    )
    pdf.pages[0].obj.Annots = pdf.make_indirect(pikepdf.Array([pdf.make_indirect(link)]))


WIDTH, HEIGHT = TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED
WHITE_BLEED = (
    f"0 0 0 0 k 0 0 {WIDTH:.2f} {BLEED:.2f} re 0 0 {BLEED:.2f} {HEIGHT:.2f} re "
    f"{WIDTH - BLEED:.2f} 0 {BLEED:.2f} {HEIGHT:.2f} re "
    f"0 {HEIGHT - BLEED:.2f} {WIDTH:.2f} {BLEED:.2f} re f"
).encode()


def drawn(code: bytes) -> Callable[[Path], Path]:
    return lambda p: changed(p, paint(code))


def edited(change: Callable[[pikepdf.Pdf], None]) -> Callable[[Path], Path]:
    return lambda p: changed(p, change)


def saved(**options: object) -> Callable[[Path], Path]:
    return lambda p: changed(p, lambda pdf: None, **options)


FIXTURES: list[tuple[str, str, Callable[[Path], Path], str]] = [
    ("400 % fill", "dtc", drawn(b"1 1 1 1 k 20 20 40 40 re f"), "total ink"),
    ("310 % fill", "print", drawn(b"1 1 .5 .6 k 20 20 40 40 re f"), "total ink"),
    (
        "6 pt four-colour text",
        "dtc",
        drawn(b"BT /FONT 6 Tf .4 .4 .4 .4 k 30 30 Td (Fire 1) Tj ET"),
        "small text inks",
    ),
    (
        "9 pt rich black text",
        "print",
        drawn(b"BT /FONT 9 Tf .5 .4 .4 1 k 30 30 Td (Fire 1) Tj ET"),
        "small text inks",
    ),
    (
        "encrypted",
        "dtc",
        saved(encryption=pikepdf.Encryption(owner="shop", user="", R=3, aes=False, metadata=False)),
        "encryption",
    ),
    ("no Trapped key", "dtc", edited(no_trapped), "Trapped"),
    ("ArtBox with TrimBox", "dtc", edited(art_box), "box rules"),
    ("JavaScript", "print", edited(javascript), "scripts and actions"),
    ("PDF 1.7 header", "print", saved(force_version="1.7"), "PDF version"),
    ("RGB output profile", "print", edited(rgb_intent), "output intent"),
    ("no DocumentID", "print", edited(no_document_id), "XMP identifiers"),
    ("art stops at the trim", "dtc", drawn(WHITE_BLEED), "art to the bleed"),
    ("link inside the trim", "print", edited(link_in_trim), "annotations"),
]


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("good")
    return {shop: good_card(folder, shop) for shop in ("dtc", "print")}


@pytest.mark.parametrize("shop", ["dtc", "print"])
def test_the_good_card_passes_every_check(good: dict[str, Path], shop: str) -> None:
    report = preflight(good[shop], shop)
    assert report.ok, [c for c in report.checks if not c.ok]
    names = {c.name for c in report.checks}
    assert {fixture[3] for fixture in FIXTURES} <= names


@pytest.mark.parametrize(
    ("problem", "shop", "make", "check"), FIXTURES, ids=[f[0] for f in FIXTURES]
)
def test_each_fixture_fails_its_check_alone(
    good: dict[str, Path],
    tmp_path: Path,
    problem: str,
    shop: str,
    make: Callable[[Path], Path],
    check: str,
) -> None:
    source = tmp_path / "card.pdf"
    source.write_bytes(good[shop].read_bytes())
    assert failed(make(source), shop) == {check}, problem


def test_a_failure_names_the_page_and_its_card(good: dict[str, Path], tmp_path: Path) -> None:
    def labelled(pdf: pikepdf.Pdf) -> None:
        paint(b"1 1 1 1 k 20 20 40 40 re f")(pdf)
        pdf.Root.PageLabels = pikepdf.Dictionary(
            Nums=[0, pikepdf.Dictionary(P=pikepdf.String("fire-1 1/2"))]
        )

    source = tmp_path / "card.pdf"
    source.write_bytes(good["dtc"].read_bytes())
    report = preflight(changed(source, labelled), "dtc")
    ink = next(c for c in report.checks if c.name == "total ink")
    assert not ink.ok
    assert ink.detail == "400 % on page 1 (fire-1 1/2); 240 % at most"


def test_four_colour_text_up_to_12_pt_is_reported_not_failed(
    good: dict[str, Path], tmp_path: Path
) -> None:
    source = tmp_path / "card.pdf"
    source.write_bytes(good["print"].read_bytes())
    path = changed(source, paint(b"BT /FONT 8 Tf .4 .6 1 .3 k 30 30 Td (Fire 1) Tj ET"))
    check = next(c for c in preflight(path, "print").checks if c.name == "small text inks")
    assert check.ok and "four-colour text under 12 pt" in check.detail
    assert "8.0 pt" in check.detail


def test_home_target_only_warns(good: dict[str, Path], tmp_path: Path) -> None:
    source = tmp_path / "card.pdf"
    source.write_bytes(good["print"].read_bytes())
    path = changed(source, link_in_trim)
    report = preflight(path, "home")
    assert report.ok
    annotations = next(c for c in report.checks if c.name == "annotations")
    assert not annotations.ok and annotations.level == "warning"
