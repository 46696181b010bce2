"""Printing at home, read back from the PDFs: the fold-over sheets register, the outer 5 mm
stay blank, every sheet says how to print it, the scale bar measures 50.00 mm and viewers are
asked for no scaling (and long-edge duplex where the file is duplex)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pikepdf
import pypdf
import pytest

from printgen.layout.units import PT_PER_MM
from printgen.model import Game, load_game
from printgen.render.faces.face import RECORD_BLEED_MM
from tests.printcheck import ink_near_edge, viewer_preferences
from tests.render.conftest import A4, CARD_DATA, shared_build
from tests.render.pdfread import read_page

HOME = ("cards.pdf", "cards-fold.pdf")


@pytest.fixture(scope="module")
def a4(built: Path) -> Path:
    return built


@pytest.fixture(scope="module")
def letter_home(tmp_path_factory: pytest.TempPathFactory, mywuxing: Game) -> Path:
    options = replace(A4, paper="letter")
    return shared_build(tmp_path_factory, "home-print-letter", mywuxing, options, HOME)


@pytest.fixture(scope="module")
def tarot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = load_game(CARD_DATA / "elementa")
    return shared_build(tmp_path_factory, "home-print-tarot", game, A4, ("cards-fold.pdf",))


def _fold_x(segments: list[tuple[float, ...]], width: float) -> float:
    """The fold line: the vertical line drawn at the middle of the page."""
    (x,) = {round(s[0], 4) for s in segments if s[0] == s[2] and abs(s[0] - width / 2) < 1}
    return x


@pytest.mark.parametrize("which", ["a4", "letter_home", "tarot"])
def test_each_back_folds_exactly_behind_its_front(
    which: str, request: pytest.FixtureRequest
) -> None:
    folder: Path = request.getfixturevalue(which)
    pdf = pikepdf.open(folder / "cards-fold.pdf")
    for page in pdf.pages[:2]:
        width = float(page.mediabox[2])
        placed, segments = read_page(page)
        fold = _fold_x(segments, width)
        fronts = sorted((p for p in placed if p.center[0] < fold), key=lambda p: (-p.top, p.left))
        backs = sorted((p for p in placed if p.center[0] > fold), key=lambda p: (-p.top, -p.right))
        assert len(fronts) == len(backs) >= 2
        bleed = RECORD_BLEED_MM * PT_PER_MM
        for front, back in zip(fronts, backs, strict=True):
            # Trim boxes (the drawings less their recorded bleed), the back's mirrored about
            # the fold line, in millimetres: equal to 0.01 mm.
            f = [front.left + bleed, front.bottom + bleed, front.right - bleed, front.top - bleed]
            b = [back.left + bleed, back.bottom + bleed, back.right - bleed, back.top - bleed]
            mirrored = [2 * fold - b[2], b[1], 2 * fold - b[0], b[3]]
            assert [v / PT_PER_MM for v in mirrored] == pytest.approx(
                [v / PT_PER_MM for v in f], abs=0.01
            )


def test_fold_sheets_hold_four_poker_cards_on_landscape_paper(a4: Path, letter_home: Path) -> None:
    for folder in (a4, letter_home):
        pdf = pikepdf.open(folder / "cards-fold.pdf")
        assert len(pdf.pages) == math.ceil(54 / 4)
        box = [float(v) for v in pdf.pages[0].mediabox]
        assert box[2] > box[3]
        assert len(read_page(pdf.pages[0])[0]) == 8


@pytest.mark.parametrize("name", HOME)
def test_the_outer_5mm_stay_blank(name: str, a4: Path, letter_home: Path, tarot: Path) -> None:
    for folder in (a4, letter_home) + ((tarot,) if name == "cards-fold.pdf" else ()):
        assert ink_near_edge(folder / name) == []


@pytest.mark.parametrize("name", HOME)
def test_every_sheet_says_how_to_print_it(name: str, a4: Path, letter_home: Path) -> None:
    for folder in (a4, letter_home):
        pages = pypdf.PdfReader(folder / name).pages
        for number, page in enumerate(pages):
            text = " ".join(page.extract_text().split())
            assert "print at 100 % (no scaling)" in text, number
            if name == "cards.pdf":
                assert "flip on long edge" in text, number
            else:
                assert "fold on the dashed line" in text, number


def test_sheet_notes_are_at_least_6pt(a4: Path, letter_home: Path) -> None:
    # Card faces are issue 13's; the footer and the scale bar's words are outside every card.
    import pdfplumber

    from tests.printcheck import char_size

    for folder in (a4, letter_home):
        for name in HOME:
            with pdfplumber.open(folder / name) as pdf:
                page = pdf.pages[0]
                with pikepdf.open(folder / name) as doc:
                    placed, _ = read_page(doc.pages[0])
                outside = [
                    c
                    for c in page.chars
                    if not c["text"].isspace()
                    and not any(
                        p.left <= c["x0"] <= p.right and p.bottom <= page.height - c["top"] <= p.top
                        for p in placed
                    )
                ]
                assert len(outside) > 100  # footer and scale bar
                assert min(char_size(c) for c in outside) >= 6.0


def test_viewer_preferences(a4: Path, letter_home: Path) -> None:
    for folder in (a4, letter_home):
        assert viewer_preferences(folder / "cards.pdf") == {
            "/PrintScaling": "/None",
            "/Duplex": "/DuplexFlipLongEdge",
        }
        assert viewer_preferences(folder / "cards-fold.pdf") == {"/PrintScaling": "/None"}
        assert pikepdf.open(folder / "cards.pdf").check_pdf_syntax() == []
        pypdf.PdfReader(folder / "cards.pdf", strict=True).pages[0].extract_text()


@pytest.mark.parametrize("name", HOME)
def test_the_first_page_has_a_50mm_scale_bar(name: str, a4: Path, letter_home: Path) -> None:
    for folder, lengths in ((a4, [50.0]), (letter_home, [50.0, 50.8])):
        pdf = pikepdf.open(folder / name)
        _, segments = read_page(pdf.pages[0])
        for length in lengths:
            bars = [
                math.dist(s[:2], s[2:]) / PT_PER_MM
                for s in segments
                if abs(math.dist(s[:2], s[2:]) / PT_PER_MM - length) < 0.5
            ]
            assert bars and f"{bars[0]:.2f}" == f"{length:.2f}", (length, bars)
        text = pypdf.PdfReader(folder / name).pages[0].extract_text()
        assert "50 mm" in text
        _, later = read_page(pdf.pages[-1])
        assert not [s for s in later if abs(math.dist(s[:2], s[2:]) / PT_PER_MM - 50) < 0.5]
