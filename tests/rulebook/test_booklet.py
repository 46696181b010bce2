"""rules-booklet.pdf read back: a multiple of 4 pages, in saddle-stitch order (each half of
each sheet holds the rulebook page the order says, matched by its text), two pages a side on
A4 or Letter, the outer 5 mm blank, and viewers asked for no scaling and short-edge duplex."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printgen.layout.booklet import saddle_order
from printgen.layout.units import PT_PER_MM
from printgen.render.sheets.booklet import booklet_pdf
from tests.printcheck import ink_near_edge, viewer_preferences
from tests.rulebook.conftest import RULEBOOKS, booklet_name

SOFT_HYPHENS = str.maketrans("", "", "\ufffe\x02")
"""pdfium marks where a word is broken at a line's end with one of these (the rulebook with one,
its booklet with the other); dropped, the word reads the same in both ('Depending')."""


def _words(text: str | None) -> set[str]:
    return set((text or "").translate(SOFT_HYPHENS).split())


def _halves(path: Path) -> list[tuple[set[str], set[str]]]:
    """The words on the left and right half of each sheet side, above its footer (read with
    pdfium's text page, 40 times faster than pdfplumber's extract_text; the same check)."""
    import pypdfium2 as pdfium

    halves = []
    document = pdfium.PdfDocument(str(path))
    try:
        for number in range(len(document)):
            page = document[number]
            width, height = page.get_size()
            middle, footer = width / 2, 8 * PT_PER_MM  # PDF space: y grows upwards
            text = page.get_textpage()
            left = text.get_text_bounded(0, footer, middle, height)
            right = text.get_text_bounded(middle, footer, width, height)
            halves.append((_words(left), _words(right)))
    finally:
        document.close()
    return halves


def _source_pages(path: Path) -> list[set[str]]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        return [_words(document[n].get_textpage().get_text_range()) for n in range(len(document))]
    finally:
        document.close()


def _check_order(rules: Path, booklet: Path) -> None:
    pages = _source_pages(rules)
    halves = _halves(booklet)
    assert (2 * len(halves)) % 4 == 0 and 2 * len(halves) >= len(pages)
    for (want_left, want_right), (left, right) in zip(
        saddle_order(len(pages)), halves, strict=True
    ):
        for want, got in ((want_left, left), (want_right, right)):
            if want is None:
                assert not got  # a blank page added as padding
                continue
            # The page whose words the half shows best is the one the order puts there.
            best = max(range(len(pages)), key=lambda i: len(pages[i] & got) / (len(pages[i]) or 1))
            assert best + 1 == want, (booklet.name, want, best + 1)


@pytest.mark.parametrize(("game", "name"), RULEBOOKS)
def test_a4_booklets_are_in_saddle_stitch_order(built: Path, game: str, name: str) -> None:
    folder = built / game
    _check_order(folder / name, folder / booklet_name(name))


def test_the_first_sheet_front_is_the_last_page_and_page_one(built: Path) -> None:
    booklet = built / "mywuxing" / "rules-booklet.pdf"
    with pdfplumber.open(booklet) as pdf:
        text = " ".join((pdf.pages[0].extract_text() or "").split())
    assert "sheet 1 of" in text and "front:" in text
    assert "MyWuXing" in text  # page 1, the cover, on the right


def test_a_letter_booklet(built: Path, tmp_path: Path) -> None:
    rules = built / "cl4sh" / "rules.pdf"
    booklet = tmp_path / "rules-booklet.pdf"
    booklet.write_bytes(booklet_pdf(rules.read_bytes(), "letter", "CL4SH"))
    with pdfplumber.open(booklet) as pdf:
        assert (pdf.pages[0].width, pdf.pages[0].height) == pytest.approx(
            (279.4 * PT_PER_MM, 215.9 * PT_PER_MM), abs=0.01
        )
    _check_order(rules, booklet)
    assert ink_near_edge(booklet) == []


@pytest.mark.parametrize(("game", "name"), RULEBOOKS)
def test_booklets_keep_5mm_blank_and_ask_for_short_edge_duplex(
    built: Path, game: str, name: str
) -> None:
    booklet = built / game / booklet_name(name)
    assert ink_near_edge(booklet) == []
    assert viewer_preferences(booklet) == {
        "/PrintScaling": "/None",
        "/Duplex": "/DuplexFlipShortEdge",
    }


def test_the_same_rulebook_gives_the_same_booklet_bytes(built: Path) -> None:
    rules = (built / "the-way" / "rules.pdf").read_bytes()
    assert booklet_pdf(rules, "a4", "The Way") == booklet_pdf(rules, "a4", "The Way")


def test_the_italian_booklet_says_how_to_print_it_in_italian(built: Path) -> None:
    """Issue 36: the Italian booklet's printing instructions and sheet footers were in
    English; they come from the rulebook's labels now (labels/it.yaml)."""
    with pdfplumber.open(built / "elementa" / "rules-booklet.it.pdf") as pdf:
        first, second = (" ".join((p.extract_text() or "").split()) for p in pdf.pages[:2])
    assert "stampa al 100 % (senza ridimensionare) · fronte-retro" in first
    assert "foglio 1 di 4, fronte: vuota | 1" in first
    assert "foglio 1 di 4, retro: 2 | vuota" in second
    assert "two-sided" not in first and "sheet" not in first
    with pdfplumber.open(built / "elementa" / "rules-booklet.pdf") as pdf:
        english = " ".join((pdf.pages[0].extract_text() or "").split())
    assert "print at 100 % (no scaling) · two-sided" in english and "sheet 1 of" in english
