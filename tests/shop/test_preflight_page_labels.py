"""Preflight names the pages whose images are under the target's resolution, each with its
page label when the file labels its pages (a kit's print files label each page with its
card): `build --shop dtc` said only 'lowest 24 dpi (page 7)', so a designer had to count
pages to find the card (found by a designer's trial)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
from PIL import Image

from printgen.preflight.checks import preflight


def _pdf(path: Path, labels: bool) -> Path:
    """Two pages, each one picture: 48 x 36 px on 2 x 1.5 in (24 dpi), then 600 x 450 px on
    the same (300 dpi); labelled `tiny-ember` and `glacier` when `labels`."""
    Image.new("RGB", (48, 36), (200, 80, 40)).save(path, "PDF", resolution=24.0)
    large = path.with_name("large.pdf")
    Image.new("RGB", (600, 450), (40, 90, 160)).save(large, "PDF", resolution=300.0)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf, pikepdf.open(large) as other:
        pdf.pages.extend(other.pages)
        if labels:
            pdf.Root.PageLabels = pdf.make_indirect(
                pikepdf.Dictionary(
                    Nums=[
                        0, pikepdf.Dictionary(P=pikepdf.String("tiny-ember")),
                        1, pikepdf.Dictionary(P=pikepdf.String("glacier")),
                    ]
                )
            )  # fmt: skip
        pdf.save(path)
    return path


def _images(path: Path) -> str:
    report = preflight(path, "dtc")
    check = next(c for c in report.checks if c.name == "image resolution")
    assert not check.ok
    return check.detail


def test_the_low_page_is_named_by_its_label(tmp_path: Path) -> None:
    detail = _images(_pdf(tmp_path / "cards.pdf", labels=True))
    assert "lowest 24 dpi on page 1 (tiny-ember)" in detail
    assert "under it: page 1 (tiny-ember) at 24" in detail
    assert "glacier" not in detail  # 300 dpi: enough


def test_a_file_without_labels_names_the_page_alone(tmp_path: Path) -> None:
    detail = _images(_pdf(tmp_path / "cards.pdf", labels=False))
    assert "lowest 24 dpi on page 1;" in detail and "under it: page 1 at 24" in detail
