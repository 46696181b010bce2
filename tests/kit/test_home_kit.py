"""Whole kits printed at home, read back: each kit has a one-page print guide that counts the
sheets of the files it names, the gallery says the same, --ink-saver really saves ink, and no
PDF of a kit has text under 6 pt. test_home_matrix checks every printed page of every kit in
every mode for the blank 5 mm, the "100 %" note and 6 pt."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from tests.games import ALL
from tests.kit.conftest import KITS, home_kits
from tests.printcheck import smallest_text


@pytest.fixture(scope="module")
def a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return home_kits(tmp_path_factory, "a4")


@pytest.fixture(scope="module")
def letter_saver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return home_kits(tmp_path_factory, "letter-gutter-saver")


def _pages(path: Path) -> int:
    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def test_each_kit_has_a_one_page_print_guide_that_counts_its_sheets(
    a4: Path, letter_saver: Path
) -> None:
    import pypdf

    for out, paper in ((a4, "A4"), (letter_saver, "Letter")):
        for game in ALL:
            guide = out / game / "print-guide.pdf"
            reader = pypdf.PdfReader(guide)
            assert len(reader.pages) == 1
            text = " ".join(reader.pages[0].extract_text().split())
            assert f"laid out for {paper} paper" in text
            assert "Scale check" in text
            if (out / game / "cards.pdf").exists():
                assert "Cutting order" in text and "50 mm" in text
            else:  # no cards: no card cutting; the dice labels' bar to measure
                assert "outermost crop marks" not in text, game
                assert "dice.pdf carries a bar exactly 50 mm long" in text, game
            expected = {
                "cards.pdf": lambda n: n // 2,
                "cards-fold.pdf": lambda n: n,
                "rules-booklet.pdf": lambda n: n // 2,
                "board.pdf": lambda n: n - 1,  # page 1 is the board whole, for a shop
                "player-sheet.pdf": lambda n: n,
                "components.pdf": lambda n: n,
            }
            for name, sheets in expected.items():
                path = out / game / name
                if path.exists():
                    count = sheets(_pages(path))
                    assert f"{name} — {count} sheet" in text, (game, name, count)
            html = (out / "index.html").read_text(encoding="utf-8")
            assert html.count("Print at home") == len(ALL)


def _dark_share(path: Path, page: int) -> float:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        image = document[page].render(scale=20 / 72, grayscale=True).to_numpy()
    finally:
        document.close()
    return float((image < 100).mean())


def test_ink_saver_backs_and_cover_are_light(a4: Path, letter_saver: Path) -> None:
    for game in ("mywuxing", "the-way"):
        normal = a4 / game
        saver = letter_saver / game
        # Page 2 of cards.pdf is the first backs sheet.
        assert _dark_share(normal / "cards.pdf", 1) > 0.3
        assert _dark_share(saver / "cards.pdf", 1) < 0.1  # outlines blur at 20 dpi
        # cards-fold.pdf: the right half holds the backs.
        assert (
            _dark_share(saver / "cards-fold.pdf", 0) < _dark_share(normal / "cards-fold.pdf", 0) / 2
        )
        assert _dark_share(normal / "rules.pdf", 0) > 0.5
        assert _dark_share(saver / "rules.pdf", 0) < 0.1


@pytest.mark.parametrize("game", KITS)
def test_no_text_under_6pt_in_any_pdf_of_a_kit(two_builds: tuple[Path, Path], game: str) -> None:
    """DESIGN.md 10: no text under 6 pt, read back from every page of every PDF the kit
    holds (card sheets, fold-over, shop copy, rulebooks and booklets, board, sheets, guide)."""
    files = sorted((two_builds[0] / game).glob("*.pdf"))
    assert {"rules.pdf", "rules-booklet.pdf", "print-guide.pdf"} <= {p.name for p in files}
    for path in files:
        size, where = smallest_text(path)
        assert size >= 6.0 - 1e-6, (path.name, size, where)
