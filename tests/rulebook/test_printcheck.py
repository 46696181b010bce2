"""The fast text-size reader the print checks use (pdfium char matrices) reads what the
pdfplumber reference reads: on a page made to test it, and on real rulebooks and booklets."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.printcheck import smallest_text, smallest_text_pdfplumber
from tests.rulebook.conftest import GAMES


def _made_page(path: Path) -> None:
    from reportlab.pdfgen import canvas

    page = canvas.Canvas(str(path), pagesize=(300, 300))
    page.setFont("Helvetica", 9)
    page.drawString(20, 250, "Upright at nine")
    page.saveState()
    page.translate(150, 150)
    page.rotate(90)
    page.setFont("Helvetica", 7)
    page.drawString(0, 0, "Turned at seven")  # a turned label keeps its size
    page.restoreState()
    page.showPage()
    page.saveState()
    page.scale(0.5, 0.5)
    page.setFont("Helvetica", 12)
    page.drawString(40, 40, "Z")  # 12 pt drawn at half size: 6 pt on paper
    page.restoreState()
    page.showPage()
    page.save()


def test_sizes_on_a_made_page_follow_turns_and_scaling(tmp_path: Path) -> None:
    path = tmp_path / "made.pdf"
    _made_page(path)
    size, where = smallest_text(path)
    assert size == pytest.approx(6.0, abs=0.01) and where == "page 2: 'Z'"
    turned, where_turned = smallest_text(path, pages=range(0, 1))
    assert turned == pytest.approx(7.0, abs=0.01) and where_turned.startswith("page 1: ")
    reference = smallest_text_pdfplumber(path)
    assert reference[0] == pytest.approx(size, abs=0.01) and reference[1] == where


@pytest.mark.parametrize("game_id", GAMES[:1])
def test_the_fast_reader_agrees_with_pdfplumber_on_rulebooks_and_booklets(
    built: Path, game_id: str
) -> None:
    for name in ("rules.pdf", "rules-booklet.pdf"):
        path = built / game_id / name
        assert smallest_text(path)[0] == pytest.approx(smallest_text_pdfplumber(path)[0], abs=0.01)
