"""Whole kits printed at home, read back: every printed PDF keeps the outer 5 mm blank on A4
and on Letter (with --ink-saver and a gutter), the sheets have no text under 6 pt, each kit has
a one-page print guide that counts the sheets of the files it names, the gallery says the
same, and --ink-saver really saves ink."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from tests.kit.conftest import KITS, build
from tests.printcheck import ink_near_edge, smallest_text

READING_COPIES = ("cards-print.pdf", "rules.pdf", "rules.it.pdf")
"""One card a page for shops, and the A5 rulebooks to read on screen (DESIGN.md 10)."""


@pytest.fixture(scope="module")
def letter_saver(tmp_path_factory: pytest.TempPathFactory, kit_data: Path) -> Path:
    out = tmp_path_factory.mktemp("home-letter")
    args = ("--data", kit_data, "--paper", "letter", "--ink-saver", "--gutter", "2")
    assert build(out, *args) == 0
    return out


def _printed(out: Path) -> list[Path]:
    return [
        p
        for p in sorted(out.glob("*/*.pdf"))
        if p.name not in READING_COPIES and p.parent.name != "shop"
    ]


def test_every_printed_pdf_keeps_the_outer_5mm_blank(
    two_builds: tuple[Path, Path], letter_saver: Path
) -> None:
    for out in (two_builds[0], letter_saver):
        files = _printed(out)
        names = {p.name for p in files}
        assert {"cards.pdf", "cards-fold.pdf", "rules-booklet.pdf", "print-guide.pdf"} <= names
        assert {"board.pdf", "player-sheet.pdf", "components.pdf"} <= names
        for path in files:
            assert ink_near_edge(path) == [], path


def test_every_printed_page_says_to_print_at_100_percent(
    two_builds: tuple[Path, Path], letter_saver: Path
) -> None:
    # Card sheets and booklets in their footer, the board's tiles beside their scale bar, the
    # player sheet and components pages in their bottom margin, the guide in its first lines.
    import pypdfium2 as pdfium

    for out in (two_builds[0], letter_saver):
        for path in _printed(out):
            document = pdfium.PdfDocument(str(path))
            try:
                for number in range(len(document)):
                    text = " ".join(document[number].get_textpage().get_text_range().split())
                    assert "100 %" in text, (path, number + 1)
            finally:
                document.close()


# The card sheets are read in tests/render (test_design_games: every face; test_home_modes and
# test_home_print: the sheets' own words), the booklets in tests/rulebook/test_legibility.
@pytest.mark.parametrize(
    "name", ["player-sheet.pdf", "components.pdf", "board.pdf", "print-guide.pdf"]
)
def test_sheets_have_no_text_under_6pt(
    two_builds: tuple[Path, Path], letter_saver: Path, name: str
) -> None:
    for out in (two_builds[0], letter_saver):
        for path in out.glob(f"*/{name}"):
            size, where = smallest_text(path)
            assert size >= 6.0 - 1e-6, (path, size, where)


def _pages(path: Path) -> int:
    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def test_each_kit_has_a_one_page_print_guide_that_counts_its_sheets(
    two_builds: tuple[Path, Path], letter_saver: Path
) -> None:
    import pypdf

    for out, paper in ((two_builds[0], "A4"), (letter_saver, "Letter")):
        for game in KITS:
            guide = out / game / "print-guide.pdf"
            reader = pypdf.PdfReader(guide)
            assert len(reader.pages) == 1
            text = " ".join(reader.pages[0].extract_text().split())
            assert f"laid out for {paper} paper" in text
            assert "Cutting order" in text and "Scale check" in text and "50 mm" in text
            expected = {
                "cards.pdf": lambda n: n // 2,
                "cards-fold.pdf": lambda n: n,
                "rules-booklet.pdf": lambda n: n // 2,
                "board.pdf": lambda n: n,
                "player-sheet.pdf": lambda n: n,
                "components.pdf": lambda n: n,
            }
            for name, sheets in expected.items():
                path = out / game / name
                if path.exists():
                    count = sheets(_pages(path))
                    assert f"{name} — {count} sheet" in text, (game, name, count)
            html = (out / "index.html").read_text(encoding="utf-8")
            assert html.count("Print at home") == len(KITS)


def _dark_share(path: Path, page: int) -> float:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        image = document[page].render(scale=20 / 72, grayscale=True).to_numpy()
    finally:
        document.close()
    return float((image < 100).mean())


def test_ink_saver_backs_and_cover_are_light(
    two_builds: tuple[Path, Path], letter_saver: Path
) -> None:
    for game in ("mywuxing", "the-way"):
        normal = two_builds[0] / game
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
