"""Every printed PDF of every bundled kit, on A4 and Letter, in every home-printing mode, read
back (issue 16): the outer 5 mm of every page stay blank (pages rendered with pypdfium2), every
page says how to print it, and no text is under 6 pt (tests/printcheck.py).

The four modes (tests/kit/conftest.py MODES) cover each option both ways. Each mode's five kits
are built once a test run and shared by the xdist workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games import ALL
from tests.kit.conftest import MODES, home_kits
from tests.printcheck import ink_near_edge, smallest_text

READING_COPIES = ("cards-print.pdf", "rules.pdf", "rules.it.pdf")
"""One card a page for shops, and the A5 rulebooks to read on screen (DESIGN.md 10)."""


@pytest.fixture(scope="module", params=list(MODES))
def kits(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return home_kits(tmp_path_factory, request.param)


def printed(kit: Path) -> list[Path]:
    """The PDFs of one kit that a home printer prints."""
    return [p for p in sorted(kit.glob("*.pdf")) if p.name not in READING_COPIES]


@pytest.mark.parametrize("game_id", ALL)
def test_every_kit_prints_its_sheets_and_booklet(kits: Path, game_id: str) -> None:
    names = {p.name for p in printed(kits / game_id)}
    assert {"rules-booklet.pdf", "print-guide.pdf"} <= names, names
    if (kits / game_id / "cards.pdf").exists():
        assert "cards-fold.pdf" in names


@pytest.mark.parametrize("game_id", ALL)
def test_the_outer_5mm_stay_blank(kits: Path, game_id: str) -> None:
    for path in printed(kits / game_id):
        assert ink_near_edge(path) == [], path.name


@pytest.mark.parametrize("game_id", ALL)
def test_every_page_says_print_at_100_percent(kits: Path, game_id: str) -> None:
    # Card sheets and booklets in their footer, the board's tiles beside their scale bar, the
    # player sheet and components pages in their bottom margin, the guide in its first lines.
    import pypdfium2 as pdfium

    for path in printed(kits / game_id):
        document = pdfium.PdfDocument(str(path))
        try:
            for number in range(len(document)):
                text = " ".join(document[number].get_textpage().get_text_range().split())
                assert "100 %" in text, (path.name, number + 1)
        finally:
            document.close()


@pytest.mark.parametrize("game_id", ALL)
def test_no_text_under_6pt(kits: Path, game_id: str) -> None:
    for path in printed(kits / game_id):
        size, where = smallest_text(path)
        assert size >= 6.0 - 1e-6, (path.name, round(size, 2), where)
