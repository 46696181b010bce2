"""cards.pdf read back: paper sizes, pages, names as text, fonts, crop marks against the
imposition, duplex mirroring, and the size budget."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pikepdf
import pypdf
import pytest

from printgen.layout.imposition import back_slot
from printgen.layout.units import PT_PER_MM
from printgen.model import Game, load_game
from printgen.render.faces.face import RECORD_BLEED_MM
from printgen.render.sheets.card_sheets import deck_sheet, sheet_furniture
from tests.render.conftest import A4, CARD_DATA, build
from tests.render.pdfread import read_page

TOLERANCE_PT = 0.05
BAR_LENGTHS = (50.0, 50.8, 1.6)


def test_a4_pages_are_exactly_a4_and_54_cards_make_6_front_and_6_back_sheets(built: Path) -> None:
    pdf = pypdf.PdfReader(built / "cards.pdf", strict=True)
    assert len(pdf.pages) == 12
    for page in pdf.pages:
        assert float(page.mediabox.width) == pytest.approx(210 * PT_PER_MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(297 * PT_PER_MM, abs=0.01)


def test_letter_pages_are_exactly_letter_with_nine_cards_a_sheet(letter: Path) -> None:
    pdf = pikepdf.open(letter / "cards.pdf")
    assert len(pdf.pages) == 12
    for page in pdf.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 612, 792], abs=0.01)
    placed, _ = read_page(pdf.pages[0])
    assert len(placed) == 9


def test_every_card_name_is_text(built: Path, mywuxing: Game) -> None:
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(built / "cards.pdf").pages)
    for card in mywuxing.components["deck"].cards:
        assert card.name in text, card.name
    assert "Absorbs every element card." in text


def test_every_font_is_embedded(built: Path) -> None:
    pdf = pikepdf.open(built / "cards.pdf")
    fonts = 0
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
            fonts += 1
            assert any(k in obj for k in ("/FontFile", "/FontFile2", "/FontFile3")), obj
    assert fonts >= 3  # Lato regular, bold and black


def test_no_dictionary_repeats_a_key_and_the_file_has_an_id(built: Path) -> None:
    pdf = pikepdf.open(built / "cards.pdf")
    assert pdf.check_pdf_syntax() == []
    assert len(pdf.trailer.ID) == 2
    pypdf.PdfReader(built / "cards.pdf", strict=True).pages[0].extract_text()


def test_each_face_is_stored_once_and_the_file_stays_small(built: Path) -> None:
    pdf = pikepdf.open(built / "cards.pdf")
    forms = {obj.objgen for page in pdf.pages for obj in page.Resources.XObject.values()}
    assert len(forms) == 9  # 8 fronts and one back, however often each is placed
    assert (built / "cards.pdf").stat().st_size < 150_000


def _cuts_from_marks(segments: list[tuple[float, ...]]) -> tuple[set[float], set[float]]:
    xs = {round(s[0], 1) for s in segments if math.isclose(s[0], s[2], abs_tol=1e-3)}
    ys = {round(s[1], 1) for s in segments if math.isclose(s[1], s[3], abs_tol=1e-3)}
    return xs, ys


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_are_the_imposition_marks_and_sit_on_the_cards_trim_lines(
    built: Path, letter: Path, mywuxing: Game, paper: str
) -> None:
    folder = built if paper == "a4" else letter
    sheet = deck_sheet(mywuxing.card_size, paper, 0.0)
    pdf = pikepdf.open(folder / "cards.pdf")
    for number, page in enumerate(pdf.pages[:2]):
        placed, segments = read_page(page)
        expected = sorted(
            tuple(round(v * PT_PER_MM, 2) for v in (m.x1, m.y1, m.x2, m.y2))
            for m in sheet_furniture(sheet, first=number == 0, crop=True).marks
        )
        # Each mark is stroked twice (a white edge, then black); the first page also has the
        # scale bar's lines (50 mm and their 1.6 mm end ticks; 2 in too on Letter).
        drawn = sorted({tuple(round(v, 2) for v in s) for s in segments})
        bar = [d for d in drawn if round(math.dist(d[:2], d[2:]) / PT_PER_MM, 1) in BAR_LENGTHS]
        drawn = [d for d in drawn if d not in bar]
        assert len(bar) == (0 if number else 3 * (1 if paper == "a4" else 2))
        assert len(drawn) == len(expected) > 0
        for got, want in zip(drawn, expected, strict=True):
            assert max(abs(a - b) for a, b in zip(got, want, strict=True)) < TOLERANCE_PT
        # Each placed card's trim box (its drawing less the recorded bleed) is bounded by
        # cut lines that the marks extend.
        xs, ys = _cuts_from_marks(segments)
        bleed = RECORD_BLEED_MM * PT_PER_MM
        for card in placed:
            for x in (card.left + bleed, card.right - bleed):
                assert min(abs(x - c) for c in xs) < 0.1
            for y in (card.bottom + bleed, card.top - bleed):
                assert min(abs(y - c) for c in ys) < 0.1


def test_cards_sit_where_the_imposition_puts_them(built: Path, mywuxing: Game) -> None:
    sheet = deck_sheet(mywuxing.card_size, "a4", 0.0)
    pdf = pikepdf.open(built / "cards.pdf")
    placed, _ = read_page(pdf.pages[0])
    for slot, card in zip(sheet.slots, placed, strict=True):
        expected = slot.trim.outset(RECORD_BLEED_MM)
        got = [v / PT_PER_MM for v in (card.left, card.bottom, card.right, card.top)]
        assert got == pytest.approx(
            [expected.left, expected.bottom, expected.right, expected.top], abs=0.02
        )


def test_the_back_of_row_r_column_c_sits_at_row_r_mirrored_column(tmp_path: Path) -> None:
    # CL4SH's 6 Signal cards fill rows 0 and 1 of a sheet: on the backs sheet the same slots,
    # mirrored, hold backs, and row 2 stays empty.
    game = load_game(CARD_DATA / "cl4sh")
    folder = build(game, tmp_path, outputs=("cards.pdf",))
    pdf = pikepdf.open(folder / "cards.pdf")
    sheet = deck_sheet(game.card_size, "a4", 0.0)
    fronts, _ = read_page(pdf.pages[-2])
    backs, _ = read_page(pdf.pages[-1])
    assert len(fronts) == len(backs) == 6
    for slot, front, back in zip(sheet.slots, fronts, backs, strict=False):
        mirrored = back_slot(sheet, slot.row, slot.column)
        assert mirrored.row == slot.row and mirrored.column == sheet.columns - 1 - slot.column
        width = sheet.paper.width * PT_PER_MM
        assert back.center[0] == pytest.approx(width - front.center[0], abs=0.02)
        assert back.center[1] == pytest.approx(front.center[1], abs=0.02)
        trim = mirrored.trim
        assert back.center[0] / PT_PER_MM == pytest.approx(trim.center.x, abs=0.01)
        assert back.center[1] / PT_PER_MM == pytest.approx(trim.center.y, abs=0.01)


def test_no_crop_marks_and_a_gutter(tmp_path: Path, mywuxing: Game) -> None:
    options = replace(A4, crop_marks=False, gutter_mm=8.0)
    folder = build(mywuxing, tmp_path, options, ("cards.pdf",))
    pdf = pikepdf.open(folder / "cards.pdf")
    sheet = deck_sheet(mywuxing.card_size, "a4", 8.0)
    assert sheet.capacity < 9
    assert len(pdf.pages) == 2 * math.ceil(54 / sheet.capacity)
    placed, segments = read_page(pdf.pages[1])  # the first page has the scale bar
    assert segments == []
    assert len(placed) == sheet.capacity
