"""`printgen preflight`: a fixture PDF for each problem it checks fails that check (made here
with reportlab), a clean one passes, and our own shop files pass for their targets."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from printgen.cli import main
from printgen.preflight.checks import preflight

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
TRIM_W, TRIM_H, BLEED = 63.5 * mm, 88.9 * mm, 3.175 * mm


def card_pdf(
    path: Path,
    font: str = "DejaVu",
    image: Image.Image | None = None,
    line_width: float = 0.5,
    trim_box: bool = True,
    text_pt: float = 9,
) -> Path:
    """A one-card page, clean unless told otherwise: trim + 1/8 in bleed, boxes set, CMYK
    colours, an embedded font, lines of 0.5 pt."""
    if font == "DejaVu" and "DejaVu" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVu", str(FONT)))
    page = canvas.Canvas(str(path), pagesize=(TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED))
    page.setPageCompression(0)
    if trim_box:
        page.setTrimBox((BLEED, BLEED, BLEED + TRIM_W, BLEED + TRIM_H))
        page.setBleedBox((0, 0, TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED))
    page.setFillColorCMYK(0.1, 0.8, 0.9, 0)
    page.rect(0, 0, TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED, stroke=0, fill=1)
    page.setFillColorCMYK(0, 0, 0, 1)
    page.setFont(font, text_pt)
    page.drawString(10 * mm, 20 * mm, "Fire 1")
    page.setStrokeColorCMYK(0, 0, 0, 1)
    page.setLineWidth(line_width)
    page.line(10 * mm, 30 * mm, 50 * mm, 30 * mm)
    if image is not None:
        path_png = path.with_suffix(".png" if image.mode == "RGB" else ".tif")
        image.save(path_png)
        page.drawImage(str(path_png), 10 * mm, 40 * mm, width=25.4 * mm, height=25.4 * mm)
    page.showPage()
    page.save()
    return path


def failed(path: Path, target: str) -> set[str]:
    """The checks that fail the file (warnings left out)."""
    return {c.name for c in preflight(path, target).checks if not c.ok and c.level == "error"}


def test_a_clean_card_passes_everything_but_pdfx(tmp_path: Path) -> None:
    path = card_pdf(tmp_path / "clean.pdf", image=Image.new("CMYK", (300, 300), (0, 50, 90, 0)))
    assert failed(path, "dtc") == {"PDF/X"}
    assert failed(path, "print") == {"PDF/X"}
    assert preflight(path, "home").ok


PROBLEMS: list[tuple[str, Callable[[Path], Path], str]] = [
    ("unembedded font", lambda p: card_pdf(p, font="Helvetica"), "fonts embedded"),
    (
        "RGB image",
        lambda p: card_pdf(p, image=Image.new("RGB", (300, 300), (200, 30, 30))),
        "colour spaces",
    ),
    (
        "150 dpi image",
        lambda p: card_pdf(p, image=Image.new("CMYK", (150, 150), (0, 50, 90, 0))),
        "image resolution",
    ),
    ("0.1 pt line", lambda p: card_pdf(p, line_width=0.1), "hairlines"),
    ("missing TrimBox", lambda p: card_pdf(p, trim_box=False), "page boxes"),
]


@pytest.mark.parametrize(("problem", "make", "check"), PROBLEMS, ids=[p[0] for p in PROBLEMS])
@pytest.mark.parametrize("target", ["dtc", "print"])
def test_each_problem_fails_its_check(
    tmp_path: Path, problem: str, make: Callable[[Path], Path], check: str, target: str
) -> None:
    path = make(tmp_path / "card.pdf")
    assert failed(path, target) == {check, "PDF/X"}, problem


def test_a_short_bleed_fails_the_dtc_target_but_not_print(tmp_path: Path) -> None:
    path = tmp_path / "short.pdf"
    page = canvas.Canvas(str(path), pagesize=(TRIM_W + 6 * mm, TRIM_H + 6 * mm))
    page.setTrimBox((3 * mm, 3 * mm, 3 * mm + TRIM_W, 3 * mm + TRIM_H))
    page.showPage()
    page.save()
    assert "page boxes" in failed(path, "dtc")
    assert "page boxes" not in failed(path, "print")


def test_transparency_fails_pdfx_1a_only(tmp_path: Path) -> None:
    path = tmp_path / "alpha.pdf"
    page = canvas.Canvas(str(path), pagesize=(TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED))
    page.setTrimBox((BLEED, BLEED, BLEED + TRIM_W, BLEED + TRIM_H))
    page.setFillColorCMYK(0, 1, 1, 0, alpha=0.5)
    page.rect(0, 0, 50, 50, stroke=0, fill=1)
    page.showPage()
    page.save()
    assert "transparency" in failed(path, "dtc")
    assert "transparency" not in failed(path, "print")


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(args)
    out, err = capsys.readouterr()
    return int(exit_.value.code or 0), out, err


def test_command_exits_1_on_a_failed_check_with_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = card_pdf(tmp_path / "thin.pdf", line_width=0.1)
    code, out, _ = run(["preflight", str(path), "--target", "home"], capsys)
    assert code == 0  # a hairline only warns at home
    assert "hairlines" in out and "warn" in out
    code, out, _ = run(["preflight", str(path), "--target", "print"], capsys)
    assert code == 1
    assert "FAILS preflight for print" in out
    line = next(row for row in out.splitlines() if row.strip().startswith("hairlines"))
    assert "FAIL" in line and "0.10 pt" in line


def test_command_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = card_pdf(tmp_path / "font.pdf", font="Helvetica")
    code, out, _ = run(["preflight", str(path), "--json"], capsys)
    report = json.loads(out)
    assert code == 1 and report["ok"] is False and report["target"] == "print"
    (entry,) = report["files"].values()
    fonts = next(c for c in entry["checks"] if c["name"] == "fonts embedded")
    assert fonts == {
        "name": "fonts embedded",
        "ok": False,
        "level": "error",
        "detail": "not embedded: Helvetica",
    }


def test_command_refuses_what_is_not_a_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.pdf").write_text("hello")
    code, _, err = run(["preflight", str(tmp_path / "notes.pdf")], capsys)
    assert code == 2 and "notes.pdf: not a readable PDF" in err
    code, _, err = run(["preflight", str(tmp_path / "missing.pdf")], capsys)
    assert code == 2 and "missing.pdf" in err and "Traceback" not in err


def test_our_shop_files_pass_for_their_targets(shops: Path) -> None:
    for target, path in (
        ("dtc", shops / "shop" / "dtc" / "deck.pdf"),
        ("print", shops / "shop" / "print" / "cards-print.pdf"),
        ("print", shops / "shop" / "print" / "rules.pdf"),
    ):
        report = preflight(path, target)
        assert report.ok, [c for c in report.checks if not c.ok]
        table = path.with_name(f"{path.stem}.preflight.txt").read_text()
        assert f"{path.name}: passes preflight for {target}" in table


def test_our_rgb_cards_print_pdf_fails_the_shop_targets(shops: Path) -> None:
    """The reading copies stay RGB (unchanged); preflight says why a shop would refuse them."""
    assert failed(shops / "cards-print.pdf", "print") == {"colour spaces", "PDF/X"}
    assert preflight(shops / "cards-print.pdf", "home").ok


def test_small_text_and_type3_fonts_are_reported(tmp_path: Path) -> None:
    report = preflight(card_pdf(tmp_path / "small.pdf", text_pt=4), "dtc")
    small = next(c for c in report.checks if c.name == "smallest text")
    assert (small.ok, small.level, small.detail) == (False, "warning", "4.0 pt (page 1)")
    assert failed(tmp_path / "small.pdf", "dtc") == {"PDF/X"}  # a warning, not a failure

    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(2, 2))
    figure.text(0.5, 0.5, "Fire 1")
    with matplotlib.rc_context({"pdf.fonttype": 3}):
        figure.savefig(tmp_path / "type3.pdf")
    type3 = next(c for c in preflight(tmp_path / "type3.pdf", "print").checks if "Type 3" in c.name)
    assert not type3.ok and type3.level == "error" and "DejaVuSans" in type3.detail


def test_a_failed_shop_preflight_leaves_its_report(tmp_path: Path) -> None:
    """Issue 36, trap 8: a shop file failing its preflight left no report to read. The
    shop's files are still held back (a folder a shop would bounce is not written), but
    the failing file's table is written, and the build's message says where it is."""
    from printgen.errors import ShopError
    from printgen.kit.shops import shop_checked
    from printgen.render.outputs import Kind, Output

    bad = card_pdf(tmp_path / "deck.pdf", trim_box=False).read_bytes()  # no TrimBox for dtc
    made = [(Output(Kind.DECK_PRINT, "deck", "dtc"), bad)]
    written: dict[str, bytes] = {}
    with pytest.raises(ShopError) as caught:
        for name, data in shop_checked(made):
            written[name] = data
    assert list(written) == ["shop/dtc/deck.preflight.txt"]
    assert b"no TrimBox on page 1" in written["shop/dtc/deck.preflight.txt"]
    assert "the whole report: shop/dtc/deck.preflight.txt" in str(caught.value)
